import type { Sport } from '@arena/contracts';
import { Plus, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
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
  const [status, setStatus] = useState('');

  const columns: Column<Sport>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (s) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{s.name}</div>
          {s.description && <div className="line-clamp-1 text-xs text-muted">{s.description}</div>}
        </div>
      ),
    },
    { id: 'kind', header: 'Kind', sortKey: 'kind', mobile: 'subtitle', cell: (s) => (s.kind === 'event' ? 'Event' : 'Sport') },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({ onEdit: openEdit, onDelete: deletion.askDelete }),
  ];

  return (
    <div>
      <PageHeader
        title="Manage Sports/Events"
        description="The sports and events your centers offer. Facilities, plans and reports are grouped by them."
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
        filters={{ kind: kind || undefined, is_active: status || undefined }}
        filterControls={
          <>
            <FilterSelect
              label="Kind"
              value={kind}
              onChange={setKind}
              options={[
                { value: 'sport', label: 'Sports' },
                { value: 'event', label: 'Events' },
              ]}
            />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />
          </>
        }
        onClearFilters={() => {
          setKind('');
          setStatus('');
        }}
        empty={{
          icon: Trophy,
          title: 'No sports or events yet',
          description: 'Add the sports you offer (Badminton, Football …) before creating facilities.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Sport/Event
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
