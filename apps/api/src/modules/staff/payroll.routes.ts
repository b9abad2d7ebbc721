import { fromPaise, idSchema, paise, z } from '@arena/contracts';
import {
  PAYROLL_STATUS_LABELS,
  PAYROLL_STATUSES,
  payrollEndpoints as e,
  payrollMonthSchema,
  payrollPaymentHistoryEndpoint,
  staffDashboardEndpoint,
  staffLogsEndpoint,
  staffSettingsEndpoints,
  type Payroll,
  type PayrollPayment,
  type PayrollStatus,
  type StaffDashboard,
} from '@arena/contracts/staff';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { queryRows } from '../../platform/db/client.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { monthsOf } from '../../platform/time.js';
import { centre, paymentMode } from '../administrator/index.js';
import { netTaxableBySeller } from '../money/index.js';
import { MODULE } from './constants.js';
import { mulDivRound, percentToBp } from './payroll-compute.js';
import {
  approvePayroll,
  generatePayroll,
  loadPayroll,
  payPayroll,
  payrollJson,
  setWeeklyOffDay,
  updatePayroll,
  weeklyOffDay,
} from './payroll.service.js';
import { payslipPdf } from './payslip.js';
import { payroll, staff, staffCategory } from './schema.js';
import { fullName } from './staff.service.js';

const tags = ['staff'];

type Row = {
  p: typeof payroll.$inferSelect;
  first: string;
  last: string;
  code: string;
  categoryId: number;
  category: string;
  mode: string | null;
};
const rowFields = {
  p: payroll,
  first: staff.firstName,
  last: staff.lastName,
  code: staff.staffCode,
  categoryId: staff.categoryId,
  category: staffCategory.name,
  mode: paymentMode.name,
};
const rowFrom = (tx: Parameters<ListDefinition<Row, Payroll>['from']>[0], fields: Parameters<ListDefinition<Row, Payroll>['from']>[1]) =>
  tx
    .select(fields)
    .from(payroll)
    .innerJoin(staff, and(eq(staff.organisationId, payroll.organisationId), eq(staff.id, payroll.staffId)))
    .innerJoin(staffCategory, and(eq(staffCategory.organisationId, staff.organisationId), eq(staffCategory.id, staff.categoryId)))
    .leftJoin(paymentMode, and(eq(paymentMode.organisationId, payroll.organisationId), eq(paymentMode.id, payroll.paymentModeId)))
    .$dynamic();
const rowJson = (r: Row): Payroll =>
  payrollJson(
    r.p,
    { first_name: r.first, last_name: r.last, staff_code: r.code, category_id: r.categoryId, category: r.category },
    r.mode ?? '',
  );
const centreWhere = (v: number) =>
  sql`exists (select 1 from staff_centre sc where sc.organisation_id = ${payroll.organisationId} and sc.staff_id = ${payroll.staffId} and sc.centre_id = ${v})`;
const staffName = sql`lower(${staff.firstName} || ' ' || ${staff.lastName})`;

const payrollList: ListDefinition<Row, Payroll> = {
  from: rowFrom,
  fields: rowFields,
  where: (ctx) => eq(payroll.organisationId, ctx.organisationId),
  search: [staff.firstName, staff.lastName, staff.staffCode],
  filters: {
    month: { schema: payrollMonthSchema, where: (v: string) => eq(payroll.month, v), label: 'Month' },
    centre: { schema: idSchema, where: centreWhere, label: 'Center', show: showName(centre) },
    status: {
      schema: z.enum(PAYROLL_STATUSES),
      where: (v: PayrollStatus) => eq(payroll.status, v),
      label: 'Status',
      show: (v: PayrollStatus) => PAYROLL_STATUS_LABELS[v],
    },
    staff: { schema: idSchema, where: (v: number) => eq(payroll.staffId, v), label: 'Staff' },
  },
  ordering: { month: payroll.month, staff_name: staffName, net: payroll.net, status: payroll.status },
  defaultOrdering: [desc(payroll.month), staffName],
  tiebreak: payroll.id,
  map: (_tx, _ctx, rows) => rows.map(rowJson),
  export: {
    filename: 'payroll',
    title: 'Payroll',
    columns: [
      { header: 'Month', value: (p) => p.month },
      { header: 'Staff', value: (p) => `${p.staff_name} (${p.staff_code})` },
      { header: 'Category', value: (p) => p.category_name },
      { header: 'Status', value: (p) => PAYROLL_STATUS_LABELS[p.status] },
      { header: 'Working days', value: (p) => p.working_days },
      { header: 'Paid days', value: (p) => p.paid_days },
      { header: 'Base', value: (p) => p.base_amount, type: 'money', total: true },
      { header: 'Commission', value: (p) => p.commission, type: 'money', total: true },
      { header: 'Bonus', value: (p) => p.bonus, type: 'money', total: true },
      { header: 'Gross', value: (p) => p.gross, type: 'money', total: true },
      { header: 'Deductions', value: (p) => p.total_deductions, type: 'money', total: true },
      { header: 'Net', value: (p) => p.net, type: 'money', total: true },
    ],
  },
};

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const historyList: ListDefinition<Row, PayrollPayment> = {
  from: rowFrom,
  fields: rowFields,
  where: (ctx) => and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.status, 'paid')),
  search: [staff.firstName, staff.lastName, staff.staffCode, payroll.reference],
  filters: {
    staff: { schema: idSchema, where: (v: number) => eq(payroll.staffId, v), label: 'Staff' },
    month_after: { schema: payrollMonthSchema, where: (v: string) => gte(payroll.month, v), label: 'From' },
    month_before: { schema: payrollMonthSchema, where: (v: string) => lte(payroll.month, v), label: 'To' },
    payment_mode: {
      schema: idSchema,
      where: (v: number) => eq(payroll.paymentModeId, v),
      label: 'Payment mode',
      show: showName(paymentMode),
    },
    centre: { schema: idSchema, where: centreWhere, label: 'Center', show: showName(centre) },
  },
  ordering: { month: payroll.month, paid_on: payroll.paidOn, net: payroll.net, staff_name: staffName },
  defaultOrdering: [desc(payroll.paidOn), desc(payroll.id)],
  tiebreak: payroll.id,
  map: (_tx, _ctx, rows) =>
    rows.map((r) => ({
      id: r.p.id,
      staff: r.p.staffId,
      staff_code: r.code,
      staff_name: fullName({ firstName: r.first, lastName: r.last }),
      month: r.p.month,
      net: r.p.net,
      payment_mode: r.p.paymentModeId,
      payment_mode_name: r.mode ?? '',
      reference: r.p.reference,
      paid_on: r.p.paidOn ?? '',
      expense: r.p.expenseId,
    })),
  export: {
    filename: 'staff-payment-history',
    title: 'Staff payment history',
    columns: [
      { header: 'Paid on', value: (p) => p.paid_on, type: 'date' },
      { header: 'Month', value: (p) => p.month },
      { header: 'Staff', value: (p) => `${p.staff_name} (${p.staff_code})` },
      { header: 'Payment mode', value: (p) => p.payment_mode_name },
      { header: 'Reference', value: (p) => p.reference },
      { header: 'Net paid', value: (p) => p.net, type: 'money', total: true },
    ],
  },
};

async function onePayroll(tx: Parameters<typeof loadPayroll>[0], ctx: Parameters<typeof loadPayroll>[1], id: number): Promise<Payroll> {
  const [r] = (await rowFrom(tx, rowFields).where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.id, id)))) as Row[];
  if (!r) await loadPayroll(tx, ctx, id); // 404
  return rowJson(r);
}

/** Payroll, settings, payment history, the dashboard and the logs. */
export async function payrollRoutes(app: FastifyInstance): Promise<void> {
  route(app, staffSettingsEndpoints.retrieve, {
    module: MODULE,
    tags,
    summary: "Staff Management's settings: the weekly off day payroll leaves out",
    handler: async (request) => inTenant(request, async (tx, ctx) => ({ weekly_off_day: await weeklyOffDay(tx, ctx) })),
  });
  route(app, staffSettingsEndpoints.update, {
    module: MODULE,
    tags,
    summary: 'Change the weekly off day (ISO weekday, 7 Sunday; null: none)',
    handler: async (request) => inTenant(request, (tx, ctx) => setWeeklyOffDay(tx, ctx, request.body.weekly_off_day)),
  });

  listRoute(app, e.list, { module: MODULE, tags, summary: 'Payroll rows', list: payrollList });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'One payroll row with its computation',
    handler: async (request) => inTenant(request, (tx, ctx) => onePayroll(tx, ctx, request.params.id)),
  });
  route(app, e.generate, {
    module: MODULE,
    tags,
    summary: "Generate (or refresh) a month's drafts for every active staff member",
    handler: async (request) => inTenant(request, (tx, ctx) => generatePayroll(tx, ctx, request.body)),
  });
  route(app, e.partialUpdate, {
    module: MODULE,
    tags,
    summary: "A draft's bonus, deductions, PF/ESI and notes (recomputed)",
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await updatePayroll(tx, ctx, request.params.id, request.body);
        return onePayroll(tx, ctx, request.params.id);
      }),
  });
  route(app, e.approve, {
    module: MODULE,
    tags,
    summary: 'Approve a draft',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await approvePayroll(tx, ctx, request.params.id);
        return onePayroll(tx, ctx, request.params.id);
      }),
  });
  route(app, e.pay, {
    module: MODULE,
    tags,
    summary: 'Pay an approved row: the expense (Salaries) is written with it, once',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await payPayroll(tx, ctx, request.params.id, request.body);
        return onePayroll(tx, ctx, request.params.id);
      }),
  });
  route(app, e.payslip, {
    module: MODULE,
    tags,
    summary: 'The payslip (PDF)',
    handler: async (request, reply) => {
      const { p, organisation } = await inTenant(request, async (tx, ctx) => ({
        p: await onePayroll(tx, ctx, request.params.id),
        organisation: ctx.organisation.displayName,
      }));
      const pdf = await payslipPdf(p, organisation);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="payslip-${p.staff_code}-${p.month}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  listRoute(app, payrollPaymentHistoryEndpoint, { module: MODULE, tags, summary: 'Salaries paid', list: historyList });

  route(app, staffDashboardEndpoint, {
    module: MODULE,
    tags,
    summary: 'Head count, today, this month’s payroll, commission leaders, 12-month payroll',
    handler: async (request) => inTenant(request, (tx, ctx) => staffDashboard(tx, ctx, request.query.centre), { customPlans: true }),
  });

  auditLogRoute(app, staffLogsEndpoint, MODULE);
}

async function staffDashboard(
  tx: Parameters<typeof loadPayroll>[0],
  ctx: Parameters<typeof loadPayroll>[1],
  centreId?: number,
): Promise<StaffDashboard> {
  const org = ctx.organisationId;
  const inCentre = (alias: string) =>
    centreId
      ? sql`and exists (select 1 from staff_centre sc where sc.organisation_id = ${org} and sc.staff_id = ${sql.raw(alias)} and sc.centre_id = ${centreId})`
      : sql``;
  const month = ctx.now.today.slice(0, 7);
  const months = monthsOf(`${monthsBack(month, 11)}-01`, `${month}-01`);
  const heads = await queryRows<{ category: string; name: string; count: number }>(
    tx,
    sql`
    select c.id as category, c.name, count(*)::int as count from staff s
      join staff_category c on c.organisation_id = s.organisation_id and c.id = s.category_id
     where s.organisation_id = ${org} and s.status = 'active' ${inCentre('s.id')}
     group by c.id, c.name order by c.name`,
  );
  const [today] = await queryRows<{ present: number; half_day: number; leave: number; absent: number; total: number }>(
    tx,
    sql`
    select count(*) filter (where a.status = 'present')::int as present, count(*) filter (where a.status = 'half_day')::int as half_day,
           count(*) filter (where a.status = 'leave')::int as leave, count(*) filter (where a.status = 'absent')::int as absent,
           count(*)::int as total
      from staff s left join staff_attendance a on a.organisation_id = s.organisation_id and a.staff_id = s.id and a.date = ${ctx.now.today}::date
     where s.organisation_id = ${org} and s.status = 'active' and s.joining_date <= ${ctx.now.today}::date ${inCentre('s.id')}`,
  );
  const byStatus = await queryRows<{ status: PayrollStatus; count: number; amount: string }>(
    tx,
    sql`
    select p.status, count(*)::int as count, coalesce(sum(p.net), 0)::text as amount from payroll p
     where p.organisation_id = ${org} and p.month = ${month} ${inCentre('p.staff_id')} group by p.status`,
  );
  const chart = await queryRows<{ month: string; amount: string }>(
    tx,
    sql`
    select p.month, sum(p.net)::text as amount from payroll p
     where p.organisation_id = ${org} and p.status = 'paid' and p.month between ${months[0]} and ${month} ${inCentre('p.staff_id')}
     group by p.month`,
  );
  const sales = await netTaxableBySeller(tx, ctx, `${month}-01`, ctx.now.today);
  const sellers = sales.length
    ? await queryRows<{ id: string; first_name: string; last_name: string; commission_percent: string }>(
        tx,
        sql`
        select s.id, s.first_name, s.last_name, s.commission_percent::text from staff s
         where s.organisation_id = ${org} and s.id in (${sql.join(
           sales.map((r) => sql`${r.staffId}`),
           sql`, `,
         )}) ${inCentre('s.id')}`,
      )
    : [];
  const salesOf = new Map(sales.map((r) => [r.staffId, r.paise]));
  const leaders = sellers
    .map((s) => {
      const paid = Math.max(0, salesOf.get(Number(s.id)) ?? 0);
      return {
        staff: Number(s.id),
        staff_name: fullName({ firstName: s.first_name, lastName: s.last_name }),
        salesPaise: paid,
        commissionPaise: mulDivRound(paid, percentToBp(Number(s.commission_percent).toFixed(2)), 10_000),
      };
    })
    .sort((a, b) => b.commissionPaise - a.commissionPaise || b.salesPaise - a.salesPaise || a.staff - b.staff)
    .slice(0, 5)
    .map((l) => ({ staff: l.staff, staff_name: l.staff_name, sales: fromPaise(l.salesPaise), commission: fromPaise(l.commissionPaise) }));
  const statusOf = (s: PayrollStatus) => {
    const r = byStatus.find((x) => x.status === s);
    return { count: r ? Number(r.count) : 0, amount: fromPaise(paise(r?.amount ?? '0')) };
  };
  const chartOf = new Map(chart.map((c) => [c.month, c.amount]));
  const marked = Number(today.present) + Number(today.half_day) + Number(today.leave) + Number(today.absent);
  return {
    head_count: {
      total: heads.reduce((n, h) => n + Number(h.count), 0),
      by_category: heads.map((h) => ({ category: Number(h.category), category_name: h.name, count: Number(h.count) })),
    },
    today: {
      date: ctx.now.today,
      present: Number(today.present),
      half_day: Number(today.half_day),
      leave: Number(today.leave),
      absent: Number(today.absent),
      unmarked: Number(today.total) - marked,
    },
    payroll_this_month: { month, draft: statusOf('draft'), approved: statusOf('approved'), paid: statusOf('paid') },
    commission_leaders: leaders,
    payroll_chart: months.map((m) => ({ month: m, amount: fromPaise(paise(chartOf.get(m) ?? '0')) })),
  };
}

function monthsBack(month: string, n: number): string {
  const i = monthIndex(month) - n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}
