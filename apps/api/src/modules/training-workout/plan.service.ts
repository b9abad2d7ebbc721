/**
 * Workout plans: templates and members' copies (the same rows; a copy has its member). A plan is
 * read with one statement for its header and one for all its items (never one per day or item);
 * items are rewritten as a whole on a save (one delete, one insert) and reordered in one UPDATE.
 */
import type { MemberPlan, Plan, PlanDayInput, PlanInput } from '@arena/contracts/training-workout';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { memberContacts } from '../membership/index.js';
import { MODULE } from './constants.js';
import { allExercises, exerciseColumns, knownExercises } from './exercise.routes.js';
import { plan, planItem, workoutCategory } from './schema.js';

type ItemRow = {
  id: string;
  plan_id: string;
  day: number;
  position: number;
  exercise: string;
  exercise_name: string;
  equipment: string;
  primary_muscles: string[];
  sets: number;
  reps: string;
  rest_seconds: number;
  tempo: string;
  load_kind: string;
  load: string;
  superset: string;
  notes: string;
};

/** Every item of the plans, in day and position order: one statement. */
export async function itemsOf(tx: Tx, ctx: Ctx, planIds: number[]): Promise<Map<number, ItemRow[]>> {
  const out = new Map<number, ItemRow[]>();
  if (!planIds.length) return out;
  const rows = await queryRows<ItemRow>(
    tx,
    sql`select i.id, i.plan_id, i.day, i.position, coalesce(i.exercise_id, i.library_exercise_id) as exercise,
               e.name as exercise_name, e.equipment, e.primary_muscles, i.sets, i.reps, i.rest_seconds, i.tempo,
               i.load_kind, i.load::text as load, i.superset, i.notes
          from training_plan_item i
          join ${allExercises(ctx)} e on e.id = coalesce(i.exercise_id, i.library_exercise_id)
         where i.organisation_id = ${ctx.organisationId} and i.plan_id = any(${idArray(planIds)})
         order by i.plan_id, i.day, i.position, i.id`,
  );
  for (const r of rows) {
    const key = Number(r.plan_id);
    if (!out.has(key)) out.set(key, []);
    out.get(key)!.push(r);
  }
  return out;
}

const daysOut = (days: { name: string }[], items: ItemRow[]) =>
  days.map((d, i) => ({
    day: i + 1,
    name: d.name,
    items: items
      .filter((r) => r.day === i + 1)
      .map((r) => ({
        id: Number(r.id),
        exercise: Number(r.exercise),
        exercise_name: r.exercise_name,
        equipment: r.equipment,
        primary_muscles: r.primary_muscles,
        position: r.position,
        sets: r.sets,
        reps: r.reps,
        rest_seconds: r.rest_seconds,
        tempo: r.tempo,
        load_kind: r.load_kind,
        load: Number(r.load),
        superset: r.superset,
        notes: r.notes,
      })),
  }));

type Header = typeof plan.$inferSelect & { categoryName: string | null; members: number };

async function header(tx: Tx, ctx: Ctx, id: number, kind: 'template' | 'copy', lock = false): Promise<Header> {
  const query = tx
    .select({
      row: plan,
      categoryName: workoutCategory.name,
      members:
        sql<number>`(select count(*)::int from training_plan c where c.organisation_id = ${plan.organisationId} and c.template_id = ${plan.id} and c.status = 'active')`.mapWith(
          Number,
        ),
    })
    .from(plan)
    .leftJoin(workoutCategory, and(eq(workoutCategory.organisationId, plan.organisationId), eq(workoutCategory.id, plan.categoryId)))
    .where(
      and(
        eq(plan.organisationId, ctx.organisationId),
        eq(plan.id, id),
        kind === 'template' ? sql`${plan.memberId} is null` : sql`${plan.memberId} is not null`,
      ),
    );
  const [r] = lock ? await query.for('update', { of: plan }) : await query;
  if (!r) throw notFound();
  return { ...r.row, categoryName: r.categoryName, members: r.members };
}

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function common(h: Header) {
  return {
    id: h.id,
    name: h.name,
    category: h.categoryId,
    category_name: h.categoryName,
    level: h.level,
    days_per_week: h.daysPerWeek,
    weeks: h.weeks,
    description: h.description,
    is_active: h.isActive,
    created_at: iso(h.createdAt),
    updated_at: iso(h.updatedAt),
  };
}

export async function loadPlan(tx: Tx, ctx: Ctx, id: number): Promise<Plan> {
  const h = await header(tx, ctx, id, 'template');
  const items = (await itemsOf(tx, ctx, [id])).get(id) ?? [];
  return { ...common(h), members: h.members, days: daysOut(h.days, items) };
}

export async function loadMemberPlan(tx: Tx, ctx: Ctx, id: number): Promise<MemberPlan> {
  const h = await header(tx, ctx, id, 'copy');
  const items = (await itemsOf(tx, ctx, [id])).get(id) ?? [];
  const who = (await memberContacts(tx, ctx, [h.memberId])).get(h.memberId!);
  return {
    ...common(h),
    template: h.templateId,
    member: h.memberId!,
    member_name: who?.name ?? '',
    member_code: who?.code ?? '',
    start_date: h.startDate!,
    end_date: h.endDate,
    status: h.status!,
    notes: h.notes,
    assigned_by: h.assignedBy,
    assigned_at: iso(h.assignedAt),
    days: daysOut(h.days, items),
  };
}

/** Checks every item's exercise (a field error on the first unknown one) and writes the days' items in one insert. */
export async function writeItems(tx: Tx, ctx: Ctx, planId: number, days: PlanDayInput[], field = 'days'): Promise<void> {
  const ids = days.flatMap((d) => d.items.map((i) => i.exercise));
  const known = await knownExercises(tx, ctx, ids);
  for (const [d, day] of days.entries())
    for (const [i, item] of day.items.entries())
      if (!known.has(item.exercise)) throw fieldError(`${field}.${d}.items.${i}.exercise`, invalidPk(item.exercise));
  await tx.delete(planItem).where(and(eq(planItem.organisationId, ctx.organisationId), eq(planItem.planId, planId)));
  const rows = days.flatMap((day, d) =>
    day.items.map((item, i) => ({
      organisationId: ctx.organisationId,
      planId,
      day: d + 1,
      position: i + 1,
      ...exerciseColumns(item.exercise),
      sets: item.sets,
      reps: item.reps,
      restSeconds: item.rest_seconds,
      tempo: item.tempo,
      loadKind: item.load_kind,
      load: item.load,
      superset: item.superset,
      notes: item.notes,
    })),
  );
  if (rows.length) await tx.insert(planItem).values(rows);
}

async function checkCategory(tx: Tx, ctx: Ctx, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const [row] = await tx
    .select({ id: workoutCategory.id })
    .from(workoutCategory)
    .where(and(eq(workoutCategory.organisationId, ctx.organisationId), eq(workoutCategory.id, id)));
  if (!row) throw fieldError('category', invalidPk(id));
}

const headerValues = (input: PlanInput) => ({
  name: input.name,
  categoryId: input.category,
  level: input.level,
  daysPerWeek: input.days_per_week,
  weeks: input.weeks,
  description: input.description,
  days: input.days.map((d) => ({ name: d.name })),
  isActive: input.is_active,
});

export async function createPlan(tx: Tx, ctx: Ctx, input: PlanInput): Promise<Plan> {
  await checkCategory(tx, ctx, input.category);
  const [row] = await tx
    .insert(plan)
    .values({ organisationId: ctx.organisationId, ...headerValues(input) })
    .returning({ id: plan.id });
  await writeItems(tx, ctx, row.id, input.days);
  const out = await loadPlan(tx, ctx, row.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_workout_plan',
    objectId: row.id,
    label: out.name,
    action: 'create',
    after: out,
  });
  return out;
}

export async function updatePlan(tx: Tx, ctx: Ctx, id: number, input: PlanInput): Promise<Plan> {
  const before = await loadPlan(tx, ctx, id);
  await header(tx, ctx, id, 'template', true);
  await checkCategory(tx, ctx, input.category);
  await tx
    .update(plan)
    .set({ ...headerValues(input), updatedAt: ctx.now.instant })
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id)));
  await writeItems(tx, ctx, id, input.days);
  const out = await loadPlan(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_workout_plan',
    objectId: id,
    label: out.name,
    action: 'update',
    before,
    after: out,
  });
  return out;
}

/** A template goes; members' copies stay theirs (their `template` becomes null). */
export async function deletePlan(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = await header(tx, ctx, id, 'template', true);
  // Unlinked first: the composite key's ON DELETE SET NULL would null organisation_id too.
  await tx
    .update(plan)
    .set({ templateId: null })
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.templateId, id)));
  await tx.delete(plan).where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id)));
  await record(tx, ctx.actor, { module: MODULE, resource: 'training_workout_plan', objectId: id, label: before.name, action: 'delete' });
}

/** A copy of a template (header and items in two statements) named "… (copy)" unless named. */
export async function duplicatePlan(tx: Tx, ctx: Ctx, id: number, name: string | undefined): Promise<Plan> {
  const source = await header(tx, ctx, id, 'template');
  const newName = (name ?? `${source.name} (copy)`).slice(0, 120);
  const [row] = await tx
    .insert(plan)
    .values({
      organisationId: ctx.organisationId,
      name: newName,
      categoryId: source.categoryId,
      level: source.level,
      daysPerWeek: source.daysPerWeek,
      weeks: source.weeks,
      description: source.description,
      days: source.days,
      isActive: source.isActive,
    })
    .returning({ id: plan.id });
  await copyItems(tx, ctx, id, sql`(select ${row.id}::bigint as id)`);
  const out = await loadPlan(tx, ctx, row.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_workout_plan',
    objectId: row.id,
    label: out.name,
    action: 'create',
    after: out,
  });
  return out;
}

/** Copies a plan's items into each plan of `targets` (a subquery of `id`s): one statement. */
export async function copyItems(tx: Tx, ctx: Ctx, from: number, targets: ReturnType<typeof sql>): Promise<void> {
  await tx.execute(sql`
    insert into training_plan_item (organisation_id, plan_id, day, position, library_exercise_id, exercise_id, sets, reps, rest_seconds, tempo, load_kind, load, superset, notes)
    select i.organisation_id, t.id, i.day, i.position, i.library_exercise_id, i.exercise_id, i.sets, i.reps, i.rest_seconds, i.tempo, i.load_kind, i.load, i.superset, i.notes
      from training_plan_item i cross join ${targets} t
     where i.organisation_id = ${ctx.organisationId} and i.plan_id = ${from}`);
}

/** A day's items in a new order: every item of the day, once; saved in one UPDATE. */
export async function reorderDay(tx: Tx, ctx: Ctx, id: number, kind: 'template' | 'copy', day: number, items: number[]): Promise<void> {
  const h = await header(tx, ctx, id, kind, true);
  if (day > h.days.length) throw fieldError('day', `This plan has ${h.days.length} day(s).`);
  const current = await tx
    .select({ id: planItem.id })
    .from(planItem)
    .where(and(eq(planItem.organisationId, ctx.organisationId), eq(planItem.planId, id), eq(planItem.day, day)));
  const have = new Set(current.map((r) => r.id));
  if (items.length !== have.size || new Set(items).size !== items.length || items.some((i) => !have.has(i)))
    throw fieldError('items', 'Send every exercise of the day once, in the new order.');
  await tx.execute(sql`
    update training_plan_item i set position = o.n
      from unnest(${idArray(items)}) with ordinality as o(id, n)
     where i.organisation_id = ${ctx.organisationId} and i.plan_id = ${id} and i.id = o.id`);
  await tx
    .update(plan)
    .set({ updatedAt: ctx.now.instant })
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: kind === 'template' ? 'training_workout_plan' : 'member_training_workout',
    objectId: id,
    label: h.name,
    action: 'update',
    after: { day, items },
  });
}
