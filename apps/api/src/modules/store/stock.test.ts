import { describe, expect, it } from 'vitest';
import { isExpired, pickFefo, type LockedBatch } from './stock.js';

const batch = (id: number, quantity: number, expiryDate: string | null, receivedOn = '2026-01-01'): LockedBatch => ({
  id,
  subProductId: 1,
  centreId: 1,
  batchNo: `B${id}`,
  expiryDate,
  receivedOn,
  quantity,
  cost: '100.00',
});

describe('FEFO picking', () => {
  const today = '2026-11-29';
  it('takes the earliest expiry first and spills into the next batch', () => {
    // In FEFO order, as lockFefo reads them.
    const { picks, short } = pickFefo([batch(1, 2, '2026-12-10'), batch(2, 5, '2027-03-01'), batch(3, 9, null)], 4, today);
    expect(picks.map((p) => [p.batch.id, p.quantity])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(short).toBe(0);
  });
  it('never takes an expired batch, even when it is the only stock', () => {
    const r = pickFefo([batch(1, 10, '2026-11-28')], 1, today);
    expect(r).toMatchObject({ picks: [], short: 1, sellable: 0, expired: 10 });
    const next = pickFefo([batch(1, 10, '2026-11-28'), batch(2, 1, '2027-01-01')], 1, today);
    expect(next.picks.map((p) => p.batch.id)).toEqual([2]);
  });
  it('a batch is sold through its expiry date and expired from the next day', () => {
    expect(isExpired('2026-11-29', today)).toBe(false);
    expect(isExpired('2026-11-28', today)).toBe(true);
    expect(isExpired(null, today)).toBe(false);
  });
  it('says how many units are short and how many could be sold', () => {
    expect(pickFefo([batch(1, 3, null), batch(2, 1, null)], 6, today)).toMatchObject({ short: 2, sellable: 4 });
  });
});
