import { describe, expect, it } from 'vitest';
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
