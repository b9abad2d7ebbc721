import { formatDateText, parseDateText } from '@arena/contracts/kit';
import * as Popover from '@radix-ui/react-popover';
import { CalendarDays } from 'lucide-react';
import { useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { Binding } from './binding';
import { Calendar } from './Calendar';
import { controlClass, type FieldProps } from './Field';
import { FieldWrapper, type FieldControl } from './FieldWrapper';
import { usePortalContainer } from './portal';

interface DateOwnProps {
  /** The first day the calendar offers (yyyy-MM-dd); the schema decides what is valid. */
  min?: string;
  /** The last day the calendar offers (yyyy-MM-dd). */
  max?: string;
}
export type DateFieldProps<F extends FieldValues> = FieldProps & DateOwnProps & Binding<F, string>;

/** What is typed → the value: the ISO day when it reads as a date, '' when empty, else the text itself (for the schema to refuse). */
const valueOf = (text: string) => (text.trim() === '' ? '' : (parseDateText(text) ?? text.trim()));

/**
 * A date shown as people write it in India ("23 Nov 2026", never the browser's mm/dd/yyyy) with
 * the ISO day as its value ("2026-11-23"). Type "23 Nov 2026", "23/11/2026" or "2026-11-23", or
 * pick from the calendar button (keyboard usable).
 */
export function DateField<F extends FieldValues>(props: DateFieldProps<F>) {
  return (
    <FieldWrapper
      field={props}
      error={(value, error) => (error && value && parseDateText(value) === null ? 'Enter a date like 23 Nov 2026.' : error)}
    >
      {(f) => <DateInput f={f} min={props.min} max={props.max} />}
    </FieldWrapper>
  );
}

function DateInput({ f, min, max }: { f: FieldControl<string> } & DateOwnProps) {
  const { input, value, onChange, onBlur, error } = f;
  const anchor = useRef<HTMLDivElement>(null);
  const container = usePortalContainer(anchor);
  const [open, setOpen] = useState(false);
  // The text being typed; null when the field shows its value.
  const [typing, setTyping] = useState<string | null>(null);
  const current = value ?? '';
  const shown = typing ?? (formatDateText(current) || current);

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div ref={anchor} className="relative">
            <input
              {...input}
              type="text"
              autoComplete="off"
              placeholder="DD MMM YYYY"
              value={shown}
              onFocus={() => setTyping(shown)}
              onChange={(e) => {
                setTyping(e.target.value);
                onChange(valueOf(e.target.value));
              }}
              onBlur={() => {
                setTyping(null);
                onBlur();
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown' && e.altKey) {
                  e.preventDefault();
                  setOpen(true);
                }
              }}
              className={`${controlClass(!!error)} pr-10 tabular`}
            />
            <Popover.Trigger asChild>
              <button
                type="button"
                disabled={input.disabled}
                aria-label="Open calendar"
                title="Open calendar"
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted outline-offset-[-3px] hover:text-fg disabled:cursor-not-allowed"
              >
                <CalendarDays size={16} aria-hidden />
              </button>
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal container={container}>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            onOpenAutoFocus={(e) => e.preventDefault()}
            className="z-50 rounded-lg border border-line bg-surface p-3 text-fg shadow-lg"
            aria-label="Choose a date"
          >
            <Calendar
              value={current}
              min={min}
              max={max}
              autoFocus
              onSelect={(day) => {
                onChange(day);
                setTyping(null);
                setOpen(false);
                onBlur();
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </>
  );
}
