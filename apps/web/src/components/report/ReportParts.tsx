import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { Card } from '../Card';
import { ReportTable, type ReportColumn } from './ReportTable';

// The parts of a report inside its ReportPage, top to bottom: ReportFigures, ReportChart, ReportTableCard(s).

/** "1 Nov 2026 – 30 Nov 2026": the window a report covers (its `from` and `to`). */
export const periodText = (r: { from: string; to: string }) => `${formatDate(r.from)} – ${formatDate(r.to)}`;
/** A count in a report's cell, a muted dash for none. */
export const countCell = (v: number) => (v === 0 ? <span className="text-muted">—</span> : formatCount(v));
/** An amount in a report's cell, a muted dash for none. */
export const moneyCell = (v: string | number) => (Number(v) === 0 ? <span className="text-muted">—</span> : formatMoney(v));

/** A report's table: its rows, its totals row and, above it, an optional title. */
export interface ReportTableSpec {
  /** The table's accessible name ("Status month wise report"). */
  label: string;
  title?: ReactNode;
  columns: ReportColumn[];
  rows: { key: string; cells: ReactNode[] }[];
  total?: ReactNode[];
}

/** The headline figures (StatCards) of a report: 3 or 4 a row on a wide screen, 2 on a phone. */
export function ReportFigures({ columns = 4, children }: { columns?: 3 | 4; children: ReactNode }) {
  return <div className={clsx('grid grid-cols-2 gap-3 sm:gap-4', columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>{children}</div>;
}

/** A report's chart in its card, under its title. */
export function ReportChart({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

/** A report's table in its card, under its title when it has one. */
export function ReportTableCard({ title, ...table }: ReportTableSpec) {
  return (
    <Card className="overflow-hidden">
      {title && <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">{title}</h2>}
      <ReportTable {...table} />
    </Card>
  );
}
