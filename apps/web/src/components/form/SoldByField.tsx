import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FormControl } from '../../lib/form';
import { useStaffChoices } from '../../lib/lookups';
import { optionsOf } from './options';
import { SelectField } from './SelectField';

/**
 * A sale's optional "Sold by": the staff member it is credited to (their commission). Shown only
 * when the staff list loads (a user without Staff Management sees no field and sends none).
 */
export function SoldByField<F extends FieldValues>({
  control,
  name,
  className,
}: {
  control: FormControl<F>;
  name: FieldPath<F>;
  className?: string;
}) {
  const staff = useStaffChoices();
  if (!staff.data?.length) return null;
  return (
    <SelectField
      control={control}
      name={name}
      label="Sold by"
      placeholder="No one"
      options={optionsOf(staff.data)}
      hint="The staff member credited with this sale (commission)."
      className={className}
    />
  );
}

/** The form's Sold by text as the API takes it: a staff id or null. */
export const soldByRequest = (value: string | undefined): number | null => (value ? Number(value) : null);
