import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { format } from 'date-fns';
import { ChevronDown, Download, Inbox, Search, SearchX, type LucideIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { downloadFrom, type FileSource, type Paginated } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';
import { useDebounced } from '../lib/useDebounced';
import { Alert } from './Alert';
import { Button } from './Button';
import { ColumnsMenu } from './ColumnsMenu';
import { DataTableCards } from './DataTableCards';
import { DataTableGrid } from './DataTableGrid';
import { DataTablePager } from './DataTablePager';
import { DataTablePhoneToolbar } from './DataTablePhoneToolbar';
import { EmptyState } from './EmptyState';
import { Menu, MenuItem } from './Menu';
import { usePhoneLayout } from './usePhoneLayout';

export interface ListParams {
  page: number;
  page_size: number;
  search?: string;
  ordering?: string;
  [filter: string]: string | number | undefined;
}

/**
 * Where a column goes on a phone (< 640 px), where each row is a card: its `title` (and muted
 * `subtitle`s) on top, `badge`s top right, `meta` facts in two columns under them, `amount`s side
 * by side after those, `actions` at the bottom; false leaves it out. Default: 'amount' for
 * right-aligned columns, else 'meta'.
 */
export type MobilePlace = 'title' | 'subtitle' | 'badge' | 'meta' | 'amount' | 'actions' | false;

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Server ordering key; set to make the column sortable. */
  sortKey?: string;
  /** 'right' for amounts and counts: right-aligned in tabular numerals. */
  align?: 'left' | 'right';
  /** Columns the user cannot hide (the name, the actions). */
  alwaysVisible?: boolean;
  defaultHidden?: boolean;
  className?: string;
  mobile?: MobilePlace;
}

export interface DataTableProps<T> {
  /** The search the list opens with, e.g. from a link of the top bar's search (`?search=`). */
  initialSearch?: string;
  /**
   * Phone cards in one line of facts (the facts and amounts inline under the title), for lists a
   * desk scrolls through person by person: four or more cards a screen instead of two.
   */
  compactCards?: boolean;
  /** Names the table for assistive technology and the export file. */
  title: string;
  queryKey: readonly unknown[];
  fetchPage: (params: ListParams) => Promise<Paginated<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** The filters the user sets with `filterControls`; with a search they turn an empty list into "no matches". */
  filters?: Record<string, string | undefined>;
  /** Fixed parameters of the list that the user does not set here (the sidebar's centre, the client of these bookings). */
  scope?: Record<string, string | undefined>;
  filterControls?: ReactNode;
  /** Resets the page's filters; offered when nothing matches. */
  onClearFilters?: () => void;
  actions?: ReactNode;
  searchPlaceholder?: string;
  /** What an empty list says, and the action that fills it. */
  empty: { title: string; description?: ReactNode; action?: ReactNode; icon?: LucideIcon };
  pageSizes?: number[];
  /** The list's endpoint (and fixed query); the server builds the export of every matching row. */
  exportPath?: FileSource;
}

const EXPORTS = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
] as const;
type ExportFormat = (typeof EXPORTS)[number]['format'];

const given = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/**
 * The one list of the app (style.md): server-side search, filters, sort and pagination, column
 * choice, CSV/XLSX export built by the server, skeleton rows while loading, an empty state that
 * says what to do next, and cards instead of a table on a phone.
 */
export function DataTable<T>({
  initialSearch,
  compactCards,
  title,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  filters = {},
  scope = {},
  filterControls,
  onClearFilters,
  actions,
  searchPlaceholder = 'Search…',
  empty,
  pageSizes = [25, 50, 100],
  exportPath,
}: DataTableProps<T>) {
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [searchInput, setSearchInput] = useState(initialSearch ?? '');
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
  const userFilters = given(filters);
  const activeFilters = Object.keys(userFilters).length;
  const listFilters = { ...given(scope), ...userFilters };
  // A new search, filter or sort starts again from the first page.
  const currentKey = JSON.stringify([search, listFilters, ordering]);
  const [lastKey, setLastKey] = useState(currentKey);
  if (currentKey !== lastKey) {
    setLastKey(currentKey);
    setPage(1);
  }

  const params: ListParams = { page, page_size: pageSize, search: search || undefined, ordering, ...listFilters };
  const query = useQuery({ queryKey: [...queryKey, params], queryFn: () => fetchPage(params), placeholderData: keepPreviousData });
  const rows = useMemo(() => query.data?.results ?? [], [query.data]);
  const count = query.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  // Deleting the last row of the last page leaves a page past the end: show the new last page.
  if (query.data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);

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
  const sortable = visibleColumns.filter((c) => c.sortKey);

  async function exportAs(kind: ExportFormat) {
    if (!exportPath) return;
    setExporting(true);
    try {
      const fallback = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${format(new Date(), 'yyyy-MM-dd')}.${kind}`;
      await downloadFrom(exportPath, { search: search || undefined, ordering, ...listFilters, format: kind }, fallback);
      notify.success('Export ready');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

  const loading = query.isPending;
  const dimmed = query.isPlaceholderData;
  const filtered = !!search || activeFilters > 0;
  const clearAll = () => {
    setSearchInput('');
    onClearFilters?.();
  };

  const searchBox = (
    <div className="relative w-full sm:w-auto sm:min-w-[220px] sm:max-w-xs sm:flex-1">
      <Search size={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
      <input
        type="search"
        value={searchInput}
        onChange={(e) => setSearchInput(e.target.value)}
        placeholder={searchPlaceholder}
        aria-label={`Search ${title.toLowerCase()}`}
        className="h-9 w-full rounded-md border border-line-strong bg-surface pl-8 pr-3 text-sm text-fg shadow-sm placeholder:text-muted focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      />
    </div>
  );
  const exportMenu = exportPath && (
    <Menu
      heading={`Export all ${count} ${count === 1 ? 'row' : 'rows'}`}
      trigger={
        <Button variant="secondary" size="sm" disabled={exporting || count === 0} aria-label={phone ? 'Export' : undefined}>
          <Download size={15} aria-hidden /> {!phone && (exporting ? 'Exporting…' : 'Export')}
          <ChevronDown size={14} className="-mr-1 opacity-60" aria-hidden />
        </Button>
      }
    >
      {EXPORTS.map((e) => (
        <MenuItem key={e.format} onSelect={() => void exportAs(e.format)}>
          {e.label}
        </MenuItem>
      ))}
    </Menu>
  );

  return (
    <div className="rounded-lg border border-line bg-surface shadow-[0_1px_2px_rgba(16,24,40,0.04)]">
      {phone ? (
        <DataTablePhoneToolbar
          searchBox={searchBox}
          filterControls={filterControls}
          activeFilters={activeFilters}
          sortable={sortable}
          sorting={sorting}
          onSortingChange={setSorting}
          trailing={
            <>
              {exportMenu}
              {actions}
            </>
          }
        />
      ) : (
        <div className="flex items-start gap-2 border-b border-line p-3">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            {searchBox}
            {filterControls}
          </div>
          <div className="flex h-9 shrink-0 items-center gap-2">
            <ColumnsMenu columns={columns} visibility={visibility} onChange={(id, v) => setVisibility((old) => ({ ...old, [id]: v }))} />
            {exportMenu}
            {actions}
          </div>
        </div>
      )}

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
        <div className={phone ? undefined : 'max-h-[70vh] overflow-auto'}>
          {phone ? (
            <DataTableCards
              title={title}
              rows={rows}
              columns={visibleColumns}
              rowKey={rowKey}
              loading={loading}
              dimmed={dimmed}
              compact={compactCards}
            />
          ) : (
            <DataTableGrid
              title={title}
              table={table}
              columns={columns}
              sorting={sorting}
              onSortingChange={setSorting}
              loading={loading}
              dimmed={dimmed}
              busy={query.isFetching}
              skeletonRows={Math.min(pageSize, 8)}
            />
          )}
          {!loading &&
            rows.length === 0 &&
            (filtered ? (
              <EmptyState
                icon={SearchX}
                title="No matching results"
                action={
                  (search || onClearFilters) && (
                    <Button variant="secondary" onClick={clearAll}>
                      {search && activeFilters && onClearFilters ? 'Clear search and filters' : search ? 'Clear search' : 'Clear filters'}
                    </Button>
                  )
                }
              >
                {search ? `Nothing matches “${search}”${activeFilters ? ' with these filters' : ''}.` : 'Nothing matches these filters.'}
              </EmptyState>
            ) : (
              <EmptyState icon={empty.icon ?? Inbox} title={empty.title} action={empty.action}>
                {empty.description}
              </EmptyState>
            ))}
        </div>
      )}

      {(loading || count > 0) && (
        <DataTablePager
          page={page}
          pageSize={pageSize}
          pageSizes={pageSizes}
          count={count}
          loading={loading}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
