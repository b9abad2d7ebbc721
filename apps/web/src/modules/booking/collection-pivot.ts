import type { TransactionReport } from '@arena/contracts';

export interface CollectionPivot {
  /** Payment modes across, in the server's order. */
  modes: string[];
  /** Dates down, each with its amount per mode (0 where none) and its total. */
  rows: { date: string; amounts: number[]; total: number }[];
  /** The bottom row: each mode's total, and the grand total. */
  modeTotals: number[];
  total: number;
}

/** The collection report as it reads best: dates down, payment modes across, totals on both (as its server export). */
export function collectionPivot(report: TransactionReport): CollectionPivot {
  const modes = report.by_mode.map((m) => m.payment_mode);
  const amount = new Map(report.rows.map((r) => [`${r.date}\u0000${r.payment_mode}`, Number(r.amount)]));
  const dates = [...new Set(report.rows.map((r) => r.date))].sort();
  const rows = dates.map((date) => {
    const amounts = modes.map((m) => amount.get(`${date}\u0000${m}`) ?? 0);
    return { date, amounts, total: amounts.reduce((a, b) => a + b, 0) };
  });
  return { modes, rows, modeTotals: report.by_mode.map((m) => Number(m.amount)), total: Number(report.total.amount) };
}
