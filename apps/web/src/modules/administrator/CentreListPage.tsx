import type { Centre } from '@arena/contracts';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
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
      cell: (c) => (
        <div className="min-w-[160px]">
          <div className="font-medium text-fg">{c.name}</div>
          {c.code && <div className="text-xs text-muted">{c.code}</div>}
        </div>
      ),
    },
    { id: 'code', header: 'Code', sortKey: 'code', cell: (c) => c.code || '—', defaultHidden: true },
    { id: 'city', header: 'City', sortKey: 'city', cell: (c) => c.city || '—' },
    { id: 'state', header: 'State', cell: (c) => c.state || '—' },
    { id: 'phone', header: 'Phone', cell: (c) => c.phone || '—' },
    { id: 'email', header: 'Email', cell: (c) => c.email || '—', defaultHidden: true },
    { id: 'gstin', header: 'GSTIN', cell: (c) => c.gstin || '—', defaultHidden: true },
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
        description="The locations of your organization. Inactive centres disappear from the centre selector and online booking."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Center
          </Button>
        }
      />
      <DataTable
        title="Centres"
        queryKey={centreKeys.all}
        fetchPage={fetchCentres}
        exportPath="/administrator/centre/"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search name, code or city"
        filters={{ is_active: status || undefined }}
        filterControls={
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">Status</span>
            <select
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              className="h-9 rounded-md border border-line-strong bg-surface px-2 text-sm text-fg shadow-sm"
            >
              <option value="">All</option>
              <option value="true">Active</option>
              <option value="false">Inactive</option>
            </select>
          </label>
        }
        empty={{
          title: 'No centres yet',
          description: 'Add your first centre to start taking members and bookings there.',
          action: (
            <Button onClick={openCreate}>
              <Building2 size={16} aria-hidden /> Add Center
            </Button>
          ),
        }}
      />
      <CentreForm centre={editing} open={formOpen} onOpenChange={setFormOpen} onSubmit={saveResource(editing, { create, update })} />
      <ConfirmDialog
        open={!!deactivating}
        onOpenChange={(o) => !o && setDeactivating(null)}
        title={`Deactivate ${deactivating?.name ?? 'centre'}?`}
        confirmLabel="Deactivate"
        onConfirm={() => (deactivating ? setActive(deactivating, false) : Promise.resolve())}
      >
        It will no longer appear in the centre selector or online booking. Its history is kept, and you can activate it again at any time.
      </ConfirmDialog>
    </div>
  );
}
