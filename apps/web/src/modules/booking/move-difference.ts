import type { Booking } from '@arena/contracts/booking';
import { toPaise } from '@arena/contracts/kit';
import { formatMoney } from '../../lib/format';

export interface MoveDifference {
  tone: 'more' | 'same' | 'less';
  /** "Client pays ₹190.00 more", "₹90.00 back as credit", "₹190.00 less to pay", "Same price". */
  text: string;
  /** The booking's new amount, in paise. */
  amount: number;
}

/**
 * What a move does to the money, in the desk's words: the new amount against the booking's (the
 * discount kept, never above the new slots' total — as the API prices it). Dearer: the client pays
 * the difference (a supplementary invoice); cheaper: what was paid beyond the new amount comes back
 * as credit, and an unpaid part falls.
 */
export function moveDifference(
  booking: Pick<Booking, 'booking_amount' | 'discount' | 'paid_amount' | 'credit_amount'>,
  subTotalPaise: number,
): MoveDifference {
  const amount = subTotalPaise - Math.min(toPaise(booking.discount) ?? 0, subTotalPaise);
  const before = toPaise(booking.booking_amount) ?? 0;
  const paid = toPaise(booking.paid_amount) ?? 0;
  const credit = toPaise(booking.credit_amount) ?? 0;
  const money = (p: number) => formatMoney(p / 100);
  if (amount > before) return { tone: 'more', text: `Client pays ${money(amount - before)} more`, amount };
  if (amount === before) return { tone: 'same', text: 'Same price', amount };
  const back = Math.max(0, paid - amount) - credit;
  const dueFalls = Math.max(0, before + credit - paid) - Math.max(0, amount - paid);
  const parts = [back > 0 ? `${money(back)} back as credit` : '', dueFalls > 0 ? `${money(dueFalls)} less to pay` : ''].filter(Boolean);
  return { tone: 'less', text: parts.join(' · ') || 'Same price', amount };
}
