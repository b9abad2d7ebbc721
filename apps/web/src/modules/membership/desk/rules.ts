/**
 * Pure rules of the desk screens (no React): weekday labels of batches, 24-hour clock times in the
 * organisation's zone, and what the check-in box makes of what is typed or scanned.
 */
import { normalisePhone } from '@arena/contracts/kit';
import { format, isValid, parseISO } from 'date-fns';

// ---- weekdays (Monday = 1 … Sunday = 7, as the API stores them) ----
export const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 7, short: 'Sun', long: 'Sunday' },
] as const;

/**
 * A batch's days as people say them: "Every day", "Mon–Fri", "Sat, Sun", "Mon, Wed, Fri",
 * "Mon–Wed, Fri". Runs of three or more consecutive days become a range.
 */
export function weekdaysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 0) return '—';
  if (sorted.length === 7) return 'Every day';
  const name = (d: number) => WEEKDAYS[d - 1].short;
  const runs: number[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === d - 1) run.push(d);
    else runs.push([d]);
  }
  return runs.flatMap((run) => (run.length >= 3 ? [`${name(run[0])}–${name(run[run.length - 1])}`] : run.map(name))).join(', ');
}

/** "06:00:00" or "06:00" → "06:00". */
export const hhmm = (time: string): string => time.slice(0, 5);

/** A batch's hours: "06:00–07:00". */
export const timeRange = (start: string, end: string): string => `${hhmm(start)}–${hhmm(end)}`;

// ---- clock times of attendance ----
const FALLBACK_ZONE = 'Asia/Kolkata';

/** An instant as a 24-hour time ("17:05") in the organisation's zone (India when unknown). */
export function clockTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  try {
    return format(timeZone || FALLBACK_ZONE);
  } catch {
    return format(FALLBACK_ZONE);
  }
}

/** How long a visit lasted (or has lasted until `now`): "45 min", "1 h 20 min", "3 h". */
export function visitLength(checkIn: string, checkOut: string | null, now: Date = new Date()): string {
  const start = new Date(checkIn).getTime();
  const end = checkOut ? new Date(checkOut).getTime() : now.getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return '—';
  const minutes = Math.floor((end - start) / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

// ---- the check-in box ----
/**
 * A member code in what was typed or scanned: "MEM-00042", "mem-42", "mem 42", "MEM00042", or a
 * card's QR text that holds one (a URL, "Arena member MEM-00042") → "MEM-00042"; null otherwise.
 */
export function memberCodeIn(text: string): string | null {
  const match = /\bMEM[\s-]?0*(\d{1,9})\b/i.exec(text.trim());
  if (!match) return null;
  return `MEM-${match[1].padStart(5, '0')}`;
}

/** The member app's signed check-in code (`AC1.…`, scanned from the phone or pasted), as it goes to the server; else null. */
export function signedCheckInCode(text: string): string | null {
  const t = text.trim();
  return /^AC1\./i.test(t) ? t : null;
}

/** What the text in the check-in box looks like: a member code, a phone number, or a name (or too short to search). */
export type CheckInQueryKind = 'code' | 'phone' | 'name' | 'empty';

export function checkInQueryKind(text: string): CheckInQueryKind {
  const t = text.trim();
  if (signedCheckInCode(t) || memberCodeIn(t)) return 'code';
  const digits = normalisePhone(t);
  if (/^\d+$/.test(digits)) return digits.length >= 3 ? 'phone' : 'empty';
  return t.length >= 2 ? 'name' : 'empty';
}

/** The search sent to `member/?search=`: a phone as it is kept (`normalisePhone`: no spaces, +91 or 0), else the text as typed. */
export function checkInSearchTerm(text: string): string {
  const t = text.trim();
  if (checkInQueryKind(t) === 'phone') return normalisePhone(t);
  return t;
}

export interface Suggestion {
  id: number;
  member_code: string;
  phone: string;
  full_name: string;
}

/**
 * Who Enter checks in: the highlighted suggestion when the list shows one; else a typed member
 * code goes as it is (the server finds the card); else a phone or name with exactly one match is
 * that member; otherwise nobody (the user must pick).
 */
export function checkInTarget(
  text: string,
  suggestions: readonly Suggestion[],
  active: number | null,
): { member: number; label: string } | { member_code: string; label: string } | null {
  if (active !== null && suggestions[active]) {
    const s = suggestions[active];
    return { member: s.id, label: s.full_name };
  }
  const signed = signedCheckInCode(text);
  if (signed) return { member_code: signed, label: 'The member app’s code' };
  const code = memberCodeIn(text);
  if (code) {
    const exact = suggestions.find((s) => s.member_code.toUpperCase() === code);
    return exact ? { member: exact.id, label: exact.full_name } : { member_code: code, label: code };
  }
  const kind = checkInQueryKind(text);
  if (kind === 'phone') {
    const term = checkInSearchTerm(text);
    const exact = suggestions.filter((s) => s.phone === term);
    if (exact.length === 1) return { member: exact[0].id, label: exact[0].full_name };
  }
  if ((kind === 'phone' || kind === 'name') && suggestions.length === 1)
    return { member: suggestions[0].id, label: suggestions[0].full_name };
  return null;
}

/** The server's words for a refused call: its `detail`, its first field error, or null. */
export function refusalText(data: unknown): string | null {
  if (!data || typeof data !== 'object') return typeof data === 'string' && data.trim() ? data.trim() : null;
  const body = data as Record<string, unknown>;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  for (const value of Object.values(body)) {
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

/**
 * The server's question when a pack member who already used a session today checks in again
 * without saying whether it is a second session (a 400 on `second_session`), or null.
 */
export function secondSessionQuestion(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const messages = (data as Record<string, unknown>).second_session;
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
}

// ---- reports ----
export interface MonthModePivot {
  /** Payment modes across, most collected first. */
  modes: string[];
  /** Months down (every month of the report, in order), each with its receipts per mode (0 where none), its refunds and its net. */
  rows: { month: string; label: string; amounts: number[]; refunds: number; net: number }[];
  /** The bottom row: each mode's receipts, the refunds and the net. */
  modeTotals: number[];
  refunds: number;
  net: number;
}

type Sums = { receipts: string; refunds: string; net: string };

/**
 * The month wise collection as it reads best: months down, the receipts of each payment mode
 * across (most collected first), then the refunds and the net (receipts − refunds), with totals.
 */
export function monthModePivot(report: {
  rows: ({ month: string; label: string } & Sums)[];
  by_mode: ({ payment_mode: string } & Sums)[];
  by_month_mode: ({ month: string; payment_mode: string } & Sums)[];
  total: Sums;
}): MonthModePivot {
  const byMode = [...report.by_mode].sort((a, b) => Number(b.receipts) - Number(a.receipts));
  const modes = byMode.map((m) => m.payment_mode);
  const amount = new Map(report.by_month_mode.map((r) => [`${r.month}\u0000${r.payment_mode}`, Number(r.receipts)]));
  const rows = [...report.rows]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => ({
      month: r.month,
      label: r.label,
      amounts: modes.map((m) => amount.get(`${r.month}\u0000${m}`) ?? 0),
      refunds: Number(r.refunds),
      net: Number(r.net),
    }));
  return {
    modes,
    rows,
    modeTotals: byMode.map((m) => Number(m.receipts)),
    refunds: Number(report.total.refunds),
    net: Number(report.total.net),
  };
}

/** A share in per cent with at most one decimal: 12.5; 0 when the whole is 0. */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** "2026-03" → "Mar ’26" (axis) or "March 2026" (tooltip). */
export function monthText(month: string, long = false): string {
  const d = parseISO(`${month}-01`);
  if (!isValid(d)) return month;
  return long ? format(d, 'MMMM yyyy') : format(d, "MMM ''yy").replace("'", '’');
}
