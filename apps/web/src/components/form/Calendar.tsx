import { clsx } from 'clsx';
import { addDays, addMonths, addYears, endOfWeek, format, isSameMonth, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { todayIso } from '../../lib/today';

const ISO = 'yyyy-MM-dd';
const WEEK = { weekStartsOn: 1 } as const;
const iso = (d: Date) => format(d, ISO);
const clamp = (day: string, min?: string, max?: string) => (min && day < min ? min : max && day > max ? max : day);

/**
 * A month grid to pick a day, keyboard first (the WAI-ARIA date picker pattern): arrows move by a
 * day or a week, Page Up/Down by a month (with Shift by a year), Home/End to the week's ends,
 * Enter or Space picks. Weeks start on Monday. Days before `min` or after `max` cannot be picked.
 */
export function Calendar({
  value,
  onSelect,
  min,
  max,
  autoFocus,
}: {
  /** The picked day (yyyy-MM-dd), or '' / any other text for none. */
  value: string;
  onSelect: (day: string) => void;
  min?: string;
  max?: string;
  autoFocus?: boolean;
}) {
  const today = todayIso();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
  const [focused, setFocused] = useState(() => clamp(valid || today, min, max));
  const month = startOfMonth(parseISO(focused));
  const titleId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(!!autoFocus);

  useEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const move = (day: Date) => {
    moved.current = true;
    setFocused(clamp(iso(day), min, max));
  };
  const showMonth = (delta: number) => {
    moved.current = false;
    setFocused(clamp(iso(addMonths(parseISO(focused), delta)), min, max));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const d = parseISO(focused);
    const keys: Record<string, () => Date> = {
      ArrowLeft: () => addDays(d, -1),
      ArrowRight: () => addDays(d, 1),
      ArrowUp: () => addDays(d, -7),
      ArrowDown: () => addDays(d, 7),
      PageUp: () => (e.shiftKey ? addYears(d, -1) : addMonths(d, -1)),
      PageDown: () => (e.shiftKey ? addYears(d, 1) : addMonths(d, 1)),
      Home: () => startOfWeek(d, WEEK),
      End: () => endOfWeek(d, WEEK),
    };
    if (keys[e.key]) {
      e.preventDefault();
      move(keys[e.key]());
    }
  };

  const first = startOfWeek(month, WEEK);
  const days = Array.from({ length: 42 }, (_, i) => addDays(first, i));
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7)).filter((week) => week.some((d) => isSameMonth(d, month)));

  return (
    <div className="w-[17.5rem] select-none text-sm">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-fg"
          aria-label="Previous month"
          onClick={() => showMonth(-1)}
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <p id={titleId} className="font-semibold" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </p>
        <button
          type="button"
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-fg"
          aria-label="Next month"
          onClick={() => showMonth(1)}
        >
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} className="w-full border-collapse" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {days.slice(0, 7).map((d) => (
              <th key={d.getDay()} scope="col" abbr={format(d, 'EEEE')} className="pb-1 text-center text-xs font-medium text-muted">
                {format(d, 'EEEEEE')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={iso(week[0])}>
              {week.map((d) => {
                const day = iso(d);
                const outside = !isSameMonth(d, month);
                const disabled = (!!min && day < min) || (!!max && day > max);
                const selected = day === valid;
                return (
                  <td key={day} role="gridcell" aria-selected={selected} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={disabled}
                      aria-label={format(d, 'EEEE, d MMMM yyyy')}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onSelect(day)}
                      className={clsx(
                        'h-8 w-8 rounded-md tabular transition-colors disabled:cursor-not-allowed disabled:opacity-35',
                        selected ? 'bg-accent font-semibold text-accent-fg' : 'hover:bg-subtle',
                        !selected && outside && 'text-muted',
                        !selected && day === today && 'font-semibold text-accent-text ring-1 ring-inset ring-accent/40',
                      )}
                    >
                      {d.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex justify-end border-t border-line pt-2">
        <button
          type="button"
          className="rounded-md px-2 py-1 text-xs font-medium text-accent-text hover:bg-accent-soft disabled:opacity-40"
          disabled={(!!min && today < min) || (!!max && today > max)}
          onClick={() => onSelect(today)}
        >
          Today
        </button>
      </div>
    </div>
  );
}
