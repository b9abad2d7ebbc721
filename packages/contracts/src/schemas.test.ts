import { describe, expect, it } from 'vitest';
import { centreInputSchema, loginSchema, phoneSchema, subdomainSchema, text } from './index.js';

describe('shared schemas', () => {
  it('accepts good subdomains and names what is wrong with bad ones', () => {
    expect(subdomainSchema.safeParse('smash-arena-2').success).toBe(true);
    const msg = (v: string) => subdomainSchema.safeParse(v).error?.issues[0].message;
    expect(msg('ab')).toBe('Subdomain must be 3 to 30 characters.');
    expect(msg('UPPER')).toBe('Use only lower-case letters, digits and hyphens.');
    expect(msg('api')).toBe('This subdomain is reserved.');
  });

  it('requires exactly 10 digits for a phone after removing spaces', () => {
    expect(phoneSchema.parse('98765 43210')).toBe('9876543210');
    expect(phoneSchema.safeParse('98765').error?.issues[0].message).toBe('Phone number must be 10 digits');
  });

  it('refuses NUL characters and lone surrogates in text', () => {
    expect(text(50).safeParse('ok').success).toBe(true);
    expect(text(50).safeParse('a\u0000b').success).toBe(false);
    expect(text(50).safeParse('a\uD800b').success).toBe(false);
    expect(text(50).safeParse('emoji 🏸').success).toBe(true);
  });

  it('uses the spec messages on login', () => {
    const res = loginSchema.safeParse({ email: '', password: '' });
    expect(res.success).toBe(false);
    const messages = res.error!.issues.map((i) => i.message);
    expect(messages).toContain('Email is required');
  });

  it('fills centre defaults', () => {
    expect(centreInputSchema.parse({ name: 'X' })).toMatchObject({ name: 'X', code: '', is_active: true });
  });
});
