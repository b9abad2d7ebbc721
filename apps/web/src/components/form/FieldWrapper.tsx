import type { ReactNode, Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Bind, withoutBinding, type Binding, type Bound } from './binding';
import { describedBy, FieldFrame, type FieldProps } from './Field';

/** What `FieldWrapper` hands a field component's control. */
export interface FieldControl<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  /** The error shown under the control (the form's, or the one `FieldWrapper`'s `error` made of it). */
  error?: string;
  /** id, name, ref, onBlur, disabled and the aria wiring (invalid, required, described by the error or hint): spread onto the native control. */
  input: {
    id: string;
    name: string;
    ref?: Ref<never>;
    onBlur: () => void;
    disabled?: boolean;
    'aria-invalid'?: true;
    'aria-required'?: true;
    'aria-describedby'?: string;
  };
}

/**
 * The one wrapper of every field component: resolves its binding (`control` + `name`, or `value` +
 * `onChange`), frames it (the label with its required mark, then the error or hint, and `aside`)
 * and gives the control its id wiring. A field component is its control only:
 *
 *   <FieldWrapper field={props}>{(f) => <input {...f.input} value={f.value} onChange={(e) => f.onChange(e.target.value)} />}</FieldWrapper>
 *
 * `error` rewrites the form's error from the value (a date that does not read as one); `frame={false}`
 * leaves the framing to the control (a checkbox's label beside it, a fieldset's legend).
 */
export function FieldWrapper<F extends FieldValues, V>({
  field,
  error: shownError,
  aside,
  frame = true,
  children,
}: {
  field: FieldProps & Binding<F, V>;
  error?: (value: V, error: string | undefined) => string | undefined;
  aside?: (value: V, id: string) => ReactNode;
  frame?: boolean;
  children: (control: FieldControl<V>, bound: Bound<V>) => ReactNode;
}) {
  const { label, labelDisplay, hint, required, disabled, className } = field;
  return (
    <Bind<F, V>
      binding={field}
      render={(bound) => {
        const error = shownError ? shownError(bound.value, bound.error) : bound.error;
        const control: FieldControl<V> = {
          value: bound.value,
          onChange: bound.onChange,
          onBlur: bound.onBlur,
          error,
          input: {
            id: bound.id,
            name: bound.name,
            ref: bound.ref as Ref<never> | undefined,
            onBlur: bound.onBlur,
            disabled,
            'aria-invalid': error ? true : undefined,
            'aria-required': required || undefined,
            'aria-describedby': describedBy(bound.id, error, hint),
          },
        };
        if (!frame) return children(control, bound);
        return (
          <FieldFrame
            id={bound.id}
            label={label}
            labelDisplay={labelDisplay}
            required={required}
            hint={hint}
            error={error}
            aside={aside?.(bound.value, bound.id)}
            className={className}
          >
            {children(control, bound)}
          </FieldFrame>
        );
      }}
    />
  );
}

const FIELD_KEYS: readonly string[] = ['label', 'hint', 'required', 'disabled', 'className', 'labelDisplay'];

/** A field component's own props, without its binding and the `FieldProps` that `FieldWrapper` handles: what is left goes to the control. */
export function ownProps<T extends object>(
  props: T,
): Omit<T, keyof FieldProps | 'control' | 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> {
  return Object.fromEntries(Object.entries(withoutBinding(props)).filter(([key]) => !FIELD_KEYS.includes(key))) as never;
}
