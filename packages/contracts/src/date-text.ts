/**
 * Dates and times as people type and read them at an Indian front desk ("23 Nov 2026",
 * "23/11/2026", "17:00"), and the ISO strings the API takes ("2026-11-23", "17:00").
 */
const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO date of a day, month and year, or null when there is no such day (31 Feb). */
function isoOf(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * "23 Nov 2026", "23 november 2026", "Nov 23 2026", "23/11/2026", "23-11-26", "23.11.2026" or
 * "2026-11-23" → "2026-11-23"; null for anything else, including days that do not exist.
 * Numeric dates read day first, as they are written in India.
 */
export function parseDateText(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t);
  if (m) return isoOf(fullYear(m[3]), Number(m[2]), Number(m[1]));
  const named = /^(\d{1,2})[ -]?([a-z]{3,9})\.?[ -]?(\d{4}|\d{2})$/.exec(t);
  const monthFirst = /^([a-z]{3,9})\.? (\d{1,2}) (\d{4})$/.exec(t);
  const parts = named
    ? { day: named[1], month: named[2], year: named[3] }
    : monthFirst
      ? { day: monthFirst[2], month: monthFirst[1], year: monthFirst[3] }
      : null;
  if (!parts) return null;
  const month = monthOf(parts.month);
  return month === null ? null : isoOf(fullYear(parts.year), month, Number(parts.day));
}

const FULL = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** "nov", "novem" and "november" → 11; "sept" → 9; "novx" → null. */
function monthOf(typed: string): number | null {
  if (typed === 'sept') return 9;
  const index = FULL.findIndex((name) => name.startsWith(typed));
  return typed.length >= 3 && index >= 0 ? index + 1 : null;
}

/** "2026-11-23" → "23 Nov 2026"; "" for an empty or malformed value. */
export function formatDateText(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m || !isoOf(Number(m[1]), Number(m[2]), Number(m[3]))) return '';
  return `${Number(m[3])} ${MONTH_LABELS[Number(m[2]) - 1]} ${m[1]}`;
}

/**
 * A 24-hour time as typed → "HH:mm": "17:00", "17.00", "1700", "930" (09:30), "9:30", "9" (09:00),
 * "17:00:00" → "17:00"; null for anything else.
 */
export function parseTimeText(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{1,2})(?:[:.](\d{2}))?(?::\d{2})?$/.exec(t) ?? /^(\d{1,2})(\d{2})$/.exec(t);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}
