import { ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { formatCount } from '../lib/format';
import { Button } from './Button';
import { Skeleton } from './Skeleton';

/** "Showing 1–25 of 360", rows per page and previous/next, under a list. */
export function DataTablePager({
  page,
  pageSize,
  pageSizes,
  count,
  loading,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  pageSizes: number[];
  count: number;
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const id = useId();
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, count);
  const strong = (n: number) => <span className="font-medium text-fg tabular">{formatCount(n)}</span>;

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm text-muted">
      {loading ? (
        <Skeleton className="h-4 w-36" />
      ) : (
        <p aria-live="polite">
          Showing {strong(from)}–{strong(to)} of {strong(count)}
        </p>
      )}
      <div className="flex items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={id} className="max-sm:sr-only">
            Rows per page
          </label>
          <div className="relative">
            <select
              id={id}
              value={pageSize}
              onChange={(e) => onPageSize(Number(e.target.value))}
              className="h-8 cursor-pointer appearance-none rounded-md border border-line-strong bg-surface pl-2.5 pr-7 text-sm font-medium text-fg shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
            >
              {pageSizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <ChevronDown size={14} className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2" aria-hidden />
          </div>
        </div>
        <span className="tabular max-sm:hidden">
          Page {page} of {pageCount}
        </span>
        <div className="flex gap-1">
          <Button variant="secondary" size="sm" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <Button variant="secondary" size="sm" aria-label="Next page" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            <ChevronRight size={16} aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
