import { describe, expect, it } from 'vitest';
import { creditsFor, placeholderError, placeholdersIn, renderTemplate, smsSegments, unknownPlaceholders, whatsappLink } from './render.js';

describe('placeholders', () => {
  it('finds, fills and validates them', () => {
    const body = 'Hi {first_name}, your {plan} ends on {end_date}. {first_name}!';
    expect(placeholdersIn(body)).toEqual(['first_name', 'plan', 'end_date']);
    expect(renderTemplate(body, { first_name: 'Asha', plan: 'Gold', end_date: '30-11-2026' })).toBe(
      'Hi Asha, your Gold ends on 30-11-2026. Asha!',
    );
    expect(renderTemplate('Due {due} at {centre}', { due: '500.00' })).toBe('Due 500.00 at ');
    expect(unknownPlaceholders('Hi {firstname} {plan} {bogus}')).toEqual(['firstname', 'bogus']);
    expect(placeholderError('Hi {firstname}')).toMatch(/^Unknown placeholder \{firstname\}\. Use \{first_name\}/);
    expect(placeholderError('Hi {first_name}, {ok?}')).toBeNull();
  });
});

describe('SMS segments', () => {
  it('counts GSM-7: 160 in one part, 153 per part beyond', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, encoding: 'GSM-7' });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });
  it('counts the extension table as two septets', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(159) + '{')).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments('[]~|^\\')).toMatchObject({ units: 12 });
  });
  it('switches to UCS-2 for any other character: 70 / 67', () => {
    expect(smsSegments('नमस्ते')).toMatchObject({ encoding: 'UCS-2', units: 6, segments: 1 });
    expect(smsSegments('a'.repeat(69) + '₹')).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('a'.repeat(70) + '₹')).toMatchObject({ units: 71, segments: 2, perSegment: 67 });
    expect(smsSegments('😀'.repeat(34))).toMatchObject({ units: 68, segments: 1 });
  });
  it('prices messages: one credit per SMS part, one per WhatsApp, e-mail free', () => {
    expect(creditsFor('sms', 'a'.repeat(161))).toBe(2);
    expect(creditsFor('whatsapp', 'a'.repeat(500))).toBe(1);
    expect(creditsFor('email', 'a'.repeat(500))).toBe(0);
  });
});

describe('wa.me links', () => {
  it('builds the click-to-chat link for an Indian mobile', () => {
    expect(whatsappLink('98765 43210', 'Hi Asha & co')).toBe('https://wa.me/919876543210?text=Hi%20Asha%20%26%20co');
    expect(whatsappLink('12345', 'x')).toBeNull();
  });
});
