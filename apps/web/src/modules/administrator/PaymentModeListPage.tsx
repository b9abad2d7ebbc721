import { paymentModeInputSchema, type paymentModeSchema } from '@arena/contracts/administrator';
import { type z } from '@arena/contracts/kit';
import { CreditCard } from 'lucide-react';
import { createdAtColumn, statusColumn } from '../../components/columns';
import { CheckboxField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { paymentModes } from './api';

type PaymentMode = z.infer<typeof paymentModeSchema>;

/** Administrator › Payment Mode: the ways money is received (Cash, UPI, Card …), used by every payment. */
export function PaymentModeListPage() {
  return (
    <LookupListPage
      resource={paymentModes}
      title="Payment Mode"
      description="The ways you receive money. Staff pick one on every payment; inactive modes are hidden from new payments."
      addLabel="Add Payment Mode"
      tableTitle="Payment modes"
      columns={[
        {
          id: 'name',
          header: 'Name',
          sortKey: 'name',
          alwaysVisible: true,
          mobile: 'title',
          cell: (m: PaymentMode) => <span className="font-medium">{m.name}</span>,
        },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{ icon: CreditCard, title: 'No payment modes yet', description: 'Add Cash, UPI, Card and the other ways you are paid.' }}
      form={{
        schema: paymentModeInputSchema,
        size: 'sm',
        defaultValues: (m) => (m ? { name: m.name, is_active: m.is_active } : { name: '', is_active: true }),
        fields: ({ control }) => (
          <div className="space-y-4">
            <TextField control={control} name="name" label="Name" required placeholder="e.g. UPI" />
            <CheckboxField control={control} name="is_active" label="Active" />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Payments already recorded with it keep their mode. If it has been used, deactivate it instead."
    />
  );
}
