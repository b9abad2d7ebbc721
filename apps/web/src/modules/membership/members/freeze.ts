/**
 * What the desk reads of a plan's freeze limits: the plan's yearly limits and shortest freeze in a
 * line, a membership's freezes used and left (per membership and per membership year), and what
 * the plan would refuse of a chosen freeze. The rules themselves are the API's (freeze.service.ts)
 * and the contracts' (`freezeYear`).
 */
import { freezeYear, type FreezeYear, type Plan } from '@arena/contracts/membership';
import { formatDate } from '../../../lib/format';
import type { Membership } from './api';

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const left = (max: number, used: number) => Math.max(0, max - used);

type FreezeFacts = Pick<Membership, 'start_date' | 'freezes' | 'frozen_days' | 'freeze_limits'>;

/** "Used 1 of 2 freezes and 12 of 30 days of this membership", from the plan's limits and the membership's freezes. */
export function freezeAllowance(m: Pick<Membership, 'freezes' | 'frozen_days' | 'freeze_limits'>): string {
  const l = m.freeze_limits;
  if (l.max_times === 0 || l.max_days === 0) return 'This plan does not allow freezes.';
  return `Used ${m.freezes.length} of ${plural(l.max_times, 'freeze')} and ${m.frozen_days} of ${plural(l.max_days, 'day')} of this membership.`;
}

/**
 * "2 of 3 freezes and 10 of 30 days left this membership year (1 Jan 2026 – 31 Dec 2026)": the
 * plan's yearly limits against the freezes that start in the membership year of `year`, or null
 * when the plan has no yearly limit. `current` says whether that year is today's.
 */
export function yearAllowance(m: Pick<Membership, 'freeze_limits'>, year: FreezeYear, current: boolean): string | null {
  const { max_freezes_per_year: times, max_freeze_days_per_year: days } = m.freeze_limits;
  if (times === null && days === null) return null;
  const parts = [
    times !== null ? `${left(times, year.freezes)} of ${plural(times, 'freeze')}` : null,
    days !== null ? `${left(days, year.days)} of ${plural(days, 'day')}` : null,
  ].filter(Boolean);
  const unlimited = times === null ? ' (no limit on the number of freezes)' : days === null ? ' (no limit on days)' : '';
  const span = `${formatDate(year.from)} – ${formatDate(year.to)}`;
  return current
    ? `${parts.join(' and ')} left this membership year (${span})${unlimited}.`
    : `${parts.join(' and ')} left in the membership year ${span}${unlimited}.`;
}

/** What the plan would refuse of a freeze from `from` for `days` days (the server has the last word). */
export function freezeProblems(m: FreezeFacts, from: string, days: number): string[] {
  const l = m.freeze_limits;
  const year = freezeYear(m.start_date, m.freezes, from);
  const out: string[] = [];
  if (days < l.min_freeze_days) out.push(`Too short: the plan freezes for at least ${plural(l.min_freeze_days, 'day')}.`);
  if (l.max_freezes_per_year !== null && year.freezes >= l.max_freezes_per_year)
    out.push(`No freeze is left in the membership year ${formatDate(year.from)} – ${formatDate(year.to)}.`);
  else if (l.max_freeze_days_per_year !== null && year.days + days > l.max_freeze_days_per_year)
    out.push(`Only ${plural(left(l.max_freeze_days_per_year, year.days), 'day')} can be frozen in that membership year.`);
  return out;
}

/** "a year: 2 freezes, 30 days · at least 7 days" — the plan's yearly freeze limits and shortest freeze, or '' when it has none. */
export function yearlyFreezeText(p: Pick<Plan, 'max_freezes_per_year' | 'max_freeze_days_per_year' | 'min_freeze_days'>): string {
  const year = [
    p.max_freezes_per_year !== null ? plural(p.max_freezes_per_year, 'freeze') : null,
    p.max_freeze_days_per_year !== null ? plural(p.max_freeze_days_per_year, 'day') : null,
  ].filter(Boolean);
  return [year.length ? `a year: ${year.join(', ')}` : '', p.min_freeze_days > 1 ? `at least ${plural(p.min_freeze_days, 'day')}` : '']
    .filter(Boolean)
    .join(' · ');
}
