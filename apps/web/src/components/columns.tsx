import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../lib/format';
import { Badge } from './Badge';
import { Button } from './Button';
import type { Column } from './DataTable';

/** The options of an `is_active` filter. */
export const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** Active/Inactive badge. */
export function statusColumn<T extends { is_active: boolean }>({ sortable = false }: { sortable?: boolean } = {}): Column<T> {
  return {
    id: 'is_active',
    header: 'Status',
    mobile: 'badge',
    ...(sortable && { sortKey: 'is_active' }),
    cell: (r) => (r.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
  };
}

/** Creation date, sortable; left off the phone's cards. */
/** The name column of a lookup: the name, sortable, always shown (the card's title on phones), with one muted line under it. */
export function nameColumn<T extends { name: string }>(subtitle: (row: T) => string | null | undefined): Column<T> {
  return {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    alwaysVisible: true,
    mobile: 'title',
    cell: (row: T) => {
      const sub = subtitle(row);
      return (
        <div className="min-w-[140px]">
          <div className="font-medium">{row.name}</div>
          {sub && <div className="line-clamp-1 text-xs text-muted">{sub}</div>}
        </div>
      );
    },
  };
}

export function createdAtColumn<T extends { created_at: string }>(): Column<T> {
  return {
    id: 'created_at',
    header: 'Created',
    sortKey: 'created_at',
    mobile: false,
    cell: (r) => <span className="whitespace-nowrap">{formatDate(r.created_at)}</span>,
  };
}

/** When the row was recorded, sortable, and under it who recorded it; hidden at first and left off the phone's cards. */
export function recordedColumn<T extends { created_at: string }>(by: (row: T) => string): Column<T> {
  return {
    id: 'created_at',
    header: 'Recorded',
    sortKey: 'created_at',
    mobile: false,
    defaultHidden: true,
    cell: (r) => (
      <span className="whitespace-nowrap">
        {formatDateTime(r.created_at)}
        {by(r) && <span className="block text-xs text-muted">{by(r)}</span>}
      </span>
    ),
  };
}

/** The row's buttons (`buttons` may give none), right-aligned; at the foot of a phone's card. */
export function actionsColumn<T>(buttons: (row: T) => ReactNode): Column<T> {
  return {
    id: 'actions',
    header: 'Actions',
    alwaysVisible: true,
    align: 'right',
    mobile: 'actions',
    cell: (r) => <div className="flex flex-wrap justify-end gap-1 sm:flex-nowrap">{buttons(r)}</div>,
  };
}

/**
 * The row's Edit and (optional) Delete buttons, named after the row (`Edit ${name}`).
 * `leading` renders before Edit, `afterEdit` between Edit and Delete.
 */
export function rowActionsColumn<T extends { name: string }>({
  onEdit,
  onDelete,
  leading,
  afterEdit,
}: {
  onEdit: (row: T) => void;
  onDelete?: (row: T) => void;
  leading?: (row: T) => ReactNode;
  afterEdit?: (row: T) => ReactNode;
}): Column<T> {
  return actionsColumn((r) => (
    <>
      {leading?.(r)}
      <Button size="sm" variant="ghost" aria-label={`Edit ${r.name}`} onClick={() => onEdit(r)}>
        Edit
      </Button>
      {afterEdit?.(r)}
      {onDelete && (
        <Button size="sm" variant="ghost-danger" aria-label={`Delete ${r.name}`} onClick={() => onDelete(r)}>
          Delete
        </Button>
      )}
    </>
  ));
}
