/**
 * A member's adherence to their workout plan, as the lists show it: sessions logged ÷ sessions
 * planned (the plan's days per week in every week, Monday to Sunday, from the start's week to this
 * week, or the end's when it ended), capped at 100 %. The member tab's weekly chart comes from the
 * API (`…/log/`), which counts the same way week by week.
 */

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The Monday of the week of `date` (yyyy-MM-dd). */
export function mondayOf(date: string): string {
  const d = new Date(at(date));
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
}

/** The weeks from the start's week to `today`'s (or the end's, when earlier); 0 before the start. */
export function weeksRun(start: string, end: string | null, today: string): number {
  const last = end && end < today ? end : today;
  if (last < start) return 0;
  return Math.round((at(mondayOf(last)) - at(mondayOf(start))) / (7 * DAY)) + 1;
}

/** Sessions ÷ planned sessions as a whole percentage, or null before the plan has started. */
export function adherencePercent(
  copy: { start_date: string; end_date: string | null; days_per_week: number; sessions: number },
  today: string,
): number | null {
  const planned = weeksRun(copy.start_date, copy.end_date, today) * copy.days_per_week;
  if (planned <= 0) return null;
  return Math.round(Math.min(1, copy.sessions / planned) * 100);
}
