import type { SortingState } from '@tanstack/react-table';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';
import type { Column } from './DataTable';
import { FilterSelect } from './FilterSelect';

/**
 * A list's toolbar on a phone: the search on its own row, then the filters behind a Filters
 * button (with how many are on), a Sort select standing in for the table's header clicks, and the
 * trailing buttons (Export, the page's actions).
 */
export function DataTablePhoneToolbar<T>({
  searchBox,
  filterControls,
  activeFilters,
  sortable,
  sorting,
  onSortingChange,
  trailing,
}: {
  searchBox: ReactNode;
  filterControls?: ReactNode;
  activeFilters: number;
  sortable: Column<T>[];
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  trailing: ReactNode;
}) {
  const filtersId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line p-3">
      {searchBox}
      {filterControls && (
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={filtersId} onClick={() => setOpen((o) => !o)}>
          <SlidersHorizontal size={15} aria-hidden /> Filters
          {activeFilters > 0 && (
            <span className="rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-fg tabular">{activeFilters}</span>
          )}
        </Button>
      )}
      {sortable.length > 0 && (
        <div className="min-w-0 flex-1">
          <FilterSelect
            label="Sort"
            allLabel="Default"
            value={sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : ''}
            onChange={(v) => {
              const [id, dir] = v.split(':');
              onSortingChange(v ? [{ id, desc: dir === 'desc' }] : []);
            }}
            options={sortable.flatMap((c) => [
              { value: `${c.id}:asc`, label: `${c.header} ↑` },
              { value: `${c.id}:desc`, label: `${c.header} ↓` },
            ])}
          />
        </div>
      )}
      <div className="ml-auto flex items-center gap-2">{trailing}</div>
      {filterControls && open && (
        <div id={filtersId} className="flex w-full flex-col gap-2 pt-1">
          {filterControls}
        </div>
      )}
    </div>
  );
}
