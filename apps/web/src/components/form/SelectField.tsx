import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { Combobox } from './Combobox';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper } from './FieldWrapper';
import { SEARCHABLE_AFTER, type SelectOption } from './options';

interface SelectOwnProps {
  options: readonly SelectOption[];
  /** The first, empty choice ('' as value): "Select facility", or a real one such as "All centres". */
  placeholder?: string;
  /** A searchable combobox instead of a native select; by default when there are more than 10 options. */
  searchable?: boolean;
  /** While the options load: the control is disabled and says so. */
  loading?: boolean;
}
export type SelectFieldProps<F extends FieldValues> = FieldProps & SelectOwnProps & Binding<F, string>;

/**
 * A labelled choice of one option. A short list is a native `<select>` (the phone's own picker);
 * a long one is a combobox the user can type into to filter. The value is the option's `value`
 * text ('' for the placeholder); `optionsOf(lookup.data)` turns a lookup into options.
 */
export function SelectField<F extends FieldValues>(props: SelectFieldProps<F>) {
  const { options, placeholder, loading, label } = props;
  const searchable = props.searchable ?? options.length > SEARCHABLE_AFTER;
  return (
    <FieldWrapper field={props}>
      {({ input: { ref, name, onBlur, ...input }, value, onChange, error }) => {
        const common = { ...input, disabled: input.disabled || loading, 'aria-busy': loading || undefined } as const;
        return searchable ? (
          <Combobox
            {...common}
            label={label}
            inputRef={ref}
            value={value ?? ''}
            onChange={onChange}
            onBlur={onBlur}
            options={options}
            placeholder={loading ? 'Loading…' : placeholder}
            invalid={!!error}
          />
        ) : (
          <select
            {...common}
            ref={ref}
            name={name}
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            className={controlClass(!!error)}
          >
            {(placeholder !== undefined || loading) && <option value="">{loading ? 'Loading…' : placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
        );
      }}
    </FieldWrapper>
  );
}
