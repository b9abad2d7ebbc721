import type { AvailableSlotGroup } from '@arena/contracts/booking';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { formatMoney } from '../../lib/format';
import { isBookable, slotKey, slotLabel } from './slots';

/** Spec 2.5: slots grouped by their named group; each shows start, end and price. */
export function SlotBoard({
  groups,
  date,
  selectedKeys,
  onToggle,
}: {
  groups: AvailableSlotGroup[];
  date: string;
  selectedKeys: ReadonlySet<string>;
  onToggle: (group: AvailableSlotGroup, index: number) => void;
}) {
  const now = new Date();
  return (
    <div className="space-y-6">
      {groups
        .filter((g) => g.time_slots.length > 0)
        .map((group) => (
          <section key={group.id} aria-labelledby={`slot-group-${group.id}`}>
            <h3 id={`slot-group-${group.id}`} className="mb-2.5 text-sm font-semibold text-fg">
              {group.name}
            </h3>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
              {group.time_slots.map((slot, index) => {
                const key = slotKey(group.id, slot, index);
                const selected = selectedKeys.has(key);
                const bookable = isBookable(slot, date, now);
                return (
                  <li key={key}>
                    <button
                      type="button"
                      disabled={!bookable}
                      aria-pressed={bookable ? selected : undefined}
                      onClick={() => onToggle(group, index)}
                      className={clsx(
                        'relative flex w-full flex-col items-start rounded-lg border px-3 py-2.5 text-left transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2',
                        !bookable && 'cursor-not-allowed border-line bg-subtle text-muted line-through decoration-muted/50',
                        bookable &&
                          !selected &&
                          'border-blue-300 bg-blue-50 text-blue-900 hover:border-blue-500 hover:bg-blue-100 dark:border-blue-800 dark:bg-blue-950/50 dark:text-blue-100',
                        bookable && selected && 'border-green-600 bg-green-600 text-white shadow-sm hover:bg-green-700',
                      )}
                    >
                      <span className="text-sm font-semibold tabular">{slotLabel(slot)}</span>
                      <span
                        className={clsx('text-xs tabular', selected ? 'text-green-50' : bookable ? 'text-blue-800 dark:text-blue-200' : '')}
                      >
                        {formatMoney(slot.price)}
                      </span>
                      {selected && <Check size={16} className="absolute right-2 top-2" aria-hidden />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
    </div>
  );
}

export function Legend() {
  return (
    <ul className="flex items-center gap-4 text-xs text-muted" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <span className="h-3.5 w-3.5 rounded border border-blue-300 bg-blue-50 dark:border-blue-800 dark:bg-blue-950" aria-hidden />
        Available
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-3.5 w-3.5 rounded bg-green-600" aria-hidden />
        Selected
      </li>
      {/* As a taken slot is drawn: greyed and struck through. */}
      <li className="flex items-center gap-1.5">
        <span className="h-3.5 w-3.5 rounded border border-line bg-subtle" aria-hidden />
        <span className="line-through decoration-muted/50">Booked</span>
      </li>
    </ul>
  );
}
