import { clientInputSchema } from '@arena/contracts';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
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
          ? { name: client.name, email: client.email, mobile: client.mobile, notes: client.notes }
          : { name: '', email: '', mobile: '', notes: '' }
      }
      onSubmit={onSubmit}
      submitLabel={client ? 'Save Changes' : 'Create Client'}
    >
      {(form) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            required
            className="sm:col-span-2"
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="Mobile"
            type="tel"
            inputMode="numeric"
            error={form.formState.errors.mobile?.message}
            {...form.register('mobile')}
          />
          <TextField label="Email" type="email" error={form.formState.errors.email?.message} {...form.register('email')} />
          <TextField label="Notes" className="sm:col-span-2" error={form.formState.errors.notes?.message} {...form.register('notes')} />
        </div>
      )}
    </FormDialog>
  );
}
