import { centreInputSchema, type Centre, type CentreInput } from '@arena/contracts';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';

const FIELDS: { name: keyof CentreInput & string; label: string; type?: string; wide?: boolean; placeholder?: string }[] = [
  { name: 'name', label: 'Name', wide: true },
  { name: 'code', label: 'Code', placeholder: 'e.g. MAIN' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'email', label: 'Email', type: 'email', wide: true },
  { name: 'address', label: 'Address', wide: true },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
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
      description={centre ? 'Update the centre’s details.' : 'A centre is one location of your organization.'}
      schema={centreInputSchema}
      defaultValues={defaults}
      onSubmit={onSubmit}
      submitLabel={centre ? 'Save Changes' : 'Create Center'}
      size="lg"
    >
      {(form) => (
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              type={f.type}
              placeholder={f.placeholder}
              required={f.name === 'name'}
              className={f.wide ? 'sm:col-span-2' : undefined}
              error={form.formState.errors[f.name]?.message as string | undefined}
              {...form.register(f.name)}
            />
          ))}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="h-4 w-4 accent-[var(--color-accent)]" {...form.register('is_active')} />
            Active (shown in the centre selector and online booking)
          </label>
        </div>
      )}
    </FormDialog>
  );
}
