import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from '@arena/contracts';
import { errorMessage, fieldErrors, generalError } from '../lib/errors';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface FormDialogProps<S extends z.ZodType<FieldValues, FieldValues>> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The contracts' zod schema: the same one the API validates with (style.md). */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}

/**
 * A dialog with a react-hook-form bound to a zod schema. Server field errors (DRF-shaped 400s)
 * land under their own fields; anything else shows above the fields.
 */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: FormDialogProps<S>) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description} size={props.size}>
      {props.open && <FormDialogBody {...props} />}
    </Dialog>
  );
}

function FormDialogBody<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  onSubmit,
  onOpenChange,
  submitLabel = 'Save',
  children,
}: FormDialogProps<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never) as never, defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      onOpenChange(false);
    } catch (error) {
      const fields = fieldErrors(error);
      const known = Object.keys(defaultValues ?? {});
      const unplaced: string[] = [];
      for (const [name, message] of Object.entries(fields)) {
        if (known.includes(name)) form.setError(name as Path<z.input<S>>, { type: 'server', message });
        else unplaced.push(`${name}: ${message}`);
      }
      const general = generalError(error);
      if (general || unplaced.length) setFormError([general, ...unplaced].filter(Boolean).join('\n'));
      else if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      {formError && (
        <Alert tone="error" className="mb-4">
          {formError}
        </Alert>
      )}
      {children(form)}
      <div className="-mx-5 -mb-4 mt-6 flex justify-end gap-2 border-t border-line px-5 py-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
