const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An ISO date or moment as a Date: a bare `YYYY-MM-DD` is that day (local midnight), a moment is
 * that instant; anything else is null. (Not date-fns: this file is in every page's first load.)
 */
function parseIso(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day
    ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
    : /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? new Date(value)
      : null;
  return date && !Number.isNaN(date.getTime()) && (!day || date.getDate() === Number(day[3])) ? date : null;
}

/** Dates as people write them in India: 21 Nov 2026. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseIso(value);
  return date ? `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}` : value;
}

/** The zone moments are shown in: the organisation's (set by the auth store), India's until known. */
let displayZone = 'Asia/Kolkata';
export function setDisplayTimeZone(zone: string | null | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    displayZone = zone;
  } catch {
    // An unknown zone keeps the last good one.
  }
}

/** A moment in the organisation's time zone, 24-hour: "27 Nov 2026, 10:01" (a desk laptop set to UTC shows the club's time). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseIso(value);
  if (!date) return value;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: displayZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/**
 * Rupees in Indian grouping (₹1,50,000.00), the same as contracts' `formatInr` (PDFs, mails). Not
 * re-exported from there: the portal imports this file, and importing the contracts barrel here
 * puts zod in the portal's first load (103 → 137 kB gzip, over its budget in bundle-size.mjs).
 */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
export const formatMoney = (value: number | string): string => inr.format(Number(value));

/** 'asha' → 'Asha'. */
export const capitalise = (value: string): string => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);

const UNITS = [
  { size: 1e7, suffix: 'Cr' },
  { size: 1e5, suffix: 'L' },
  { size: 1e3, suffix: 'k' },
] as const;
const compactNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * Amounts for chart ticks and tight spaces, in the Indian units people read: ₹2.5k, ₹1.2L,
 * ₹1.25Cr. At most three significant digits, so a tick of 2,500 never reads "3k".
 */
export function compactInr(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [i, unit] of UNITS.entries()) {
    if (abs < unit.size) continue;
    const scaled = Number((abs / unit.size).toPrecision(3));
    // 99,999 rounds to "100k": say it in the next unit up (₹1L).
    const up = UNITS[i - 1];
    if (up && scaled * unit.size >= up.size)
      return `${sign}₹${compactNumber.format(Number(((scaled * unit.size) / up.size).toPrecision(3)))}${up.suffix}`;
    return `${sign}₹${compactNumber.format(scaled)}${unit.suffix}`;
  }
  return `${sign}₹${compactNumber.format(Number(abs.toPrecision(3)))}`;
}

const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** Counts with Indian digit grouping: 1,50,000. */
export const formatCount = (value: number | string): string => count.format(Number(value));

/** A count with its noun, singular for one: "1 seat", "12 seats", "1,250 members". */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string => `${formatCount(n)} ${n === 1 ? singular : plural}`;

/**
 * Round axis values from 0 to at least `max`: about `count` steps of 1, 2, 2.5 or 5 × 10ⁿ
 * (whole steps when `integer`, e.g. for counts of bookings). Nothing to show gives [0, 1].
 */
export function niceTicks(max: number, count = 5, { integer = false }: { integer?: boolean } = {}): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const raw = max / Math.max(1, count - 1);
  const magnitude = integer ? Math.max(1, 10 ** Math.floor(Math.log10(raw))) : 10 ** Math.floor(Math.log10(raw));
  const multiples = integer && magnitude === 1 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = multiples.find((m) => m * magnitude >= raw)! * magnitude;
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}
