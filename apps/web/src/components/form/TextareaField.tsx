import { clsx } from 'clsx';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper } from './FieldWrapper';

interface TextareaOwnProps {
  rows?: number;
  /** The most characters; shows a live "current/limit" counter. */
  maxLength?: number;
  placeholder?: string;
}
export type TextareaFieldProps<F extends FieldValues> = FieldProps & TextareaOwnProps & Binding<F, string>;

/** A labelled multi-line text; with `maxLength`, a counter under it (as the note dialog of spec 5 has). */
export function TextareaField<F extends FieldValues>(props: TextareaFieldProps<F>) {
  const { rows = 3, maxLength, placeholder } = props;
  const counter = (text: string, id: string) =>
    maxLength !== undefined && (
      <p id={`${id}-counter`} className={clsx('shrink-0 tabular', text.length >= maxLength ? 'text-danger-text' : 'text-muted')}>
        {text.length}/{maxLength}
      </p>
    );
  return (
    <FieldWrapper field={props} aside={(value, id) => counter(value ?? '', id)}>
      {({ input, value, onChange, error }) => (
        <textarea
          {...input}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={
            [input['aria-describedby'], maxLength !== undefined ? `${input.id}-counter` : null].filter(Boolean).join(' ') || undefined
          }
          className={clsx(controlClass(!!error), 'h-auto py-2 leading-relaxed')}
        />
      )}
    </FieldWrapper>
  );
}
