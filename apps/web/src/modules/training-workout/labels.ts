/** How the module's words read on screen, and what a picker's search box means. */
import { EQUIPMENT, EXERCISE_CATEGORIES, LEVELS, MUSCLES } from '@arena/contracts/training-workout';
import { capitalise } from '../../lib/format';

export const LEVEL_OPTIONS = LEVELS.map((l) => ({ value: l, label: capitalise(l) }));
export const CATEGORY_OPTIONS = EXERCISE_CATEGORIES.map((c) => ({ value: c, label: capitalise(c) }));
export const EQUIPMENT_OPTIONS = EQUIPMENT.map((e) => ({ value: e, label: e === 'trx' ? 'TRX' : capitalise(e) }));
export const MUSCLE_OPTIONS = MUSCLES.map((m) => ({ value: m, label: capitalise(m) }));
export const LOAD_KIND_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'percent_1rm', label: '% of 1RM' },
  { value: 'kg', label: 'kg' },
];

/** "60 % 1RM", "40 kg", or '' with no load. */
export function loadText(kind: string, load: number): string {
  if (kind === 'percent_1rm') return `${load} % 1RM`;
  if (kind === 'kg') return `${load} kg`;
  return '';
}

/** "Barbell · chest, triceps": an exercise's equipment and main muscles in a line. */
export const exerciseMeta = (e: { equipment: string; primary_muscles: readonly string[] }) =>
  [e.equipment === 'none' ? '' : capitalise(e.equipment), e.primary_muscles.join(', ')].filter(Boolean).join(' · ');

export interface PickerQuery {
  search?: string;
  muscle?: string;
  equipment?: string;
}

/**
 * What the picker's one search box asks the library for: always the names that contain the text,
 * and when the text is also a muscle's name ("chest") or an equipment's ("dumbbell", "bench"), the
 * exercises of that muscle or equipment too (a second query, its matches listed after the names').
 * The muscle and equipment selects, when set, narrow both.
 */
export function pickerQueries(text: string, muscle = '', equipment = ''): PickerQuery[] {
  const term = text.trim().toLowerCase();
  const base: PickerQuery = {};
  if (muscle) base.muscle = muscle;
  if (equipment) base.equipment = equipment;
  if (!term) return [base];
  const out: PickerQuery[] = [{ ...base, search: text.trim() }];
  if (!muscle && (MUSCLES as readonly string[]).includes(term)) out.push({ ...base, muscle: term });
  else if (!equipment && (EQUIPMENT as readonly string[]).includes(term)) out.push({ ...base, equipment: term });
  return out;
}

/** The matches of the picker's queries in order, each exercise once. */
export function mergeMatches<T extends { id: number }>(lists: readonly (readonly T[] | undefined)[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const list of lists)
    for (const row of list ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
    }
  return out;
}
