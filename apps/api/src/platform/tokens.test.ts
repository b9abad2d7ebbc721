import { describe, expect, it } from 'vitest';
import { ABSOLUTE_LIFETIME_MS, hashSecret, isExpired, keyExpired, newSecret } from './tokens.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

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
    expect(isExpired(ago(11.9 * HOUR), false, now)).toBe(false);
    expect(isExpired(ago(12.1 * HOUR), false, now)).toBe(true);
    expect(isExpired(ago(29.9 * DAY), true, now)).toBe(false);
    expect(isExpired(ago(30.1 * DAY), true, now)).toBe(true);
  });
});

describe('keyExpired', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const key = (remember: boolean, createdAgo: number, idleFor: number) => ({
    remember,
    createdAt: ago(createdAgo),
    lastUsedAt: ago(idleFor),
  });

  it('has absolute lifetimes of 90 days remembered and 7 days otherwise', () => {
    expect(ABSOLUTE_LIFETIME_MS).toEqual({ remembered: 90 * DAY, session: 7 * DAY });
  });

  it('keeps a fresh, recently used key alive', () => {
    expect(keyExpired(key(false, 1 * HOUR, 1 * HOUR), now)).toBe(false);
    expect(keyExpired(key(true, 1 * DAY, 1 * DAY), now)).toBe(false);
  });

  it('applies the idle limits: 12 hours for a session, 30 days remembered', () => {
    expect(keyExpired(key(false, 2 * DAY, 11.9 * HOUR), now)).toBe(false);
    expect(keyExpired(key(false, 2 * DAY, 12.1 * HOUR), now)).toBe(true);
    expect(keyExpired(key(true, 40 * DAY, 29.9 * DAY), now)).toBe(false);
    expect(keyExpired(key(true, 40 * DAY, 30.1 * DAY), now)).toBe(true);
  });

  it('kills a session key 7 days after it was issued, even when used a minute ago', () => {
    expect(keyExpired(key(false, 6.9 * DAY, 60_000), now)).toBe(false);
    expect(keyExpired(key(false, 7.1 * DAY, 60_000), now)).toBe(true);
    // isExpired alone would have let it live.
    expect(isExpired(ago(60_000), false, now)).toBe(false);
  });

  it('kills a remembered key 90 days after it was issued, even when used a minute ago', () => {
    expect(keyExpired(key(true, 89.9 * DAY, 60_000), now)).toBe(false);
    expect(keyExpired(key(true, 90.1 * DAY, 60_000), now)).toBe(true);
    // A remembered key is not held to the 7-day session limit.
    expect(keyExpired(key(true, 8 * DAY, 60_000), now)).toBe(false);
  });

  it('uses the current time when none is given', () => {
    const t = Date.now();
    expect(keyExpired({ remember: false, createdAt: new Date(t - 8 * DAY), lastUsedAt: new Date(t) })).toBe(true);
    expect(keyExpired({ remember: false, createdAt: new Date(t - HOUR), lastUsedAt: new Date(t) })).toBe(false);
  });
});
