/**
 * Membership date rules shared by the API (memberships, freezes, the daily status job) and the web
 * app (previews on Add Member and Renew). Dates are ISO `YYYY-MM-DD` strings in the organisation's
 * time zone; arithmetic is on calendar days, never on instants, so no time zone or daylight
 * saving change can move a date.
 */

import { paise } from '../money.js';

export type DurationUnit = 'day' | 'month';

const MS_PER_DAY = 86_400_000;

/** Midnight UTC of a date; `setUTCFullYear`, since `Date.UTC` reads years 0–99 as 1900–1999. */
const toUtc = (iso: string) => new Date(0).setUTCFullYear(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `iso` moved by `days` calendar days (negative to go back). */
export function shiftDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * MS_PER_DAY);
}

/** Calendar days from `a` to `b` (0 for the same day, negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / MS_PER_DAY);
}

/** The number of days in a month (`month` 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(new Date(0).setUTCFullYear(year, month, 0)).getUTCDate();
}

/**
 * The last day of a membership that starts on `start` and runs `value` days or months:
 * - days: start + N − 1 (a 1-day pass ends the day it starts);
 * - months: the day before the same date N months later — or, when that date does not exist in
 *   the month (30 or 31 Jan → February, 31 Mar → April), the last day of that month. A 1-month
 *   plan from 5 Jan ends 4 Feb; from 30 or 31 Jan it ends 28 Feb (29 in a leap year); from 31 Mar,
 *   30 Apr.
 */
export function membershipEndDate(start: string, value: number, unit: DurationUnit): string {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`A duration is a whole number of at least 1, not ${value}.`);
  if (unit === 'day') return shiftDays(start, value - 1);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  const day = Number(start.slice(8, 10));
  const index = month - 1 + value;
  const targetYear = year + Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const last = daysInMonth(targetYear, targetMonth);
  const iso = (d: number) => `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (day > last) return iso(last);
  return shiftDays(iso(day), -1);
}

/** Days of a freeze from `from` to `to`, both included. */
export const freezeDays = (from: string, to: string) => daysBetween(from, to) + 1;

export interface FreezeSpan {
  from: string;
  to: string;
}

/** Whether two date spans (both ends included) share a day. */
export const overlaps = (a: FreezeSpan, b: FreezeSpan) => a.from <= b.to && b.from <= a.to;

/**
 * The membership year `date` falls in, counted from the membership's start: the first runs from
 * the start to the day before its first anniversary (as a 12-month plan from that start ends),
 * the next from there on. A date before the start is in the first year.
 */
export function membershipYear(start: string, date: string): FreezeSpan {
  let k = Math.max(0, Number(date.slice(0, 4)) - Number(start.slice(0, 4)) - 1);
  for (;;) {
    const from = k === 0 ? start : shiftDays(membershipEndDate(start, 12 * k, 'month'), 1);
    const to = membershipEndDate(start, 12 * (k + 1), 'month');
    if (date <= to) return { from, to };
    k++;
  }
}

/** A plan's limits on freezes: per membership (0 = no freezes), per membership year (null = no limit), and the shortest freeze. */
export interface FreezeLimits {
  max_times: number;
  max_days: number;
  max_freezes_per_year: number | null;
  max_freeze_days_per_year: number | null;
  min_freeze_days: number;
}

/** A membership year and the freezes that start in it (their number and days): what the yearly limits count. */
export interface FreezeYear extends FreezeSpan {
  freezes: number;
  days: number;
}

/** The freezes of the membership year `date` falls in: those whose first day is in that year, whatever their length. */
export function freezeYear(start: string, freezes: readonly { from_date: string; days: number }[], date: string): FreezeYear {
  const year = membershipYear(start, date);
  const inYear = freezes.filter((f) => year.from <= f.from_date && f.from_date <= year.to);
  return { ...year, freezes: inYear.length, days: inYear.reduce((n, f) => n + f.days, 0) };
}

export type MembershipStatus = 'upcoming' | 'active' | 'expiring' | 'expired' | 'frozen' | 'cancelled';

export interface MembershipDates {
  start: string;
  /** The last day, freezes already added. */
  end: string;
  cancelled: boolean;
  freezes: readonly FreezeSpan[];
}

/**
 * A membership's status on `today`: cancelled; upcoming before its start; frozen on a day of a
 * freeze; expired after its end; expiring when it ends within `reminderDays` days (with 7, a
 * membership ending today or on any of the next 7 days: "expires in 7 days" counts); else active.
 */
export function membershipStatus(m: MembershipDates, today: string, reminderDays = 7): MembershipStatus {
  if (m.cancelled) return 'cancelled';
  if (today < m.start) return 'upcoming';
  if (m.freezes.some((f) => f.from <= today && today <= f.to)) return 'frozen';
  if (today > m.end) return 'expired';
  if (daysBetween(today, m.end) <= reminderDays) return 'expiring';
  return 'active';
}

/** Where a renewal starts: the day after the old end, or today when it has already lapsed. */
export const renewalStart = (oldEnd: string, today: string) => (oldEnd < today ? today : shiftDays(oldEnd, 1));

/** What a cancellation's refund is worked out from: the sale as sold, and what was paid. */
export interface RefundBasis {
  /** The sale's total, joining fee included. */
  total: string;
  joiningFee: string;
  paid: string;
  start: string;
  /** The last day, freezes added. */
  end: string;
  sessionsTotal: number | null;
  sessionsLeft: number | null;
}

export interface RefundProposal {
  /** In paise: never above what was paid. */
  paise: number;
  unusedDays: number;
  totalDays: number;
}

/**
 * The refund a cancellation proposes: the plan's part of the total (the joining fee is not
 * refunded) × the unused share — days from today (or the start, if it has not begun) to the end,
 * of all its days; for a session pack, the smaller of that and the sessions left — rounded to the
 * paisa and never above what was paid. The desk may lower it.
 */
export function proRataRefund(b: RefundBasis, today: string): RefundProposal {
  const totalDays = Math.max(1, daysBetween(b.start, b.end) + 1);
  const from = today > b.start ? today : b.start;
  const unusedDays = from > b.end ? 0 : daysBetween(from, b.end) + 1;
  let share = unusedDays / totalDays;
  if (b.sessionsTotal && b.sessionsLeft !== null) share = Math.min(share, b.sessionsLeft / b.sessionsTotal);
  const planPart = Math.max(0, paise(b.total) - paise(b.joiningFee));
  return { paise: Math.min(Math.round(planPart * share), paise(b.paid)), unusedDays, totalDays };
}
