/**
 * Training/Workouts (issue 25, training half): the exercise library (a global, read-only list
 * shared by every organisation plus each organisation's own exercises), workout categories,
 * workout plans (days, each with ordered exercises), a member's own copy of a plan, the workout
 * log and the message templates.
 */
import { z } from '../zod-config.js';
import { MEMBER_SELECTION_MAX, checkMemberSelection, memberSelectionFields } from '../member-selection.js';
import {
  idSchema,
  isoDateSchema,
  namedLookupInputSchema,
  namedLookupSchema,
  requiredSingleLineText,
  singleLineText,
  text,
} from '../common.js';

export const EXERCISE_CATEGORIES = ['strength', 'cardio', 'mobility', 'plyometric', 'core', 'balance', 'sport'] as const;
export const EQUIPMENT = [
  'barbell',
  'dumbbell',
  'kettlebell',
  'machine',
  'cable',
  'bodyweight',
  'band',
  'bench',
  'pull-up bar',
  'medicine ball',
  'treadmill',
  'bike',
  'rower',
  'jump rope',
  'box',
  'stability ball',
  'foam roller',
  'trx',
  'racket',
  'none',
] as const;
export const MUSCLES = [
  'chest',
  'front delts',
  'side delts',
  'rear delts',
  'triceps',
  'biceps',
  'forearms',
  'lats',
  'upper back',
  'traps',
  'lower back',
  'abs',
  'obliques',
  'glutes',
  'quads',
  'hamstrings',
  'adductors',
  'abductors',
  'calves',
  'hip flexors',
  'neck',
  'full body',
  'heart',
] as const;
export type ExerciseCategory = (typeof EXERCISE_CATEGORIES)[number];
export type Equipment = (typeof EQUIPMENT)[number];
export type Muscle = (typeof MUSCLES)[number];

/** Ids below this are the global library's; an organisation's own exercises start here. */
export const OWN_EXERCISE_ID_MIN = 100_000;

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

/** Caps of one plan. */
export const DAYS_MAX = 7;
export const ITEMS_PER_DAY_MAX = 30;
export const ITEMS_MAX = 150;
export const WEEKS_MAX = 52;
export const SETS_MAX = 20;
export const REST_MAX = 900;
export const REPS_MAX = 200;
export const SECONDS_MAX = 3600;
export const LOAD_KG_MAX = 500;
/** Members one assignment request may name or resolve. */
export const ASSIGN_MAX = MEMBER_SELECTION_MAX;

const httpUrl = singleLineText(500).refine(
  (v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
  'Enter a link starting with http:// or https://.',
);

// ---- reps and tempo ----
export type Reps = { kind: 'reps'; min: number; max: number } | { kind: 'time'; seconds: number };

/**
 * Reads what a trainer types for reps: "10", "8-12" (or "8–12", "8 to 12"), "45s", "60 sec", "1:30"
 * (a time). Null for anything else, or a figure out of bounds.
 */
export function parseReps(input: string): Reps | null {
  const s = input.trim().toLowerCase();
  let m = /^(\d{1,3})$/.exec(s);
  if (m) {
    const n = Number(m[1]);
    return n >= 1 && n <= REPS_MAX ? { kind: 'reps', min: n, max: n } : null;
  }
  m = /^(\d{1,3})\s*(?:-|–|—|to)\s*(\d{1,3})$/.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    return a >= 1 && b <= REPS_MAX && a < b ? { kind: 'reps', min: a, max: b } : null;
  }
  m = /^(\d{1,4})\s*(?:s|sec|secs|seconds?)$/.exec(s);
  if (m) {
    const n = Number(m[1]);
    return n >= 1 && n <= SECONDS_MAX ? { kind: 'time', seconds: n } : null;
  }
  m = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (m) {
    const n = Number(m[1]) * 60 + Number(m[2]);
    return n >= 1 && n <= SECONDS_MAX ? { kind: 'time', seconds: n } : null;
  }
  return null;
}

/** How reps are shown: "10", "8–12", "45 s". */
export function formatReps(r: Reps): string {
  if (r.kind === 'time') return `${r.seconds} s`;
  return r.min === r.max ? String(r.min) : `${r.min}–${r.max}`;
}

/** A tempo "3-1-1-0": four phases (lowering, pause, lifting, pause) of 0–9 seconds, or X for explosive. */
export function parseTempo(input: string): string | null {
  const s = input.trim().toUpperCase();
  return /^[0-9X]-[0-9X]-[0-9X]-[0-9X]$/.test(s) ? s : null;
}

export const REPS_MESSAGE = `Enter reps as a number (10), a range (8-12) or a time (45s), up to ${REPS_MAX} reps or ${SECONDS_MAX} s.`;
export const TEMPO_MESSAGE = 'Enter a tempo as four digits like 3-1-1-0 (X for explosive).';

const repsSchema = singleLineText(20)
  .refine((v) => parseReps(v) !== null, REPS_MESSAGE)
  .transform((v) => formatReps(parseReps(v)!));
const tempoSchema = singleLineText(7)
  .refine((v) => v.trim() === '' || parseTempo(v) !== null, TEMPO_MESSAGE)
  .transform((v) => (v.trim() === '' ? '' : parseTempo(v)!));

const int = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `Enter ${what} from ${min} to ${max}.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `Enter ${what} from ${min} to ${max}.`)
    .max(max, `Enter ${what} from ${min} to ${max}.`);
const decimal = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `Enter ${what} from ${min} to ${max}.` })
    .min(min, `Enter ${what} from ${min} to ${max}.`)
    .max(max, `Enter ${what} from ${min} to ${max}.`)
    .refine((v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals.');

// ---- exercises ----
export const exerciseInputSchema = z.object({
  name: requiredSingleLineText(100),
  category: z.enum(EXERCISE_CATEGORIES),
  equipment: z.enum(EQUIPMENT).default('none'),
  primary_muscles: z.array(z.enum(MUSCLES)).min(1, 'Choose at least one muscle.').max(6),
  secondary_muscles: z.array(z.enum(MUSCLES)).max(8).default([]),
  description: text(1000).default(''),
  video_url: httpUrl.default(''),
  is_active: z.boolean().default(true),
});
export const exerciseSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  equipment: z.string(),
  primary_muscles: z.array(z.string()),
  secondary_muscles: z.array(z.string()),
  description: z.string(),
  video_url: z.string(),
  /** URL of the organisation's picture, or null. */
  picture: z.string().nullable(),
  /** A global exercise is the provider's library: everyone reads it, nobody edits it. */
  is_global: z.boolean(),
  is_active: z.boolean(),
});
export type Exercise = z.infer<typeof exerciseSchema>;
export const exerciseListQuerySchema = z.object({
  search: singleLineText(100).optional(),
  muscle: z.enum(MUSCLES).optional(),
  equipment: z.enum(EQUIPMENT).optional(),
  category: z.enum(EXERCISE_CATEGORIES).optional(),
  source: z.enum(['global', 'own']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  page_size: z.coerce.number().int().min(1).max(500).optional(),
});

// ---- categories ----
export const workoutCategoryInputSchema = namedLookupInputSchema();
export const workoutCategorySchema = namedLookupSchema.extend({ plans: z.number() });
export type WorkoutCategory = z.infer<typeof workoutCategorySchema>;

// ---- plans ----
export const planItemInputSchema = z
  .object({
    /** An exercise of the library or the organisation's own. */
    exercise: idSchema,
    sets: int(1, SETS_MAX, 'sets'),
    reps: repsSchema,
    rest_seconds: int(0, REST_MAX, 'rest seconds').default(60),
    tempo: tempoSchema.default(''),
    load_kind: z.enum(['none', 'percent_1rm', 'kg']).default('none'),
    load: decimal(0, LOAD_KG_MAX, 'a load').default(0),
    /** Items of a day sharing a letter are a superset. */
    superset: z
      .string()
      .regex(/^[A-Ha-h]?$/, 'Enter a superset letter A to H, or nothing.')
      .transform((v) => v.toUpperCase())
      .default(''),
    notes: text(300).default(''),
  })
  .superRefine((item, c) => {
    if (item.load_kind === 'percent_1rm' && item.load > 100)
      c.addIssue({ code: 'custom', path: ['load'], message: 'Enter a percentage of 1RM up to 100.' });
  });
export type PlanItemInput = z.output<typeof planItemInputSchema>;
export const planDayInputSchema = z.object({
  name: requiredSingleLineText(60),
  items: z.array(planItemInputSchema).max(ITEMS_PER_DAY_MAX, `At most ${ITEMS_PER_DAY_MAX} exercises a day.`).default([]),
});
export type PlanDayInput = z.output<typeof planDayInputSchema>;

const daysSchema = z
  .array(planDayInputSchema)
  .min(1, 'Add at least one day.')
  .max(DAYS_MAX, `At most ${DAYS_MAX} days.`)
  .refine((d) => d.reduce((n, x) => n + x.items.length, 0) <= ITEMS_MAX, `At most ${ITEMS_MAX} exercises in a plan.`);

export const planInputSchema = z.object({
  name: requiredSingleLineText(120),
  category: idSchema.nullable().default(null),
  level: z.enum(LEVELS).default('beginner'),
  days_per_week: int(1, 7, 'days per week').default(3),
  weeks: int(1, WEEKS_MAX, 'weeks').default(4),
  description: text(1000).default(''),
  days: daysSchema,
  is_active: z.boolean().default(true),
});
export type PlanInput = z.output<typeof planInputSchema>;

export const planItemSchema = z.object({
  id: z.number(),
  exercise: z.number(),
  exercise_name: z.string(),
  equipment: z.string(),
  primary_muscles: z.array(z.string()),
  position: z.number(),
  sets: z.number(),
  reps: z.string(),
  rest_seconds: z.number(),
  tempo: z.string(),
  load_kind: z.string(),
  load: z.number(),
  superset: z.string(),
  notes: z.string(),
});
export const planDaySchema = z.object({ day: z.number(), name: z.string(), items: z.array(planItemSchema) });

const planCommon = {
  id: z.number(),
  name: z.string(),
  category: z.number().nullable(),
  category_name: z.string().nullable(),
  level: z.string(),
  days_per_week: z.number(),
  weeks: z.number(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};
export const planListItemSchema = z.object({ ...planCommon, day_count: z.number(), exercise_count: z.number(), members: z.number() });
export const planSchema = z.object({ ...planCommon, members: z.number(), days: z.array(planDaySchema) });
export type Plan = z.infer<typeof planSchema>;
export type PlanListItem = z.infer<typeof planListItemSchema>;

export const reorderInputSchema = z.object({
  day: int(1, DAYS_MAX, 'a day'),
  /** Every item of the day, in its new order. */
  items: z.array(idSchema).min(1).max(ITEMS_PER_DAY_MAX),
});
export const duplicateInputSchema = z.object({ name: requiredSingleLineText(120).optional() });

// ---- assignment: a member's own copy ----
const assignWindow = {
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable().default(null),
  notes: text(500).default(''),
};
export const assignOneInputSchema = z
  .object({ plan: idSchema, member: idSchema, ...assignWindow })
  .refine((v) => !v.end_date || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'The end date cannot be before the start date.',
  });
export const assignUpdateInputSchema = z
  .object({
    start_date: isoDateSchema.optional(),
    end_date: isoDateSchema.nullable().optional(),
    notes: text(500).optional(),
    status: z.enum(['active', 'ended']).optional(),
  })
  .refine((v) => !v.end_date || !v.start_date || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'The end date cannot be before the start date.',
  });
export const assignManyInputSchema = z
  .object({
    plan: idSchema,
    ...memberSelectionFields,
    ...assignWindow,
  })
  .superRefine((v, c) => {
    checkMemberSelection(v, c);
    if (v.end_date && v.end_date < v.start_date)
      c.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date cannot be before the start date.' });
  });
export const assignManyResultSchema = z.object({
  /** Members given a new copy. */
  assigned: z.number(),
  /** Members who already had an active copy of this plan (left as they were). */
  already: z.number(),
  copies: z.array(z.number()),
});

export const memberPlanSchema = z.object({
  ...planCommon,
  template: z.number().nullable(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(['active', 'ended']),
  notes: z.string(),
  assigned_by: z.string(),
  assigned_at: z.string(),
  days: z.array(planDaySchema),
});
export const memberPlanListItemSchema = memberPlanSchema.omit({ days: true }).extend({ sessions: z.number() });
export type MemberPlan = z.infer<typeof memberPlanSchema>;
export const memberPlanPatchSchema = z.object({
  name: requiredSingleLineText(120).optional(),
  level: z.enum(LEVELS).optional(),
  days_per_week: int(1, 7, 'days per week').optional(),
  weeks: int(1, WEEKS_MAX, 'weeks').optional(),
  description: text(1000).optional(),
  notes: text(500).optional(),
  days: daysSchema.optional(),
});

// ---- workout log ----
export const logSetSchema = z.object({
  reps: int(0, REPS_MAX, 'reps').default(0),
  seconds: int(0, SECONDS_MAX, 'seconds').default(0),
  load_kg: decimal(0, LOAD_KG_MAX, 'a load in kg').default(0),
});
export const logInputSchema = z.object({
  date: isoDateSchema,
  exercise: idSchema,
  sets: z.array(logSetSchema).min(1, 'Record at least one set.').max(SETS_MAX, `At most ${SETS_MAX} sets.`),
  notes: text(300).default(''),
});
export const logSchema = z.object({
  id: z.number(),
  member_plan: z.number(),
  date: z.string(),
  exercise: z.number(),
  exercise_name: z.string(),
  sets: z.array(z.object({ reps: z.number(), seconds: z.number(), load_kg: z.number() })),
  notes: z.string(),
  recorded_by: z.string(),
  created_at: z.string(),
});
export const adherenceWeekSchema = z.object({ week: z.string(), logged: z.number(), planned: z.number(), adherence: z.number() });
export const logListSchema = z.object({ results: z.array(logSchema), adherence: z.array(adherenceWeekSchema) });

// ---- dashboard ----
export const dashboardSchema = z.object({
  members: z.number(),
  with_plan: z.number(),
  without_plan: z.number(),
  active_copies: z.number(),
  popular: z.array(z.object({ plan: z.number(), name: z.string(), members: z.number() })),
  adherence_this_week: z.number(),
  sessions_this_week: z.number(),
});
export type TrainingDashboard = z.infer<typeof dashboardSchema>;

export const planReportSchema = z.object({
  rows: z.array(
    z.object({
      plan: z.number().nullable(),
      name: z.string(),
      assigned_by: z.string(),
      active: z.number(),
      ended: z.number(),
      members: z.number(),
    }),
  ),
  totals: z.object({ active: z.number(), ended: z.number(), members: z.number() }),
});
