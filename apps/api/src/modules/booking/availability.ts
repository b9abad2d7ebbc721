/**
 * Slot availability for one facility on one date: a pure function of the slot template, the
 * active booked slots and "now" in the organisation's time zone, so it is unit-tested without a
 * database and computed the same way by the portal, the desk and the booking check.
 */
import { fromPaise, toPaise } from '@arena/contracts';

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
  nowTime: string;
  /** how many days after today can be booked */
  advanceDays: number;
}

export function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** The price of a slot on a date: the weekend price on Saturdays and Sundays when one is set. */
export function slotPrice(slot: Pick<TemplateSlot, 'price' | 'weekendPrice'>, date: string): string {
  return isWeekend(date) && slot.weekendPrice !== null ? slot.weekendPrice : slot.price;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Why a slot cannot be booked on the context's date, or null when it can (bookings aside). */
export function unavailableReason(slot: Pick<TemplateSlot, 'startTime' | 'isActive'>, ctx: DayContext): string | null {
  if (!slot.isActive) return 'This slot is not offered.';
  if (ctx.date < ctx.today) return 'This date is in the past.';
  if (ctx.date === ctx.today && slot.startTime <= ctx.nowTime) return 'This slot has already started.';
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

/** Date and time now in a time zone: `{ today: 'yyyy-MM-dd', nowTime: 'HH:mm:ss' }`. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function nowIn(timeZone: string, instant = new Date()): { today: string; nowTime: string } {
  let format = formatters.get(timeZone);
  if (!format) {
    const options = {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    } as const;
    format = new Intl.DateTimeFormat('en-CA', options);
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { today: `${parts.year}-${parts.month}-${parts.day}`, nowTime: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** dd-MM-yyyy (the slot path's format) → yyyy-MM-dd, or null when it is not a real date. */
export function parsePathDate(value: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
