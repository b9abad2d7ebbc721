/**
 * The demo's attendance and payroll (issue 21): attendance of every active staff member from
 * three months back to today (most days present, some half days, leave and absences; times for
 * every day worked), a few memberships credited to the staff member on commission (Rahul), the
 * three past months' payroll generated, approved and paid (Salaries expenses on the 1st of the
 * next month) and the current month generated as drafts. Runs after every module's history (its
 * `after`), so the sales it credits exist. Once: an organisation with payroll rows is left alone.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays, isoWeekday } from '../../platform/time.js';
import { paymentMode } from '../administrator/index.js';
import { assignDemoServices, creditDemoSales } from '../membership/index.js';
import { approvePayroll, generatePayroll, payPayroll } from './payroll.service.js';
import { monthBounds } from './payroll-compute.js';
import { payroll, staff, staffAttendance, staffCentre } from './schema.js';

const monthShift = (month: string, n: number) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

/** A small deterministic generator, so every seed run writes the same demo. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export async function seedPayroll(tx: Tx, ctx: Ctx): Promise<DemoHistory> {
  return { steps: [], after: () => seedPayrollNow(tx, ctx) };
}

async function seedPayrollNow(tx: Tx, ctx: Ctx): Promise<void> {
  const org = ctx.organisationId;
  const [{ n }] = await tx.select({ n: count() }).from(payroll).where(eq(payroll.organisationId, org));
  if (Number(n) > 0) return;
  const people = await tx
    .select({ id: staff.id, joiningDate: staff.joiningDate, commission: staff.commissionPercent, salaryType: staff.salaryType })
    .from(staff)
    .where(and(eq(staff.organisationId, org), eq(staff.status, 'active')))
    .orderBy(asc(staff.id));
  if (!people.length) return;
  const month = ctx.now.today.slice(0, 7);
  const first = `${monthShift(month, -3)}-01`;

  // Attendance: every day but Sundays, from three months back (or joining) to today.
  const rnd = random(org * 7919 + 17);
  const rows: (typeof staffAttendance.$inferInsert)[] = [];
  for (const p of people) {
    for (let d = first > p.joiningDate ? first : p.joiningDate; d <= ctx.now.today; d = addDays(d, 1)) {
      if (isoWeekday(d) === 7) continue;
      const r = rnd();
      const status = r < 0.86 ? 'present' : r < 0.91 ? 'half_day' : r < 0.95 ? 'leave' : 'absent';
      const inAt = 8 * 60 + Math.floor(rnd() * 90);
      const worked = status === 'half_day' ? 4 * 60 : 8 * 60 + Math.floor(rnd() * 60);
      const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
      const times: { checkIn?: string; checkOut?: string } =
        status === 'present' || status === 'half_day' ? { checkIn: clock(inAt), checkOut: clock(inAt + worked) } : {};
      // Today only as far as the clock has gone: nobody is marked before their check-in, nobody is out
      // before it, and an absence is not known yet (a leave is).
      if (d === ctx.now.today && status === 'absent') continue;
      if (d === ctx.now.today && times.checkIn && times.checkOut) {
        if (times.checkIn > ctx.now.time) continue;
        if (times.checkOut > ctx.now.time) delete times.checkOut;
      }
      rows.push({ organisationId: org, staffId: p.id, date: d, status, ...times });
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await tx
      .insert(staffAttendance)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();

  const centresOf = async (id: number) =>
    (
      await tx
        .select({ id: staffCentre.centreId })
        .from(staffCentre)
        .where(and(eq(staffCentre.organisationId, org), eq(staffCentre.staffId, id)))
    ).map((c) => c.id);
  // Per-session pay: member services given by the per-session trainers (their members' check-ins are the sessions).
  for (const p of people.filter((x) => x.salaryType === 'per_session'))
    await assignDemoServices(tx, ctx, p.id, { centres: await centresOf(p.id), limit: 6 });
  // Commission: a few memberships of each month credited to the staff on commission.
  for (const p of people.filter((x) => Number(x.commission) > 0)) {
    const centres = await centresOf(p.id);
    for (let k = -3; k <= 0; k++) {
      const { from } = monthBounds(monthShift(month, k));
      await creditDemoSales(tx, ctx, p.id, { from: from < p.joiningDate ? p.joiningDate : from, centres, limit: 4 });
    }
  }

  const [mode] = await tx
    .select({ id: paymentMode.id })
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, org), eq(paymentMode.isActive, true)))
    .orderBy(asc(paymentMode.id))
    .limit(1);
  for (let k = -3; k <= -1; k++) {
    const m = monthShift(month, k);
    await generatePayroll(tx, ctx, { month: m });
    const drafts = await tx
      .select({ id: payroll.id })
      .from(payroll)
      .where(and(eq(payroll.organisationId, org), eq(payroll.month, m), eq(payroll.status, 'draft')));
    const payDay = `${monthShift(m, 1)}-01`;
    for (const d of drafts) {
      await approvePayroll(tx, ctx, d.id);
      if (mode) await payPayroll(tx, ctx, d.id, { payment_mode: mode.id, reference: `SAL-${m}-${d.id}`, date: payDay });
    }
  }
  await generatePayroll(tx, ctx, { month });
}
