import { Trash2, X } from 'lucide-react';
import { Button } from '../../components/Button';
import { formatDate, formatMoney } from '../../lib/format';
import { slotLabel, totalOf, type PickedSlot } from './slots';

/** Spec 2.5: the picked slots with date, price and remove; Clear All; the count and the total. */
export function BookingSummary({
  slots,
  onRemove,
  onClear,
  onProceed,
}: {
  slots: PickedSlot[];
  onRemove: (key: string) => void;
  onClear: () => void;
  onProceed: () => void;
}) {
  return (
    <section
      id="booking-summary"
      aria-labelledby="booking-summary-title"
      className="rounded-xl border border-line bg-surface shadow-[0_1px_2px_rgba(16,24,40,0.04)]"
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id="booking-summary-title" className="text-base font-semibold">
          Booking Summary
        </h2>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={slots.length === 0}>
          <Trash2 size={14} aria-hidden /> Clear All
        </Button>
      </div>
      {slots.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted">No slots selected yet. Click a slot to add it here.</p>
      ) : (
        <ul className="max-h-72 divide-y divide-line overflow-y-auto" aria-label="Selected slots">
          {slots.map((s) => (
            <li key={s.key} className="flex items-center gap-3 px-4 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium tabular">{slotLabel(s)}</p>
                <p className="text-xs text-muted">
                  {formatDate(s.date)} · {s.groupName}
                </p>
              </div>
              <span className="text-sm font-medium tabular">{formatMoney(s.price)}</span>
              <button
                type="button"
                onClick={() => onRemove(s.key)}
                aria-label={`Remove ${slotLabel(s)}`}
                className="rounded-md p-1 text-muted hover:bg-danger-soft hover:text-danger-text"
              >
                <X size={16} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dl className="space-y-1.5 border-t border-line px-4 py-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Total Slots</dt>
          <dd className="font-medium tabular" data-testid="summary-count">
            {slots.length}
          </dd>
        </div>
        <div className="flex justify-between text-base">
          <dt className="font-semibold">Total Amount</dt>
          <dd className="font-semibold tabular" data-testid="summary-total">
            {formatMoney(totalOf(slots))}
          </dd>
        </div>
      </dl>
      {/* On a phone, once slots are picked, the sticky bar at the bottom of the screen carries Proceed to Book. */}
      <div className={`px-4 pb-4 ${slots.length > 0 ? 'max-lg:hidden' : ''}`}>
        <Button className="w-full" onClick={onProceed}>
          Proceed to Book
        </Button>
      </div>
    </section>
  );
}
