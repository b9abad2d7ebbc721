import { describe, expect, it } from 'vitest';
import { hashSecret, isExpired, newSecret } from './tokens.js';

describe('keys', () => {
  it('are 32 random bytes, stored as SHA-256', () => {
    const a = newSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(a);
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('expire after 12 idle hours, or 30 idle days when remembered', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(isExpired(ago(11.9 * 3600_000), false, now)).toBe(false);
    expect(isExpired(ago(12.1 * 3600_000), false, now)).toBe(true);
    expect(isExpired(ago(29.9 * 86_400_000), true, now)).toBe(false);
    expect(isExpired(ago(30.1 * 86_400_000), true, now)).toBe(true);
  });
});
