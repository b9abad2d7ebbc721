import type { AvailableSlotGroup } from '@arena/contracts/booking';
import { format } from 'date-fns';

export type PortalSlot = AvailableSlotGroup['time_slots'][number];

/** A slot the visitor picked, with what the summary and the request need. */
export interface PickedSlot {
  key: string;
  id: number;
  groupName: string;
  date: string;
  start_time: string;
  end_time: string;
  price: string;
}

export const todayIso = (now = new Date()) => format(now, 'yyyy-MM-dd');

/** Spec 3: a slot without an id gets one built from its group id, start time and position. */
export const slotKey = (groupId: number, slot: { id?: number | null; start_time: string }, index: number) =>
  slot.id != null ? String(slot.id) : `${groupId}-${slot.start_time}-${index}`;

/** "06:00:00" → "06:00" */
export const hhmm = (time: string) => time.slice(0, 5);
export const slotLabel = (slot: { start_time: string; end_time: string }) => `${hhmm(slot.start_time)} - ${hhmm(slot.end_time)}`;

/** A slot's price ("800.00") in paise; anything else counts 0. */
const paise = (price: string) => {
  const value = Number(price);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : 0;
};

/**
 * Spec 9: the total is the sum of slot prices with 2 decimals (summed in paise, so it never drifts).
 * Summed here rather than with the contracts' toPaise/fromPaise: importing them brings zod and every
 * shared schema into the portal's first download (issue 12 §5); the dialog that validates loads later.
 */
export const totalOf = (slots: { price: string }[]) => (slots.reduce((sum, s) => sum + paise(s.price), 0) / 100).toFixed(2);

/**
 * Spec 2.5: a slot can be picked only when its status is 'available' (any case) and it is in the
 * future: past dates are closed, and so are today's slots that have already started.
 */
export function isBookable(slot: PortalSlot, date: string, now = new Date()): boolean {
  if (String(slot.booking_status ?? '').toLowerCase() !== 'available') return false;
  const today = todayIso(now);
  if (date < today) return false;
  if (date === today && slot.start_time.slice(0, 5) <= format(now, 'HH:mm')) return false;
  return true;
}
