import { describe, expect, it } from 'vitest';
import {
  bookingContactSchema,
  bookingUpdateSchema,
  centreInputSchema,
  clientInputSchema,
  contactMessageSchema,
  deskBookingInputSchema,
  facilityInputSchema,
  listQuerySchema,
  loginSchema,
  organisationCreateSchema,
  organisationUpdateSchema,
  paymentModeInputSchema,
  registrationSchema,
  requiredSingleLineText,
  SINGLE_LINE_MESSAGE,
  singleLine,
  singleLineText,
  sportInputSchema,
  subdomainSchema,
  userUpdateSchema,
  z,
} from './index.js';

const CONTROLS = ['\r', '\n', '\r\n', '\t', '\u0000', '\u0007', '\u001b', '\u007f'];

/** The messages of the field at `path` when `value` is parsed. */
function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  const res = schema.safeParse(value);
  return res.success ? [] : res.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

describe('single-line text', () => {
  it('refuses CR, LF, TAB, the other C0 controls and DEL, inside or at either end', () => {
    const schema = singleLineText(50);
    for (const c of CONTROLS) {
      for (const value of [`Smash${c}Arena`, `Smash Arena${c}`, `${c}Smash Arena`]) {
        const res = schema.safeParse(value);
        expect(res.success, JSON.stringify(value)).toBe(false);
        expect(res.error!.issues.map((i) => i.message)).toEqual([SINGLE_LINE_MESSAGE]);
      }
    }
  });

  it('keeps accepting ordinary text, trimmed, with accents, symbols and emoji', () => {
    expect(singleLineText(50).parse('  Smash Arena & Spa — Koramangala 🏸 ')).toBe('Smash Arena & Spa — Koramangala 🏸');
    expect(requiredSingleLineText(50).safeParse('').success).toBe(false);
    expect(requiredSingleLineText(50).safeParse('a\u2028b').success).toBe(true); // not a C0 control
  });

  it('is one helper that any string schema can use, reporting before its other checks', () => {
    const code = singleLine(z.string())
      .trim()
      .regex(/^[A-Z]+$/, 'Upper case only.');
    expect(code.parse('ABC')).toBe('ABC');
    expect(code.safeParse('AB\nC').error!.issues.map((i) => i.message)).toEqual([SINGLE_LINE_MESSAGE]);
    expect(SINGLE_LINE_MESSAGE).toBe('This field must be a single line of text without control characters.');
  });
});

describe('the contracts use it for every one-line field', () => {
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['organisation display name', organisationCreateSchema, { display_name: 'Club', subdomain: 'club-one' }, 'display_name'],
    ['organisation subdomain', organisationCreateSchema, { display_name: 'Club', subdomain: 'club-one' }, 'subdomain'],
    ['organisation legal name', organisationUpdateSchema, { legal_name: 'Club Pvt Ltd' }, 'legal_name'],
    ['organisation gstin', organisationUpdateSchema, { gstin: '29ABCDE1234F1ZW' }, 'gstin'],
    [
      'registration first name',
      registrationSchema,
      { email: 'a@b.co', password1: 'Secret#123', password2: 'Secret#123', first_name: 'Asha' },
      'first_name',
    ],
    [
      'registration last name',
      registrationSchema,
      { email: 'a@b.co', password1: 'Secret#123', password2: 'Secret#123', first_name: 'A', last_name: 'Rao' },
      'last_name',
    ],
    ['user first name', userUpdateSchema, { first_name: 'Asha' }, 'first_name'],
    ['user last name', userUpdateSchema, { last_name: 'Rao' }, 'last_name'],
    ['login email', loginSchema, { email: 'a@b.co', password: 'x' }, 'email'],
    ['centre name', centreInputSchema, { name: 'Main' }, 'name'],
    ['centre code', centreInputSchema, { name: 'Main', code: 'MN1' }, 'code'],
    ['centre city', centreInputSchema, { name: 'Main', city: 'Pune' }, 'city'],
    ['contact subject', contactMessageSchema, { subject: 'Hello', message: 'Hi' }, 'subject'],
    ['sport name', sportInputSchema, { name: 'Tennis' }, 'name'],
    ['payment mode name', paymentModeInputSchema, { name: 'UPI' }, 'name'],
    ['facility name', facilityInputSchema, { name: 'Court 1', centre: 1, sport: 1 }, 'name'],
    ['booking contact name', bookingContactSchema, { name: 'Asha', email: 'a@b.co', mobile_no: '9876543210' }, 'name'],
    ['desk booking name', deskBookingInputSchema, { facility: 1, date: '2026-01-02', time_slot_ids: [1], name: 'Asha' }, 'name'],
    ['client name', clientInputSchema, { name: 'Asha' }, 'name'],
    ['list search', listQuerySchema, { search: 'smith' }, 'search'],
  ];

  it.each(cases)('%s', (_label, schema, valid, field) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const original = String(valid[field]);
    expect(messagesAt(schema, { ...valid, [field]: `${original}\r\nX-Injected: 1` }, field)).toEqual([SINGLE_LINE_MESSAGE]);
    expect(messagesAt(schema, { ...valid, [field]: `${original}\t` }, field)).toEqual([SINGLE_LINE_MESSAGE]);
  });

  it('keeps newlines in multi-line fields', () => {
    const lines = 'First line\nSecond line\r\nThird\tline';
    expect(organisationUpdateSchema.parse({ address: lines }).address).toBe(lines);
    expect(centreInputSchema.parse({ name: 'Main', address: lines }).address).toBe(lines);
    expect(contactMessageSchema.parse({ subject: 'Hello', message: lines }).message).toBe(lines);
    expect(clientInputSchema.parse({ name: 'Asha', notes: lines }).notes).toBe(lines);
    expect(bookingUpdateSchema.parse({ notes: lines }).notes).toBe(lines);
    expect(sportInputSchema.parse({ name: 'Tennis', description: lines }).description).toBe(lines);
  });

  it('keeps the subdomain rules and messages', () => {
    expect(subdomainSchema.parse(' smash-arena ')).toBe('smash-arena');
    expect(subdomainSchema.safeParse('smash\narena').error!.issues.map((i) => i.message)).toEqual([SINGLE_LINE_MESSAGE]);
    expect(subdomainSchema.safeParse('ab').error!.issues[0].message).toBe('Subdomain must be 3 to 30 characters.');
  });
});
