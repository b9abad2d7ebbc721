import type { Sport } from '@arena/contracts';
import { Plus, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { saveResource, useDeleteResource, useFormDialog } from '../../lib/resourceActions';
import { fetchSports, sportKeys, useSportMutations } from './api';
import { SportForm } from './SportForm';

/** Administrator › Manage Sports/Events. */
export function SportListPage() {
  const { create, update, remove } = useSportMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Sport>();
  const deletion = useDeleteResource<Sport>(remove);
  const [kind, setKind] = useState('');

  const columns: Column<Sport>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      cell: (s) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{s.name}</div>
          {s.description && <div className="line-clamp-1 text-xs text-muted">{s.description}</div>}
        </div>
      ),
    },
    { id: 'kind', header: 'Kind', cell: (s) => (s.kind === 'event' ? 'Event' : 'Sport') },
    statusColumn(),
    createdAtColumn(),
    rowActionsColumn({ onEdit: openEdit, onDelete: deletion.askDelete }),
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
        exportPath="/administrator/sport/"
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
      <SportForm sport={editing} open={formOpen} onOpenChange={setFormOpen} onSubmit={saveResource(editing, { create, update })} />
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'sport'}?`}>
        Facilities and plans that use it keep their history. If it is still in use, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}
