import { GST_STATES } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import type { FieldValues, Path } from 'react-hook-form';
import { SelectField, TextareaField, TextField } from './form';
import type { ControlBinding } from './form/binding';

const STATE_OPTIONS = Object.entries(GST_STATES)
  .map(([code, name]) => ({ value: name, label: `${name} (${code})` }))
  .sort((a, b) => a.value.localeCompare(b.value));

/** The billing fields every buyer form holds (members, booking clients), as typed. */
export const BILLING_DEFAULTS = { gstin: '', billing_name: '', billing_address: '', billing_state: '' };

/**
 * A buyer's billing details for GST invoices (the server's `checkBilling` checks them together):
 * a GSTIN makes the invoices B2B; an unregistered buyer of ₹50,000 or more needs the address and
 * state. The state is the GSTIN's when left empty.
 */
export function BillingFields<F extends FieldValues>({ control, className }: Pick<ControlBinding<F>, 'control'> & { className?: string }) {
  const name = (field: keyof typeof BILLING_DEFAULTS) => field as Path<F>;
  return (
    <fieldset className={clsx('rounded-lg border border-line p-3', className)}>
      <legend className="px-1 text-sm font-medium text-fg">Billing for tax invoices</legend>
      <p className="mb-3 text-xs text-muted">
        Optional. With a GSTIN the invoices are B2B (the GSTIN and address are printed). A sale of ₹50,000 or more to a buyer without one
        needs the address and state.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={control}
          name={name('gstin')}
          label="GSTIN"
          placeholder="e.g. 29ABCDE1234F1ZW"
          maxLength={15}
          autoComplete="off"
        />
        <TextField control={control} name={name('billing_name')} label="Legal name" placeholder="As registered" maxLength={200} />
        <SelectField
          control={control}
          name={name('billing_state')}
          label="State"
          placeholder="The GSTIN's state"
          searchable
          options={STATE_OPTIONS}
        />
        <TextareaField control={control} name={name('billing_address')} label="Billing address" rows={2} maxLength={500} />
      </div>
    </fieldset>
  );
}
