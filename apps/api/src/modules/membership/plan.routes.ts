/**
 * `plan/` and `service/`: the things a member buys, as lookups (registerCrud) with their GST
 * fields (rate periods and SAC, as facilities carry them) and how many members are on each now.
 * A plan or service that memberships were sold on cannot be deleted (the sales and invoices name
 * it): the answer says to deactivate it instead.
 */
import {
  DURATION_UNITS,
  durationLabel,
  idSchema,
  membershipPlanEndpoints,
  membershipServiceEndpoints,
  nextRatePeriods,
  rateOn,
  z,
  type GstRatePeriod,
  type Plan,
  type PlanInput,
  type Service,
  type ServiceInput,
} from '@arena/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isItemRoute, refuseDeleteInUse, registerCrud, statusColumn } from '../../platform/crud.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import { activeFilter, showName } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { nowIn } from '../../platform/time.js';
import { sport } from '../administrator/index.js';
import { MEMBER_CHOOSERS, MODULE } from './constants.js';
import { memberService, membership, plan, service } from './schema.js';

/** The first day of GST: a rate given without a history applies to every earlier invoice date. */
const GST_START = '2017-07-01';

/**
 * How many sales of the row are running now (active, expiring or frozen), as a subquery beside
 * it. The outer row is named in full: drizzle leaves a single table's columns unqualified in a
 * select list, where they would bind to the subquery's own table.
 */
const runningSales = (
  sales: 'membership' | 'member_service',
  key: 'plan_id' | 'service_id',
  table: 'membership_plan' | 'membership_service',
) =>
  sql<number>`(select count(*)::int from ${sql.raw(sales)} s
    where s.organisation_id = ${sql.raw(table)}.organisation_id and s.${sql.raw(key)} = ${sql.raw(table)}.id
      and s.status in ('active', 'expiring', 'frozen'))`.mapWith(Number);

/** Leaves out the fields a (partial) input did not send. */
const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** The rate periods a create or an update writes: the history sent, or one rate from the start of GST (see the update hook). */
const gstValues = (input: { gst_rate?: number; gst_rates?: GstRatePeriod[]; sac_code?: string }) =>
  defined({
    gstRates: input.gst_rates || input.gst_rate !== undefined ? nextRatePeriods([], input, GST_START) : undefined,
    sacCode: input.sac_code,
  });

/**
 * The organisation's time zone beside each row (a primary-key lookup), so the rate "in force
 * today" is today's in that zone: a rate changed from today shows at once, even before 05:30 IST.
 */
const timeZoneOf = (table: 'membership_plan' | 'membership_service') =>
  sql<string>`(select o.time_zone from organisation o where o.id = ${sql.raw(table)}.organisation_id)`;

const gstJson = (row: { gstRates: GstRatePeriod[]; sacCode: string }, timeZone: string) => ({
  gst_rate: rateOn(row.gstRates, nowIn(timeZone).today) ?? 0,
  gst_rates: row.gstRates,
  sac_code: row.sacCode,
});

/**
 * Before an update of a sellable thing: a single `gst_rate` becomes the row's rate history with
 * a new period from today (earlier invoices keep their rate, as for facilities), and `check`
 * sees the update against the current row (rules a partial body cannot check alone).
 */
function gstOnUpdate<Row extends { gstRates: GstRatePeriod[] }>(
  scope: FastifyInstance,
  load: (tx: Tx, ctx: Ctx, id: number) => Promise<Row | undefined>,
  check?: (body: Record<string, unknown>, row: Row) => void,
): void {
  scope.addHook('preHandler', async (request) => {
    if ((request.method !== 'PUT' && request.method !== 'PATCH') || !isItemRoute(request.routeOptions.url)) return;
    const body = request.body as { gst_rate?: number; gst_rates?: GstRatePeriod[] } & Record<string, unknown>;
    const id = (request.params as { id: number }).id;
    await inTenant(request, async (tx, ctx) => {
      const row = await load(tx, ctx, id);
      if (!row) return; // the route answers 404
      check?.(body, row);
      if (body.gst_rate !== undefined && !body.gst_rates) {
        body.gst_rates = nextRatePeriods(row.gstRates, body, ctx.now.today);
        delete body.gst_rate;
      }
    });
  });
}

// ---- plan ----

type PlanRow = typeof plan.$inferSelect;
type PlanJoin = { row: PlanRow; sportName: string | null; activeMembers: number; timeZone: string };

function planJson({ row, sportName, activeMembers, timeZone }: PlanJoin): Plan {
  return {
    id: row.id,
    name: row.name,
    sport: row.sportId,
    sport_name: sportName ?? '',
    description: row.description,
    duration_value: row.durationValue,
    duration_unit: row.durationUnit,
    duration_label: durationLabel(row.durationValue, row.durationUnit, row.sessions),
    sessions: row.sessions,
    price: row.price,
    ...gstJson(row, timeZone),
    joining_fee: row.joiningFee,
    freeze_max_times: row.freezeMaxTimes,
    freeze_max_days: row.freezeMaxDays,
    max_freezes_per_year: row.maxFreezesPerYear,
    max_freeze_days_per_year: row.maxFreezeDaysPerYear,
    min_freeze_days: row.minFreezeDays,
    is_active: row.isActive,
    active_members: Number(activeMembers),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const planValues = (input: Partial<PlanInput>) => ({
  ...defined({
    name: input.name,
    sportId: input.sport,
    description: input.description,
    durationValue: input.duration_value,
    durationUnit: input.duration_unit,
    sessions: input.sessions,
    price: input.price,
    joiningFee: input.joining_fee,
    freezeMaxTimes: input.freeze_max_times,
    freezeMaxDays: input.freeze_max_days,
    maxFreezesPerYear: input.max_freezes_per_year,
    maxFreezeDaysPerYear: input.max_freeze_days_per_year,
    minFreezeDays: input.min_freeze_days,
    isActive: input.is_active,
  }),
  ...gstValues(input),
});

const loadRow =
  <T extends typeof plan | typeof service>(table: T) =>
  async (tx: Tx, ctx: Ctx, id: number) => {
    const [row] = await tx
      .select()
      .from(table as typeof plan)
      .where(and(eq(table.organisationId, ctx.organisationId), eq(table.id, id)));
    return row as T['$inferSelect'] | undefined;
  };

async function planRoutesIn(scope: FastifyInstance): Promise<void> {
  refuseDeleteInUse(scope, async (tx, ctx, id) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(membership)
      .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.planId, id)));
    return n > 0
      ? `This plan has ${n} membership${n === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead (is_active: false); its members keep their memberships.`
      : null;
  });
  // A partial update cannot see the refinement of the whole input (months ≤ 120): check it against the row.
  gstOnUpdate(scope, loadRow(plan), (body, row) => {
    const unit = (body.duration_unit as PlanRow['durationUnit'] | undefined) ?? row.durationUnit;
    const value = (body.duration_value as number | undefined) ?? row.durationValue;
    if (unit === 'month' && value > 120) throw fieldError('duration_value', 'A plan lasts at most 120 months.');
  });

  registerCrud(scope, {
    endpoints: membershipPlanEndpoints,
    module: MODULE,
    resource: 'plan',
    table: plan,
    join: {
      fields: {
        row: plan,
        sportName: sport.name,
        timeZone: timeZoneOf('membership_plan'),
        activeMembers: runningSales('membership', 'plan_id', 'membership_plan'),
      },
      from: (tx, fields) => tx.select(fields).from(plan).leftJoin(sport, eq(sport.id, plan.sportId)).$dynamic(),
    },
    toOutput: planJson,
    toValues: planValues,
    references: { sport },
    label: (p) => p.name,
    search: [plan.name, plan.description, sport.name],
    ordering: {
      id: plan.id,
      name: plan.name,
      price: plan.price,
      duration_value: plan.durationValue,
      duration_unit: plan.durationUnit,
      sport: sport.name,
      is_active: plan.isActive,
      created_at: plan.createdAt,
    },
    defaultOrdering: [asc(plan.name)],
    filters: {
      is_active: activeFilter(plan.isActive),
      sport: { schema: idSchema, where: (v: number) => eq(plan.sportId, v), label: 'Sport', show: showName(sport) },
      duration_unit: {
        schema: z.enum(DURATION_UNITS),
        where: (v: PlanRow['durationUnit']) => eq(plan.durationUnit, v),
        label: 'Duration',
        show: (v: PlanRow['durationUnit']) => (v === 'day' ? 'Days' : 'Months'),
      },
    },
    // Other modules choose members by plan (assigning a diet or a workout, a contact group).
    dropdown: { label: plan.name, where: eq(plan.isActive, true), anyModule: MEMBER_CHOOSERS },
    unique: { membership_plan_org_name_key: { field: 'name', message: 'A plan with this name already exists.' } },
    export: {
      filename: 'membership-plans',
      title: 'Membership plans',
      columns: [
        { header: 'Name', value: (p) => p.name },
        { header: 'Sport', value: (p) => p.sport_name },
        { header: 'Duration', value: (p) => p.duration_label },
        { header: 'Price', value: (p) => p.price, type: 'money' },
        { header: 'Joining fee', value: (p) => p.joining_fee, type: 'money' },
        { header: 'GST %', value: (p) => p.gst_rate, type: 'number' },
        { header: 'SAC', value: (p) => p.sac_code },
        { header: 'Freezes allowed', value: (p) => p.freeze_max_times, type: 'number' },
        { header: 'Freeze days', value: (p) => p.freeze_max_days, type: 'number' },
        { header: 'Freezes per year', value: (p) => p.max_freezes_per_year ?? 'No limit', type: 'number' },
        { header: 'Freeze days per year', value: (p) => p.max_freeze_days_per_year ?? 'No limit', type: 'number' },
        { header: 'Minimum freeze days', value: (p) => p.min_freeze_days, type: 'number' },
        { header: 'Active members', value: (p) => p.active_members, type: 'number' },
        statusColumn,
        { header: 'Created', value: (p) => p.created_at, type: 'datetime' },
      ],
    },
  });
}

// ---- service ----

type ServiceRow = typeof service.$inferSelect;
type ServiceJoin = { row: ServiceRow; activeMembers: number; timeZone: string };

function serviceJson({ row, activeMembers, timeZone }: ServiceJoin): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    duration_days: row.durationDays,
    sessions: row.sessions,
    ...gstJson(row, timeZone),
    is_active: row.isActive,
    active_members: Number(activeMembers),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const serviceValues = (input: Partial<ServiceInput>) => ({
  ...defined({
    name: input.name,
    description: input.description,
    price: input.price,
    durationDays: input.duration_days,
    sessions: input.sessions,
    isActive: input.is_active,
  }),
  ...gstValues(input),
});

async function serviceRoutesIn(scope: FastifyInstance): Promise<void> {
  refuseDeleteInUse(scope, async (tx, ctx, id) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(memberService)
      .where(and(eq(memberService.organisationId, ctx.organisationId), eq(memberService.serviceId, id)));
    return n > 0
      ? `This service was sold ${n} time${n === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead (is_active: false).`
      : null;
  });
  gstOnUpdate(scope, loadRow(service));

  registerCrud(scope, {
    endpoints: membershipServiceEndpoints,
    module: MODULE,
    resource: 'service',
    table: service,
    join: {
      fields: {
        row: service,
        timeZone: timeZoneOf('membership_service'),
        activeMembers: runningSales('member_service', 'service_id', 'membership_service'),
      },
      from: (tx, fields) => tx.select(fields).from(service).$dynamic(),
    },
    toOutput: serviceJson,
    toValues: serviceValues,
    label: (s) => s.name,
    search: [service.name, service.description],
    ordering: {
      id: service.id,
      name: service.name,
      price: service.price,
      duration_days: service.durationDays,
      is_active: service.isActive,
      created_at: service.createdAt,
    },
    defaultOrdering: [asc(service.name)],
    filters: { is_active: activeFilter(service.isActive) },
    dropdown: { label: service.name, where: eq(service.isActive, true) },
    unique: { membership_service_org_name_key: { field: 'name', message: 'A service with this name already exists.' } },
    export: {
      filename: 'membership-services',
      title: 'Member services',
      columns: [
        { header: 'Name', value: (s) => s.name },
        { header: 'Duration (days)', value: (s) => s.duration_days, type: 'number' },
        { header: 'Sessions', value: (s) => s.sessions, type: 'number' },
        { header: 'Price', value: (s) => s.price, type: 'money' },
        { header: 'GST %', value: (s) => s.gst_rate, type: 'number' },
        { header: 'SAC', value: (s) => s.sac_code },
        { header: 'Active members', value: (s) => s.active_members, type: 'number' },
        statusColumn,
        { header: 'Created', value: (s) => s.created_at, type: 'datetime' },
      ],
    },
  });
}

/** `plan/` and `service/` (lookups with GST fields), each in its own scope so its hooks stay its own. */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  await app.register(planRoutesIn);
  await app.register(serviceRoutesIn);
}
