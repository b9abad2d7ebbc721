import { describe, expect, it } from 'vitest';
import { moneySchema } from './common.js';
import { fromPaise, moneyFromSql, signedPaise, toPaise } from './money.js';

describe('signed sums', () => {
  it('reads negative and positive sums to the paisa, unlike toPaise', () => {
    expect(toPaise('-250.50')).toBeNull();
    expect(signedPaise('-250.50')).toBe(-25050);
    expect(signedPaise('1500')).toBe(150000);
    expect(signedPaise(0.1 + 0.2)).toBe(30);
    expect(signedPaise('abc')).toBeNull();
    expect(signedPaise('')).toBeNull();
  });

  it('turns what SQL returns into a money string, a negative sum included', () => {
    expect(moneyFromSql('-1000')).toBe('-1000.00');
    expect(moneyFromSql('123.456')).toBe('123.46');
    expect(moneyFromSql(42)).toBe('42.00');
    expect(moneyFromSql(null)).toBe('0.00');
    expect(fromPaise(signedPaise('-0.01')!)).toBe('-0.01');
  });
});

describe('an amount a client sends', () => {
  it('refuses three decimals the same as a number and as a string, never rounding', () => {
    for (const v of [1.005, '1.005', 0.1 + 0.2, 12.345, -1, '-1', 1e21, '1e3']) {
      const r = moneySchema.safeParse(v);
      expect(r.success, String(v)).toBe(false);
      expect(r.error?.issues[0].message).toBe('Enter a valid amount (at most 2 decimals, not negative).');
    }
  });

  it('reads whole, one- and two-decimal amounts alike as numbers and strings', () => {
    for (const [v, out] of [
      [1500, '1500.00'],
      ['1500', '1500.00'],
      [1500.5, '1500.50'],
      ['1500.5', '1500.50'],
      [0.01, '0.01'],
      [99.99, '99.99'],
      ['0', '0.00'],
    ] as const)
      expect(moneySchema.parse(v)).toBe(out);
  });
});
