import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { format } from 'date-fns';
import { ArrowDown, ArrowUp, ArrowUpDown, Check, ChevronDown, ChevronLeft, ChevronRight, Columns3, Download, Search } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { download, type Paginated } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';
import { useDebounced } from '../lib/useDebounced';
import { Alert } from './Alert';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { Skeleton } from './Skeleton';

export interface ListParams {
  page: number;
  page_size: number;
  search?: string;
  ordering?: string;
  [filter: string]: string | number | undefined;
}

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Server ordering key; set to make the column sortable. */
  sortKey?: string;
  align?: 'left' | 'right';
  /** Columns the user cannot hide (the name, the actions). */
  alwaysVisible?: boolean;
  defaultHidden?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology and the export file. */
  title: string;
  queryKey: readonly unknown[];
  fetchPage: (params: ListParams) => Promise<Paginated<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  filters?: Record<string, string | undefined>;
  filterControls?: ReactNode;
  actions?: ReactNode;
  searchPlaceholder?: string;
  empty: { title: string; description?: ReactNode; action?: ReactNode };
  pageSizes?: number[];
  /** The list's API path (e.g. '/booking/booking/'); the server builds the export of every matching row. */
  exportPath?: string;
}

const EXPORTS = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
] as const;
type ExportFormat = (typeof EXPORTS)[number]['format'];

/** Header clicks cycle a column through ascending, descending and unsorted. */
function nextSort(id: string, sorting: SortingState): SortingState {
  const current = sorting.find((s) => s.id === id);
  if (!current) return [{ id, desc: false }];
  return current.desc ? [] : [{ id, desc: true }];
}

/** Server-side search, sort and pagination, column choice and CSV/XLSX export built by the server (style.md). */
export function DataTable<T>({
  title,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  filters = {},
  filterControls,
  actions,
  searchPlaceholder = 'Search…',
  empty,
  pageSizes = [10, 25, 50, 100],
  exportPath,
}: DataTableProps<T>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), 300);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(columns.filter((c) => c.defaultHidden).map((c) => [c.id, false])),
  );
  const [exporting, setExporting] = useState(false);

  const ordering = useMemo(() => {
    const s = sorting[0];
    const col = s && columns.find((c) => c.id === s.id);
    return col?.sortKey ? `${s.desc ? '-' : ''}${col.sortKey}` : undefined;
  }, [sorting, columns]);
  const activeFilters = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  const filterKey = JSON.stringify(activeFilters);
  // A new search, filter or sort starts again from the first page.
  const [lastKey, setLastKey] = useState(`${search}|${filterKey}|${ordering}`);
  const currentKey = `${search}|${filterKey}|${ordering}`;
  if (currentKey !== lastKey) {
    setLastKey(currentKey);
    setPage(1);
  }

  const params: ListParams = { page, page_size: pageSize, search: search || undefined, ordering, ...activeFilters };
  const query = useQuery({ queryKey: [...queryKey, params], queryFn: () => fetchPage(params), placeholderData: keepPreviousData });
  const rows = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        enableSorting: !!c.sortKey,
        enableHiding: !c.alwaysVisible,
        cell: (ctx) => c.cell(ctx.row.original),
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    getRowId: (row) => String(rowKey(row)),
  });
  const visibleColumns = columns.filter((c) => visibility[c.id] !== false);

  async function exportAs(kind: ExportFormat) {
    if (!exportPath) return;
    setExporting(true);
    try {
      const fallback = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${format(new Date(), 'yyyy-MM-dd')}.${kind}`;
      await download(exportPath, { search: search || undefined, ordering, ...activeFilters, format: kind }, fallback);
      notify.success('Export ready');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, count);

  return (
    <div className="rounded-lg border border-line bg-surface shadow-[0_1px_2px_rgba(16,24,40,0.04)]">
      <div className="flex flex-wrap items-center gap-2 border-b border-line p-3">
        <div className="relative min-w-[180px] flex-1 sm:max-w-xs">
          <Search size={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
          <input
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder={searchPlaceholder}
            aria-label={`Search ${title.toLowerCase()}`}
            className="h-9 w-full rounded-md border border-line-strong bg-surface pl-8 pr-3 text-sm shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
          />
        </div>
        {filterControls}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <Button variant="secondary" size="sm">
                <Columns3 size={15} aria-hidden /> Columns
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-48 rounded-lg border border-line bg-surface p-1 text-sm text-fg shadow-lg"
              >
                <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
                  Show columns
                </DropdownMenu.Label>
                {columns
                  .filter((c) => !c.alwaysVisible)
                  .map((c) => (
                    <DropdownMenu.CheckboxItem
                      key={c.id}
                      checked={visibility[c.id] !== false}
                      onSelect={(e) => e.preventDefault()}
                      onCheckedChange={(v) => setVisibility((old) => ({ ...old, [c.id]: !!v }))}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 outline-none data-[highlighted]:bg-subtle"
                    >
                      <span className="flex h-4 w-4 items-center justify-center rounded border border-line-strong">
                        <DropdownMenu.ItemIndicator>
                          <Check size={12} aria-hidden />
                        </DropdownMenu.ItemIndicator>
                      </span>
                      {c.header}
                    </DropdownMenu.CheckboxItem>
                  ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          {exportPath && (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button variant="secondary" size="sm" disabled={exporting || count === 0}>
                  <Download size={15} aria-hidden /> {exporting ? 'Exporting…' : 'Export'}
                  <ChevronDown size={14} className="-mr-1 opacity-60" aria-hidden />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={6}
                  className="z-50 min-w-44 rounded-lg border border-line bg-surface p-1 text-sm text-fg shadow-lg"
                >
                  <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
                    Export all {count} {count === 1 ? 'row' : 'rows'}
                  </DropdownMenu.Label>
                  {EXPORTS.map((e) => (
                    <DropdownMenu.Item
                      key={e.format}
                      onSelect={() => void exportAs(e.format)}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 outline-none data-[highlighted]:bg-subtle"
                    >
                      {e.label}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
          {actions}
        </div>
      </div>

      {query.isError && !query.data ? (
        <div className="p-4">
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(query.error)}
          </Alert>
        </div>
      ) : (
        <div className="max-h-[65vh] overflow-auto">
          <table className="w-full border-separate border-spacing-0 text-sm" aria-label={title} aria-busy={query.isFetching || undefined}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const col = columns.find((c) => c.id === header.column.id)!;
                    const sorted = header.column.getIsSorted();
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
                            onClick={() => setSorting(nextSort(col.id, sorting))}
                            className="inline-flex items-center gap-1 uppercase hover:text-fg"
                          >
                            {col.header}
                            {sorted === 'asc' ? (
                              <ArrowUp size={13} aria-hidden />
                            ) : sorted === 'desc' ? (
                              <ArrowDown size={13} aria-hidden />
                            ) : (
                              <ArrowUpDown size={13} className="opacity-50" aria-hidden />
                            )}
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
            <tbody>
              {query.isPending
                ? Array.from({ length: 5 }, (_, i) => (
                    <tr key={i}>
                      {visibleColumns.map((c) => (
                        <td key={c.id} className="border-b border-line px-4 py-3">
                          <Skeleton className="h-4 w-3/4" />
                        </td>
                      ))}
                    </tr>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <tr key={row.id} className="hover:bg-subtle/60">
                      {row.getVisibleCells().map((cell) => {
                        const col = columns.find((c) => c.id === cell.column.id)!;
                        return (
                          <td
                            key={cell.id}
                            className={clsx(
                              'border-b border-line px-4 py-3 align-middle',
                              col.align === 'right' && 'text-right tabular',
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
          {!query.isPending && rows.length === 0 && (
            <EmptyState
              title={search || filterKey !== '{}' ? 'No matching results' : empty.title}
              action={search || filterKey !== '{}' ? undefined : empty.action}
            >
              {search || filterKey !== '{}' ? 'Try a different search or clear the filters.' : empty.description}
            </EmptyState>
          )}
        </div>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-muted">
        <p aria-live="polite">
          {count > 0 ? (
            <>
              Showing <span className="font-medium text-fg tabular">{from}</span>–<span className="font-medium text-fg tabular">{to}</span>{' '}
              of <span className="font-medium text-fg tabular">{count}</span>
            </>
          ) : (
            'No rows'
          )}
        </p>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2">
            <span className="max-sm:sr-only">Rows per page</span>
            <select
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
              className="h-8 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg"
            >
              {pageSizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <span className="tabular">
            Page {page} of {pageCount}
          </span>
          <div className="flex gap-1">
            <Button variant="secondary" size="sm" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft size={16} aria-hidden />
            </Button>
            <Button variant="secondary" size="sm" aria-label="Next page" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
              <ChevronRight size={16} aria-hidden />
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
