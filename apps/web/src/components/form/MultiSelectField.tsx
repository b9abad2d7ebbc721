import { clsx } from 'clsx';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { FieldMessages, RequiredMark, type FieldProps } from './Field';
import { FieldWrapper, type FieldControl } from './FieldWrapper';

export interface MultiOption<T extends string | number> {
  value: T;
  label: string;
  /** Options with a group are shown under its name (e.g. the slot group of a time slot). */
  group?: string;
  disabled?: boolean;
}
interface MultiOwnProps<T extends string | number> {
  options: readonly MultiOption<T>[];
  /** Shown in place of the chips when there are no options. */
  empty?: string;
}
export type MultiSelectFieldProps<F extends FieldValues, T extends string | number> = Omit<FieldProps, 'labelDisplay'> &
  MultiOwnProps<T> &
  Binding<F, T[]>;

/**
 * A choice of several options as checkable chips (weekdays, time slots): a fieldset whose legend is
 * the label, one checkbox per chip. The value lists the chosen values in the options' order.
 */
export function MultiSelectField<F extends FieldValues, T extends string | number>(props: MultiSelectFieldProps<F, T>) {
  return (
    <FieldWrapper<F, T[]> field={props} frame={false}>
      {(f) => <MultiSelectControl<T> {...props} f={f} />}
    </FieldWrapper>
  );
}

function MultiSelectControl<T extends string | number>({
  f: { input, value, onChange, error },
  label,
  hint,
  required,
  disabled,
  className,
  options,
  empty,
}: Omit<FieldProps, 'labelDisplay'> & MultiOwnProps<T> & { f: FieldControl<T[]> }) {
  const { id, name, ref, onBlur } = input;
  const chosen = value ?? [];
  const toggle = (v: T) => {
    const next = chosen.includes(v) ? chosen.filter((x) => x !== v) : [...chosen, v];
    onChange(options.map((o) => o.value).filter((x) => next.includes(x)));
  };
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  const chips = (list: readonly MultiOption<T>[], first: boolean) => (
    <div className="flex flex-wrap gap-1.5">
      {list.map((o, i) => {
        const checked = chosen.includes(o.value);
        return (
          <label
            key={String(o.value)}
            className={clsx(
              'relative inline-flex cursor-pointer items-center rounded-md border px-3 py-1.5 text-sm tabular transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40 has-[:focus-visible]:ring-offset-1',
              checked ? 'border-accent bg-accent text-accent-fg' : 'border-line-strong bg-surface hover:bg-subtle',
              (disabled || o.disabled) && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              ref={first && i === 0 ? (ref as never) : undefined}
              type="checkbox"
              name={name}
              // Invisible but covering the chip, so a click or a tap anywhere on it is a click on the checkbox.
              className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
              checked={checked}
              disabled={disabled || o.disabled}
              onChange={() => toggle(o.value)}
              onBlur={onBlur}
            />
            {o.label}
          </label>
        );
      })}
    </div>
  );

  return (
    <fieldset id={id} className={clsx('min-w-0', className)} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">
        {label}
        {required && <RequiredMark />}
      </legend>
      {options.length === 0 ? (
        <p className="text-sm text-muted">{empty ?? 'Nothing to choose from.'}</p>
      ) : groups.length === 1 && groups[0] === '' ? (
        chips(options, true)
      ) : (
        <div className="space-y-2">
          {groups.map((g, gi) => (
            <div key={g} role="group" aria-label={g || undefined}>
              {g && <p className="mb-1 text-xs font-semibold text-muted">{g}</p>}
              {chips(
                options.filter((o) => (o.group ?? '') === g),
                gi === 0,
              )}
            </div>
          ))}
        </div>
      )}
      <FieldMessages id={id} error={error} hint={hint} />
    </fieldset>
  );
}
