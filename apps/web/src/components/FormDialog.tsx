import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useZodForm, type FormInput, type FormOutput, type FormSchema } from '../lib/form';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Form } from './form/Form';

export interface FormDialogProps<S extends FormSchema> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The contracts' zod schema: the same one the API validates with (style.md). */
  schema: S;
  defaultValues: DefaultValues<FormInput<S>>;
  /** Sends the parsed values; the dialog closes when it resolves and shows the server's errors when it throws. */
  onSubmit: (values: FormOutput<S>) => Promise<unknown>;
  submitLabel?: string;
  /** The submit button's text while sending ("Saving…"). */
  pendingLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  children: (form: UseFormReturn<FormInput<S>, unknown, FormOutput<S>>) => ReactNode;
}

/**
 * The one form dialog: a react-hook-form bound to a zod schema (`useZodForm`), its fields from
 * `children(form)`, server field errors (DRF-shaped 400s) under their fields and anything else in
 * a banner above them, Cancel and submit at the bottom. The form is made afresh each time it opens.
 */
export function FormDialog<S extends FormSchema>(props: FormDialogProps<S>) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description} size={props.size}>
      {props.open && <FormDialogBody {...props} />}
    </Dialog>
  );
}

function FormDialogBody<S extends FormSchema>({
  schema,
  defaultValues,
  onSubmit,
  onOpenChange,
  submitLabel,
  pendingLabel,
  children,
}: FormDialogProps<S>) {
  const form = useZodForm(schema, { defaultValues });
  return (
    <DialogForm
      form={form}
      onSubmit={async (values) => {
        await onSubmit(values);
        onOpenChange(false);
      }}
      onCancel={() => onOpenChange(false)}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
    >
      {children(form)}
    </DialogForm>
  );
}

/**
 * The body of a form dialog whose form the caller makes (with `useZodForm`, e.g. when the dialog
 * shows something else after a successful submit): banner, fields, and the footer every form
 * dialog has. Put it inside `<Dialog>`.
 */
export function DialogForm<I extends FieldValues, O>({
  form,
  onSubmit,
  onCancel,
  submitLabel = 'Save',
  pendingLabel = 'Saving…',
  cancelLabel = 'Cancel',
  destructive = false,
  children,
}: {
  form: UseFormReturn<I, unknown, O>;
  onSubmit: (values: O) => Promise<unknown>;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: string;
  /** The way out without submitting; name it apart when the submit itself cancels something ("Keep membership"). */
  cancelLabel?: string;
  /** The submit destroys or cancels something: styled as danger. */
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      footer={({ submitting }) => (
        <div className="sticky -bottom-4 z-10 -mx-5 -mb-4 flex justify-end gap-2 border-t border-line bg-surface px-5 py-3">
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : undefined} disabled={submitting}>
            {submitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      )}
    >
      {children}
    </Form>
  );
}
