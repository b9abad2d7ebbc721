import { clsx } from 'clsx';
import type { FieldValues } from 'react-hook-form';
import { Bind, type Binding, type ControlProps } from './binding';
import { controlClass, describedBy, FieldFrame, type FieldProps } from './Field';

interface TextareaOwnProps {
  rows?: number;
  /** The most characters; shows a live "current/limit" counter. */
  maxLength?: number;
  placeholder?: string;
}
export type TextareaFieldProps<F extends FieldValues> = FieldProps & TextareaOwnProps & Binding<F, string>;

/** A labelled multi-line text; with `maxLength`, a counter under it (as the note dialog of spec 5 has). */
export function TextareaField<F extends FieldValues>(props: TextareaFieldProps<F>) {
  return <Bind binding={props} render={(f) => <TextareaControl {...props} {...f} />} />;
}

function TextareaControl({
  id,
  name,
  value,
  onChange,
  onBlur,
  error,
  ref,
  label,
  labelDisplay,
  hint,
  required,
  disabled,
  className,
  rows = 3,
  maxLength,
  placeholder,
}: ControlProps<FieldProps & TextareaOwnProps, string>) {
  const text = value ?? '';
  const counter =
    maxLength !== undefined ? (
      <p id={`${id}-counter`} className={clsx('shrink-0 tabular', text.length >= maxLength ? 'text-danger-text' : 'text-muted')}>
        {text.length}/{maxLength}
      </p>
    ) : undefined;
  return (
    <FieldFrame
      id={id}
      label={label}
      labelDisplay={labelDisplay}
      required={required}
      hint={hint}
      error={error}
      aside={counter}
      className={className}
    >
      <textarea
        ref={ref as never}
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={[describedBy(id, error, hint), counter ? `${id}-counter` : null].filter(Boolean).join(' ') || undefined}
        className={clsx(controlClass(!!error), 'h-auto py-2 leading-relaxed')}
      />
    </FieldFrame>
  );
}
