import { describe, expect, it } from 'vitest';
import { bookingContactSchema, clientInputSchema, clientLookupQuerySchema, deskBookingsInputSchema } from './booking/index.js';
import { vendorInputSchema } from './income-expense/index.js';
import { memberInputSchema } from './membership/index.js';
import { indianMobile, normalisePhone, optionalPhoneSchema, phoneSchema, phoneSearchText, requiredPhoneSchema } from './common.js';

const MESSAGE = 'Phone number must be 10 digits';

/** Issue 20 §5: numbers as people paste them (WhatsApp, contacts, visiting cards) → the 10 digits. */
const accepted: [string, string][] = [
  ['9876543210', '9876543210'],
  ['98765 43210', '9876543210'],
  ['+91 98765 43210', '9876543210'],
  ['+919876543210', '9876543210'],
  ['+91-98765-43210', '9876543210'],
  ['+91 (0) 98765 43210', '9876543210'],
  ['91 98765 43210', '9876543210'],
  ['919876543210', '9876543210'],
  ['0091 98765 43210', '9876543210'],
  ['098765 43210', '9876543210'],
  ['098765-43210', '9876543210'],
  ['09876543210', '9876543210'],
  ['98765-43210', '9876543210'],
  ['98765.43210', '9876543210'],
  ['(98765) 43210', '9876543210'],
  ['  98765 43210  ', '9876543210'],
  ['98765\u00a043210', '9876543210'],
  // WhatsApp wraps a copied number in direction marks.
  ['\u202a+91 98765 43210\u202c', '9876543210'],
  // A 10-digit number that happens to start with 91 or 0 keeps them: only a longer one has a prefix.
  ['9198765432', '9198765432'],
  ['0123456789', '0123456789'],
];

const refused: string[] = [
  '98765432', // 8 digits
  '9876543210123', // 13 digits
  '1987654321012', // 13 digits, no prefix
  '919876543', // 91 + 7 digits
  '98765abcde',
  'nine eight seven',
  '+1 555 123 4567',
  '+44 7700 900123',
  '19876543210', // 11 digits not starting with 0
  '00 98765 43210', // two zeros
];

describe('phone numbers as people paste them', () => {
  it.each(accepted)('%j → %s', (input, digits) => {
    expect(normalisePhone(input.trim())).toBe(digits);
    expect(indianMobile(input)).toBe(digits);
    expect(phoneSchema.parse(input)).toBe(digits);
    expect(optionalPhoneSchema.parse(input)).toBe(digits);
  });

  it.each(refused)('refuses %j with the spec message', (input) => {
    expect(indianMobile(input)).toBeNull();
    expect(phoneSchema.safeParse(input).error?.issues[0].message).toBe(MESSAGE);
    expect(optionalPhoneSchema.safeParse(input).error?.issues[0].message).toBe(MESSAGE);
  });

  it('lets an optional phone be blank, and a required one says so', () => {
    expect(optionalPhoneSchema.parse('')).toBe('');
    expect(optionalPhoneSchema.parse('   ')).toBe('');
    expect(phoneSchema.safeParse('').error?.issues[0].message).toBe(MESSAGE);
    const portal = requiredPhoneSchema('Phone number is required');
    expect(portal.safeParse('').error?.issues[0].message).toBe('Phone number is required');
    expect(portal.safeParse(undefined).error?.issues[0].message).toBe('Phone number is required');
    expect(portal.safeParse('98765').error?.issues[0].message).toBe(MESSAGE);
    expect(portal.parse('+91 98765 43210')).toBe('9876543210');
  });

  it('gives every phone field of the contracts the same rule', () => {
    const pasted = '+91 98765 43210';
    expect(memberInputSchema.shape.phone.parse(pasted)).toBe('9876543210');
    expect(memberInputSchema.shape.emergency_contact_phone.parse(pasted)).toBe('9876543210');
    expect(clientInputSchema.shape.mobile.parse('098765-43210')).toBe('9876543210');
    expect(deskBookingsInputSchema.shape.mobile_no.parse(pasted)).toBe('9876543210');
    expect(clientLookupQuerySchema.parse({ mobile: pasted }).mobile).toBe('9876543210');
    expect(bookingContactSchema.parse({ name: 'Asha', email: 'a@b.co', mobile_no: pasted }).mobile_no).toBe('9876543210');
    expect(bookingContactSchema.safeParse({ name: 'Asha', email: 'a@b.co', mobile_no: '98765' }).error?.issues[0].message).toBe(MESSAGE);
    expect(vendorInputSchema.shape.phone.parse('(98765) 43210')).toBe('9876543210');
  });

  it('finds the digits a phone search means', () => {
    expect(phoneSearchText('+91 98765 43210')).toBe('9876543210');
    expect(phoneSearchText('098765 43210')).toBe('9876543210');
    expect(phoneSearchText('98765 4')).toBe('987654');
    expect(phoneSearchText('+91 98765')).toBe('98765');
    expect(phoneSearchText('12')).toBeNull();
    expect(phoneSearchText('Arjun')).toBeNull();
    expect(phoneSearchText('MEM-00042')).toBeNull();
  });
});
