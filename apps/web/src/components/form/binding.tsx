import { useId, type ReactNode, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * How a field gets its value. Every field component takes one of:
 *
 * - `control` + `name`: bound to react-hook-form (`useController`); the error is the form's.
 *   `<SelectField control={form.control} name="payment_mode" label="Payment Mode" options={…} />`
 * - `value` + `onChange` (+ `error`): driven by hand, for a control outside a form (a page filter).
 *   `<SelectField label="Centre" value={centre} onChange={setCentre} options={…} />`
 */
export type Binding<F extends FieldValues, V> = ControlBinding<F> | ValueBinding<V>;

export interface ControlBinding<F extends FieldValues> {
  // The form's submitted type is irrelevant to a field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<F, any, any>;
  name: FieldPath<F>;
  value?: never;
  onChange?: never;
  error?: never;
}

export interface ValueBinding<V> {
  control?: undefined;
  name?: string;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string;
}

/** What a field component's control works with, whichever binding it was given. */
export interface Bound<V> {
  id: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  error?: string;
  /** react-hook-form focuses the first invalid field through it. */
  ref?: Ref<HTMLElement>;
}

const noop = () => undefined;

function Controlled<F extends FieldValues, V>({
  binding,
  id,
  render,
}: {
  binding: ControlBinding<F>;
  id: string;
  render: (bound: Bound<V>) => ReactNode;
}) {
  const { field, fieldState } = useController({ control: binding.control, name: binding.name });
  return render({
    id,
    name: field.name,
    value: field.value as V,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message ?? (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message,
    ref: field.ref,
  });
}

/** Resolves a field's binding and renders its control with it. */
export function Bind<F extends FieldValues, V>({
  binding,
  id,
  render,
}: {
  binding: Binding<F, V> & { id?: string };
  id?: string;
  render: (bound: Bound<V>) => ReactNode;
}) {
  const auto = useId();
  const fieldId = id ?? binding.id ?? auto;
  if (binding.control) return <Controlled binding={binding} id={fieldId} render={render} />;
  return render({
    id: fieldId,
    name: binding.name ?? fieldId,
    value: binding.value,
    onChange: binding.onChange,
    onBlur: binding.onBlur ?? noop,
    error: binding.error,
  });
}

type BindingKey = 'control' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'id';
const BINDING_KEYS: readonly string[] = ['control', 'name', 'value', 'onChange', 'onBlur', 'error', 'id'];

/** A field's own props without its binding, to spread the rest onto the native control. */
export function withoutBinding<T extends object>(props: T): Omit<T, BindingKey> {
  return Object.fromEntries(Object.entries(props).filter(([key]) => !BINDING_KEYS.includes(key))) as Omit<T, BindingKey>;
}
