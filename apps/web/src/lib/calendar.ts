/**
 * Month calendars' arithmetic (a member's visits, a staff member's marks), on ISO dates (yyyy-MM-dd) only, so no time zone can move
 * a visit to another day: the weeks of a month (Monday first) and the visits of each day.
 */
import { daysInMonth, shiftDays } from '@arena/contracts/membership';

export interface CalendarDay {
  date: string;
  /** A day of the month shown (the others pad the first and last weeks). */
  inMonth: boolean;
}

/** "2026-11-23" → "2026-11". */
export const monthOf = (iso: string) => iso.slice(0, 7);
/** The first and last day of a month ("2026-11"). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}

/** The month `delta` months from `month` ("2026-01", -1 → "2025-12"). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Monday = 0 … Sunday = 6 of an ISO date. */
export function weekdayIndex(iso: string): number {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return (day + 6) % 7;
}

/** The weeks (Monday to Sunday) that hold the days of `month`, padded with the days around it. */
export function monthWeeks(month: string): CalendarDay[][] {
  const { from, to } = monthRange(month);
  let day = shiftDays(from, -weekdayIndex(from));
  const weeks: CalendarDay[][] = [];
  while (day <= to) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: day, inMonth: day >= from && day <= to });
      day = shiftDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Visits grouped by their day. */
export function visitsByDay<T extends { date: string }>(visits: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const v of visits) days.set(v.date, [...(days.get(v.date) ?? []), v]);
  return days;
}
