import { flexRender, type SortingState, type Table } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Column } from './DataTable';
import { Skeleton } from './Skeleton';

/** Header clicks cycle a column through ascending, descending and unsorted. */
function nextSort(id: string, sorting: SortingState): SortingState {
  const current = sorting.find((s) => s.id === id);
  if (!current) return [{ id, desc: false }];
  return current.desc ? [] : [{ id, desc: true }];
}

const SKELETON_WIDTHS = ['w-3/4', 'w-1/2', 'w-2/3', 'w-5/6'];

/** The desktop layout of a list: a table with a sticky header, sortable columns and right-aligned amounts. */
export function DataTableGrid<T>({
  title,
  table,
  columns,
  sorting,
  onSortingChange,
  loading,
  dimmed,
  busy,
  skeletonRows,
}: {
  title: string;
  table: Table<T>;
  columns: Column<T>[];
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  loading: boolean;
  dimmed: boolean;
  busy: boolean;
  skeletonRows: number;
}) {
  const column = (id: string) => columns.find((c) => c.id === id)!;
  const visible = columns.filter((c) => table.getColumn(c.id)?.getIsVisible() !== false);
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" aria-label={title} aria-busy={busy || undefined}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const col = column(header.column.id);
              const sorted = header.column.getIsSorted();
              const Arrow = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : col.sortKey ? 'none' : undefined}
                  className={clsx(
                    'sticky top-0 z-10 whitespace-nowrap border-b border-line bg-subtle px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted',
                    col.align === 'right' ? 'text-right' : 'text-left',
                  )}
                >
                  {col.sortKey ? (
                    <button
                      type="button"
                      onClick={() => onSortingChange(nextSort(col.id, sorting))}
                      className={clsx(
                        'inline-flex items-center gap-1 uppercase hover:text-fg',
                        col.align === 'right' && 'flex-row-reverse',
                        sorted && 'text-fg',
                      )}
                    >
                      {col.header}
                      <Arrow size={13} className={sorted ? undefined : 'opacity-40'} aria-hidden />
                    </button>
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody className={clsx('transition-opacity', dimmed && 'opacity-60')}>
        {loading
          ? Array.from({ length: skeletonRows }, (_, i) => (
              <tr key={i}>
                {visible.map((c, j) => (
                  <td key={c.id} className="border-b border-line px-4 py-3">
                    <Skeleton className={clsx('h-4', c.align === 'right' ? 'ml-auto w-16' : SKELETON_WIDTHS[(i + j) % 4])} />
                  </td>
                ))}
              </tr>
            ))
          : table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-subtle/60">
                {row.getVisibleCells().map((cell) => {
                  const col = column(cell.column.id);
                  return (
                    <td
                      key={cell.id}
                      className={clsx(
                        'border-b border-line px-4 py-2.5 align-middle',
                        col.align === 'right' && 'whitespace-nowrap text-right tabular',
                        col.className,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
