/**
 * Slot availability for one facility on one date: a pure function of the slot template, the
 * active booked slots and "now" in the organisation's time zone, so it is unit-tested without a
 * database and computed the same way by the portal, the desk and the booking check.
 */
import { fromPaise, toPaise } from '@arena/contracts';
import { daysBetween, isWeekend } from '../../platform/time.js';

export type SlotStatus = 'available' | 'booked' | 'unavailable';

export interface TemplateSlot {
  id: number;
  groupId: number;
  startTime: string; // HH:mm:ss
  endTime: string;
  price: string;
  weekendPrice: string | null;
  isActive: boolean;
}

export interface DayContext {
  /** the date asked for, yyyy-MM-dd */
  date: string;
  /** today in the organisation's time zone, yyyy-MM-dd */
  today: string;
  /** the time now in the organisation's time zone, HH:mm:ss */
  time: string;
  /** how many days after today can be booked */
  advanceDays: number;
}

/** The price of a slot on a date: the weekend price on Saturdays and Sundays when one is set. */
export function slotPrice(slot: Pick<TemplateSlot, 'price' | 'weekendPrice'>, date: string): string {
  return isWeekend(date) && slot.weekendPrice !== null ? slot.weekendPrice : slot.price;
}

/** Why a slot cannot be booked on the context's date, or null when it can (bookings aside). */
export function unavailableReason(slot: Pick<TemplateSlot, 'startTime' | 'isActive'>, ctx: DayContext): string | null {
  if (!slot.isActive) return 'This slot is not offered.';
  if (ctx.date < ctx.today) return 'This date is in the past.';
  if (ctx.date === ctx.today && slot.startTime <= ctx.time) return 'This slot has already started.';
  if (daysBetween(ctx.today, ctx.date) > ctx.advanceDays) return `This date is more than ${ctx.advanceDays} days ahead.`;
  return null;
}

export function slotStatus(slot: TemplateSlot, ctx: DayContext, booked: ReadonlySet<number>): SlotStatus {
  if (booked.has(slot.id)) return 'booked';
  return unavailableReason(slot, ctx) ? 'unavailable' : 'available';
}

/** Sum of prices in paise, returned as a 2-decimal string. */
export function total(prices: string[]): string {
  return fromPaise(prices.reduce((sum, p) => sum + (toPaise(p) ?? 0), 0));
}
