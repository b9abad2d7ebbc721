/** Diet Management's routes: foods, plans, assignments, member diets (with the PDF), dashboard. */
import {
  assignDietEndpoints,
  assignMembersEndpoint,
  dietDashboardEndpoint,
  dietPlanEndpoints,
  DIET_STATUSES,
  DIET_TYPES,
  foodEndpoints,
  memberDietEndpoints,
  type Assignment,
  type DietPlan,
} from '@arena/contracts/diet';
import { idSchema } from '@arena/contracts/kit';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../../platform/db/client.js';
import { activeFilter, listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { route } from '../../platform/route.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { dmyDate } from '../../platform/time.js';
import { memberContacts, memberRecipient, runningMemberCount } from '../membership/index.js';
import { drainSoon, sendToPerson } from '../messaging/index.js';
import {
  assignMembers,
  assignmentFields,
  assignmentFrom,
  assignmentsJson,
  assignOne,
  getMemberDiet,
  updateAssignment,
  updateMemberDiet,
  type AssignmentRow,
} from './assign.service.js';
import { MODULE } from './constants.js';
import { createOwnFood, deleteOwnFood, getFood, searchFoods, updateOwnFood } from './foods.js';
import { dietPdf } from './pdf.js';
import { createPlan, deletePlan, duplicatePlan, getPlan, planFields, plansJson, updatePlan } from './plan.service.js';
import { dietCategory, dietMemberDiet, dietPlan } from './schema.js';

/** The assignments in a status on the organisation's today. */
const statusWhere = (v: (typeof DIET_STATUSES)[number], ctx: Ctx) => {
  const today = sql`${ctx.now.today}::date`;
  return v === 'ended'
    ? sql`(not ${dietMemberDiet.isActive} or ${dietMemberDiet.endDate} < ${today})`
    : v === 'upcoming'
      ? sql`(${dietMemberDiet.isActive} and ${dietMemberDiet.startDate} > ${today})`
      : sql`(${dietMemberDiet.isActive} and ${dietMemberDiet.startDate} <= ${today} and (${dietMemberDiet.endDate} is null or ${dietMemberDiet.endDate} >= ${today}))`;
};

const memberName = async (id: number, tx: Parameters<typeof memberContacts>[0], ctx: Parameters<typeof memberContacts>[1]) =>
  (await memberContacts(tx, ctx, [id])).get(id)?.name ?? `#${id}`;

function assignmentList(): ListDefinition<AssignmentRow, Assignment> {
  return {
    from: (tx, fields) => assignmentFrom(tx, fields as typeof assignmentFields),
    fields: assignmentFields,
    where: (ctx) => eq(dietMemberDiet.organisationId, ctx.organisationId),
    search: [dietMemberDiet.name, dietPlan.name, dietMemberDiet.assignedBy],
    filters: {
      member: { schema: idSchema, where: (v: number) => eq(dietMemberDiet.memberId, v), label: 'Member', show: memberName },
      plan: { schema: idSchema, where: (v: number) => eq(dietMemberDiet.planId, v), label: 'Plan', show: showName(dietPlan) },
      status: { schema: z.enum(DIET_STATUSES), where: statusWhere, label: 'Status' },
      is_active: activeFilter(dietMemberDiet.isActive),
    },
    ordering: {
      start_date: dietMemberDiet.startDate,
      end_date: dietMemberDiet.endDate,
      name: dietMemberDiet.name,
      created_at: dietMemberDiet.createdAt,
    },
    defaultOrdering: [desc(dietMemberDiet.startDate)],
    tiebreak: dietMemberDiet.id,
    map: (tx, ctx, rows) => assignmentsJson(tx, ctx, rows),
    export: {
      filename: 'diet-assignments',
      title: 'Diet assignments',
      columns: [
        { header: 'Member', value: (a) => a.member_name },
        { header: 'Code', value: (a) => a.member_code },
        { header: 'Plan', value: (a) => a.plan_name },
        { header: 'Start', value: (a) => a.start_date, type: 'date' },
        { header: 'End', value: (a) => a.end_date ?? '', type: 'date' },
        { header: 'Status', value: (a) => a.status },
        { header: 'Assigned by', value: (a) => a.assigned_by },
      ],
    },
  };
}

type PlanRow = { plan: typeof dietPlan.$inferSelect; categoryName: string | null; members: number };
const planList: ListDefinition<PlanRow, DietPlan> = {
  from: (tx, fields) =>
    tx
      .select(fields)
      .from(dietPlan)
      .leftJoin(dietCategory, and(eq(dietCategory.organisationId, dietPlan.organisationId), eq(dietCategory.id, dietPlan.categoryId)))
      .$dynamic(),
  fields: planFields,
  where: (ctx) => eq(dietPlan.organisationId, ctx.organisationId),
  search: [dietPlan.name, dietPlan.goal],
  filters: {
    category: { schema: idSchema, where: (v: number) => eq(dietPlan.categoryId, v), label: 'Category', show: showName(dietCategory) },
    diet_type: { schema: z.enum(DIET_TYPES), where: (v: string) => eq(dietPlan.dietType, v as DietPlan['diet_type']), label: 'Diet type' },
    is_active: activeFilter(dietPlan.isActive),
  },
  ordering: { name: dietPlan.name, created_at: dietPlan.createdAt, target_kcal: dietPlan.targetKcal, members: planFields.members },
  defaultOrdering: [asc(dietPlan.name)],
  tiebreak: dietPlan.id,
  map: (tx, ctx, rows) => plansJson(tx, ctx, rows),
  export: {
    filename: 'diet-plans',
    title: 'Diet plans',
    columns: [
      { header: 'Name', value: (p) => p.name },
      { header: 'Category', value: (p) => p.category_name ?? '' },
      { header: 'Diet type', value: (p) => p.diet_type },
      { header: 'Target kcal', value: (p) => p.target_kcal ?? '', type: 'number' },
      { header: 'Day kcal', value: (p) => p.totals.kcal, type: 'number' },
      { header: 'Protein g', value: (p) => p.totals.protein, type: 'number' },
      { header: 'Carbohydrate g', value: (p) => p.totals.carbohydrate, type: 'number' },
      { header: 'Fat g', value: (p) => p.totals.fat, type: 'number' },
      { header: 'Members', value: (p) => p.members, type: 'number' },
    ],
  },
};

export async function dietRoutes(app: FastifyInstance): Promise<void> {
  const module = MODULE;

  // ---- foods ----
  const foodTags = ['diet_food'];
  route(app, foodEndpoints.list, {
    module,
    tags: foodTags,
    summary: 'Foods (IFCT 2017 and the organisation’s own), searched by English or local name',
    handler: async (request, reply) => {
      const q = request.query;
      const pageSize = q.page_size ?? 25;
      const page = q.page ?? 1;
      const found = await inTenant(request, (tx, ctx) => searchFoods(tx, ctx, { ...q, page, pageSize }));
      const link = (p: number) => {
        const url = new URL(request.url, 'http://x');
        url.searchParams.set('page', String(p));
        return `${url.pathname}${url.search}`;
      };
      return reply.send({
        count: found.count,
        next: page * pageSize < found.count ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: found.results,
      });
    },
  });
  route(app, foodEndpoints.create, {
    module,
    tags: foodTags,
    summary: 'Add an own food',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createOwnFood(tx, ctx, request.body))),
  });
  route(app, foodEndpoints.retrieve, {
    module,
    tags: foodTags,
    summary: 'A food',
    handler: async (request) => inTenant(request, (tx, ctx) => getFood(tx, ctx, request.params.id)),
  });
  route(app, foodEndpoints.partialUpdate, {
    module,
    tags: foodTags,
    summary: 'Edit an own food (a global food is 404)',
    handler: async (request) => inTenant(request, (tx, ctx) => updateOwnFood(tx, ctx, request.params.id, request.body)),
  });
  route(app, foodEndpoints.remove, {
    module,
    tags: foodTags,
    summary: 'Delete an own food no plan uses (a global food is 404)',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteOwnFood(tx, ctx, request.params.id));
      return reply.status(204).send();
    },
  });

  // ---- plans ----
  const planTags = ['diet_plan'];
  listRoute(app, dietPlanEndpoints.list, { module, tags: planTags, summary: 'Diet plans with their day totals', list: planList });
  route(app, dietPlanEndpoints.dropdown, {
    module,
    tags: planTags,
    summary: 'Active plans for selects',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => ({
        results: (
          await tx
            .select({ id: dietPlan.id, name: dietPlan.name })
            .from(dietPlan)
            .where(and(eq(dietPlan.organisationId, ctx.organisationId), eq(dietPlan.isActive, true)))
            .orderBy(asc(dietPlan.name))
            .limit(1000)
        ).map((r) => ({ id: r.id, name: r.name })),
      })),
  });
  route(app, dietPlanEndpoints.create, {
    module,
    tags: planTags,
    summary: 'Create a diet plan',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createPlan(tx, ctx, request.body))),
  });
  route(app, dietPlanEndpoints.retrieve, {
    module,
    tags: planTags,
    summary: 'A diet plan with its meals and computed totals',
    handler: async (request) => inTenant(request, (tx, ctx) => getPlan(tx, ctx, request.params.id)),
  });
  route(app, dietPlanEndpoints.partialUpdate, {
    module,
    tags: planTags,
    summary: 'Edit a diet plan (members’ copies stay as they are)',
    handler: async (request) => inTenant(request, (tx, ctx) => updatePlan(tx, ctx, request.params.id, request.body)),
  });
  route(app, dietPlanEndpoints.remove, {
    module,
    tags: planTags,
    summary: 'Delete a plan never assigned',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deletePlan(tx, ctx, request.params.id));
      return reply.status(204).send();
    },
  });
  route(app, dietPlanEndpoints.duplicate, {
    module,
    tags: planTags,
    summary: 'Duplicate a plan',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => duplicatePlan(tx, ctx, request.params.id, request.body?.name))),
  });

  // ---- assignments ----
  const assignTags = ['diet_assignment'];
  const assignments = assignmentList();
  listRoute(app, assignDietEndpoints.list, { module, tags: assignTags, summary: 'Diet assignments', list: assignments });
  route(app, assignDietEndpoints.create, {
    module,
    tags: assignTags,
    summary: 'Assign a plan to one member (their own copy)',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => assignOne(tx, ctx, request.body))),
  });
  route(app, assignDietEndpoints.partialUpdate, {
    module,
    tags: assignTags,
    summary: 'Change an assignment’s dates or notes, or end it',
    handler: async (request) => inTenant(request, (tx, ctx) => updateAssignment(tx, ctx, request.params.id, request.body)),
  });
  route(app, assignMembersEndpoint, {
    module,
    tags: assignTags,
    summary: 'Assign a plan to many members at once (each their own copy)',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => assignMembers(tx, ctx, request.body))),
  });

  // ---- member diets ----
  const memberTags = ['member_diet'];
  listRoute(app, memberDietEndpoints.list, { module, tags: memberTags, summary: 'Members’ diets, current and past', list: assignments });
  route(app, memberDietEndpoints.retrieve, {
    module,
    tags: memberTags,
    summary: 'A member’s diet with its computed totals',
    handler: async (request) => inTenant(request, (tx, ctx) => getMemberDiet(tx, ctx, request.params.id)),
  });
  route(app, memberDietEndpoints.partialUpdate, {
    module,
    tags: memberTags,
    summary: 'Edit a member’s own copy (never the template)',
    handler: async (request) => inTenant(request, (tx, ctx) => updateMemberDiet(tx, ctx, request.params.id, request.body)),
  });
  route(app, memberDietEndpoints.pdf, {
    module,
    tags: memberTags,
    summary: 'The member’s diet chart as an A4 PDF',
    handler: async (request, reply) => {
      const { diet, org } = await inTenant(request, async (tx, ctx) => ({
        diet: await getMemberDiet(tx, ctx, request.params.id),
        org: ctx.organisation.displayName,
      }));
      const pdf = await dietPdf(diet, org);
      const name = `diet-${diet.member_code || diet.member}-${diet.id}.pdf`.replace(/[^A-Za-z0-9._-]/g, '-');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
  route(app, memberDietEndpoints.send, {
    module,
    tags: memberTags,
    summary: 'Send the member a message about their diet (a Diet template or an e-mail), through the messaging engine',
    handler: async (request) => {
      const result = await inTenant(request, async (tx, ctx) => {
        const diet = await getMemberDiet(tx, ctx, request.params.id);
        const recipient = await memberRecipient(tx, ctx, diet.member, {
          plan: diet.name,
          start_date: dmyDate(diet.start_date),
          end_date: diet.end_date ? dmyDate(diet.end_date) : '',
          kcal: Math.round(diet.totals.kcal).toLocaleString('en-IN'),
        });
        return sendToPerson(tx, ctx, { module: 'diet', recipient, ...request.body, source: 'diet', sourceId: diet.id });
      });
      if (result.queued) await drainSoon(app.jobs, request.organisation!.id);
      return result;
    },
  });

  // ---- dashboard ----
  route(app, dietDashboardEndpoint, {
    module,
    tags: ['diet_dashboard'],
    summary: 'Members with and without a plan, plans by popularity, assignments starting and ending',
    handler: async (request) =>
      inTenant(
        request,
        async (tx, ctx) => {
          const days = request.query.days ?? 7;
          const org = ctx.organisationId;
          const t = ctx.now.today;
          const [counts] = await queryRows<{ with_plan: number; plans: number; active: number }>(
            tx,
            sql`select (select count(distinct member_id)::int from diet_member_diet where organisation_id = ${org} and is_active
                          and start_date <= ${t}::date and (end_date is null or end_date >= ${t}::date)) as with_plan,
                       (select count(*)::int from diet_plan where organisation_id = ${org} and is_active) as plans,
                       (select count(*)::int from diet_member_diet where organisation_id = ${org} and is_active
                          and start_date <= ${t}::date and (end_date is null or end_date >= ${t}::date)) as active`,
          );
          const popular = await queryRows<{ plan: string; name: string; members: number }>(
            tx,
            sql`select p.id as plan, p.name, count(d.id)::int as members from diet_plan p
                  join diet_member_diet d on d.organisation_id = p.organisation_id and d.plan_id = p.id and d.is_active
                   and (d.end_date is null or d.end_date >= ${t}::date)
                 where p.organisation_id = ${org} group by p.id, p.name order by members desc, p.name limit 10`,
          );
          const around = (column: typeof dietMemberDiet.startDate) =>
            assignmentFrom(tx)
              .where(
                and(
                  eq(dietMemberDiet.organisationId, org),
                  eq(dietMemberDiet.isActive, true),
                  sql`${column} between ${t}::date and ${t}::date + ${days}::int`,
                ),
              )
              .orderBy(asc(column), asc(dietMemberDiet.id))
              .limit(20);
          const total = await runningMemberCount(tx, ctx);
          const withPlan = Number(counts.with_plan);
          return {
            members_total: total,
            members_with_plan: withPlan,
            members_without_plan: Math.max(0, total - withPlan),
            plans: Number(counts.plans),
            active_diets: Number(counts.active),
            popular_plans: popular.map((p) => ({ plan: Number(p.plan), name: p.name, members: Number(p.members) })),
            starting_soon: await assignmentsJson(tx, ctx, await around(dietMemberDiet.startDate)),
            ending_soon: await assignmentsJson(tx, ctx, await around(dietMemberDiet.endDate as unknown as typeof dietMemberDiet.startDate)),
          };
        },
        { customPlans: true },
      ),
  });
}
