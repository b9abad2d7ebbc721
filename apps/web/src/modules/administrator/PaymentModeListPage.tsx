import { paymentModeInputSchema, type paymentModeSchema, type z } from '@arena/contracts';
import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../../lib/resourceActions';
import { fetchPaymentModes, paymentModeKeys, usePaymentModeMutations } from './api';

type PaymentMode = z.infer<typeof paymentModeSchema>;

/** Administrator › Payment Mode: the ways money is received (Cash, UPI, Card …), used by every payment. */
export function PaymentModeListPage() {
  const { create, update, remove } = usePaymentModeMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<PaymentMode>();
  const deletion = useDeleteResource<PaymentMode>(remove);
  const [status, setStatus] = useState('');

  const setActive = setActiveWith(update);

  const columns: Column<PaymentMode>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (m) => <span className="font-medium">{m.name}</span>,
    },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      afterEdit: (m) =>
        m.is_active ? (
          <Button size="sm" variant="ghost" aria-label={`Deactivate ${m.name}`} onClick={() => void setActive(m, false)}>
            Deactivate
          </Button>
        ) : (
          <Button size="sm" variant="ghost" aria-label={`Activate ${m.name}`} onClick={() => void setActive(m, true)}>
            Activate
          </Button>
        ),
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Payment Mode"
        description="The ways you receive money. Staff pick one on every payment; inactive modes are hidden from new payments."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Payment Mode
          </Button>
        }
      />
      <DataTable
        title="Payment modes"
        queryKey={paymentModeKeys.all}
        fetchPage={fetchPaymentModes}
        exportPath="/administrator/payment-mode/"
        columns={columns}
        rowKey={(m) => m.id}
        searchPlaceholder="Search name"
        filters={{ is_active: status || undefined }}
        filterControls={<FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />}
        onClearFilters={() => setStatus('')}
        empty={{
          icon: CreditCard,
          title: 'No payment modes yet',
          description: 'Add Cash, UPI, Card and the other ways you are paid.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Payment Mode
            </Button>
          ),
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Payment Mode'}
        schema={paymentModeInputSchema}
        defaultValues={editing ? { name: editing.name, is_active: editing.is_active } : { name: '', is_active: true }}
        submitLabel={editing ? 'Save Changes' : 'Create'}
        size="sm"
        onSubmit={saveResource(editing, { create, update })}
      >
        {(form) => (
          <div className="space-y-4">
            <TextField
              label="Name"
              required
              placeholder="e.g. UPI"
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-[var(--color-accent)]" {...form.register('is_active')} />
              Active
            </label>
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'payment mode'}?`}>
        Payments already recorded with it keep their mode. If it has been used, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}
