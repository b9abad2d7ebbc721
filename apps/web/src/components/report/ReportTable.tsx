import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface ReportColumn {
  header: string;
  /** Amounts and counts: right-aligned in tabular numerals. */
  numeric?: boolean;
  /** A column of row actions: its header is read by screen readers, not shown. */
  srOnly?: boolean;
}

/**
 * A report's table (every row on one screen, unlike a paged list): sticky header and first
 * column, so a wide pivot scrolls sideways on a phone without losing its row names, and the
 * totals row pinned to the bottom.
 */
export function ReportTable({
  label,
  columns,
  rows,
  total,
}: {
  label: string;
  columns: ReportColumn[];
  rows: { key: string; cells: ReactNode[] }[];
  total?: ReactNode[];
}) {
  const cellClass = (i: number, extra?: string) =>
    clsx(
      'px-3 py-2.5 sm:px-4',
      columns[i].numeric ? 'text-right tabular' : 'text-left',
      // Row names may wrap on a phone, so a short report's figures fit beside them.
      i === 0 ? 'sticky left-0 z-[1] min-w-[7.5rem] sm:whitespace-nowrap' : 'whitespace-nowrap',
      extra,
    );
  return (
    // Focusable, so the keyboard can scroll a report taller or wider than the screen.
    <div className="max-h-[70vh] overflow-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full border-separate border-spacing-0 text-sm" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.header}
                scope="col"
                className={cellClass(
                  i,
                  'sticky top-0 z-[2] border-b border-line bg-subtle text-xs font-semibold uppercase tracking-wide text-muted',
                )}
              >
                {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="group">
              {r.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={cellClass(i, 'border-b border-line bg-surface font-medium group-hover:bg-subtle')}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={cellClass(i, 'border-b border-line group-hover:bg-subtle/60')}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              {total.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={cellClass(i, 'sticky bottom-0 z-[2] bg-subtle font-semibold')}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={cellClass(i, 'sticky bottom-0 bg-subtle font-semibold')}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
