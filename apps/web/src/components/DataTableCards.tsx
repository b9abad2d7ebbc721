import { clsx } from 'clsx';
import type { Column, MobilePlace } from './DataTable';
import { Skeleton } from './Skeleton';

const placeOf = <T,>(c: Column<T>): MobilePlace => c.mobile ?? (c.align === 'right' ? 'amount' : 'meta');

/**
 * The phone layout of a list: each row is a card with its title and badges on top, the
 * other facts in two columns, its amounts side by side and its actions at the bottom; nothing
 * scrolls sideways. `compact` puts the facts and amounts on one wrapping line under the title
 * ("Plan Monthly · Ends 31 Oct 2026 · Due ₹500.00"), so a phone shows four or more cards a screen.
 */
export function DataTableCards<T>({
  title,
  rows,
  columns,
  rowKey,
  loading,
  dimmed,
  compact = false,
}: {
  title: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  loading: boolean;
  dimmed: boolean;
  compact?: boolean;
}) {
  const of = (place: MobilePlace) => columns.filter((c) => placeOf(c) === place);
  const [titles, subtitles, badges, meta, amounts, actions] = ['title', 'subtitle', 'badge', 'meta', 'amount', 'actions'].map((p) =>
    of(p as MobilePlace),
  );

  if (loading)
    return (
      <ul aria-label={title} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="space-y-2.5 border-b border-line px-4 py-3.5">
            <div className="flex justify-between gap-3">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-4 w-16 rounded-full" />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <ul aria-label={title} className={clsx('transition-opacity', dimmed && 'opacity-60')}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={clsx('border-b border-line px-4', compact ? 'py-2.5' : 'py-3')}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 break-words">
              {titles.map((c) => (
                <div key={c.id} className="font-medium text-fg">
                  {c.cell(row)}
                </div>
              ))}
              {subtitles.map((c) => (
                <div key={c.id} className="text-xs text-muted">
                  {c.cell(row)}
                </div>
              ))}
            </div>
            {badges.length > 0 && (
              <div className="flex shrink-0 flex-col items-end gap-1">
                {badges.map((c) => (
                  <div key={c.id}>{c.cell(row)}</div>
                ))}
              </div>
            )}
          </div>
          {compact ? (
            meta.length + amounts.length > 0 && (
              <dl className="mt-1.5 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
                {[...meta, ...amounts].map((c) => (
                  <div key={c.id} className="flex min-w-0 items-baseline gap-1">
                    <dt className="text-xs text-muted">{c.header}</dt>
                    <dd className={clsx('min-w-0 break-words [&_.block]:inline', placeOf(c) === 'amount' && 'font-medium tabular')}>
                      {c.cell(row)}
                    </dd>
                  </div>
                ))}
              </dl>
            )
          ) : (
            <>
              {meta.length > 0 && (
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  {meta.map((c) => (
                    <div key={c.id} className="min-w-0">
                      <dt className="text-xs text-muted">{c.header}</dt>
                      <dd className="break-words">{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {amounts.length > 0 && (
                <dl className={clsx('mt-2 grid gap-x-4 gap-y-2 text-sm', amounts.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
                  {amounts.map((c) => (
                    <div key={c.id} className="min-w-0">
                      <dt className="text-xs text-muted">{c.header}</dt>
                      <dd className="font-medium tabular">{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </>
          )}
          {actions.length > 0 && (
            <div className={clsx('-mx-2 flex flex-wrap justify-end gap-1', compact ? 'mt-1' : 'mt-2')}>
              {actions.map((c) => (
                <div key={c.id}>{c.cell(row)}</div>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
