/**
 * Adherence per week = sessions logged ÷ sessions planned. A session is a day with at least one
 * logged exercise; planned sessions are the plan's days per week. Weeks start on Monday. The ratio
 * is capped at 1 (an extra session does not make up for a missed week) and kept to 2 decimals.
 */

/** The Monday of the week of `date` (yyyy-MM-dd). */
export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

export interface AdherenceWeek {
  week: string;
  logged: number;
  planned: number;
  adherence: number;
}

/** Every week from `from`'s to `to`'s (at most `maxWeeks`, the latest kept), with its sessions. */
export function weeklyAdherence(sessionDates: string[], daysPerWeek: number, from: string, to: string, maxWeeks = 60): AdherenceWeek[] {
  if (to < from || daysPerWeek < 1) return [];
  const byWeek = new Map<string, Set<string>>();
  for (const d of sessionDates) {
    if (d < from || d > to) continue;
    const w = weekOf(d);
    if (!byWeek.has(w)) byWeek.set(w, new Set());
    byWeek.get(w)!.add(d);
  }
  const weeks: AdherenceWeek[] = [];
  const last = weekOf(to);
  for (let w = weekOf(from); w <= last; w = new Date(Date.parse(`${w}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10)) {
    const logged = byWeek.get(w)?.size ?? 0;
    weeks.push({ week: w, logged, planned: daysPerWeek, adherence: Math.round(Math.min(1, logged / daysPerWeek) * 100) / 100 });
  }
  return weeks.slice(-maxWeeks);
}

/** Adherence of many plans over one week: all their sessions ÷ all their planned sessions (0 with none planned). */
export function pooledAdherence(logged: number, planned: number): number {
  return planned > 0 ? Math.round(Math.min(1, logged / planned) * 100) / 100 : 0;
}
