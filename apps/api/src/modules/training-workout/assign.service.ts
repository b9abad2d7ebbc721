/**
 * Assigning a plan: each member gets their own copy (header and items), made set-based — one
 * statement for every member's copy and their items together, whatever the number of members. The
 * unique index "one active copy of a template per member" makes parallel identical requests give
 * the rows one request gives (ON CONFLICT DO NOTHING). A copy records who assigned it.
 */
import { type MemberPlan } from '@arena/contracts/training-workout';
import type { z } from 'zod';
import type { assignManyInputSchema, assignUpdateInputSchema, memberPlanPatchSchema } from '@arena/contracts/training-workout';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { memberContacts, selectMembers } from '../membership/index.js';
import { MODULE } from './constants.js';
import { loadMemberPlan, writeItems } from './plan.service.js';
import { plan } from './schema.js';

type AssignMany = z.output<typeof assignManyInputSchema>;

/** Who acts, as a copy and a log row record it. */
export const actorName = (ctx: Ctx) => ctx.actor.actorEmail ?? 'system';

async function templateOf(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx
    .select({ id: plan.id, name: plan.name, isActive: plan.isActive })
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id), sql`${plan.memberId} is null`));
  if (!row) throw fieldError('plan', invalidPk(id));
  if (!row.isActive) throw fieldError('plan', 'This plan is switched off.');
  return row;
}

export interface AssignResult {
  assigned: number;
  already: number;
  copies: number[];
}

export async function assignMany(tx: Tx, ctx: Ctx, input: AssignMany): Promise<AssignResult> {
  const template = await templateOf(tx, ctx, input.plan);
  const members = await selectMembers(tx, ctx, input);
  if (!members.length) return { assigned: 0, already: 0, copies: [] };
  const org = ctx.organisationId;
  const rows = await queryRows<{ id: string; member_id: string }>(
    tx,
    sql`with copies as (
          insert into training_plan (organisation_id, name, category_id, level, days_per_week, weeks, description, days, is_active,
                                     member_id, template_id, start_date, end_date, status, notes, assigned_by, assigned_at)
          select p.organisation_id, p.name, p.category_id, p.level, p.days_per_week, p.weeks, p.description, p.days, true,
                 m.id, p.id, ${input.start_date}::date, ${input.end_date}::date, 'active', ${input.notes}, ${actorName(ctx)}, now()
            from training_plan p cross join unnest(${idArray(members)}) as m(id)
           where p.organisation_id = ${org} and p.id = ${template.id}
          on conflict (organisation_id, member_id, template_id) where member_id is not null and status = 'active' do nothing
          returning id, member_id
        ), items as (
          insert into training_plan_item (organisation_id, plan_id, day, position, library_exercise_id, exercise_id, sets, reps,
                                          rest_seconds, tempo, load_kind, load, superset, notes)
          select i.organisation_id, c.id, i.day, i.position, i.library_exercise_id, i.exercise_id, i.sets, i.reps,
                 i.rest_seconds, i.tempo, i.load_kind, i.load, i.superset, i.notes
            from copies c join training_plan_item i on i.organisation_id = ${org} and i.plan_id = ${template.id}
        )
        select id, member_id from copies order by id`,
  );
  const copies = rows.map((r) => Number(r.id));
  if (copies.length)
    await record(tx, ctx.actor, {
      module: MODULE,
      resource: 'assign_training_workout',
      objectId: template.id,
      label: `${template.name} → ${copies.length} member(s)`,
      action: 'create',
      after: { plan: template.id, members: rows.map((r) => Number(r.member_id)), start_date: input.start_date, end_date: input.end_date },
    });
  return { assigned: copies.length, already: members.length - copies.length, copies };
}

export async function assignOne(
  tx: Tx,
  ctx: Ctx,
  input: { plan: number; member: number; start_date: string; end_date: string | null; notes: string },
): Promise<MemberPlan> {
  const found = await memberContacts(tx, ctx, [input.member]);
  if (!found.size) throw fieldError('member', invalidPk(input.member));
  const result = await assignMany(tx, ctx, { ...input, members: [input.member] });
  if (!result.copies.length) throw fieldError('member', 'This member already has this plan running.');
  return loadMemberPlan(tx, ctx, result.copies[0]);
}

const activeTwice = onUnique({
  training_plan_member_template_active_key: { field: 'status', message: 'This member already has this plan running.' },
});

async function lockCopy(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id), sql`${plan.memberId} is not null`))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function updateAssignment(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof assignUpdateInputSchema>): Promise<MemberPlan> {
  const before = await lockCopy(tx, ctx, id);
  const start = input.start_date ?? before.startDate!;
  const end = input.end_date === undefined ? before.endDate : input.end_date;
  if (end && end < start) throw fieldError('end_date', 'The end date cannot be before the start date.');
  await tx
    .update(plan)
    .set({
      startDate: start,
      endDate: end,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.status ? { status: input.status } : {}),
      updatedAt: ctx.now.instant,
    })
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id)))
    .catch(activeTwice);
  const out = await loadMemberPlan(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'assign_training_workout',
    objectId: id,
    label: `${out.name} · ${out.member_name}`,
    action: 'update',
    before: { start_date: before.startDate, end_date: before.endDate, status: before.status, notes: before.notes },
    after: { start_date: out.start_date, end_date: out.end_date, status: out.status, notes: out.notes },
  });
  return out;
}

/** Edits a member's own copy: never the template, never another member's copy. */
export async function patchMemberPlan(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof memberPlanPatchSchema>): Promise<MemberPlan> {
  const before = await loadMemberPlan(tx, ctx, id);
  await lockCopy(tx, ctx, id);
  await tx
    .update(plan)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.level !== undefined ? { level: input.level } : {}),
      ...(input.days_per_week !== undefined ? { daysPerWeek: input.days_per_week } : {}),
      ...(input.weeks !== undefined ? { weeks: input.weeks } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.days !== undefined ? { days: input.days.map((d) => ({ name: d.name })) } : {}),
      updatedAt: ctx.now.instant,
    })
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id)));
  if (input.days) await writeItems(tx, ctx, id, input.days);
  const out = await loadMemberPlan(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_training_workout',
    objectId: id,
    label: `${out.name} · ${out.member_name}`,
    action: 'update',
    before,
    after: out,
  });
  return out;
}
