import { clientInputSchema } from '@arena/contracts/booking';
import { BILLING_DEFAULTS, BillingFields } from '../../components/BillingFields';
import { FormDialog } from '../../components/FormDialog';
import { MessageOptOutFields, OPT_OUT_DEFAULTS } from '../../components/MessageOptOutFields';
import { PhoneField, TextareaField, TextField } from '../../components/form';
import type { Client, ClientInput } from './api';

/** Create and edit a booking client. */
export function ClientForm({
  client,
  open,
  onOpenChange,
  onSubmit,
}: {
  client: Client | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (input: ClientInput) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={client ? `Edit ${client.name}` : 'Add Client'}
      schema={clientInputSchema}
      defaultValues={
        client
          ? {
              name: client.name,
              email: client.email,
              mobile: client.mobile,
              notes: client.notes,
              gstin: client.gstin,
              billing_name: client.billing_name,
              billing_address: client.billing_address,
              billing_state: client.billing_state,
              message_opt_out: client.message_opt_out,
            }
          : { name: '', email: '', mobile: '', notes: '', ...BILLING_DEFAULTS, ...OPT_OUT_DEFAULTS }
      }
      onSubmit={onSubmit}
      submitLabel={client ? 'Save Changes' : 'Create Client'}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="name" label="Name" required autoComplete="name" className="sm:col-span-2" />
          <PhoneField control={control} name="mobile" label="Mobile" />
          <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
          <MessageOptOutFields control={control} className="sm:col-span-2" />
          <BillingFields control={control} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
