import { centreInputSchema, type Centre, type CentreInput } from '@arena/contracts';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, TextField } from '../../components/form';

type TextKey = Exclude<keyof CentreInput, 'is_active'>;
const FIELDS: { name: TextKey; label: string; type?: 'email' | 'tel'; wide?: boolean; placeholder?: string; autoComplete?: string }[] = [
  { name: 'name', label: 'Name', wide: true },
  { name: 'code', label: 'Code', placeholder: 'e.g. MAIN' },
  // A centre's phone may be a landline with its STD code, so it is plain text (not a 10-digit mobile).
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', wide: true, autoComplete: 'email' },
  { name: 'address', label: 'Address', wide: true, autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'gstin', label: 'GSTIN' },
  { name: 'opening_hours', label: 'Opening Hours', placeholder: '6:00 AM – 10:00 PM' },
];

const blank: CentreInput = {
  name: '',
  code: '',
  address: '',
  city: '',
  state: '',
  phone: '',
  email: '',
  gstin: '',
  opening_hours: '',
  is_active: true,
};

/** Create and edit share one form (style.md: MemberForm shared by create and edit). */
export function CentreForm({
  centre,
  open,
  onOpenChange,
  onSubmit,
}: {
  centre: Centre | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (input: CentreInput) => Promise<unknown>;
}) {
  const defaults: CentreInput = centre
    ? {
        name: centre.name,
        code: centre.code,
        address: centre.address,
        city: centre.city,
        state: centre.state,
        phone: centre.phone,
        email: centre.email,
        gstin: centre.gstin,
        opening_hours: centre.opening_hours,
        is_active: centre.is_active,
      }
    : blank;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={centre ? `Edit ${centre.name}` : 'Add Center'}
      description={centre ? 'Update the center’s details.' : 'A center is one location of your organization.'}
      schema={centreInputSchema}
      defaultValues={defaults}
      onSubmit={onSubmit}
      submitLabel={centre ? 'Save Changes' : 'Create Center'}
      size="lg"
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(({ wide, ...f }) => (
            <TextField key={f.name} control={control} {...f} required={f.name === 'name'} className={wide ? 'sm:col-span-2' : undefined} />
          ))}
          <CheckboxField
            control={control}
            name="is_active"
            label="Active"
            description="Shown in the center selector and online booking."
            className="sm:col-span-2"
          />
        </div>
      )}
    </FormDialog>
  );
}
