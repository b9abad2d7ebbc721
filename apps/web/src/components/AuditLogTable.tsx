import { History } from 'lucide-react';
import { useState } from 'react';
import type { FileSource, Paginated } from '../lib/api';
import { capitalise, formatDateTime } from '../lib/format';
import { Badge } from './Badge';
import { DataTable, type Column, type ListParams } from './DataTable';
import { Dialog } from './Dialog';
import { FilterSelect } from './FilterSelect';

export interface AuditRow {
  id: number;
  resource: string;
  object_id: string | null;
  /** The record's name when it was changed (e.g. the booking code), if the server knows it. */
  object_label?: string | null;
  action: string;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  ip?: string | null;
  created_at: string;
}

const TONE: Record<string, 'success' | 'info' | 'danger' | 'neutral'> = { create: 'success', update: 'info', delete: 'danger' };
const ACTIONS = [
  { value: 'create', label: 'Create' },
  { value: 'update', label: 'Update' },
  { value: 'delete', label: 'Delete' },
  { value: 'action', label: 'Other action' },
];

/** "booking BK-2026-000012", else "booking #12". */
const recordName = (r: AuditRow) =>
  `${r.resource.replace(/[-_]/g, ' ')}${r.object_label ? ` ${r.object_label}` : r.object_id ? ` #${r.object_id}` : ''}`;

/** A module's logs screen: who changed what and when, with the before/after of each change. */
export function AuditLogTable<T extends AuditRow>({
  title,
  queryKey,
  fetchPage,
  exportPath,
}: {
  title: string;
  queryKey: readonly unknown[];
  fetchPage: (p: ListParams) => Promise<Paginated<T>>;
  /** The logs list's export: its endpoint (`{endpoint: membershipLogs}`). */
  exportPath: FileSource;
}) {
  const [open, setOpen] = useState<T | null>(null);
  const [action, setAction] = useState('');
  const columns: Column<T>[] = [
    {
      id: 'created_at',
      header: 'When',
      sortKey: 'created_at',
      mobile: 'subtitle',
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.created_at)}</span>,
    },
    { id: 'actor', header: 'Who', mobile: 'meta', cell: (r) => r.actor_email ?? 'System' },
    {
      id: 'action',
      header: 'Action',
      mobile: 'badge',
      cell: (r) => <Badge tone={TONE[r.action] ?? 'neutral'}>{capitalise(r.action)}</Badge>,
    },
    {
      id: 'resource',
      header: 'Record',
      alwaysVisible: true,
      mobile: 'title',
      cell: (r) => (
        <button type="button" onClick={() => setOpen(r)} className="text-left font-medium text-accent-text hover:underline">
          {capitalise(recordName(r))}
        </button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        title={title}
        queryKey={queryKey}
        fetchPage={fetchPage}
        exportPath={exportPath}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Search user or record"
        filters={{ action: action || undefined }}
        filterControls={<FilterSelect label="Action" value={action} onChange={setAction} options={ACTIONS} />}
        onClearFilters={() => setAction('')}
        empty={{
          icon: History,
          title: 'No activity yet',
          description: 'Every change made in this module (who, what and when, with the values before and after) is recorded here.',
        }}
      />
      <Dialog
        open={!!open}
        onOpenChange={(o) => !o && setOpen(null)}
        title={open ? `${capitalise(open.action)}: ${recordName(open)}` : 'Change'}
        size="lg"
      >
        {open && (
          <div className="grid gap-4 text-xs sm:grid-cols-2">
            {(['before', 'after'] as const).map((k) => (
              <div key={k}>
                <h3 className="mb-1 font-semibold uppercase tracking-wide text-muted">{k}</h3>
                <pre className="max-h-80 overflow-auto rounded-md bg-subtle p-3">{open[k] ? JSON.stringify(open[k], null, 2) : '—'}</pre>
              </div>
            ))}
            <p className="text-muted sm:col-span-2">
              {open.actor_email ?? 'System'} · {formatDateTime(open.created_at)}
              {open.ip ? ` · ${open.ip}` : ''}
            </p>
          </div>
        )}
      </Dialog>
    </>
  );
}
