import { paymentModeInputSchema, type paymentModeSchema, type z } from '@arena/contracts';
import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { fetchPaymentModes, paymentModeKeys, usePaymentModeMutations } from './api';

type PaymentMode = z.infer<typeof paymentModeSchema>;

/** Administrator › Payment Mode: the ways money is received (Cash, UPI, Card …), used by every payment. */
export function PaymentModeListPage() {
  const { create, update, remove } = usePaymentModeMutations();
  const [editing, setEditing] = useState<PaymentMode | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMode | null>(null);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const setActive = async (mode: PaymentMode, is_active: boolean) => {
    try {
      await update.mutateAsync({ id: mode.id, input: { is_active } });
      notify.success(is_active ? `${mode.name} is active again.` : `${mode.name} was deactivated.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const columns: Column<PaymentMode>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      cell: (m) => <span className="font-medium">{m.name}</span>,
      exportValue: (m) => m.name,
    },
    {
      id: 'is_active',
      header: 'Status',
      exportValue: (m) => (m.is_active ? 'Active' : 'Inactive'),
      cell: (m) => (m.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
    {
      id: 'created_at',
      header: 'Created',
      sortKey: 'created_at',
      cell: (m) => <span className="whitespace-nowrap">{formatDate(m.created_at)}</span>,
      exportValue: (m) => m.created_at.slice(0, 10),
    },
    {
      id: 'actions',
      header: 'Actions',
      alwaysVisible: true,
      noExport: true,
      align: 'right',
      cell: (m) => (
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit ${m.name}`}
            onClick={() => {
              setEditing(m);
              setFormOpen(true);
            }}
          >
            Edit
          </Button>
          {m.is_active ? (
            <Button size="sm" variant="ghost" aria-label={`Deactivate ${m.name}`} onClick={() => void setActive(m, false)}>
              Deactivate
            </Button>
          ) : (
            <Button size="sm" variant="ghost" aria-label={`Activate ${m.name}`} onClick={() => void setActive(m, true)}>
              Activate
            </Button>
          )}
          <Button size="sm" variant="ghost-danger" aria-label={`Delete ${m.name}`} onClick={() => setDeleting(m)}>
            Delete
          </Button>
        </div>
      ),
    },
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
        columns={columns}
        rowKey={(m) => m.id}
        searchPlaceholder="Search name"
        empty={{
          title: 'No payment modes yet',
          description: 'Add Cash, UPI, Card and the other ways you are paid.',
          action: (
            <Button onClick={openCreate}>
              <CreditCard size={16} aria-hidden /> Add Payment Mode
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
        onSubmit={async (input) => {
          if (editing) {
            await update.mutateAsync({ id: editing.id, input });
            notify.success(`${input.name} was updated.`);
          } else {
            await create.mutateAsync(input);
            notify.success(`${input.name} was created.`);
          }
        }}
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
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'payment mode'}?`}
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
        Payments already recorded with it keep their mode. If it has been used, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}
