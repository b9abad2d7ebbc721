/**
 * Performance: categories (Strength, Cardio, Body composition) and items (Bench press in kg,
 * 5 km run in min) as lookups, and `member-performance/` — a member's measured values over time,
 * one row per item and date, which the member's page charts per item.
 */
import {
  idSchema,
  isoDateSchema,
  memberPerformanceEndpoints as e,
  memberPerformanceInputSchema,
  PERFORMANCE_UNITS,
  performanceCategoryEndpoints,
  performanceItemEndpoints,
  z,
  type MemberPerformance,
  type PerformanceCategory,
  type PerformanceItem,
} from '@arena/contracts';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { record } from '../../platform/audit.js';
import { refuseDeleteInUse, registerCrud, statusColumn } from '../../platform/crud.js';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { activeFilter, listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { checkReferences } from '../../platform/references.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { rowToJson } from '../../platform/serialize.js';
import { displayDate } from '../../platform/time.js';
import { showMember } from './attendance.service.js';
import { MODULE, tags } from './constants.js';
import { member, memberPerformance, performanceCategory, performanceItem } from './schema.js';

type MemberPerformanceInput = z.output<typeof memberPerformanceInputSchema>;
const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
const memberName = sql<string>`trim(${member.firstName} || ' ' || ${member.lastName})`;

// ---- categories and items ----

async function categoryRoutes(scope: FastifyInstance): Promise<void> {
  refuseDeleteInUse(scope, async (tx, ctx, id) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(performanceItem)
      .where(and(eq(performanceItem.organisationId, ctx.organisationId), eq(performanceItem.categoryId, id)));
    return n > 0
      ? `This category has ${n} item${n === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead (is_active: false).`
      : null;
  });
  registerCrud(scope, {
    endpoints: performanceCategoryEndpoints,
    module: MODULE,
    resource: 'performance_category',
    table: performanceCategory,
    toOutput: ({ row }: { row: typeof performanceCategory.$inferSelect }) => rowToJson(row) as PerformanceCategory,
    toValues: (input) => defined({ name: input.name, description: input.description, isActive: input.is_active }),
    label: (c) => c.name,
    search: [performanceCategory.name, performanceCategory.description],
    ordering: {
      id: performanceCategory.id,
      name: performanceCategory.name,
      is_active: performanceCategory.isActive,
      created_at: performanceCategory.createdAt,
    },
    defaultOrdering: [asc(performanceCategory.name)],
    filters: { is_active: activeFilter(performanceCategory.isActive) },
    dropdown: { label: performanceCategory.name, where: eq(performanceCategory.isActive, true) },
    unique: { performance_category_org_name_key: { field: 'name', message: 'A performance category with this name already exists.' } },
    export: {
      filename: 'performance-categories',
      title: 'Performance categories',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Description', value: (c) => c.description },
        statusColumn,
        { header: 'Created', value: (c) => c.created_at, type: 'datetime' },
      ],
    },
  });
}

type ItemJoin = { row: typeof performanceItem.$inferSelect; categoryName: string };

async function itemRoutes(scope: FastifyInstance): Promise<void> {
  refuseDeleteInUse(scope, async (tx, ctx, id) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(memberPerformance)
      .where(and(eq(memberPerformance.organisationId, ctx.organisationId), eq(memberPerformance.itemId, id)));
    return n > 0
      ? `This item has ${n} recorded value${n === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead (is_active: false).`
      : null;
  });
  registerCrud(scope, {
    endpoints: performanceItemEndpoints,
    module: MODULE,
    resource: 'performance_item',
    table: performanceItem,
    join: {
      fields: { row: performanceItem, categoryName: performanceCategory.name },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(performanceItem)
          .innerJoin(performanceCategory, eq(performanceCategory.id, performanceItem.categoryId))
          .$dynamic(),
    },
    toOutput: ({ row, categoryName }: ItemJoin): PerformanceItem => ({
      id: row.id,
      name: row.name,
      category: row.categoryId,
      category_name: categoryName,
      unit: row.unit,
      description: row.description,
      is_active: row.isActive,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }),
    toValues: (input) =>
      defined({
        name: input.name,
        categoryId: input.category,
        unit: input.unit,
        description: input.description,
        isActive: input.is_active,
      }),
    references: { category: performanceCategory },
    label: (i) => i.name,
    search: [performanceItem.name, performanceItem.description, performanceCategory.name],
    ordering: {
      id: performanceItem.id,
      name: performanceItem.name,
      category: performanceCategory.name,
      unit: performanceItem.unit,
      is_active: performanceItem.isActive,
      created_at: performanceItem.createdAt,
    },
    defaultOrdering: [asc(performanceCategory.name), asc(performanceItem.name)],
    filters: {
      category: {
        schema: idSchema,
        where: (v: number) => eq(performanceItem.categoryId, v),
        label: 'Category',
        show: showName(performanceCategory),
      },
      unit: { schema: z.enum(PERFORMANCE_UNITS), where: (v: string) => eq(performanceItem.unit, v), label: 'Unit' },
      is_active: activeFilter(performanceItem.isActive),
    },
    dropdown: { label: performanceItem.name, where: eq(performanceItem.isActive, true) },
    unique: { performance_item_org_name_key: { field: 'name', message: 'An item with this name already exists in this category.' } },
    export: {
      filename: 'performance-items',
      title: 'Performance items',
      columns: [
        { header: 'Name', value: (i) => i.name },
        { header: 'Category', value: (i) => i.category_name },
        { header: 'Unit', value: (i) => i.unit },
        { header: 'Description', value: (i) => i.description },
        statusColumn,
        { header: 'Created', value: (i) => i.created_at, type: 'datetime' },
      ],
    },
  });
}

// ---- member performance: the services ----

type RecordJoin = {
  p: typeof memberPerformance.$inferSelect;
  memberName: string;
  memberCode: string;
  itemName: string;
  unit: string;
  categoryId: number;
  categoryName: string;
};

const recordFields = {
  p: memberPerformance,
  memberName,
  memberCode: member.memberCode,
  itemName: performanceItem.name,
  unit: performanceItem.unit,
  categoryId: performanceCategory.id,
  categoryName: performanceCategory.name,
};

const recordsFrom = (tx: Tx, fields: typeof recordFields | { n: ReturnType<typeof count> }) =>
  tx
    .select(fields)
    .from(memberPerformance)
    .innerJoin(member, eq(member.id, memberPerformance.memberId))
    .innerJoin(performanceItem, eq(performanceItem.id, memberPerformance.itemId))
    .innerJoin(performanceCategory, eq(performanceCategory.id, performanceItem.categoryId))
    .$dynamic();

function recordJson(r: RecordJoin): MemberPerformance {
  return {
    id: r.p.id,
    member: r.p.memberId,
    member_name: r.memberName,
    item: r.p.itemId,
    item_name: r.itemName,
    category: r.categoryId,
    category_name: r.categoryName,
    unit: r.unit,
    value: r.p.value,
    date: r.p.date,
    notes: r.p.notes,
    created_at: r.p.createdAt.toISOString(),
    updated_at: r.p.updatedAt.toISOString(),
  };
}

export async function loadMemberPerformance(tx: Tx, ctx: Ctx, id: number): Promise<MemberPerformance> {
  const [row] = (await recordsFrom(tx, recordFields).where(
    and(eq(memberPerformance.organisationId, ctx.organisationId), eq(memberPerformance.id, id)),
  )) as RecordJoin[];
  if (!row) throw notFound();
  return recordJson(row);
}

/** "Asha Rao · Bench press, 23 Nov 2026": what the audit log calls a record. */
const recordLabel = (r: MemberPerformance) => `${r.member_name} · ${r.item_name}, ${displayDate(r.date)}`;

/** The member and the item must be the organisation's (another tenant's id is a 400 on the field). */
const checkRecordReferences = (tx: Tx, ctx: Ctx, input: Partial<MemberPerformanceInput>) =>
  checkReferences(tx, ctx.organisationId, {
    member: { table: member, id: input.member },
    item: { table: performanceItem, id: input.item },
  });

const recordValues = (input: Partial<MemberPerformanceInput>) =>
  defined({
    memberId: input.member,
    itemId: input.item,
    value: input.value === undefined ? undefined : input.value.toFixed(2),
    date: input.date,
    notes: input.notes,
  });

export async function createMemberPerformance(tx: Tx, ctx: Ctx, input: MemberPerformanceInput): Promise<MemberPerformance> {
  await checkRecordReferences(tx, ctx, input);
  const [row] = await tx
    .insert(memberPerformance)
    .values({
      ...(recordValues(input) as { memberId: number; itemId: number; value: string }),
      date: input.date ?? ctx.now.today,
      recordedBy: ctx.actor.actorId,
      organisationId: ctx.organisationId,
    })
    .returning({ id: memberPerformance.id });
  const after = await loadMemberPerformance(tx, ctx, row.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_performance',
    objectId: row.id,
    label: recordLabel(after),
    action: 'create',
    after,
  });
  return after;
}

export async function updateMemberPerformance(
  tx: Tx,
  ctx: Ctx,
  input: Partial<MemberPerformanceInput> & { id: number },
): Promise<MemberPerformance> {
  const before = await loadMemberPerformance(tx, ctx, input.id);
  await checkRecordReferences(tx, ctx, input);
  await tx
    .update(memberPerformance)
    .set({ ...recordValues(input), updatedAt: ctx.now.instant })
    .where(and(eq(memberPerformance.organisationId, ctx.organisationId), eq(memberPerformance.id, input.id)));
  const after = await loadMemberPerformance(tx, ctx, input.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_performance',
    objectId: input.id,
    label: recordLabel(after),
    action: 'update',
    before,
    after,
  });
  return after;
}

export async function deleteMemberPerformance(tx: Tx, ctx: Ctx, input: { id: number }): Promise<void> {
  const before = await loadMemberPerformance(tx, ctx, input.id);
  await tx
    .delete(memberPerformance)
    .where(and(eq(memberPerformance.organisationId, ctx.organisationId), eq(memberPerformance.id, input.id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member_performance',
    objectId: input.id,
    label: recordLabel(before),
    action: 'delete',
    before,
  });
}

// ---- member performance: the routes ----

const recordList: ListDefinition<RecordJoin, MemberPerformance> = {
  from: (tx, fields) => recordsFrom(tx, fields as typeof recordFields),
  fields: recordFields,
  where: (ctx) => eq(memberPerformance.organisationId, ctx.organisationId),
  search: [memberName, member.memberCode, performanceItem.name, performanceCategory.name],
  filters: {
    member: { schema: idSchema, where: (v: number) => eq(memberPerformance.memberId, v), label: 'Member', show: showMember },
    item: { schema: idSchema, where: (v: number) => eq(memberPerformance.itemId, v), label: 'Item', show: showName(performanceItem) },
    category: {
      schema: idSchema,
      where: (v: number) => eq(performanceItem.categoryId, v),
      label: 'Category',
      show: showName(performanceCategory),
    },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(memberPerformance.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(memberPerformance.date, v), label: 'To', show: displayDate },
  },
  ordering: {
    date: memberPerformance.date,
    value: memberPerformance.value,
    member: memberName,
    item: performanceItem.name,
    created_at: memberPerformance.createdAt,
    id: memberPerformance.id,
  },
  defaultOrdering: [desc(memberPerformance.date)],
  tiebreak: memberPerformance.id,
  map: (_tx, _ctx, rows) => rows.map(recordJson),
  export: {
    filename: 'member-performance',
    title: 'Member performance',
    columns: [
      { header: 'Date', value: (r) => r.date, type: 'date' },
      { header: 'Member', value: (r) => r.member_name },
      { header: 'Category', value: (r) => r.category_name },
      { header: 'Item', value: (r) => r.item_name },
      { header: 'Value', value: (r) => Number(r.value), type: 'number' },
      { header: 'Unit', value: (r) => r.unit },
      { header: 'Notes', value: (r) => r.notes },
    ],
  },
};

async function memberPerformanceRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: "Members' recorded performance values (filter by member and item for a progress chart)",
    list: recordList,
  });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: "Record a member's value of an item",
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => createMemberPerformance(tx, ctx, request.body))),
  });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A recorded value',
    handler: async (request) => inTenant(request, (tx, ctx) => loadMemberPerformance(tx, ctx, request.params.id)),
  });

  for (const [endpoint, summary] of [
    [e.update, 'Replace a recorded value'],
    [e.partialUpdate, 'Correct part of a recorded value'],
  ] as const)
    route(app, endpoint, {
      module: MODULE,
      tags,
      summary,
      handler: async (request) =>
        inTenant(request, (tx, ctx) => updateMemberPerformance(tx, ctx, { ...request.body, id: request.params.id })),
    });

  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Delete a recorded value',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteMemberPerformance(tx, ctx, { id: request.params.id }));
      return reply.status(204).send(null);
    },
  });
}

/** `performance-category/`, `performance-item/`, `member-performance/`. */
export async function performanceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(categoryRoutes);
  await app.register(itemRoutes);
  await memberPerformanceRoutes(app);
}
