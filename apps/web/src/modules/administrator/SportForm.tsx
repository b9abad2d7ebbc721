import { sportInputSchema, type Sport, type z } from '@arena/contracts';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/form';

const KINDS = [
  { value: 'sport', label: 'Sport' },
  { value: 'event', label: 'Event' },
];

/** Create and edit a sport or event. */
export function SportForm({
  sport,
  open,
  onOpenChange,
  onSubmit,
}: {
  sport: Sport | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (input: z.output<typeof sportInputSchema>) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={sport ? `Edit ${sport.name}` : 'Add Sport/Event'}
      description="Sports and events group your facilities, plans and reports."
      schema={sportInputSchema}
      defaultValues={
        sport
          ? { name: sport.name, kind: sport.kind, description: sport.description, is_active: sport.is_active }
          : { name: '', kind: 'sport', description: '', is_active: true }
      }
      onSubmit={onSubmit}
      submitLabel={sport ? 'Save Changes' : 'Create'}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="name" label="Name" required />
          <SelectField control={control} name="kind" label="Kind" options={KINDS} />
          <TextareaField control={control} name="description" label="Description" maxLength={1000} className="sm:col-span-2" />
          <CheckboxField
            control={control}
            name="is_active"
            label="Active"
            description="Offered for new facilities and plans."
            className="sm:col-span-2"
          />
        </div>
      )}
    </FormDialog>
  );
}
