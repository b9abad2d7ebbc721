/**
 * An asset's depreciation, exact to the paisa: a pure function of its cost, salvage value, life,
 * method and purchase date. Year i runs from the purchase date's anniversary i − 1 to the day
 * before anniversary i.
 *
 * - Straight line: (cost − salvage) / life a year; each year is the difference of the rounded
 *   cumulative amounts, so the years add up to cost − salvage exactly.
 * - Written down value: a rate per year on the opening value, rounded to the paisa; the rate is
 *   the one given, else 1 − (salvage / cost)^(1 / life) (twice the straight-line rate when the
 *   salvage is nil). The last year of the life takes the value down to salvage.
 *
 * Both stop at salvage: no year takes the value below it, and the schedule ends when it is reached.
 */
import { fromPaise, paise } from '../money.js';
import type { DepreciationMethod, DepreciationYear } from './asset.js';

export interface DepreciationBasis {
  cost: string;
  salvage: string;
  lifeYears: number;
  method: DepreciationMethod;
  /** The written-down-value rate in per cent; null works it out. */
  ratePercent?: number | null;
  purchaseDate: string;
}

const DAY = 86_400_000;

/** The ISO date `years` years after `iso` (29 February → 28 February in a common year). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

/** The rate (a fraction) a written-down-value schedule uses. */
export function wdvRate(basis: Pick<DepreciationBasis, 'cost' | 'salvage' | 'lifeYears' | 'ratePercent'>): number {
  if (basis.ratePercent) return basis.ratePercent / 100;
  const cost = paise(basis.cost);
  const salvage = paise(basis.salvage);
  if (cost <= 0) return 0;
  if (salvage <= 0) return Math.min(1, 2 / basis.lifeYears);
  return 1 - Math.pow(salvage / cost, 1 / basis.lifeYears);
}

/** The schedule in paise (integers): one row per year until the value reaches salvage. */
export function depreciationPaise(
  basis: DepreciationBasis,
): { year: number; start: string; end: string; opening: number; depreciation: number; closing: number }[] {
  const cost = paise(basis.cost);
  const salvage = Math.min(paise(basis.salvage), cost);
  const total = cost - salvage;
  const n = basis.lifeYears;
  const rows: { year: number; start: string; end: string; opening: number; depreciation: number; closing: number }[] = [];
  if (total <= 0 || n < 1) return rows;
  const rate = basis.method === 'written_down_value' ? wdvRate(basis) : 0;
  let opening = cost;
  for (let i = 1; i <= n && opening > salvage; i++) {
    let dep: number;
    if (basis.method === 'straight_line') dep = Math.round((total * i) / n) - Math.round((total * (i - 1)) / n);
    else dep = i === n ? opening - salvage : Math.min(Math.round(opening * rate), opening - salvage);
    const start = addYears(basis.purchaseDate, i - 1);
    rows.push({ year: i, start, end: dayBefore(addYears(basis.purchaseDate, i)), opening, depreciation: dep, closing: opening - dep });
    opening -= dep;
  }
  return rows;
}

/** The schedule as the API shows it (amounts as "1500.00"). */
export function depreciationSchedule(basis: DepreciationBasis): DepreciationYear[] {
  return depreciationPaise(basis).map((r) => ({
    year: r.year,
    start: r.start,
    end: r.end,
    opening: fromPaise(r.opening),
    depreciation: fromPaise(r.depreciation),
    closing: fromPaise(r.closing),
  }));
}

/**
 * The book value on `date`: the cost before the purchase; within a year, its opening value less
 * the part of the year's depreciation its days so far make (rounded to the paisa); salvage after.
 */
export function bookValuePaise(basis: DepreciationBasis, date: string): number {
  const cost = paise(basis.cost);
  if (date < basis.purchaseDate) return cost;
  const rows = depreciationPaise(basis);
  if (!rows.length) return cost;
  for (const r of rows) {
    if (date > r.end) continue;
    const yearDays = daysBetween(r.start, addYears(r.start, 1));
    const elapsed = daysBetween(r.start, date);
    return r.opening - Math.round((r.depreciation * elapsed) / yearDays);
  }
  return rows[rows.length - 1].closing;
}

export const bookValue = (basis: DepreciationBasis, date: string): string => fromPaise(bookValuePaise(basis, date));
