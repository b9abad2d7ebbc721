import { clsx } from 'clsx';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FormControl } from '../../lib/form';
import { usePaymentModes } from '../../lib/lookups';
import { MoneyField } from './MoneyField';
import { optionsOf } from './options';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

/**
 * A money movement's Amount, Payment Mode and Reference, the same on every screen that takes or
 * gives back money (a sale's payment, a booking's payment, a refund). `prefix` is the form's path
 * of the payment object ('' when the three fields sit at the top of the form).
 */
export function PaymentFields<F extends FieldValues>({
  control,
  prefix = '',
  amountLabel = 'Amount',
  amountHint,
  required,
  className,
}: {
  control: FormControl<F>;
  prefix?: string;
  amountLabel?: string;
  amountHint?: string;
  /** Every field is required (a payment taken now), rather than the whole payment being optional. */
  required?: boolean;
  className?: string;
}) {
  const modes = usePaymentModes();
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field) as FieldPath<F>;
  return (
    <div className={clsx('grid gap-4 sm:grid-cols-3', className)}>
      <MoneyField control={control} name={name('amount')} label={amountLabel} hint={amountHint} required={required} />
      <SelectField
        control={control}
        name={name('payment_mode')}
        label="Payment Mode"
        required={required}
        placeholder="Select mode"
        options={optionsOf(modes.data)}
        loading={modes.isPending}
      />
      <TextField control={control} name={name('reference')} label="Reference" placeholder="UPI ref (UTR), cheque no." maxLength={100} />
    </div>
  );
}
