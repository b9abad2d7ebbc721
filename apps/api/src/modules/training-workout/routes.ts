/**
 * Training/Workouts' routes: lookups (categories, message templates), plans, assignment, members'
 * copies with their log, PDF and send, the dashboard, the report and the logs.
 */
import {
  assignEndpoints,
  assignManyEndpoint,
  memberPlanEndpoints,
  planEndpoints,
  trainingDashboardEndpoint,
  trainingLogsEndpoint,
  trainingMessageTemplateEndpoints,
  trainingReportEndpoints,
  workoutCategoryEndpoints,
  LEVELS,
  type MemberPlan,
  type PlanListItem,
  type WorkoutCategory,
} from '@arena/contracts/training-workout';
import { idSchema } from '@arena/contracts/kit';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import { queryRows } from '../../platform/db/client.js';
import { activeFilter, listRoute, showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { centre } from '../administrator/index.js';
import { memberContacts, runningMemberCount } from '../membership/index.js';
import { pooledAdherence, weekOf } from './adherence.js';
import { assignMany, assignOne, patchMemberPlan, updateAssignment } from './assign.service.js';
import { MODULE } from './constants.js';
import { exerciseRoutes } from './exercise.routes.js';
import { logSession, sessionsOf } from './log.service.js';
import { memberPlanPdf } from './pdf.js';
import { createPlan, deletePlan, duplicatePlan, loadMemberPlan, loadPlan, reorderDay, updatePlan } from './plan.service.js';
import { plan, workoutCategory } from './schema.js';
import { drainSoon, moduleTemplateRoutes, sendToPerson } from '../messaging/index.js';
import { memberRecipient } from '../membership/index.js';
import { dmyDate } from '../../platform/time.js';

const created = { header: 'Created', value: (r: { created_at: string }) => r.created_at, type: 'datetime' as const };
const iso = (d: Date | null) => (d ? d.toISOString() : '');

async function lookupRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: workoutCategoryEndpoints,
    module: MODULE,
    resource: 'training_workout_category',
    table: workoutCategory,
    join: {
      fields: {
        row: workoutCategory,
        plans:
          sql<number>`(select count(*)::int from training_plan p where p.organisation_id = training_workout_category.organisation_id and p.category_id = training_workout_category.id and p.member_id is null)`.mapWith(
            Number,
          ),
      },
      from: (tx, fields) => tx.select(fields).from(workoutCategory).$dynamic(),
    },
    toOutput: ({ row, plans }: { row: typeof workoutCategory.$inferSelect; plans: number }) =>
      ({ ...rowToJson(row), plans }) as WorkoutCategory,
    toValues: inputToValues,
    label: (c) => c.name,
    search: [workoutCategory.name, workoutCategory.description],
    ordering: {
      id: workoutCategory.id,
      name: workoutCategory.name,
      is_active: workoutCategory.isActive,
      created_at: workoutCategory.createdAt,
    },
    defaultOrdering: [asc(workoutCategory.name)],
    filters: { is_active: activeFilter(workoutCategory.isActive) },
    dropdown: { label: workoutCategory.name, where: eq(workoutCategory.isActive, true) },
    unique: { training_workout_category_org_name_key: { field: 'name', message: 'A category with this name already exists.' } },
    export: {
      filename: 'training-workout-categories',
      title: 'Workout categories',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Description', value: (c) => c.description },
        { header: 'Plans', value: (c) => c.plans, type: 'number' },
        statusColumn,
        created,
      ],
    },
  });
  // Message templates are the messaging engine's, filed under `training`.
  moduleTemplateRoutes(app, trainingMessageTemplateEndpoints, 'training');
}

const planCount = (what: 'days' | 'items' | 'members') =>
  what === 'days'
    ? sql<number>`jsonb_array_length(${plan.days})`.mapWith(Number)
    : what === 'items'
      ? sql<number>`(select count(*)::int from training_plan_item i where i.organisation_id = ${plan.organisationId} and i.plan_id = ${plan.id})`.mapWith(
          Number,
        )
      : sql<number>`(select count(*)::int from training_plan c where c.organisation_id = ${plan.organisationId} and c.template_id = ${plan.id} and c.status = 'active')`.mapWith(
          Number,
        );

type PlanRow = { row: typeof plan.$inferSelect; categoryName: string | null; days: number; items: number; members: number };
const planCommon = (row: typeof plan.$inferSelect, categoryName: string | null) => ({
  id: row.id,
  name: row.name,
  category: row.categoryId,
  category_name: categoryName,
  level: row.level,
  days_per_week: row.daysPerWeek,
  weeks: row.weeks,
  description: row.description,
  is_active: row.isActive,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

async function planRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['training_workout_plan'];
  const e = planEndpoints;
  listRoute<PlanRow, PlanListItem>(app, e.list, {
    module: MODULE,
    tags,
    summary: 'Workout plans (templates)',
    list: {
      fields: {
        row: plan,
        categoryName: workoutCategory.name,
        days: planCount('days'),
        items: planCount('items'),
        members: planCount('members'),
      },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(plan)
          .leftJoin(workoutCategory, and(eq(workoutCategory.organisationId, plan.organisationId), eq(workoutCategory.id, plan.categoryId)))
          .$dynamic(),
      where: (ctx) => and(eq(plan.organisationId, ctx.organisationId), sql`${plan.memberId} is null`),
      search: [plan.name, plan.description],
      filters: {
        is_active: activeFilter(plan.isActive),
        category: { schema: idSchema, where: (v: number) => eq(plan.categoryId, v), label: 'Category', show: showName(workoutCategory) },
        level: { schema: z.enum(LEVELS), where: (v: string) => eq(plan.level, v as (typeof LEVELS)[number]), label: 'Level' },
      },
      ordering: { id: plan.id, name: plan.name, level: plan.level, members: planCount('members'), created_at: plan.createdAt },
      defaultOrdering: [asc(plan.name)],
      tiebreak: plan.id,
      map: (_tx, _ctx, rows) =>
        rows.map((r) => ({ ...planCommon(r.row, r.categoryName), day_count: r.days, exercise_count: r.items, members: r.members })),
      export: {
        filename: 'training-workout-plans',
        title: 'Workout plans',
        columns: [
          { header: 'Name', value: (p) => p.name },
          { header: 'Category', value: (p) => p.category_name ?? '' },
          { header: 'Level', value: (p) => p.level },
          { header: 'Days per week', value: (p) => p.days_per_week, type: 'number' },
          { header: 'Weeks', value: (p) => p.weeks, type: 'number' },
          { header: 'Exercises', value: (p) => p.exercise_count, type: 'number' },
          { header: 'Members', value: (p) => p.members, type: 'number' },
        ],
      },
    },
  });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Build a workout plan',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createPlan(tx, ctx, request.body))),
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A workout plan with its days and exercises',
    handler: (request) => inTenant(request, (tx, ctx) => loadPlan(tx, ctx, request.params.id)),
  });
  route(app, e.update, {
    module: MODULE,
    tags,
    summary: 'Save a workout plan (its days and exercises as sent)',
    handler: (request) => inTenant(request, (tx, ctx) => updatePlan(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: "Delete a workout plan (members' copies stay theirs)",
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deletePlan(tx, ctx, request.params.id));
      return reply.status(204).send();
    },
  });
  route(app, e.duplicate, {
    module: MODULE,
    tags,
    summary: 'Copy a workout plan',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => duplicatePlan(tx, ctx, request.params.id, request.body.name))),
  });
  route(app, e.reorder, {
    module: MODULE,
    tags,
    summary: "Put a day's exercises in a new order",
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await reorderDay(tx, ctx, request.params.id, 'template', request.body.day, request.body.items);
        return loadPlan(tx, ctx, request.params.id);
      }),
  });
}

type CopyRow = { row: typeof plan.$inferSelect; categoryName: string | null; sessions: number };
type CopyItem = Omit<MemberPlan, 'days'> & { sessions: number };

function copyList() {
  return {
    fields: {
      row: plan,
      categoryName: workoutCategory.name,
      sessions:
        sql<number>`(select count(distinct l.date)::int from training_workout_log l where l.organisation_id = ${plan.organisationId} and l.member_plan_id = ${plan.id})`.mapWith(
          Number,
        ),
    },
    from: (
      tx: Parameters<Parameters<typeof listRoute>[2]['list']['from']>[0],
      fields: Parameters<Parameters<typeof listRoute>[2]['list']['from']>[1],
    ) =>
      tx
        .select(fields)
        .from(plan)
        .leftJoin(workoutCategory, and(eq(workoutCategory.organisationId, plan.organisationId), eq(workoutCategory.id, plan.categoryId)))
        .$dynamic(),
    where: (ctx: { organisationId: number }) => and(eq(plan.organisationId, ctx.organisationId), sql`${plan.memberId} is not null`),
    search: [plan.name, plan.assignedBy],
    filters: {
      member: { schema: idSchema, where: (v: number) => eq(plan.memberId, v), label: 'Member' },
      plan: { schema: idSchema, where: (v: number) => eq(plan.templateId, v), label: 'Plan' },
      status: { schema: z.enum(['active', 'ended']), where: (v: string) => eq(plan.status, v as 'active' | 'ended'), label: 'Status' },
    },
    ordering: { id: plan.id, name: plan.name, start_date: plan.startDate, status: plan.status, assigned_at: plan.assignedAt },
    defaultOrdering: [desc(plan.startDate)],
    tiebreak: plan.id,
    map: async (
      tx: Parameters<typeof memberContacts>[0],
      ctx: Parameters<typeof memberContacts>[1],
      rows: CopyRow[],
    ): Promise<CopyItem[]> => {
      const who = await memberContacts(
        tx,
        ctx,
        rows.map((r) => r.row.memberId),
      );
      return rows.map(({ row, categoryName, sessions }) => ({
        ...planCommon(row, categoryName),
        template: row.templateId,
        member: row.memberId!,
        member_name: who.get(row.memberId!)?.name ?? '',
        member_code: who.get(row.memberId!)?.code ?? '',
        start_date: row.startDate!,
        end_date: row.endDate,
        status: row.status!,
        notes: row.notes,
        assigned_by: row.assignedBy,
        assigned_at: iso(row.assignedAt),
        sessions,
      }));
    },
    export: {
      filename: 'training-workout-assignments',
      title: 'Workout plans of members',
      columns: [
        { header: 'Member', value: (c: CopyItem) => c.member_name },
        { header: 'Code', value: (c: CopyItem) => c.member_code },
        { header: 'Plan', value: (c: CopyItem) => c.name },
        { header: 'Start', value: (c: CopyItem) => c.start_date, type: 'date' as const },
        { header: 'End', value: (c: CopyItem) => c.end_date ?? '', type: 'date' as const },
        { header: 'Status', value: (c: CopyItem) => c.status },
        { header: 'Sessions', value: (c: CopyItem) => c.sessions, type: 'number' as const },
        { header: 'Assigned by', value: (c: CopyItem) => c.assigned_by },
      ],
    },
  };
}

async function assignRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['assign_training_workout'];
  listRoute(app, assignEndpoints.list, { module: MODULE, tags, summary: "Members' workout plans", list: copyList() });
  route(app, assignEndpoints.create, {
    module: MODULE,
    tags,
    summary: 'Give one member their own copy of a plan',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => assignOne(tx, ctx, request.body))),
  });
  route(app, assignEndpoints.update, {
    module: MODULE,
    tags,
    summary: "Change a member's plan dates, notes or status",
    handler: (request) => inTenant(request, (tx, ctx) => updateAssignment(tx, ctx, request.params.id, request.body)),
  });
  route(app, assignManyEndpoint, {
    module: MODULE,
    tags,
    summary: 'Give many members (named, a batch, a membership plan) each their own copy of a plan',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => assignMany(tx, ctx, request.body))),
  });
}

async function memberRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['member_training_workout'];
  const e = memberPlanEndpoints;
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: "A member's current and past workout plans (filter `member`)",
    list: copyList(),
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: "A member's workout plan",
    handler: (request) => inTenant(request, (tx, ctx) => loadMemberPlan(tx, ctx, request.params.id)),
  });
  route(app, e.partialUpdate, {
    module: MODULE,
    tags,
    summary: "Edit a member's own copy (the template and others' copies stay as they are)",
    handler: (request) => inTenant(request, (tx, ctx) => patchMemberPlan(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.reorder, {
    module: MODULE,
    tags,
    summary: "Put a day's exercises of a member's copy in a new order",
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await reorderDay(tx, ctx, request.params.id, 'copy', request.body.day, request.body.items);
        return loadMemberPlan(tx, ctx, request.params.id);
      }),
  });
  route(app, e.logs, {
    module: MODULE,
    tags,
    summary: "The member's logged sessions and adherence per week",
    handler: (request) => inTenant(request, (tx, ctx) => sessionsOf(tx, ctx, request.params.id)),
  });
  route(app, e.log, {
    module: MODULE,
    tags,
    summary: "Record an exercise of a member's session",
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => logSession(tx, ctx, request.params.id, request.body))),
  });
  route(app, e.pdf, {
    module: MODULE,
    tags,
    summary: "The member's workout as an A4 PDF",
    handler: async (request, reply) => {
      const { copy, org } = await inTenant(request, async (tx, ctx) => ({
        copy: await loadMemberPlan(tx, ctx, request.params.id),
        org: ctx.organisation.displayName,
      }));
      const pdf = await memberPlanPdf(copy, org);
      const name = `workout-${copy.member_code || copy.member}-${copy.id}.pdf`.replace(/[^A-Za-z0-9._-]/g, '-');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
  route(app, e.send, {
    module: MODULE,
    tags,
    summary: 'Send the member a message about their workout (a Training/Workout template or an e-mail), through the messaging engine',
    handler: async (request) => {
      const result = await inTenant(request, async (tx, ctx) => {
        const copy = await loadMemberPlan(tx, ctx, request.params.id);
        const recipient = await memberRecipient(tx, ctx, copy.member, {
          plan: copy.name,
          start_date: dmyDate(copy.start_date),
          end_date: copy.end_date ? dmyDate(copy.end_date) : '',
        });
        return sendToPerson(tx, ctx, { module: 'training', recipient, ...request.body, source: 'training', sourceId: copy.id });
      });
      if (result.queued) await drainSoon(app.jobs, request.organisation!.id);
      return result;
    },
  });
}

async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, trainingDashboardEndpoint, {
    module: MODULE,
    tags: ['training_dashboard'],
    summary: 'Members with and without a plan, plans by popularity, adherence this week',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const org = ctx.organisationId;
        const week = weekOf(ctx.now.today);
        const [counts] = await queryRows<{ with_plan: number; copies: number; planned: number; logged: number }>(
          tx,
          sql`select count(distinct p.member_id)::int as with_plan, count(*)::int as copies,
                     coalesce(sum(p.days_per_week), 0)::int as planned,
                     coalesce(sum((select count(distinct l.date) from training_workout_log l where l.organisation_id = p.organisation_id
                        and l.member_plan_id = p.id and l.date >= ${week}::date and l.date <= ${ctx.now.today}::date)), 0)::int as logged
                from training_plan p where p.organisation_id = ${org} and p.member_id is not null and p.status = 'active'
                 and p.start_date <= ${ctx.now.today}::date and (p.end_date is null or p.end_date >= ${ctx.now.today}::date)`,
        );
        const popular = await queryRows<{ plan: string; name: string; members: number }>(
          tx,
          sql`select t.id as plan, t.name, count(c.id)::int as members from training_plan t
                join training_plan c on c.organisation_id = t.organisation_id and c.template_id = t.id and c.status = 'active'
               where t.organisation_id = ${org} and t.member_id is null group by t.id, t.name order by members desc, t.name limit 10`,
        );
        const members = await runningMemberCount(tx, ctx);
        return {
          members,
          with_plan: counts.with_plan,
          without_plan: Math.max(0, members - counts.with_plan),
          active_copies: counts.copies,
          popular: popular.map((p) => ({ plan: Number(p.plan), name: p.name, members: p.members })),
          adherence_this_week: pooledAdherence(counts.logged, counts.planned),
          sessions_this_week: counts.logged,
        };
      }),
  });
}

type ReportRow = { plan: number | null; name: string; assigned_by: string; active: number; ended: number; members: number };

async function trainingReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['training_reports'], centreName: showName(centre) });
  report(trainingReportEndpoints.plan, {
    summary: 'Members per plan, active and ended, by who assigned them (copies starting in the window)',
    run: async ({ tx, ctx, window }) => {
      const rows = await queryRows<{
        plan: string | null;
        name: string;
        assigned_by: string;
        active: number;
        ended: number;
        members: number;
      }>(
        tx,
        sql`select c.template_id as plan, coalesce(t.name, c.name) as name, c.assigned_by,
                   count(*) filter (where c.status = 'active' and (c.end_date is null or c.end_date >= ${ctx.now.today}::date))::int as active,
                   count(*) filter (where c.status = 'ended' or c.end_date < ${ctx.now.today}::date)::int as ended,
                   count(distinct c.member_id)::int as members
              from training_plan c
              left join training_plan t on t.organisation_id = c.organisation_id and t.id = c.template_id
             where c.organisation_id = ${ctx.organisationId} and c.member_id is not null
               and c.start_date between ${window.from}::date and ${window.to}::date
             group by c.template_id, coalesce(t.name, c.name), c.assigned_by
             order by members desc, name, c.assigned_by`,
      );
      const out: ReportRow[] = rows.map((r) => ({ ...r, plan: r.plan == null ? null : Number(r.plan) }));
      return {
        rows: out,
        totals: {
          active: out.reduce((n, r) => n + r.active, 0),
          ended: out.reduce((n, r) => n + r.ended, 0),
          members: out.reduce((n, r) => n + r.members, 0),
        },
      };
    },
    file: ({ report: r }) => ({
      filename: 'training-workout-plan-report',
      title: 'Workout plans: members per plan',
      columns: [
        { header: 'Plan', value: (x: ReportRow) => x.name },
        { header: 'Assigned by', value: (x: ReportRow) => x.assigned_by },
        { header: 'Active', value: (x: ReportRow) => x.active, type: 'number' },
        { header: 'Ended', value: (x: ReportRow) => x.ended, type: 'number' },
        { header: 'Members', value: (x: ReportRow) => x.members, type: 'number' },
      ],
      rows: r.rows,
    }),
  });
}

export async function trainingRoutes(app: FastifyInstance): Promise<void> {
  await lookupRoutes(app);
  await exerciseRoutes(app);
  await planRoutes(app);
  await assignRoutes(app);
  await memberRoutes(app);
  await dashboardRoutes(app);
  await trainingReportRoutes(app);
  auditLogRoute(app, trainingLogsEndpoint, MODULE);
}
