import { describe, expect, it } from 'vitest';
import { marginOf, signedMoney } from './sold.js';
import { stockFigures } from './stock-figures.js';

describe('stock figures', () => {
  const batches: [number, number, string, string | null][] = [
    [1, 4, '50.00', '2026-11-28'], // expired on 2026-11-29
    [1, 6, '60.00', '2026-11-29'], // sold through its expiry date
    [2, 3, '61.50', null],
  ];
  it('sums stock, sellable, value and the next expiry over every centre or one', () => {
    expect(stockFigures(batches, null, '2026-11-29')).toEqual({ stock: 13, sellable: 9, value: '744.50', next_expiry: '2026-11-28' });
    expect(stockFigures(batches, 2, '2026-11-29')).toEqual({ stock: 3, sellable: 3, value: '184.50', next_expiry: null });
    expect(stockFigures(JSON.stringify(batches), 3, '2026-11-29')).toEqual({ stock: 0, sellable: 0, value: '0.00', next_expiry: null });
  });
});

describe('margin', () => {
  it('is profit over taxable value, to one decimal, and 0 without sales', () => {
    expect(marginOf(13_000, 30_000)).toBe(43.3);
    expect(marginOf(-5_000, 20_000)).toBe(-25);
    expect(marginOf(0, 0)).toBe(0);
    expect(signedMoney(-1234)).toBe('-12.34');
    expect(signedMoney(1234)).toBe('12.34');
  });
});
