import { useState } from 'react';
import type { Paginated } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { Badge } from './Badge';
import { DataTable, type Column, type ListParams } from './DataTable';
import { Dialog } from './Dialog';

export interface AuditRow {
  id: number;
  resource: string;
  object_id: string | null;
  action: string;
  actor_email: string | null;
  before: unknown;
  after: unknown;
  ip?: string | null;
  created_at: string;
}

const TONE: Record<string, 'success' | 'info' | 'danger' | 'neutral'> = { create: 'success', update: 'info', delete: 'danger' };

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
  /** The logs list's API path, e.g. '/booking/logs/'. */
  exportPath: string;
}) {
  const [open, setOpen] = useState<T | null>(null);
  const columns: Column<T>[] = [
    {
      id: 'created_at',
      header: 'When',
      sortKey: 'created_at',
      cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.created_at)}</span>,
    },
    { id: 'actor', header: 'Who', cell: (r) => r.actor_email ?? 'System' },
    {
      id: 'action',
      header: 'Action',
      cell: (r) => <Badge tone={TONE[r.action] ?? 'neutral'}>{r.action}</Badge>,
    },
    {
      id: 'resource',
      header: 'Record',
      alwaysVisible: true,
      cell: (r) => `${r.resource.replace(/[-_]/g, ' ')}${r.object_id ? ` #${r.object_id}` : ''}`,
    },
    {
      id: 'details',
      header: 'Details',
      align: 'right',
      cell: (r) => (
        <button type="button" onClick={() => setOpen(r)} className="text-sm font-medium text-accent-text hover:underline">
          View
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
        empty={{ title: 'No activity yet', description: 'Every change made in this module is recorded here.' }}
      />
      <Dialog
        open={!!open}
        onOpenChange={(o) => !o && setOpen(null)}
        title={open ? `${open.action} ${open.resource}${open.object_id ? ` #${open.object_id}` : ''}` : 'Change'}
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
