import { formatDateText, parseDateText } from '@arena/contracts/kit';
import * as Popover from '@radix-ui/react-popover';
import { clsx } from 'clsx';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Calendar } from './form/Calendar';

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

/**
 * A list's date filter: the day as people write it (`23 Nov 2026`, never the browser's
 * mm/dd/yyyy), typed (`23/11/2026` works too) or picked from the calendar. The list is filtered
 * only by a day that reads as a date; '' clears the filter.
 */
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
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? formatDateText(value);
  const take = (text: string) => {
    setTyping(text);
    if (text.trim() === '') {
      if (!required) onChange('');
      return;
    }
    const day = parseDateText(text);
    if (day) onChange(day);
  };
  return (
    <FilterChip id={id} label={label} active={!required && value !== ''}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div className="flex h-full min-w-0 flex-1 items-center">
            <input
              id={id}
              type="text"
              inputMode="text"
              autoComplete="off"
              placeholder="DD MMM YYYY"
              required={required}
              value={shown}
              onFocus={() => setTyping(shown)}
              onChange={(e) => take(e.target.value)}
              onBlur={() => setTyping(null)}
              className="h-full w-28 min-w-0 flex-1 bg-transparent pl-0.5 font-medium tabular text-fg focus:outline-none"
            />
            <Popover.Trigger asChild>
              <button
                type="button"
                aria-label={`Choose ${label.toLowerCase()} date`}
                title="Open calendar"
                className="flex h-full w-8 shrink-0 items-center justify-center rounded-r-md text-muted hover:text-fg"
              >
                <CalendarDays size={15} aria-hidden />
              </button>
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            onOpenAutoFocus={(e) => e.preventDefault()}
            className="z-50 rounded-lg border border-line bg-surface p-3 text-fg shadow-lg"
            aria-label="Choose a date"
          >
            <Calendar
              value={value}
              autoFocus
              onSelect={(day) => {
                onChange(day);
                setTyping(null);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </FilterChip>
  );
}
