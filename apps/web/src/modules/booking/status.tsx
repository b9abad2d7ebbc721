import type { Booking } from '@arena/contracts/booking';
import { Badge } from '../../components/Badge';

const STATUS_LABEL: Record<string, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
  // A portal hold (issue 23): its slots are taken while the visitor pays online; not a booking until paid.
  awaiting_payment: 'Held · paying online',
};
const STATUS_TONE = {
  confirmed: 'info',
  cancelled: 'danger',
  completed: 'success',
  no_show: 'neutral',
  awaiting_payment: 'neutral',
} as const;
const PAY_LABEL: Record<string, string> = { unpaid: 'Unpaid', partial: 'Partly paid', paid: 'Paid' };
const PAY_TONE = { unpaid: 'danger', partial: 'neutral', paid: 'success' } as const;
const SOURCE_LABEL: Record<string, string> = { online: 'Online', desk: 'Desk', subscription: 'Subscription' };
/** A slot's status on the board and the day view: a past slot nobody booked reads "Past", one not offered "Not offered". */
const SLOT_LABEL: Record<string, string> = { available: 'Available', booked: 'Booked', past: 'Past', unavailable: 'Not offered' };

export const statusLabel = (s: string) => STATUS_LABEL[s] ?? s;
export const paymentLabel = (s: string) => PAY_LABEL[s] ?? s;
export const sourceLabel = (s: string) => SOURCE_LABEL[s] ?? s;
export const slotStatusLabel = (s: string) => SLOT_LABEL[s] ?? s;

/** A slot cell's colours on the board and the day view: picked, booked (completed in green), free, or past / not offered. */
export function slotCellClass(status: string, booking: { status: string } | null | undefined, picked: boolean): string {
  if (picked) return 'border-green-700 bg-green-700 text-white';
  if (booking) {
    if (booking.status === 'awaiting_payment')
      return 'border-dashed border-amber-400 bg-surface text-amber-900 hover:border-amber-600 dark:border-amber-700 dark:text-amber-100';
    if (booking.status === 'completed')
      return 'border-emerald-300 bg-emerald-50 text-emerald-900 hover:border-emerald-500 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100';
    return 'border-amber-300 bg-amber-50 text-amber-950 hover:border-amber-500 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100';
  }
  if (status === 'available')
    return 'border-blue-300 bg-blue-50 text-blue-900 hover:border-blue-500 dark:border-blue-800 dark:bg-blue-950/50 dark:text-blue-100';
  return 'border-line bg-subtle text-muted';
}

const LEGEND = [
  ['Available', 'border border-blue-300 bg-blue-50'],
  ['', 'bg-green-700'],
  ['Booked', 'border border-amber-300 bg-amber-50'],
  ['Completed', 'border border-emerald-300 bg-emerald-50'],
  ['Held (paying online)', 'border border-dashed border-amber-400 bg-surface'],
  ['Past', 'border border-line bg-subtle'],
] as const;

/** The key to `slotCellClass`; `picked` names the picked cells ("Selected" on the board, "Picked" in the day view). */
export function SlotLegend({ picked }: { picked: string }) {
  return (
    <ul className="flex flex-wrap gap-4 text-xs text-muted" aria-label="Legend">
      {LEGEND.map(([label, swatch]) => (
        <li key={swatch} className="flex items-center gap-1.5">
          <span className={`h-3 w-3 rounded ${swatch}`} aria-hidden /> {label || picked}
        </li>
      ))}
    </ul>
  );
}

export function StatusBadge({ status }: { status: Booking['status'] | string }) {
  return <Badge tone={STATUS_TONE[status as keyof typeof STATUS_TONE] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}
export function PaymentBadge({ status }: { status: Booking['payment_status'] | string }) {
  return <Badge tone={PAY_TONE[status as keyof typeof PAY_TONE] ?? 'neutral'}>{paymentLabel(status)}</Badge>;
}

export const hhmm = (t: string) => t.slice(0, 5);
export const slotRange = (s: { start_time: string; end_time: string }) => `${hhmm(s.start_time)} - ${hhmm(s.end_time)}`;
/** "18:00–19:00", as a slot is named on the board. */
export const slotSpan = (s: { start_time: string; end_time: string }) => `${hhmm(s.start_time)}–${hhmm(s.end_time)}`;
/** The booking's slots: those it still holds (a slot cancelled on its own drops out); all of them once the whole booking is cancelled. */
export const slotsText = (b: Pick<Booking, 'time_slots'>) => {
  const held = b.time_slots.filter((s) => s.is_active);
  return (held.length ? held : b.time_slots).map(slotRange).join(', ');
};
