/** Diet Management's schemas: foods, categories, plans with meals and items, assignments, member diets, templates, dashboard, report. */
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
  timeSchema,
} from '../common.js';
import { MAX_COUNT, MAX_GRAMS, MEASURE_CODES, MIN_COUNT, MIN_GRAMS, isWeighed } from './nutrition.js';

export const DIET_TYPES = ['veg', 'non_veg', 'egg', 'vegan', 'jain'] as const;
export type DietType = (typeof DIET_TYPES)[number];
/** What a food is: plant food, egg, or meat/fish. */
export const FOOD_TYPES = ['veg', 'egg', 'non_veg'] as const;

/** The meals of a day, in order, with the names the screens and the PDF show. */
export const MEALS = {
  early_morning: 'Early morning',
  breakfast: 'Breakfast',
  mid_morning: 'Mid-morning',
  lunch: 'Lunch',
  evening: 'Evening',
  dinner: 'Dinner',
  bed_time: 'Bed time',
} as const;
export type Meal = keyof typeof MEALS;
export const MEAL_CODES = Object.keys(MEALS) as [Meal, ...Meal[]];

/** Caps: a plan holds at most 7 meals, 30 items a meal and 100 items in all. */
export const MAX_ITEMS_PER_MEAL = 30;
export const MAX_ITEMS_PER_PLAN = 100;
/** One request assigns a plan to at most this many members. */
export const MAX_ASSIGN_MEMBERS = MEMBER_SELECTION_MAX;

const nutrientsSchema = z.object({
  kcal: z.number(),
  protein: z.number(),
  carbohydrate: z.number(),
  fat: z.number(),
  fibre: z.number(),
});

// ---- foods ----
/** A grams-per-100 g figure: 0 to 100 with at most 2 decimals. */
const per100 = (label: string) =>
  z
    .number({ error: `Enter the ${label} per 100 g.` })
    .min(0, `Enter 0 to 100 g of ${label}.`)
    .max(100, `Enter 0 to 100 g of ${label}.`)
    .multipleOf(0.01, 'At most 2 decimals.');

export const foodInputSchema = z.object({
  name: requiredSingleLineText(100, 'Enter the food’s name.'),
  local_names: singleLineText(300).default(''),
  group: singleLineText(60).default('Own foods'),
  food_type: z.enum(FOOD_TYPES).default('veg'),
  kcal: z
    .number({ error: 'Enter the energy per 100 g.' })
    .min(0, 'Enter 0 to 900 kcal.')
    .max(900, 'Enter 0 to 900 kcal.')
    .multipleOf(0.01, 'At most 2 decimals.'),
  protein: per100('protein'),
  carbohydrate: per100('carbohydrate'),
  fat: per100('fat'),
  fibre: per100('fibre').default(0),
  is_active: z.boolean().default(true),
});
export type FoodInput = z.input<typeof foodInputSchema>;

/** A food: a global one of the IFCT 2017 (`own` false, read-only) or the organisation's own. Nutrients per 100 g. */
export const foodSchema = z.object({
  id: z.number(),
  own: z.boolean(),
  code: z.string(),
  name: z.string(),
  local_names: z.string(),
  group: z.string(),
  food_type: z.enum(FOOD_TYPES),
  kcal: z.number(),
  protein: z.number(),
  carbohydrate: z.number(),
  fat: z.number(),
  fibre: z.number(),
  is_active: z.boolean(),
});
export type Food = z.infer<typeof foodSchema>;

export const foodQuerySchema = z.object({
  search: singleLineText(100).optional(),
  own: z.stringbool().optional(),
  food_type: z.enum(FOOD_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});

// ---- categories ----
export const dietCategoryInputSchema = namedLookupInputSchema('Enter the category’s name.');
export const dietCategorySchema = namedLookupSchema.extend({ plans: z.number() });
export type DietCategory = z.infer<typeof dietCategorySchema>;

// ---- plans ----
export const dietItemInputSchema = z
  .object({
    food: idSchema,
    measure: z.enum(MEASURE_CODES).default('g'),
    amount: z.number({ error: 'Enter the quantity.' }).positive('Enter a quantity above 0.').max(MAX_GRAMS, `Enter at most ${MAX_GRAMS}.`),
    notes: singleLineText(200).default(''),
  })
  .superRefine((item, ctx) => {
    if (isWeighed(item.measure)) {
      if (item.amount < MIN_GRAMS) ctx.addIssue({ code: 'custom', path: ['amount'], message: `Enter at least ${MIN_GRAMS} g.` });
      if (Math.round(item.amount * 10) !== item.amount * 10)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter grams with at most one decimal.' });
    } else {
      if (item.amount < MIN_COUNT || item.amount > MAX_COUNT)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: `Enter ${MIN_COUNT} to ${MAX_COUNT} of the measure.` });
      if (Math.round(item.amount * 4) !== item.amount * 4)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the count in quarters (0.25, 0.5, 1, 1.5 …).' });
    }
  });
export type DietItemInput = z.input<typeof dietItemInputSchema>;

export const dietMealInputSchema = z.object({
  meal: z.enum(MEAL_CODES),
  time: timeSchema.nullable().default(null),
  items: z.array(dietItemInputSchema).max(MAX_ITEMS_PER_MEAL, `At most ${MAX_ITEMS_PER_MEAL} items a meal.`).default([]),
});

/** The meals of a plan: each meal once, at most 100 items in all. */
export const dietMealsInputSchema = z
  .array(dietMealInputSchema)
  .max(MEAL_CODES.length, `At most ${MEAL_CODES.length} meals.`)
  .superRefine((meals, ctx) => {
    const seen = new Set<string>();
    meals.forEach((m, i) => {
      if (seen.has(m.meal)) ctx.addIssue({ code: 'custom', path: [i, 'meal'], message: 'Each meal may appear once.' });
      seen.add(m.meal);
    });
    const items = meals.reduce((n, m) => n + m.items.length, 0);
    if (items > MAX_ITEMS_PER_PLAN) ctx.addIssue({ code: 'custom', message: `At most ${MAX_ITEMS_PER_PLAN} items in a plan.` });
  })
  .transform((meals) => [...meals].sort((a, b) => MEAL_CODES.indexOf(a.meal) - MEAL_CODES.indexOf(b.meal)));
export type DietMealsInput = z.input<typeof dietMealsInputSchema>;

const grams = (label: string, max: number) =>
  z
    .number()
    .int(`Enter whole grams of ${label}.`)
    .min(0, `Enter 0 to ${max} g of ${label}.`)
    .max(max, `Enter 0 to ${max} g of ${label}.`)
    .nullable()
    .default(null);

/** The targets a plan aims at: kcal and grams a day (each optional). */
const targetShape = {
  target_kcal: z
    .number()
    .int('Enter whole kcal.')
    .min(500, 'Enter 500 to 6,000 kcal.')
    .max(6000, 'Enter 500 to 6,000 kcal.')
    .nullable()
    .default(null),
  target_protein: grams('protein', 500),
  target_carbohydrate: grams('carbohydrate', 1000),
  target_fat: grams('fat', 400),
  target_fibre: grams('fibre', 150),
};

export const dietPlanInputSchema = z.object({
  name: requiredSingleLineText(100, 'Enter the plan’s name.'),
  category: idSchema.nullable().default(null),
  goal: singleLineText(200).default(''),
  diet_type: z.enum(DIET_TYPES).default('veg'),
  ...targetShape,
  description: text(2000).default(''),
  meals: dietMealsInputSchema.default([]),
  is_active: z.boolean().default(true),
});
export type DietPlanInput = z.input<typeof dietPlanInputSchema>;

export const dietItemSchema = nutrientsSchema.extend({
  food: z.number(),
  food_name: z.string(),
  local_names: z.string(),
  measure: z.enum(MEASURE_CODES),
  amount: z.number(),
  grams: z.number(),
  notes: z.string(),
});
export const dietMealSchema = z.object({
  meal: z.enum(MEAL_CODES),
  label: z.string(),
  time: z.string().nullable(),
  items: z.array(dietItemSchema),
  totals: nutrientsSchema,
});
export type DietMeal = z.infer<typeof dietMealSchema>;

const planContentShape = {
  name: z.string(),
  category: z.number().nullable(),
  category_name: z.string().nullable(),
  goal: z.string(),
  diet_type: z.enum(DIET_TYPES),
  target_kcal: z.number().nullable(),
  target_protein: z.number().nullable(),
  target_carbohydrate: z.number().nullable(),
  target_fat: z.number().nullable(),
  target_fibre: z.number().nullable(),
  meals: z.array(dietMealSchema),
  /** The day's totals, computed from the foods (never typed). */
  totals: nutrientsSchema,
};

export const dietPlanSchema = z.object({
  id: z.number(),
  ...planContentShape,
  description: z.string(),
  is_active: z.boolean(),
  /** Members with an active copy of it. */
  members: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DietPlan = z.infer<typeof dietPlanSchema>;

export const duplicatePlanInputSchema = z.object({ name: requiredSingleLineText(100).optional() });

// ---- assignments and member diets ----
const dateFields = {
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable().default(null),
};
const endAfterStart = (v: { start_date?: string; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date cannot be before the start date.' });
};

/**
 * Assigns a plan to many members at once: the members named, a batch's, or those on a membership
 * plan (one of the three). Each gets their own copy of the plan.
 */
export const assignMembersInputSchema = z
  .object({
    plan: idSchema,
    ...memberSelectionFields,
    ...dateFields,
    notes: text(1000).default(''),
  })
  .superRefine((v, ctx) => {
    checkMemberSelection(v, ctx);
    endAfterStart(v, ctx);
  });
export type AssignMembersInput = z.input<typeof assignMembersInputSchema>;

export const assignMembersResultSchema = z.object({
  plan: z.number(),
  /** Members given a new copy. */
  assigned: z.number(),
  /** Members who already had an active copy of this plan (left as they were). */
  skipped: z.number(),
  member_diets: z.array(z.number()),
});

/** One assignment (the assign-diet screen's form): a plan for one member. */
export const assignDietInputSchema = z
  .object({ member: idSchema, plan: idSchema, ...dateFields, notes: text(1000).default('') })
  .superRefine(endAfterStart);
/** What an assignment's edit changes: its dates, notes, or ending it. */
export const assignDietUpdateSchema = z
  .object({
    start_date: isoDateSchema.optional(),
    end_date: isoDateSchema.nullable().optional(),
    notes: text(1000).optional(),
    is_active: z.boolean().optional(),
  })
  .superRefine(endAfterStart);

export const DIET_STATUSES = ['upcoming', 'active', 'ended'] as const;

export const assignmentSchema = z.object({
  id: z.number(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  plan: z.number(),
  plan_name: z.string(),
  name: z.string(),
  diet_type: z.enum(DIET_TYPES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  notes: z.string(),
  is_active: z.boolean(),
  status: z.enum(DIET_STATUSES),
  assigned_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** A member's own copy with its computed totals. */
export const memberDietSchema = assignmentSchema.extend({ ...planContentShape, name: z.string() });
export type MemberDiet = z.infer<typeof memberDietSchema>;

/** The member's copy edited: its content (never the template's). */
export const memberDietUpdateSchema = z
  .object({
    name: requiredSingleLineText(100).optional(),
    goal: singleLineText(200).optional(),
    diet_type: z.enum(DIET_TYPES).optional(),
    target_kcal: targetShape.target_kcal.unwrap().optional(),
    target_protein: targetShape.target_protein.unwrap().optional(),
    target_carbohydrate: targetShape.target_carbohydrate.unwrap().optional(),
    target_fat: targetShape.target_fat.unwrap().optional(),
    target_fibre: targetShape.target_fibre.unwrap().optional(),
    meals: dietMealsInputSchema.optional(),
    start_date: isoDateSchema.optional(),
    end_date: isoDateSchema.nullable().optional(),
    notes: text(1000).optional(),
    is_active: z.boolean().optional(),
  })
  .superRefine(endAfterStart);

// ---- dashboard and report ----
export const dietDashboardSchema = z.object({
  members_total: z.number(),
  members_with_plan: z.number(),
  members_without_plan: z.number(),
  plans: z.number(),
  active_diets: z.number(),
  popular_plans: z.array(z.object({ plan: z.number(), name: z.string(), members: z.number() })),
  starting_soon: z.array(assignmentSchema),
  ending_soon: z.array(assignmentSchema),
});
export type DietDashboard = z.infer<typeof dietDashboardSchema>;

export const dietPlanReportLineSchema = z.object({
  plan: z.number(),
  name: z.string(),
  diet_type: z.enum(DIET_TYPES),
  assigned: z.number(),
  active: z.number(),
  ended: z.number(),
});
export const dietPlanReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(dietPlanReportLineSchema),
  by_trainer: z.array(z.object({ assigned_by: z.string(), assigned: z.number(), active: z.number() })),
  total: z.object({ assigned: z.number(), active: z.number(), ended: z.number() }),
});
export type DietPlanReport = z.infer<typeof dietPlanReportSchema>;
export const dietReportFilters = { plan: idSchema.optional() };
