/**
 * Payroll: a month's drafts for every active staff member in a handful of set-based statements
 * (the facts of all staff in one read, sessions and commissions in one read each, every draft in
 * one upsert), reviewed, approved and paid — the payment an expense of the ledger (Salaries).
 */
import { fromPaise, paise } from '@arena/contracts';
import type { Payroll, PayrollPayInput, PayrollUpdate } from '@arena/contracts/staff';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { paymentMode } from '../administrator/index.js';
import { staffSessions } from '../membership/index.js';
import { netTaxableBySeller, payExpense } from '../money/index.js';
import { MODULE } from './constants.js';
import { computePayroll, monthBounds, workingDaysOf, type PayrollFacts } from './payroll-compute.js';
import { payroll, staff, staffCategory, staffSetting, type PayrollRow } from './schema.js';
import { fullName } from './staff.service.js';

export const DEFAULT_WEEKLY_OFF = 7;

export async function weeklyOffDay(tx: Tx, ctx: Ctx): Promise<number | null> {
  const [row] = await tx
    .select({ day: staffSetting.weeklyOffDay })
    .from(staffSetting)
    .where(eq(staffSetting.organisationId, ctx.organisationId));
  return row ? row.day : DEFAULT_WEEKLY_OFF;
}

export async function setWeeklyOffDay(tx: Tx, ctx: Ctx, day: number | null): Promise<{ weekly_off_day: number | null }> {
  const before = await weeklyOffDay(tx, ctx);
  await tx
    .insert(staffSetting)
    .values({ organisationId: ctx.organisationId, weeklyOffDay: day })
    .onConflictDoUpdate({ target: [staffSetting.organisationId], set: { weeklyOffDay: day, updatedAt: ctx.now.instant } });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_setting',
    label: 'Staff settings',
    action: 'update',
    before: { weekly_off_day: before },
    after: { weekly_off_day: day },
  });
  return { weekly_off_day: day };
}

interface FactRow extends Record<string, unknown> {
  id: string;
  salary_type: PayrollFacts['salaryType'];
  base_pay: string;
  commission_percent: string;
  paid_leave_days: number;
  present: number;
  half_days: number;
  leave_days: number;
  absent_days: number;
  minutes: string;
  status: string | null;
  bonus: string | null;
  advance: string | null;
  other_deductions: string | null;
  pf_enabled: boolean | null;
  esi_enabled: boolean | null;
  prev_pf: boolean | null;
  prev_esi: boolean | null;
}

/** `POST pay-roll/generate/`. */
export async function generatePayroll(tx: Tx, ctx: Ctx, input: { month: string; centre?: number }) {
  const { month, centre } = input;
  if (month > ctx.now.today.slice(0, 7)) throw fieldError('month', 'Payroll cannot be generated for a future month.');
  const { from, to } = monthBounds(month);
  const org = ctx.organisationId;
  const [offDay, sessions, sales] = [
    await weeklyOffDay(tx, ctx),
    await staffSessions(tx, ctx, from, to),
    await netTaxableBySeller(tx, ctx, from, to),
  ];
  const workingDays = workingDaysOf(month, offDay);
  // The month's attendance and this month's rows are read once each (materialised): with fresh or
  // missing statistics the planner would otherwise re-aggregate them per staff member.
  const facts = await queryRows<FactRow>(
    tx,
    sql`
    with a as materialized (
        select staff_id,
               count(*) filter (where status = 'present') as present,
               count(*) filter (where status = 'half_day') as half_days,
               count(*) filter (where status = 'leave') as leave_days,
               count(*) filter (where status = 'absent') as absent_days,
               round(sum(extract(epoch from (check_out - check_in)) / 60) filter (where status in ('present', 'half_day') and check_in is not null and check_out is not null)) as minutes
          from staff_attendance
         where organisation_id = ${org} and date between ${from}::date and ${to}::date
         group by staff_id),
      p as materialized (select * from payroll where organisation_id = ${org} and month = ${month})
    select s.id, s.salary_type, s.base_pay::text, s.commission_percent::text, c.paid_leave_days,
           coalesce(a.present, 0)::int as present, coalesce(a.half_days, 0)::int as half_days,
           coalesce(a.leave_days, 0)::int as leave_days, coalesce(a.absent_days, 0)::int as absent_days,
           coalesce(a.minutes, 0)::text as minutes,
           p.status, p.bonus::text, p.advance::text, p.other_deductions::text, p.pf_enabled, p.esi_enabled,
           prev.pf_enabled as prev_pf, prev.esi_enabled as prev_esi
      from staff s
      join staff_category c on c.organisation_id = s.organisation_id and c.id = s.category_id
      left join a on a.staff_id = s.id
      left join p on p.staff_id = s.id
      left join lateral (
        select q.pf_enabled, q.esi_enabled from payroll q
         where q.organisation_id = s.organisation_id and q.staff_id = s.id and q.month < ${month}
         order by q.month desc limit 1) prev on true
     where s.organisation_id = ${org} and s.status = 'active' and s.joining_date <= ${to}::date
       ${centre ? sql`and exists (select 1 from staff_centre sc where sc.organisation_id = s.organisation_id and sc.staff_id = s.id and sc.centre_id = ${centre})` : sql``}`,
  );
  const sessionsOf = new Map(sessions.map((r) => [r.staffId, r.sessions]));
  const salesOf = new Map(sales.map((r) => [r.staffId, r.paise]));
  const values: (typeof payroll.$inferInsert)[] = [];
  let kept = 0;
  for (const f of facts) {
    if (f.status && f.status !== 'draft') {
      kept++;
      continue;
    }
    const id = Number(f.id);
    const bonus = paise(f.bonus ?? '0');
    const advance = paise(f.advance ?? '0');
    const other = paise(f.other_deductions ?? '0');
    const pfEnabled = f.pf_enabled ?? f.prev_pf ?? false;
    const esiEnabled = f.esi_enabled ?? f.prev_esi ?? false;
    const factsOf: PayrollFacts = {
      salaryType: f.salary_type,
      basePay: paise(f.base_pay),
      workingDays,
      present: Number(f.present),
      halfDays: Number(f.half_days),
      leaveDays: Number(f.leave_days),
      absentDays: Number(f.absent_days),
      paidLeaveAllowance: Number(f.paid_leave_days),
      minutes: Number(f.minutes),
      sessions: sessionsOf.get(id) ?? 0,
      commissionSales: salesOf.get(id) ?? 0,
      commissionPercent: Number(f.commission_percent).toFixed(2),
      bonus,
      advance,
      otherDeductions: other,
      pfEnabled,
      esiEnabled,
    };
    const { _net: _, ...computed } = rowValues(factsOf, workingDays);
    values.push({ organisationId: org, staffId: id, month, status: 'draft', ...computed, updatedAt: ctx.now.instant });
  }
  let created = 0;
  let refreshed = 0;
  for (let i = 0; i < values.length; i += 1000) {
    const chunk = values.slice(i, i + 1000);
    const excluded = (c: string) => sql.raw(`excluded.${c}`);
    const set = Object.fromEntries(
      (
        [
          'salaryType',
          'basePay',
          'workingDays',
          'presentDays',
          'halfDays',
          'leaveDays',
          'paidLeaveDays',
          'absentDays',
          'hours',
          'sessions',
          'baseAmount',
          'commissionSales',
          'commissionPercent',
          'commission',
          'gross',
          'pf',
          'esi',
          'pfEnabled',
          'esiEnabled',
          'totalDeductions',
          'net',
          'computation',
          'updatedAt',
        ] as const
      ).map((k) => [k, excluded(payroll[k].name)]),
    );
    const rows = await tx
      .insert(payroll)
      .values(chunk)
      .onConflictDoUpdate({
        target: [payroll.organisationId, payroll.staffId, payroll.month],
        set,
        setWhere: sql`${payroll.status} = 'draft'`,
      })
      .returning({ id: payroll.id, inserted: sql<boolean>`(xmax = 0)` });
    for (const r of rows)
      if (r.inserted) created++;
      else refreshed++;
    kept += chunk.length - rows.length;
  }
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payroll',
    label: `Payroll ${month}`,
    action: 'action',
    after: { month, centre: centre ?? null, created, refreshed, kept },
  });
  return { month, created, refreshed, kept };
}

/** The computed columns of a row from its facts. Net below 0 → 0 (the deductions are refused when entered). */
function rowValues(f: PayrollFacts, workingDays: number) {
  const c = computePayroll(f);
  return {
    salaryType: f.salaryType,
    basePay: fromPaise(f.basePay),
    workingDays,
    presentDays: c.presentDays,
    halfDays: f.halfDays,
    leaveDays: f.leaveDays,
    paidLeaveDays: c.paidLeaveDays,
    absentDays: f.absentDays,
    hours: c.hours,
    sessions: f.sessions,
    baseAmount: fromPaise(c.baseAmount),
    commissionSales: fromPaise(Math.max(0, f.commissionSales)),
    commissionPercent: f.commissionPercent,
    commission: fromPaise(c.commission),
    bonus: fromPaise(f.bonus),
    advance: fromPaise(f.advance),
    otherDeductions: fromPaise(f.otherDeductions),
    pfEnabled: f.pfEnabled,
    esiEnabled: f.esiEnabled,
    pf: fromPaise(c.pf),
    esi: fromPaise(c.esi),
    totalDeductions: fromPaise(c.totalDeductions),
    gross: fromPaise(c.gross),
    net: fromPaise(Math.max(0, c.net)),
    computation: c.computation,
    _net: c.net,
  };
}

/** The stored row's facts (to recompute after a change of the owner's figures). */
function factsOfRow(r: PayrollRow): PayrollFacts {
  const hoursMinutes = Math.round(Number(r.hours) * 60);
  return {
    salaryType: r.salaryType,
    basePay: paise(r.basePay),
    workingDays: r.workingDays,
    present: Math.floor(Number(r.presentDays) - r.halfDays * 0.5 + 1e-9),
    halfDays: r.halfDays,
    leaveDays: r.leaveDays,
    absentDays: r.absentDays,
    paidLeaveAllowance: r.paidLeaveDays,
    minutes: hoursMinutes,
    sessions: r.sessions,
    commissionSales: paise(r.commissionSales),
    commissionPercent: r.commissionPercent,
    bonus: paise(r.bonus),
    advance: paise(r.advance),
    otherDeductions: paise(r.otherDeductions),
    pfEnabled: r.pfEnabled,
    esiEnabled: r.esiEnabled,
  };
}

export async function loadPayroll(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<PayrollRow> {
  const q = tx
    .select()
    .from(payroll)
    .where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

async function staffOf(tx: Tx, ctx: Ctx, staffId: number) {
  const [s] = await tx
    .select({
      firstName: staff.firstName,
      lastName: staff.lastName,
      staffCode: staff.staffCode,
      categoryId: staff.categoryId,
      category: staffCategory.name,
    })
    .from(staff)
    .innerJoin(staffCategory, and(eq(staffCategory.organisationId, staff.organisationId), eq(staffCategory.id, staff.categoryId)))
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.id, staffId)));
  return s;
}

const labelOf = (s: { firstName: string; lastName: string }, month: string) => `Salary ${month} · ${fullName(s)}`;

/** `PATCH pay-roll/:id/`: a draft's bonus, deductions, PF/ESI and notes; the row is recomputed. */
export async function updatePayroll(tx: Tx, ctx: Ctx, id: number, input: PayrollUpdate): Promise<PayrollRow> {
  const row = await loadPayroll(tx, ctx, id, true);
  if (row.status !== 'draft') throw badRequest(`Only a draft can be changed; this payroll is ${row.status}.`);
  const f = factsOfRow(row);
  const next: PayrollFacts = {
    ...f,
    // The paid-leave allowance is stored as the leave paid: recompute from it exactly.
    paidLeaveAllowance: row.paidLeaveDays,
    bonus: input.bonus !== undefined ? paise(input.bonus) : f.bonus,
    advance: input.advance !== undefined ? paise(input.advance) : f.advance,
    otherDeductions: input.other_deductions !== undefined ? paise(input.other_deductions) : f.otherDeductions,
    pfEnabled: input.pf_enabled ?? f.pfEnabled,
    esiEnabled: input.esi_enabled ?? f.esiEnabled,
  };
  const { _net, ...values } = rowValues(next, row.workingDays);
  if (_net < 0) throw fieldError('advance', `The deductions (₹${values.totalDeductions}) exceed the gross pay (₹${values.gross}).`);
  const [after] = await tx
    .update(payroll)
    .set({ ...values, notes: input.notes ?? row.notes, updatedAt: ctx.now.instant })
    .where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.id, id)))
    .returning();
  const s = await staffOf(tx, ctx, row.staffId);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payroll',
    objectId: id,
    label: labelOf(s, row.month),
    action: 'update',
    before: {
      bonus: row.bonus,
      advance: row.advance,
      other_deductions: row.otherDeductions,
      pf_enabled: row.pfEnabled,
      esi_enabled: row.esiEnabled,
      net: row.net,
    },
    after: {
      bonus: after.bonus,
      advance: after.advance,
      other_deductions: after.otherDeductions,
      pf_enabled: after.pfEnabled,
      esi_enabled: after.esiEnabled,
      net: after.net,
    },
  });
  return after;
}

/** `POST pay-roll/:id/approve/`: draft → approved. */
export async function approvePayroll(tx: Tx, ctx: Ctx, id: number): Promise<PayrollRow> {
  const [after] = await tx
    .update(payroll)
    .set({ status: 'approved', approvedAt: ctx.now.instant, updatedAt: ctx.now.instant })
    .where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.id, id), eq(payroll.status, 'draft')))
    .returning();
  if (!after) {
    const row = await loadPayroll(tx, ctx, id);
    throw badRequest(`Only a draft can be approved; this payroll is ${row.status}.`);
  }
  const s = await staffOf(tx, ctx, after.staffId);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payroll',
    objectId: id,
    label: labelOf(s, after.month),
    action: 'update',
    before: { status: 'draft' },
    after: { status: 'approved' },
  });
  return after;
}

/**
 * `POST pay-roll/:id/pay/`: approved → paid and the expense (Salaries), in the request's one
 * transaction. The conditional UPDATE is the guard: of concurrent pays exactly one finds the row
 * approved; the others wait for it, see it paid, and write nothing.
 */
export async function payPayroll(tx: Tx, ctx: Ctx, id: number, input: PayrollPayInput): Promise<PayrollRow> {
  const date = input.date ?? ctx.now.today;
  await loadPayroll(tx, ctx, id); // another organisation's: 404 before any field is judged
  const [mode] = await tx
    .select({ id: paymentMode.id })
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, ctx.organisationId), eq(paymentMode.id, input.payment_mode), eq(paymentMode.isActive, true)));
  if (!mode) throw fieldError('payment_mode', `Invalid pk "${input.payment_mode}" - object does not exist.`);
  if (date > ctx.now.today) throw fieldError('date', 'A salary cannot be paid on a future date.');
  const [claimed] = await tx
    .update(payroll)
    .set({
      status: 'paid',
      paidAt: ctx.now.instant,
      paidOn: date,
      paymentModeId: mode.id,
      reference: input.reference,
      updatedAt: ctx.now.instant,
    })
    .where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.id, id), eq(payroll.status, 'approved')))
    .returning();
  if (!claimed) {
    const row = await loadPayroll(tx, ctx, id);
    throw badRequest(row.status === 'paid' ? 'This payroll is already paid.' : 'Only an approved payroll can be paid.');
  }
  const s = await staffOf(tx, ctx, claimed.staffId);
  const label = labelOf(s, claimed.month);
  const expense =
    paise(claimed.net) > 0
      ? await payExpense(tx, ctx, {
          category: 'Salaries',
          amount: claimed.net,
          paymentMode: mode.id,
          reference: input.reference,
          date,
          module: MODULE,
          source: { type: 'payroll', id: claimed.id, label },
          party: `${fullName(s)} (${s.staffCode})`,
        })
      : null;
  const [after] = await tx
    .update(payroll)
    .set({ expenseId: expense?.id ?? null })
    .where(and(eq(payroll.organisationId, ctx.organisationId), eq(payroll.id, id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'payroll',
    objectId: id,
    label,
    action: 'update',
    before: { status: 'approved' },
    after: { status: 'paid', net: after.net, paid_on: date, expense: expense?.id ?? null },
  });
  return after;
}

export function payrollJson(
  r: PayrollRow,
  s: { first_name: string; last_name: string; staff_code: string; category_id: string | number; category: string },
  modeName: string,
): Payroll {
  return {
    id: r.id,
    staff: r.staffId,
    staff_code: s.staff_code,
    staff_name: fullName({ firstName: s.first_name, lastName: s.last_name }),
    category: Number(s.category_id),
    category_name: s.category,
    month: r.month,
    status: r.status,
    salary_type: r.salaryType,
    base_pay: r.basePay,
    working_days: r.workingDays,
    present_days: String(Number(r.presentDays)),
    half_days: r.halfDays,
    leave_days: r.leaveDays,
    paid_leave_days: r.paidLeaveDays,
    absent_days: r.absentDays,
    paid_days: String(Math.min(Number(r.presentDays) + r.paidLeaveDays, r.workingDays)),
    hours: r.hours,
    sessions: r.sessions,
    base_amount: r.baseAmount,
    commission_sales: r.commissionSales,
    commission_percent: r.commissionPercent,
    commission: r.commission,
    bonus: r.bonus,
    gross: r.gross,
    advance: r.advance,
    other_deductions: r.otherDeductions,
    pf_enabled: r.pfEnabled,
    esi_enabled: r.esiEnabled,
    pf: r.pf,
    esi: r.esi,
    total_deductions: r.totalDeductions,
    net: r.net,
    computation: r.computation,
    notes: r.notes,
    approved_at: r.approvedAt?.toISOString() ?? null,
    paid_at: r.paidAt?.toISOString() ?? null,
    paid_on: r.paidOn,
    payment_mode: r.paymentModeId,
    payment_mode_name: modeName,
    reference: r.reference,
    expense: r.expenseId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
