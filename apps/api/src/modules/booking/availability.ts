/**
 * Slot availability for one facility on one date: a pure function of the slot template, the
 * active booked slots and "now" in the organisation's time zone, so it is unit-tested without a
 * database and computed the same way by the portal, the desk and the booking check.
 */
import { fromPaise, toPaise } from '@arena/contracts';
import { daysBetween, isWeekend } from '../../platform/time.js';

export type SlotStatus = 'available' | 'booked' | 'past' | 'unavailable';

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
  /**
   * The desk's walk-in rule: a slot of today stays bookable until its end (price unchanged).
   * The portal leaves it off: online, only slots that have not started can be booked (spec 2.5).
   */
  walkIn?: boolean;
}

/** The end of a slot as a time of its day; a slot ending at midnight (00:00) ends at the day's end. */
const endOf = (slot: Pick<TemplateSlot, 'startTime' | 'endTime'>) => (slot.endTime <= slot.startTime ? '24:00:00' : slot.endTime);

/** A slot is over: on a past date, or today once its end time has come. */
export function isPast(slot: Pick<TemplateSlot, 'startTime' | 'endTime'>, ctx: DayContext): boolean {
  return ctx.date < ctx.today || (ctx.date === ctx.today && endOf(slot) <= ctx.time);
}

/** The price of a slot on a date: the weekend price on Saturdays and Sundays when one is set. */
export function slotPrice(slot: Pick<TemplateSlot, 'price' | 'weekendPrice'>, date: string): string {
  return isWeekend(date) && slot.weekendPrice !== null ? slot.weekendPrice : slot.price;
}

/** Why a slot cannot be booked on the context's date, or null when it can (bookings aside). */
export function unavailableReason(slot: Pick<TemplateSlot, 'startTime' | 'endTime' | 'isActive'>, ctx: DayContext): string | null {
  if (!slot.isActive) return 'This slot is not offered.';
  if (ctx.date < ctx.today) return 'This date is in the past.';
  if (isPast(slot, ctx)) return 'This slot has already ended.';
  if (!ctx.walkIn && ctx.date === ctx.today && slot.startTime <= ctx.time) return 'This slot has already started.';
  if (daysBetween(ctx.today, ctx.date) > ctx.advanceDays) return `This date is more than ${ctx.advanceDays} days ahead.`;
  return null;
}

export function slotStatus(slot: TemplateSlot, ctx: DayContext, booked: ReadonlySet<number>): SlotStatus {
  if (booked.has(slot.id)) return 'booked';
  if (slot.isActive && isPast(slot, ctx)) return 'past';
  return unavailableReason(slot, ctx) ? 'unavailable' : 'available';
}

/** Sum of prices in paise, returned as a 2-decimal string. */
export function total(prices: string[]): string {
  return fromPaise(prices.reduce((sum, p) => sum + (toPaise(p) ?? 0), 0));
}
