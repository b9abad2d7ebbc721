import { describe, expect, it } from 'vitest';
import { addYears, bookValue, depreciationPaise, depreciationSchedule, wdvRate } from './depreciation.js';

const sum = (rows: { depreciation: number }[]) => rows.reduce((n, r) => n + r.depreciation, 0);

describe('depreciation', () => {
  it('straight line: equal years to the paisa, summing to cost − salvage', () => {
    const rows = depreciationSchedule({
      cost: '100000.00',
      salvage: '10000.00',
      lifeYears: 3,
      method: 'straight_line',
      purchaseDate: '2024-04-01',
    });
    expect(rows.map((r) => r.depreciation)).toEqual(['30000.00', '30000.00', '30000.00']);
    expect(rows[0]).toMatchObject({ year: 1, start: '2024-04-01', end: '2025-03-31', opening: '100000.00', closing: '70000.00' });
    expect(rows[2].closing).toBe('10000.00');
  });

  it('straight line with a remainder: paise spread so the sum is exact', () => {
    const basis = { cost: '1000.00', salvage: '0.01', lifeYears: 3, method: 'straight_line' as const, purchaseDate: '2025-01-15' };
    const rows = depreciationPaise(basis);
    expect(rows.map((r) => r.depreciation)).toEqual([33333, 33333, 33333]);
    expect(sum(rows)).toBe(100000 - 1);
    const odd = depreciationPaise({ ...basis, cost: '100.00', salvage: '0.00', lifeYears: 7 });
    expect(sum(odd)).toBe(10000);
    expect(Math.max(...odd.map((r) => r.depreciation)) - Math.min(...odd.map((r) => r.depreciation))).toBeLessThanOrEqual(1);
  });

  it('written down value: the rate on the opening value, rounded to paise, last year down to salvage', () => {
    const rows = depreciationPaise({
      cost: '100000.00',
      salvage: '5000.00',
      lifeYears: 5,
      method: 'written_down_value',
      ratePercent: 40,
      purchaseDate: '2023-07-10',
    });
    expect(rows.map((r) => r.depreciation)).toEqual([4000000, 2400000, 1440000, 864000, 1296000 - 500000]);
    expect(rows[4].closing).toBe(500000);
    expect(sum(rows)).toBe(10000000 - 500000);
  });

  it('written down value stops at salvage before the life ends when the rate is high', () => {
    const rows = depreciationPaise({
      cost: '1000.00',
      salvage: '500.00',
      lifeYears: 10,
      method: 'written_down_value',
      ratePercent: 60,
      purchaseDate: '2020-01-01',
    });
    expect(rows.map((r) => r.depreciation)).toEqual([50000]);
    expect(rows[0].closing).toBe(50000);
  });

  it('written down value with the derived rate sums to cost − salvage for many cases', () => {
    for (const [cost, salvage, life] of [
      ['123456.78', '1234.56', 7],
      ['99999.99', '0.00', 4],
      ['5000.03', '4999.99', 3],
      ['10000000.00', '100000.00', 50],
    ] as const) {
      const rows = depreciationPaise({ cost, salvage, lifeYears: life, method: 'written_down_value', purchaseDate: '2024-02-29' });
      expect(sum(rows)).toBe(Math.round(Number(cost) * 100) - Math.round(Number(salvage) * 100));
      for (const r of rows) {
        expect(Number.isInteger(r.depreciation)).toBe(true);
        expect(r.closing).toBeGreaterThanOrEqual(Math.round(Number(salvage) * 100));
      }
    }
    expect(wdvRate({ cost: '1000.00', salvage: '0.00', lifeYears: 4 })).toBe(0.5);
  });

  it('nothing to depreciate when salvage equals cost', () => {
    expect(
      depreciationSchedule({ cost: '500.00', salvage: '500.00', lifeYears: 5, method: 'straight_line', purchaseDate: '2024-01-01' }),
    ).toEqual([]);
    expect(
      bookValue({ cost: '500.00', salvage: '500.00', lifeYears: 5, method: 'straight_line', purchaseDate: '2024-01-01' }, '2030-01-01'),
    ).toBe('500.00');
  });

  it('book value: cost before purchase, pro rata within a year, salvage after the life', () => {
    const basis = { cost: '36500.00', salvage: '0.00', lifeYears: 1, method: 'straight_line' as const, purchaseDate: '2025-01-01' };
    expect(bookValue(basis, '2024-12-31')).toBe('36500.00');
    expect(bookValue(basis, '2025-01-01')).toBe('36500.00');
    expect(bookValue(basis, '2025-01-11')).toBe('35500.00');
    expect(bookValue(basis, '2026-01-01')).toBe('0.00');
  });

  it('anniversaries of 29 February fall on 28 February', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });
});
