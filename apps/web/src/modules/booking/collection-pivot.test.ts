import { describe, expect, it } from 'vitest';
import { collectionPivot } from './collection-pivot';

const figures = (received: string, refunded: string, amount: string, count: number) => ({ received, refunded, amount, count });

describe('collectionPivot', () => {
  it('puts dates down and the money received per mode across, then the refunds and the net, with totals on both', () => {
    const pivot = collectionPivot({
      from: '2026-11-01',
      to: '2026-11-02',
      rows: [
        { date: '2026-11-01', payment_mode: 'Cash', ...figures('500.00', '0.00', '500.00', 1) },
        { date: '2026-11-01', payment_mode: 'UPI', ...figures('250.00', '0.00', '250.00', 1) },
        // A refund by cash on a day nothing came in by cash: only the refunds and the net show it.
        { date: '2026-11-02', payment_mode: 'Cash', ...figures('0.00', '200.00', '-200.00', 1) },
        { date: '2026-11-02', payment_mode: 'UPI', ...figures('1000.00', '0.00', '1000.00', 2) },
      ],
      by_mode: [
        { payment_mode: 'Cash', ...figures('500.00', '200.00', '300.00', 2) },
        { payment_mode: 'UPI', ...figures('1250.00', '0.00', '1250.00', 3) },
      ],
      by_date: [
        { date: '2026-11-01', ...figures('750.00', '0.00', '750.00', 2) },
        { date: '2026-11-02', ...figures('1000.00', '200.00', '800.00', 3) },
      ],
      total: figures('1750.00', '200.00', '1550.00', 5),
    });
    expect(pivot.modes).toEqual(['Cash', 'UPI']);
    expect(pivot.rows).toEqual([
      { date: '2026-11-01', amounts: [500, 250], refunded: 0, total: 750 },
      { date: '2026-11-02', amounts: [0, 1000], refunded: 200, total: 800 },
    ]);
    expect(pivot.modeTotals).toEqual([500, 1250]);
    expect(pivot.refunded).toBe(200);
    expect(pivot.total).toBe(1550);
    // Both axes add up: each row's modes less its refunds is its net, and so is the bottom row.
    for (const r of pivot.rows) expect(r.amounts.reduce((a, b) => a + b, 0) - r.refunded).toBe(r.total);
    expect(pivot.modeTotals.reduce((a, b) => a + b, 0) - pivot.refunded).toBe(pivot.total);
  });
});
