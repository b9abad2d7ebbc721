import type { TransactionReport } from '@arena/contracts/booking';

export interface CollectionPivot {
  /** Payment modes across, in the server's order. */
  modes: string[];
  /**
   * Dates down, each with the money received per mode (0 where none), what was refunded that day
   * (by any mode) and the net: received − refunded.
   */
  rows: { date: string; amounts: number[]; refunded: number; total: number }[];
  /** The bottom row: each mode's money received, the refunds, and the net grand total. */
  modeTotals: number[];
  refunded: number;
  total: number;
}

const paise = (v: string) => Math.round(Number(v) * 100);

/** The collection report as it reads best: dates down, payment modes across, refunds, and the net on both (as its server export). */
export function collectionPivot(report: TransactionReport): CollectionPivot {
  const modes = report.by_mode.map((m) => m.payment_mode);
  const received = new Map(report.rows.map((r) => [`${r.date}\u0000${r.payment_mode}`, paise(r.received)]));
  const byDate = new Map(report.by_date.map((d) => [d.date, d]));
  const dates = [...new Set(report.rows.map((r) => r.date))].sort();
  const rows = dates.map((date) => {
    const amounts = modes.map((m) => (received.get(`${date}\u0000${m}`) ?? 0) / 100);
    const day = byDate.get(date);
    return { date, amounts, refunded: day ? paise(day.refunded) / 100 : 0, total: day ? paise(day.amount) / 100 : 0 };
  });
  return {
    modes,
    rows,
    modeTotals: report.by_mode.map((m) => paise(m.received) / 100),
    refunded: paise(report.total.refunded) / 100,
    total: paise(report.total.amount) / 100,
  };
}
