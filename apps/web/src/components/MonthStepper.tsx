import { format, parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addMonths } from '../lib/calendar';
import { Button } from './Button';

/** "2026-11" → "November 2026". */
export const monthLabel = (month: string) => format(parseISO(`${month}-01`), 'MMMM yyyy');

/** Previous / next month around the month's name; `max` (yyyy-MM) is the last month it goes to. */
export function MonthStepper({ month, onChange, max }: { month: string; onChange: (month: string) => void; max?: string }) {
  return (
    <div className="inline-flex items-center gap-1">
      <Button size="sm" variant="secondary" aria-label="Previous month" onClick={() => onChange(addMonths(month, -1))}>
        <ChevronLeft size={16} aria-hidden />
      </Button>
      <span className="min-w-[8.5rem] text-center text-sm font-semibold" aria-live="polite">
        {monthLabel(month)}
      </span>
      <Button
        size="sm"
        variant="secondary"
        aria-label="Next month"
        disabled={!!max && month >= max}
        onClick={() => onChange(addMonths(month, 1))}
      >
        <ChevronRight size={16} aria-hidden />
      </Button>
    </div>
  );
}
