/**
 * Dates and times of an organisation. "Today", "past" and "future" are always decided in the
 * organisation's time zone; dates travel as ISO `yyyy-MM-dd` strings and are computed in UTC
 * so no local zone of the server can shift them.
 */
import { zoneClockParts } from '@arena/contracts';
import { sql } from 'drizzle-orm';

/**
 * The organisation's today in SQL, for the organisation of the transaction (migration 0017's
 * `arena_org_today()`; the server's date outside a tenant transaction). The function reads the
 * organisation row, so it is wrapped in a scalar sub-select: PostgreSQL evaluates that once per
 * statement (an InitPlan), not once per row — a bare call in the booking list's ordering cost
 * 25 ms per 1,000 rows sorted.
 */
export const ORG_TODAY = sql.raw(`coalesce((select arena_org_today()), current_date)`);

/** The moment a request or a job works at, in the organisation's zone. */
export interface Now {
  instant: Date;
  /** yyyy-MM-dd */
  today: string;
  /** HH:mm:ss */
  time: string;
}

/** Date and time at an instant in a time zone. */
export function nowIn(timeZone: string, instant = new Date()): Now {
  const parts = zoneClockParts(instant, timeZone);
  return { instant, today: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** The calendar date (yyyy-MM-dd) at an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return nowIn(timeZone, instant).today;
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function isWeekend(date: string): boolean {
  return isoWeekday(date) >= 6;
}

/** dd-MM-yyyy (the spec's slot path format) → yyyy-MM-dd, or null when it is not a real date. */
export function parsePathDate(value: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-23` → `23 Nov 2026`, as people write dates in India. */
/** A date as messages write it: `30-11-2026` (the placeholders' `{end_date}`, `{date}` …). */
export const dmyDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

export function displayDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** The first and last day of the month of a date. */
export function monthOf(isoDate: string): { from: string; to: string } {
  const [y, m] = isoDate.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${isoDate.slice(0, 7)}-01`, to: `${isoDate.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** Most months `monthsOf` lists: twice a report's longest window. */
const MAX_MONTHS = 12 * 10;

/**
 * The months (`YYYY-MM`) from the month of `from` to the month of `to`, both included. Compared as
 * numbers (as strings, `'10000-01' < '9999-12'`: a walk to year 99,999), and never more than
 * MAX_MONTHS — a caller with an unbounded window is a bug, and throws.
 */
export function monthsOf(from: string, to: string): string[] {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  const first = index(from);
  const last = index(to);
  if (last - first >= MAX_MONTHS) throw new Error(`monthsOf: ${from}…${to} is longer than ${MAX_MONTHS} months`);
  const out: string[] = [];
  for (let i = first; i <= last; i++) out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
}
