/**
 * Training/Workouts (issue 25). The exercise library is a platform table (no organisation): every
 * organisation reads it, the application role can neither update nor delete it, and inserts only
 * outside a tenant transaction (the boot's `ensureExerciseLibrary`); see the custom migration
 * `training_exercise_library_rls`. An organisation's own exercises are a tenant table whose ids
 * start at OWN_EXERCISE_ID_MIN, so one `exercise` id names either. A member's copy of a plan is a
 * `training_plan` row with its member (a template has none): one shape, one item table.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantRef, tenantTable, timestamps, type TenantColumns } from '../../platform/db/columns.js';
import { referencesMember } from '../membership/index.js';

export const exerciseLibrary = pgTable(
  'training_exercise_library',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    equipment: text('equipment').notNull(),
    primaryMuscles: text('primary_muscles').array().notNull(),
    secondaryMuscles: text('secondary_muscles').array().notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    uniqueIndex('training_exercise_library_slug_key').on(t.slug),
    check('training_exercise_library_id', sql`${t.id} between 1 and 99999`),
  ],
);

export const exercise = tenantTable(
  'training_exercise',
  {
    name: text('name').notNull(),
    category: text('category').notNull(),
    equipment: text('equipment').notNull(),
    primaryMuscles: text('primary_muscles').array().notNull(),
    secondaryMuscles: text('secondary_muscles').array().notNull(),
    description: text('description').notNull().default(''),
    videoUrl: text('video_url').notNull().default(''),
    picture: text('picture'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('training_exercise_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('training_exercise_own_id', sql`${t.id} >= 100000`),
  ],
);

export const workoutCategory = tenantTable(
  'training_workout_category',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('training_workout_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

export type PlanDay = { name: string };

/** A template (member null) or a member's own copy of one (member set, template the plan it came from). */
export const plan = tenantTable(
  'training_plan',
  {
    name: text('name').notNull(),
    categoryId: ref('category_id'),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    daysPerWeek: integer('days_per_week').notNull(),
    weeks: integer('weeks').notNull(),
    description: text('description').notNull().default(''),
    days: jsonb('days').$type<PlanDay[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    memberId: ref('member_id'),
    templateId: ref('template_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    status: text('status', { enum: ['active', 'ended'] }),
    notes: text('notes').notNull().default(''),
    assignedBy: text('assigned_by').notNull().default(''),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.categoryId, () => workoutCategory),
    referencesMember(t, t.memberId, 'cascade'),
    tenantRef(t, t.templateId, (): TenantColumns => plan, { onDelete: 'set null' }),
    /** One active copy of a template per member: parallel identical assignments give one row. */
    uniqueIndex('training_plan_member_template_active_key')
      .on(t.organisationId, t.memberId, t.templateId)
      .where(sql`${t.memberId} is not null and ${t.status} = 'active'`),
    index('training_plan_org_member_idx').on(t.organisationId, t.memberId),
    index('training_plan_org_template_idx').on(t.organisationId, t.templateId),
    check('training_plan_days_per_week', sql`${t.daysPerWeek} between 1 and 7`),
    check('training_plan_weeks', sql`${t.weeks} between 1 and 52`),
    check(
      'training_plan_copy',
      sql`(${t.memberId} is null and ${t.status} is null and ${t.startDate} is null) or (${t.memberId} is not null and ${t.status} is not null and ${t.startDate} is not null)`,
    ),
    check('training_plan_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const planItem = tenantTable(
  'training_plan_item',
  {
    planId: ref('plan_id').notNull(),
    /** 1-based day of the plan's `days`. */
    day: integer('day').notNull(),
    position: integer('position').notNull(),
    libraryExerciseId: integer('library_exercise_id').references(() => exerciseLibrary.id),
    exerciseId: ref('exercise_id'),
    sets: integer('sets').notNull(),
    reps: text('reps').notNull(),
    restSeconds: integer('rest_seconds').notNull(),
    tempo: text('tempo').notNull().default(''),
    loadKind: text('load_kind', { enum: ['none', 'percent_1rm', 'kg'] }).notNull(),
    load: numeric('load', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    superset: text('superset').notNull().default(''),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    tenantRef(t, t.planId, () => plan, { onDelete: 'cascade' }),
    tenantRef(t, t.exerciseId, () => exercise),
    index('training_plan_item_plan_idx').on(t.organisationId, t.planId, t.day, t.position),
    check('training_plan_item_one_exercise', sql`(${t.libraryExerciseId} is null) <> (${t.exerciseId} is null)`),
    check('training_plan_item_day', sql`${t.day} between 1 and 7`),
    check('training_plan_item_sets', sql`${t.sets} between 1 and 20`),
    check('training_plan_item_rest', sql`${t.restSeconds} between 0 and 900`),
  ],
);

export type LoggedSet = { reps: number; seconds: number; load_kg: number };

/** A session's exercise as the trainer recorded it. */
export const workoutLog = tenantTable(
  'training_workout_log',
  {
    memberPlanId: ref('member_plan_id').notNull(),
    memberId: ref('member_id').notNull(),
    date: date('date').notNull(),
    libraryExerciseId: integer('library_exercise_id').references(() => exerciseLibrary.id),
    exerciseId: ref('exercise_id'),
    sets: jsonb('sets').$type<LoggedSet[]>().notNull(),
    notes: text('notes').notNull().default(''),
    recordedBy: text('recorded_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.memberPlanId, () => plan, { onDelete: 'cascade' }),
    referencesMember(t, t.memberId, 'cascade'),
    tenantRef(t, t.exerciseId, () => exercise),
    index('training_workout_log_plan_date_idx').on(t.organisationId, t.memberPlanId, t.date),
    check('training_workout_log_one_exercise', sql`(${t.libraryExerciseId} is null) <> (${t.exerciseId} is null)`),
  ],
);
