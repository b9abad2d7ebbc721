import type { Centre } from '@arena/contracts';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { saveResource, setActiveWith, useFormDialog } from '../../lib/resourceActions';
import { centreKeys, fetchCentres, useCentreMutations } from './api';
import { CentreForm } from './CentreForm';

/** Administrator › Manage Center: list, create, edit, deactivate and reactivate centres. */
export function CentreListPage() {
  const { create, update } = useCentreMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Centre>();
  const [deactivating, setDeactivating] = useState<Centre | null>(null);
  const [status, setStatus] = useState('');

  const setActive = setActiveWith(update);

  const columns: Column<Centre>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (c) => (
        <div className="min-w-[160px]">
          <div className="font-medium text-fg">{c.name}</div>
          {c.code && <div className="text-xs text-muted">{c.code}</div>}
        </div>
      ),
    },
    { id: 'code', header: 'Code', sortKey: 'code', cell: (c) => c.code || '—', defaultHidden: true, mobile: false },
    { id: 'city', header: 'City', mobile: 'meta', sortKey: 'city', cell: (c) => c.city || '—' },
    { id: 'state', header: 'State', mobile: 'meta', cell: (c) => c.state || '—' },
    { id: 'phone', header: 'Phone', mobile: 'meta', cell: (c) => c.phone || '—' },
    { id: 'email', header: 'Email', mobile: 'meta', cell: (c) => c.email || '—', defaultHidden: true },
    { id: 'gstin', header: 'GSTIN', cell: (c) => c.gstin || '—', defaultHidden: true, mobile: false },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({
      onEdit: openEdit,
      afterEdit: (c) =>
        c.is_active ? (
          <Button size="sm" variant="ghost-danger" aria-label={`Deactivate ${c.name}`} onClick={() => setDeactivating(c)}>
            Deactivate
          </Button>
        ) : (
          <Button size="sm" variant="ghost" aria-label={`Activate ${c.name}`} onClick={() => void setActive(c, true)}>
            Activate
          </Button>
        ),
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Manage Center"
        description="The locations of your organization. Inactive centers disappear from the center selector and online booking."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Center
          </Button>
        }
      />
      <DataTable
        title="Centers"
        queryKey={centreKeys.all}
        fetchPage={fetchCentres}
        exportPath="/administrator/centre/"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search name, code or city"
        filters={{ is_active: status || undefined }}
        filterControls={<FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />}
        onClearFilters={() => setStatus('')}
        empty={{
          icon: Building2,
          title: 'No centers yet',
          description: 'Add your first center to start taking members and bookings there.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Center
            </Button>
          ),
        }}
      />
      <CentreForm centre={editing} open={formOpen} onOpenChange={setFormOpen} onSubmit={saveResource(editing, { create, update })} />
      <ConfirmDialog
        open={!!deactivating}
        onOpenChange={(o) => !o && setDeactivating(null)}
        title={`Deactivate ${deactivating?.name ?? 'center'}?`}
        confirmLabel="Deactivate"
        onConfirm={() => (deactivating ? setActive(deactivating, false) : Promise.resolve())}
      >
        It will no longer appear in the center selector or online booking. Its history is kept, and you can activate it again at any time.
      </ConfirmDialog>
    </div>
  );
}
