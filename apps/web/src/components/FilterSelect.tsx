import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** The bordered chip a filter sits in: its label, then the control; tinted while the filter is on. */
function FilterChip({ id, label, active, children }: { id: string; label: string; active: boolean; children: ReactNode }) {
  return (
    <div
      className={clsx(
        'flex h-9 w-full min-w-0 items-center rounded-md border text-sm shadow-sm transition-colors sm:w-auto',
        'focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30',
        active ? 'border-accent/60 bg-accent-soft' : 'border-line-strong bg-surface',
      )}
    >
      <label htmlFor={id} className="shrink-0 cursor-pointer whitespace-nowrap py-2 pl-3 pr-1.5 text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A list's filter: a labelled select where '' means every value ('All'; allLabel={false} when a value is always chosen). */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  allLabel?: string | false;
}) {
  const id = useId();
  return (
    <FilterChip id={id} label={label} active={allLabel !== false && value !== ''}>
      <div className="relative flex h-full min-w-0 flex-1 items-center">
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-full w-full min-w-0 cursor-pointer appearance-none truncate rounded-r-md bg-transparent pl-0.5 pr-8 font-medium text-fg focus:outline-none sm:max-w-[13rem]"
        >
          {allLabel !== false && <option value="">{allLabel}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown size={14} className="pointer-events-none absolute right-2.5 text-muted" aria-hidden />
      </div>
    </FilterChip>
  );
}

/** A list's date filter ('' = any date; `required` for a period that always has one, which is then not tinted as a filter in force). */
export function FilterDate({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const id = useId();
  return (
    <FilterChip id={id} label={label} active={!required && value !== ''}>
      <input
        id={id}
        type="date"
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-full min-w-0 flex-1 rounded-r-md bg-transparent pl-0.5 pr-2 font-medium text-fg focus:outline-none"
      />
    </FilterChip>
  );
}
