import type { Sport } from '@arena/contracts';
import { Plus, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { fetchSports, sportKeys, useSportMutations } from './api';
import { SportForm } from './SportForm';

/** Administrator › Manage Sports/Events. */
export function SportListPage() {
  const { create, update, remove } = useSportMutations();
  const [editing, setEditing] = useState<Sport | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Sport | null>(null);
  const [kind, setKind] = useState('');

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const columns: Column<Sport>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      exportValue: (s) => s.name,
      cell: (s) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{s.name}</div>
          {s.description && <div className="line-clamp-1 text-xs text-muted">{s.description}</div>}
        </div>
      ),
    },
    { id: 'kind', header: 'Kind', cell: (s) => (s.kind === 'event' ? 'Event' : 'Sport'), exportValue: (s) => s.kind },
    {
      id: 'is_active',
      header: 'Status',
      exportValue: (s) => (s.is_active ? 'Active' : 'Inactive'),
      cell: (s) => (s.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
    {
      id: 'created_at',
      header: 'Created',
      sortKey: 'created_at',
      cell: (s) => <span className="whitespace-nowrap">{formatDate(s.created_at)}</span>,
      exportValue: (s) => s.created_at.slice(0, 10),
    },
    {
      id: 'actions',
      header: 'Actions',
      alwaysVisible: true,
      noExport: true,
      align: 'right',
      cell: (s) => (
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit ${s.name}`}
            onClick={() => {
              setEditing(s);
              setFormOpen(true);
            }}
          >
            Edit
          </Button>
          <Button size="sm" variant="ghost-danger" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Manage Sports/Events"
        description="The sports and events your centres offer. Facilities, plans and reports are grouped by them."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Sport/Event
          </Button>
        }
      />
      <DataTable
        title="Sports and events"
        queryKey={sportKeys.all}
        fetchPage={fetchSports}
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search name"
        filters={{ kind: kind || undefined }}
        filterControls={
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">Kind</span>
            <select
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              className="h-9 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg shadow-sm"
            >
              <option value="">All</option>
              <option value="sport">Sports</option>
              <option value="event">Events</option>
            </select>
          </label>
        }
        empty={{
          title: 'No sports or events yet',
          description: 'Add the sports you offer (Badminton, Football …) before creating facilities.',
          action: (
            <Button onClick={openCreate}>
              <Trophy size={16} aria-hidden /> Add Sport/Event
            </Button>
          ),
        }}
      />
      <SportForm
        sport={editing}
        open={formOpen}
        onOpenChange={setFormOpen}
        onSubmit={async (input) => {
          if (editing) {
            await update.mutateAsync({ id: editing.id, input });
            notify.success(`${input.name} was updated.`);
          } else {
            await create.mutateAsync(input);
            notify.success(`${input.name} was created.`);
          }
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'sport'}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            notify.success(`${deleting.name} was deleted.`);
          } catch (error) {
            notify.error(errorMessage(error));
          }
        }}
      >
        Facilities and plans that use it keep their history. If it is still in use, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}
