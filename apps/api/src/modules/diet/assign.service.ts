/**
 * Assignments: a plan given to members, each with their own copy (one row with the plan's content,
 * edited without touching the template or anyone else's). Many members at once in a few
 * set-based statements; at most one active copy of a plan per member (a unique index), so parallel
 * requests give the rows one would.
 */
import {
  type Assignment,
  type assignDietInputSchema,
  type assignDietUpdateSchema,
  type assignMembersInputSchema,
  type MemberDiet,
  type memberDietUpdateSchema,
} from '@arena/contracts/diet';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { appUser } from '../../platform/db/schema.js';
import { fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { memberContacts, selectMembers } from '../membership/index.js';
import { MODULE } from './constants.js';
import { contentOf, foodIdsOf, storedMeals } from './content.js';
import { checkDietType, checkFoods } from './foods.js';
import { dietCategory, dietMemberDiet, dietPlan } from './schema.js';

type Row = typeof dietMemberDiet.$inferSelect;
export type AssignmentRow = { diet: Row; planName: string; categoryName: string | null };

export const assignmentFields = { diet: dietMemberDiet, planName: dietPlan.name, categoryName: dietCategory.name };
export const assignmentFrom = (tx: Tx, fields: typeof assignmentFields | Record<string, unknown> = assignmentFields) =>
  tx
    .select(fields as typeof assignmentFields)
    .from(dietMemberDiet)
    .innerJoin(dietPlan, and(eq(dietPlan.organisationId, dietMemberDiet.organisationId), eq(dietPlan.id, dietMemberDiet.planId)))
    .leftJoin(
      dietCategory,
      and(eq(dietCategory.organisationId, dietMemberDiet.organisationId), eq(dietCategory.id, dietMemberDiet.categoryId)),
    )
    .$dynamic();

export function statusOf(d: Pick<Row, 'startDate' | 'endDate' | 'isActive'>, today: string): Assignment['status'] {
  if (!d.isActive || (d.endDate && d.endDate < today)) return 'ended';
  return d.startDate > today ? 'upcoming' : 'active';
}

/** Assignments as API JSON (members named in one read). */
export async function assignmentsJson(tx: Tx, ctx: Ctx, rows: AssignmentRow[]): Promise<Assignment[]> {
  const members = await memberContacts(
    tx,
    ctx,
    rows.map((r) => r.diet.memberId),
  );
  return rows.map(({ diet: d, planName }) => ({
    id: d.id,
    member: d.memberId,
    member_name: members.get(d.memberId)?.name ?? '',
    member_code: members.get(d.memberId)?.code ?? '',
    plan: d.planId,
    plan_name: planName,
    name: d.name,
    diet_type: d.dietType,
    start_date: d.startDate,
    end_date: d.endDate,
    notes: d.notes,
    is_active: d.isActive,
    status: statusOf(d, ctx.now.today),
    assigned_by: d.assignedBy,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  }));
}

const byId = (ctx: Ctx, id: number) => and(eq(dietMemberDiet.organisationId, ctx.organisationId), eq(dietMemberDiet.id, id));

async function loadRows(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<AssignmentRow> {
  const q = assignmentFrom(tx).where(byId(ctx, id));
  const [row] = lock ? await q.for('update', { of: dietMemberDiet }) : await q;
  if (!row) throw notFound();
  return row;
}

export async function getAssignment(tx: Tx, ctx: Ctx, id: number): Promise<Assignment> {
  return (await assignmentsJson(tx, ctx, [await loadRows(tx, ctx, id)]))[0];
}

/** A member's copy with its computed totals. */
export async function getMemberDiet(tx: Tx, ctx: Ctx, id: number): Promise<MemberDiet> {
  const row = await loadRows(tx, ctx, id);
  const [assignment] = await assignmentsJson(tx, ctx, [row]);
  const [content] = await contentOf(tx, ctx, [{ ...row.diet, categoryName: row.categoryName }]);
  return { ...assignment, ...content };
}

/** Who is assigning: the user's name (or e-mail) as it is now; '' for the system. */
async function assignerOf(tx: Tx, ctx: Ctx): Promise<{ id: number | null; name: string }> {
  const id = ctx.actor.actorId;
  if (id == null) return { id: null, name: 'System' };
  const [u] = await tx.select({ first: appUser.firstName, email: appUser.email }).from(appUser).where(eq(appUser.id, id));
  return { id, name: u?.first || u?.email || ctx.actor.actorEmail || '' };
}

async function checkPlan(tx: Tx, ctx: Ctx, id: number): Promise<{ id: number; name: string; isActive: boolean }> {
  const [p] = await tx
    .select({ id: dietPlan.id, name: dietPlan.name, isActive: dietPlan.isActive })
    .from(dietPlan)
    .where(and(eq(dietPlan.organisationId, ctx.organisationId), eq(dietPlan.id, id)));
  if (!p) throw fieldError('plan', invalidPk(id));
  if (!p.isActive) throw fieldError('plan', 'This plan is inactive: activate it before assigning it.');
  return p;
}

/**
 * Gives each member a copy of the plan (those with an active copy of it keep theirs; a copy that
 * ended before the new start is closed first). Two statements, whatever the number of members.
 */
async function copyPlanTo(
  tx: Tx,
  ctx: Ctx,
  plan: number,
  memberIds: number[],
  dates: { start_date: string; end_date: string | null; notes: string },
): Promise<{ id: number; member: number }[]> {
  if (!memberIds.length) return [];
  const ids = idArray(memberIds);
  const org = ctx.organisationId;
  const by = await assignerOf(tx, ctx);
  await tx.execute(
    sql`update diet_member_diet set is_active = false, updated_at = now()
         where organisation_id = ${org} and plan_id = ${plan} and member_id = any(${ids}) and is_active
           and end_date is not null and end_date < ${dates.start_date}::date`,
  );
  const rows = await queryRows<{ id: string; member_id: string }>(
    tx,
    sql`insert into diet_member_diet (organisation_id, member_id, plan_id, name, category_id, goal, diet_type, target_kcal,
          target_protein, target_carbohydrate, target_fat, target_fibre, meals, start_date, end_date, notes, assigned_by_id, assigned_by)
        select p.organisation_id, m.id, p.id, p.name, p.category_id, p.goal, p.diet_type, p.target_kcal, p.target_protein,
               p.target_carbohydrate, p.target_fat, p.target_fibre, p.meals, ${dates.start_date}::date, ${dates.end_date}::date,
               ${dates.notes}, ${by.id}::bigint, ${by.name}
          from diet_plan p cross join unnest(${ids}) as m(id)
         where p.organisation_id = ${org} and p.id = ${plan}
        on conflict (organisation_id, member_id, plan_id) where is_active do nothing
        returning id, member_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), member: Number(r.member_id) }));
}

export async function assignMembers(tx: Tx, ctx: Ctx, input: z.output<typeof assignMembersInputSchema>) {
  const plan = await checkPlan(tx, ctx, input.plan);
  const memberIds = await selectMembers(tx, ctx, input);
  const created = await copyPlanTo(tx, ctx, plan.id, memberIds, input);
  if (created.length)
    await record(tx, ctx.actor, {
      module: MODULE,
      resource: 'diet_assignment',
      objectId: plan.id,
      label: plan.name,
      action: 'create',
      after: { plan: plan.id, members: created.map((c) => c.member), start_date: input.start_date, end_date: input.end_date },
    });
  return {
    plan: plan.id,
    assigned: created.length,
    skipped: memberIds.length - created.length,
    member_diets: created.map((c) => c.id).sort((a, b) => a - b),
  };
}

export async function assignOne(tx: Tx, ctx: Ctx, input: z.output<typeof assignDietInputSchema>): Promise<Assignment> {
  const plan = await checkPlan(tx, ctx, input.plan);
  if (!(await memberContacts(tx, ctx, [input.member])).size) throw fieldError('member', invalidPk(input.member));
  const [created] = await copyPlanTo(tx, ctx, plan.id, [input.member], input);
  if (!created) throw fieldError('plan', 'This member already has this plan: edit that assignment instead.');
  const after = await getAssignment(tx, ctx, created.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'diet_assignment',
    objectId: created.id,
    label: `${after.member_name} · ${plan.name}`,
    action: 'create',
    after,
  });
  return after;
}

const activeUnique = onUnique({
  diet_member_diet_active_key: { field: 'is_active', message: 'This member already has another active copy of this plan.' },
});

type Change = Partial<z.output<typeof memberDietUpdateSchema>>;

async function applyChange(tx: Tx, ctx: Ctx, id: number, change: Change): Promise<AssignmentRow> {
  const before = await loadRows(tx, ctx, id, true);
  const start = change.start_date ?? before.diet.startDate;
  const end = change.end_date !== undefined ? change.end_date : before.diet.endDate;
  if (end && end < start) throw fieldError('end_date', 'The end date cannot be before the start date.');
  const meals = change.meals ? storedMeals(change.meals) : change.diet_type ? before.diet.meals : null;
  if (meals) checkDietType(await checkFoods(tx, ctx, 'meals', foodIdsOf(meals)), change.diet_type ?? before.diet.dietType);
  const v: Partial<typeof dietMemberDiet.$inferInsert> = { updatedAt: new Date() };
  if (change.name !== undefined) v.name = change.name;
  if (change.goal !== undefined) v.goal = change.goal;
  if (change.diet_type !== undefined) v.dietType = change.diet_type;
  if (change.target_kcal !== undefined) v.targetKcal = change.target_kcal;
  if (change.target_protein !== undefined) v.targetProtein = change.target_protein;
  if (change.target_carbohydrate !== undefined) v.targetCarbohydrate = change.target_carbohydrate;
  if (change.target_fat !== undefined) v.targetFat = change.target_fat;
  if (change.target_fibre !== undefined) v.targetFibre = change.target_fibre;
  if (change.meals !== undefined) v.meals = storedMeals(change.meals);
  if (change.start_date !== undefined) v.startDate = change.start_date;
  if (change.end_date !== undefined) v.endDate = change.end_date;
  if (change.notes !== undefined) v.notes = change.notes;
  if (change.is_active !== undefined) v.isActive = change.is_active;
  await tx.update(dietMemberDiet).set(v).where(byId(ctx, id)).catch(activeUnique);
  return before;
}

export async function updateAssignment(tx: Tx, ctx: Ctx, id: number, change: z.output<typeof assignDietUpdateSchema>): Promise<Assignment> {
  const before = (await assignmentsJson(tx, ctx, [await applyChange(tx, ctx, id, change)]))[0];
  const after = await getAssignment(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'diet_assignment',
    objectId: id,
    label: `${after.member_name} · ${after.plan_name}`,
    action: 'update',
    before,
    after,
  });
  return after;
}

export async function updateMemberDiet(tx: Tx, ctx: Ctx, id: number, change: Change): Promise<MemberDiet> {
  const before = await getMemberDiet(tx, ctx, id);
  await applyChange(tx, ctx, id, change);
  const after = await getMemberDiet(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_diet',
    objectId: id,
    label: `${after.member_name} · ${after.name}`,
    action: 'update',
    before,
    after,
  });
  return after;
}
