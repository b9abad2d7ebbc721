import { vendorInputSchema, type Vendor } from '@arena/contracts';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { CheckboxField, PhoneField, TextareaField, TextField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../../lib/resourceActions';
import { fetchVendors, incomeExpenseKeys, useVendorMutations } from './api';

/** Income/Expenses › Vendor: who the organisation pays (landlord, electricity board, suppliers), with their GSTIN. */
export function VendorListPage() {
  const { create, update, remove } = useVendorMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Vendor>();
  const deletion = useDeleteResource<Vendor>(remove);
  const setActive = setActiveWith(update);
  const [status, setStatus] = useState('');

  const columns: Column<Vendor>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (v) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{v.name}</div>
          {v.address && <div className="line-clamp-1 text-xs text-muted">{v.address}</div>}
        </div>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'meta', cell: (v) => <span className="tabular">{v.phone || '—'}</span> },
    { id: 'email', header: 'E-mail', mobile: 'meta', cell: (v) => v.email || '—' },
    {
      id: 'gstin',
      header: 'GSTIN',
      mobile: 'meta',
      cell: (v) => (v.gstin ? <span className="whitespace-nowrap font-mono text-xs">{v.gstin}</span> : '—'),
    },
    {
      id: 'notes',
      header: 'Notes',
      mobile: false,
      defaultHidden: true,
      cell: (v) => <span className="line-clamp-2">{v.notes || '—'}</span>,
    },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      afterEdit: (v) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${v.is_active ? 'Deactivate' : 'Activate'} ${v.name}`}
          onClick={() => void setActive(v, !v.is_active)}
        >
          {v.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Vendor"
        description="Who you pay: landlords, utilities, suppliers and contractors. Pick one when recording an expense."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Vendor
          </Button>
        }
      />
      <DataTable
        title="Vendors"
        queryKey={incomeExpenseKeys.vendors}
        fetchPage={fetchVendors}
        exportPath="/income-expense/vendor/"
        columns={columns}
        rowKey={(v) => v.id}
        searchPlaceholder="Search name, phone, GSTIN"
        filters={{ is_active: status || undefined }}
        filterControls={<FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />}
        onClearFilters={() => setStatus('')}
        empty={{
          icon: Building2,
          title: 'No vendors yet',
          description: 'Add the people and companies you pay, so expenses show who was paid.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Vendor
            </Button>
          ),
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Vendor'}
        schema={vendorInputSchema}
        defaultValues={
          editing
            ? {
                name: editing.name,
                phone: editing.phone,
                email: editing.email,
                gstin: editing.gstin,
                address: editing.address,
                notes: editing.notes,
                is_active: editing.is_active,
              }
            : { name: '', phone: '', email: '', gstin: '', address: '', notes: '', is_active: true }
        }
        onSubmit={saveResource(editing, { create, update })}
        submitLabel={editing ? 'Save Changes' : 'Create'}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={120} className="sm:col-span-2" />
            <PhoneField control={control} name="phone" label="Phone" />
            <TextField control={control} name="email" label="E-mail" type="email" maxLength={254} />
            <TextField
              control={control}
              name="gstin"
              label="GSTIN"
              placeholder="29ABCDE1234F1Z5"
              maxLength={15}
              normalise={(t) => t.toUpperCase()}
              hint="Optional; 15 characters. Lets you claim input GST on their bills."
              className="sm:col-span-2"
            />
            <TextareaField control={control} name="address" label="Address" rows={2} maxLength={500} className="sm:col-span-2" />
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when recording new expenses."
              className="sm:col-span-2"
            />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'vendor'}?`}>
        Only a vendor that no entry names can be deleted. If it is in use, deactivate it instead: its entries keep it.
      </ConfirmDialog>
    </div>
  );
}
