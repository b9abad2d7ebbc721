/**
 * Diet Management (issue 25). Foods: `diet_food` is the provider-wide IFCT 2017 list (no
 * organisation: every organisation reads it, the API never writes it after the boot's seeding),
 * `diet_own_food` an organisation's own foods (RLS). A plan's and a member's copy's meals are
 * JSON (`[{meal, time, items: [{food, measure, amount, notes}]}]`): a copy is one row copied, and
 * the nutrients are never stored — they are computed from the foods each time the plan is read.
 */
import type { DietType, Meal, Measure } from '@arena/contracts/diet';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { referencesMember } from '../membership/index.js';
import { GLOBAL_FOOD_ID_BASE } from './constants.js';

/** A meal as stored: its items name foods by id (global or own). */
export interface StoredMeal {
  meal: Meal;
  time: string | null;
  items: { food: number; measure: Measure; amount: number; notes: string }[];
}

const nutrientColumns = () => ({
  /** Per 100 g. */
  kcal: numeric('kcal', { precision: 7, scale: 2 }).notNull(),
  protein: numeric('protein', { precision: 6, scale: 2 }).notNull(),
  carbohydrate: numeric('carbohydrate', { precision: 6, scale: 2 }).notNull(),
  fat: numeric('fat', { precision: 6, scale: 2 }).notNull(),
  fibre: numeric('fibre', { precision: 6, scale: 2 }).notNull().default('0'),
});

/** The global food list (IFCT 2017), shared by every organisation. */
export const dietFood = pgTable(
  'diet_food',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: GLOBAL_FOOD_ID_BASE }),
    /** IFCT's food code (A001 …). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    localNames: text('local_names').notNull().default(''),
    foodGroup: text('food_group').notNull(),
    foodType: text('food_type', { enum: ['veg', 'egg', 'non_veg'] }).notNull(),
    ...nutrientColumns(),
  },
  (t) => [uniqueIndex('diet_food_code_key').on(t.code)],
);

export const dietOwnFood = tenantTable(
  'diet_own_food',
  {
    name: text('name').notNull(),
    localNames: text('local_names').notNull().default(''),
    foodGroup: text('food_group').notNull().default('Own foods'),
    foodType: text('food_type', { enum: ['veg', 'egg', 'non_veg'] })
      .notNull()
      .default('veg'),
    ...nutrientColumns(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('diet_own_food_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check(
      'diet_own_food_nutrients',
      sql`${t.kcal} between 0 and 900 and ${t.protein} between 0 and 100 and ${t.carbohydrate} between 0 and 100 and ${t.fat} between 0 and 100 and ${t.fibre} between 0 and 100`,
    ),
  ],
);

export const dietCategory = tenantTable(
  'diet_category',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('diet_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

const planColumns = () => ({
  goal: text('goal').notNull().default(''),
  dietType: text('diet_type', { enum: ['veg', 'non_veg', 'egg', 'vegan', 'jain'] })
    .$type<DietType>()
    .notNull()
    .default('veg'),
  targetKcal: integer('target_kcal'),
  targetProtein: integer('target_protein'),
  targetCarbohydrate: integer('target_carbohydrate'),
  targetFat: integer('target_fat'),
  targetFibre: integer('target_fibre'),
  meals: jsonb('meals').$type<StoredMeal[]>().notNull().default([]),
});

export const dietPlan = tenantTable(
  'diet_plan',
  {
    name: text('name').notNull(),
    categoryId: ref('category_id'),
    ...planColumns(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.categoryId, () => dietCategory),
    uniqueIndex('diet_plan_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('diet_plan_target_kcal', sql`${t.targetKcal} is null or ${t.targetKcal} between 500 and 6000`),
  ],
);

/** A member's own copy of a plan: edited without touching the template or anyone else's. */
export const dietMemberDiet = tenantTable(
  'diet_member_diet',
  {
    memberId: ref('member_id').notNull(),
    planId: ref('plan_id').notNull(),
    name: text('name').notNull(),
    categoryId: ref('category_id'),
    ...planColumns(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    notes: text('notes').notNull().default(''),
    /** False once ended by hand (or replaced): at most one active copy of a plan per member. */
    isActive: boolean('is_active').notNull().default(true),
    /** Who assigned it: the user's id and name as they were. */
    assignedById: bigint('assigned_by_id', { mode: 'number' }),
    assignedBy: text('assigned_by').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    referencesMember(t, t.memberId),
    tenantRef(t, t.planId, () => dietPlan),
    tenantRef(t, t.categoryId, () => dietCategory),
    /** A member has at most one active copy of a given plan: parallel assignments give one row. */
    uniqueIndex('diet_member_diet_active_key')
      .on(t.organisationId, t.memberId, t.planId)
      .where(sql`${t.isActive}`),
    index('diet_member_diet_org_member_idx').on(t.organisationId, t.memberId),
    index('diet_member_diet_org_plan_idx').on(t.organisationId, t.planId),
    check('diet_member_diet_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);
