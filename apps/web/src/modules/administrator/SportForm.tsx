import { sportInputSchema, type Sport } from '@arena/contracts';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { inputClass } from '../../components/TextField';

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
  onSubmit: (input: { name: string; kind: 'sport' | 'event'; description: string; is_active: boolean }) => Promise<unknown>;
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
      {(form) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" required error={form.formState.errors.name?.message} {...form.register('name')} />
          <div>
            <label htmlFor="sport-kind" className="mb-1.5 block text-sm font-medium">
              Kind
            </label>
            <select id="sport-kind" className={inputClass()} {...form.register('kind')}>
              <option value="sport">Sport</option>
              <option value="event">Event</option>
            </select>
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="sport-description" className="mb-1.5 block text-sm font-medium">
              Description
            </label>
            <textarea
              id="sport-description"
              rows={3}
              className={`${inputClass(!!form.formState.errors.description)} h-auto py-2`}
              {...form.register('description')}
            />
            {form.formState.errors.description && (
              <p className="mt-1.5 text-xs font-medium text-danger-text">{form.formState.errors.description.message}</p>
            )}
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="h-4 w-4 accent-[var(--color-accent)]" {...form.register('is_active')} />
            Active (offered for new facilities and plans)
          </label>
        </div>
      )}
    </FormDialog>
  );
}
