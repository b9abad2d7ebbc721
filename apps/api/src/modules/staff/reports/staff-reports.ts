/**
 * Reports › Staff: category month wise (head count and cost), salary month by month per staff,
 * commission, absent count, staff-wise member count. One statement each (the commission and the
 * member count read money's and membership's set-based functions), bounded by the report window.
 */
import { fromPaise, moneyFromSql, paise } from '@arena/contracts';
import type { PayrollStatus } from '@arena/contracts/staff';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import type { ReportDefinition } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { monthsOf } from '../../../platform/time.js';
import { staffAssignments } from '../../membership/index.js';
import { netTaxableBySeller } from '../../money/index.js';
import { mulDivRound, percentToBp } from '../payroll-compute.js';
import { fullName } from '../staff.service.js';

type Q = { centre?: number; staff?: number };
const inCentre = (ctx: Ctx, centre: number | undefined, column: string) =>
  centre
    ? sql`and exists (select 1 from staff_centre sc where sc.organisation_id = ${ctx.organisationId} and sc.staff_id = ${sql.raw(column)} and sc.centre_id = ${centre})`
    : sql``;
const name = (r: { first_name: string; last_name: string }) => fullName({ firstName: r.first_name, lastName: r.last_name });
const sumMoney = (xs: string[]) => fromPaise(xs.reduce((n, x) => n + paise(x), 0));

// ---- category month wise ----
async function categoryReport(tx: Tx, ctx: Ctx, q: Q, from: string, to: string) {
  const months = monthsOf(from, to);
  const org = ctx.organisationId;
  const rows = await queryRows<{ month: string; category: string; category_name: string; head_count: number; cost: string }>(
    tx,
    sql`
    with m as (select unnest(${sql`array[${sql.join(
      months.map((x) => sql`${x}`),
      sql`, `,
    )}]::text[]`}) as month)
    select m.month, c.id as category, c.name as category_name,
      (select count(*)::int from staff s where s.organisation_id = ${org} and s.category_id = c.id
         and s.joining_date <= (to_date(m.month || '-01', 'YYYY-MM-DD') + interval '1 month - 1 day')::date
         and (s.status = 'active' or exists (select 1 from payroll p where p.organisation_id = ${org} and p.staff_id = s.id and p.month = m.month))
         ${inCentre(ctx, q.centre, 's.id')}) as head_count,
      (select coalesce(sum(p.gross), 0)::text from payroll p join staff s on s.organisation_id = p.organisation_id and s.id = p.staff_id
        where p.organisation_id = ${org} and p.month = m.month and s.category_id = c.id ${inCentre(ctx, q.centre, 'p.staff_id')}) as cost
    from m cross join staff_category c where c.organisation_id = ${org}
    order by m.month, c.name`,
  );
  const out = rows.map((r) => ({
    month: r.month,
    category: Number(r.category),
    category_name: r.category_name,
    head_count: Number(r.head_count),
    cost: moneyFromSql(r.cost),
  }));
  return { from, to, rows: out, total: { cost: sumMoney(out.map((r) => r.cost)) } };
}
type CategoryReport = Awaited<ReturnType<typeof categoryReport>>;
export const categoryReportDefinition: ReportDefinition<
  Q,
  CategoryReport,
  CategoryReport['rows'][number] | { month: string; category_name: string; head_count: number | string; cost: string }
> = {
  summary: 'Staff category month wise: head count and payroll cost',
  run: ({ tx, ctx, q, window }) => categoryReport(tx, ctx, q, window.from, window.to),
  file: ({ report }) => ({
    filename: 'staff-category-month-wise',
    title: 'Staff category month wise',
    columns: [
      { header: 'Month', value: (r) => r.month },
      { header: 'Category', value: (r) => r.category_name },
      { header: 'Head count', value: (r) => r.head_count },
      { header: 'Cost', value: (r) => r.cost, type: 'money' },
    ],
    rows: [...report.rows, { month: 'Total', category_name: '', head_count: '', cost: report.total.cost }],
  }),
};

// ---- salary month by month ----
async function payrollReport(tx: Tx, ctx: Ctx, q: Q, from: string, to: string) {
  const org = ctx.organisationId;
  const rows = await queryRows<{
    month: string;
    staff: string;
    staff_code: string;
    first_name: string;
    last_name: string;
    status: PayrollStatus;
    gross: string;
    total_deductions: string;
    net: string;
  }>(
    tx,
    sql`
    select p.month, s.id as staff, s.staff_code, s.first_name, s.last_name, p.status, p.gross::text, p.total_deductions::text, p.net::text
      from payroll p join staff s on s.organisation_id = p.organisation_id and s.id = p.staff_id
     where p.organisation_id = ${org} and p.month between ${from.slice(0, 7)} and ${to.slice(0, 7)}
       ${q.staff ? sql`and p.staff_id = ${q.staff}` : sql``} ${inCentre(ctx, q.centre, 'p.staff_id')}
     order by p.month, lower(s.first_name || ' ' || s.last_name), s.id`,
  );
  const out = rows.map((r) => ({
    month: r.month,
    staff: Number(r.staff),
    staff_code: r.staff_code,
    staff_name: name(r),
    status: r.status,
    gross: moneyFromSql(r.gross),
    total_deductions: moneyFromSql(r.total_deductions),
    net: moneyFromSql(r.net),
  }));
  return {
    from,
    to,
    rows: out,
    total: {
      gross: sumMoney(out.map((r) => r.gross)),
      total_deductions: sumMoney(out.map((r) => r.total_deductions)),
      net: sumMoney(out.map((r) => r.net)),
    },
  };
}
type PayrollReport = Awaited<ReturnType<typeof payrollReport>>;
type PayrollLine = { month: string; staff_name: string; status: string; gross: string; total_deductions: string; net: string };
export const payrollReportDefinition: ReportDefinition<Q, PayrollReport, PayrollLine> = {
  summary: 'Salary month by month per staff member',
  run: ({ tx, ctx, q, window }) => payrollReport(tx, ctx, q, window.from, window.to),
  file: ({ report }) => ({
    filename: 'staff-salary',
    title: 'Staff salary month wise',
    columns: [
      { header: 'Month', value: (r) => r.month },
      { header: 'Staff', value: (r) => r.staff_name },
      { header: 'Status', value: (r) => r.status },
      { header: 'Gross', value: (r) => r.gross, type: 'money' },
      { header: 'Deductions', value: (r) => r.total_deductions, type: 'money' },
      { header: 'Net', value: (r) => r.net, type: 'money' },
    ],
    rows: [
      ...report.rows.map((r) => ({ ...r, staff_name: `${r.staff_name} (${r.staff_code})` })),
      { month: 'Total', staff_name: '', status: '', ...report.total },
    ],
  }),
};

// ---- commission ----
async function commissionReport(tx: Tx, ctx: Ctx, q: Q, from: string, to: string) {
  const sales = await netTaxableBySeller(tx, ctx, from, to);
  if (!sales.length) return { from, to, rows: [], total: { sales: '0.00', commission: '0.00' } };
  const staffRows = await queryRows<{ id: string; staff_code: string; first_name: string; last_name: string; commission_percent: string }>(
    tx,
    sql`
    select s.id, s.staff_code, s.first_name, s.last_name, s.commission_percent::text from staff s
     where s.organisation_id = ${ctx.organisationId} and s.id in (${sql.join(
       sales.map((r) => sql`${r.staffId}`),
       sql`, `,
     )}) ${inCentre(ctx, q.centre, 's.id')}`,
  );
  const salesOf = new Map(sales.map((r) => [r.staffId, Math.max(0, r.paise)]));
  const rows = staffRows
    .map((s) => {
      const sold = salesOf.get(Number(s.id)) ?? 0;
      const percent = Number(s.commission_percent).toFixed(2);
      return {
        staff: Number(s.id),
        staff_code: s.staff_code,
        staff_name: name(s),
        sales: fromPaise(sold),
        commission_percent: percent,
        commission: fromPaise(mulDivRound(sold, percentToBp(percent), 10_000)),
      };
    })
    .sort((a, b) => paise(b.commission) - paise(a.commission) || a.staff_name.localeCompare(b.staff_name));
  return { from, to, rows, total: { sales: sumMoney(rows.map((r) => r.sales)), commission: sumMoney(rows.map((r) => r.commission)) } };
}
type CommissionReport = Awaited<ReturnType<typeof commissionReport>>;
type CommissionLine = { staff_name: string; sales: string; commission_percent: string; commission: string };
export const commissionReportDefinition: ReportDefinition<Q, CommissionReport, CommissionLine> = {
  summary: 'Commission on the sales credited to each staff member (taxable value, net of credit notes)',
  run: ({ tx, ctx, q, window }) => commissionReport(tx, ctx, q, window.from, window.to),
  file: ({ report }) => ({
    filename: 'staff-commission',
    title: 'Staff commission',
    columns: [
      { header: 'Staff', value: (r) => r.staff_name },
      { header: 'Sales (taxable)', value: (r) => r.sales, type: 'money' },
      { header: 'Commission %', value: (r) => r.commission_percent },
      { header: 'Commission', value: (r) => r.commission, type: 'money' },
    ],
    rows: [
      ...report.rows.map((r) => ({ ...r, staff_name: `${r.staff_name} (${r.staff_code})` })),
      { staff_name: 'Total', sales: report.total.sales, commission_percent: '', commission: report.total.commission },
    ],
  }),
};

// ---- attendance (absent count) ----
async function attendanceReport(tx: Tx, ctx: Ctx, q: Q, from: string, to: string) {
  const rows = await queryRows<{
    staff: string;
    staff_code: string;
    first_name: string;
    last_name: string;
    present: number;
    half_day: number;
    leave: number;
    absent: number;
  }>(
    tx,
    sql`
    select s.id as staff, s.staff_code, s.first_name, s.last_name,
           count(*) filter (where a.status = 'present')::int as present, count(*) filter (where a.status = 'half_day')::int as half_day,
           count(*) filter (where a.status = 'leave')::int as leave, count(*) filter (where a.status = 'absent')::int as absent
      from staff_attendance a join staff s on s.organisation_id = a.organisation_id and s.id = a.staff_id
     where a.organisation_id = ${ctx.organisationId} and a.date between ${from}::date and ${to}::date
       ${q.staff ? sql`and a.staff_id = ${q.staff}` : sql``} ${inCentre(ctx, q.centre, 'a.staff_id')}
     group by s.id order by absent desc, lower(s.first_name || ' ' || s.last_name), s.id`,
  );
  const out = rows.map((r) => ({
    staff: Number(r.staff),
    staff_code: r.staff_code,
    staff_name: name(r),
    present: Number(r.present),
    half_day: Number(r.half_day),
    leave: Number(r.leave),
    absent: Number(r.absent),
  }));
  const add = (k: 'present' | 'half_day' | 'leave' | 'absent') => out.reduce((n, r) => n + r[k], 0);
  return { from, to, rows: out, total: { present: add('present'), half_day: add('half_day'), leave: add('leave'), absent: add('absent') } };
}
type AttendanceReport = Awaited<ReturnType<typeof attendanceReport>>;
type AttendanceLine = { staff_name: string; present: number; half_day: number; leave: number; absent: number };
export const attendanceReportDefinition: ReportDefinition<Q, AttendanceReport, AttendanceLine> = {
  summary: 'Absent count (and the other marks) per staff member',
  run: ({ tx, ctx, q, window }) => attendanceReport(tx, ctx, q, window.from, window.to),
  file: ({ report }) => ({
    filename: 'staff-attendance-monthly',
    title: 'Staff attendance',
    columns: [
      { header: 'Staff', value: (r) => r.staff_name },
      { header: 'Present', value: (r) => r.present },
      { header: 'Half day', value: (r) => r.half_day },
      { header: 'Leave', value: (r) => r.leave },
      { header: 'Absent', value: (r) => r.absent },
    ],
    rows: [
      ...report.rows.map((r) => ({ ...r, staff_name: `${r.staff_name} (${r.staff_code})` })),
      { staff_name: 'Total', ...report.total },
    ],
  }),
};

// ---- staff-wise member count ----
async function memberCountReport(tx: Tx, ctx: Ctx, q: Q) {
  const counts = await staffAssignments(tx, ctx, ctx.now.today);
  const by = new Map(counts.map((c) => [c.staffId, c]));
  const staffRows = await queryRows<{ id: string; staff_code: string; first_name: string; last_name: string; status: string }>(
    tx,
    sql`
    select s.id, s.staff_code, s.first_name, s.last_name, s.status from staff s
     where s.organisation_id = ${ctx.organisationId} ${inCentre(ctx, q.centre, 's.id')}
     order by lower(s.first_name || ' ' || s.last_name), s.id`,
  );
  const rows = staffRows
    .filter((s) => s.status === 'active' || by.has(Number(s.id)))
    .map((s) => {
      const c = by.get(Number(s.id));
      return {
        staff: Number(s.id),
        staff_code: s.staff_code,
        staff_name: name(s),
        members: c?.members ?? 0,
        batches: c?.batches ?? 0,
        services: c?.services ?? 0,
      };
    });
  const add = (k: 'members' | 'batches' | 'services') => rows.reduce((n, r) => n + r[k], 0);
  return { rows, total: { members: add('members'), batches: add('batches'), services: add('services') } };
}
type MemberCountReport = Awaited<ReturnType<typeof memberCountReport>>;
type MemberCountLine = { staff_name: string; members: number; batches: number; services: number };
export const memberCountReportDefinition: ReportDefinition<Q, MemberCountReport, MemberCountLine> = {
  summary: 'Staff-wise member count: members they train, batches they coach, member services they give (today)',
  window: null,
  run: ({ tx, ctx, q }) => memberCountReport(tx, ctx, q),
  file: ({ report, ctx }) => ({
    filename: 'staff-member-count',
    title: 'Staff-wise member count',
    filters: [`As of ${ctx.now.today}`],
    columns: [
      { header: 'Staff', value: (r) => r.staff_name },
      { header: 'Members', value: (r) => r.members },
      { header: 'Batches', value: (r) => r.batches },
      { header: 'Services', value: (r) => r.services },
    ],
    rows: [
      ...report.rows.map((r) => ({ ...r, staff_name: `${r.staff_name} (${r.staff_code})` })),
      { staff_name: 'Total', ...report.total },
    ],
  }),
};
