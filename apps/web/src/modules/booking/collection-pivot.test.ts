import { describe, expect, it } from 'vitest';
import { collectionPivot } from './collection-pivot';

describe('collectionPivot', () => {
  it('puts dates down and payment modes across, with 0 where a mode took nothing, and totals on both', () => {
    const pivot = collectionPivot({
      from: '2026-11-01',
      to: '2026-11-02',
      rows: [
        { date: '2026-11-01', payment_mode: 'Cash', amount: '500.00', count: 1 },
        { date: '2026-11-01', payment_mode: 'UPI', amount: '250.00', count: 1 },
        { date: '2026-11-02', payment_mode: 'UPI', amount: '1000.00', count: 2 },
      ],
      by_mode: [
        { payment_mode: 'Cash', amount: '500.00', count: 1 },
        { payment_mode: 'UPI', amount: '1250.00', count: 3 },
      ],
      total: { amount: '1750.00', count: 4 },
    });
    expect(pivot.modes).toEqual(['Cash', 'UPI']);
    expect(pivot.rows).toEqual([
      { date: '2026-11-01', amounts: [500, 250], total: 750 },
      { date: '2026-11-02', amounts: [0, 1000], total: 1000 },
    ]);
    expect(pivot.modeTotals).toEqual([500, 1250]);
    expect(pivot.total).toBe(1750);
  });
});
