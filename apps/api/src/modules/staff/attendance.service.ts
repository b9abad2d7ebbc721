/**
 * Staff attendance: one row per staff member and day. A mark for a day already marked replaces
 * it (an upsert); a day's bulk mark is checked whole and written in one statement.
 */
import type {
  StaffAttendance,
  StaffAttendanceBulkInput,
  StaffAttendanceDay,
  StaffAttendanceInput,
  StaffAttendanceMonth,
  StaffAttendanceStatus,
} from '@arena/contracts/staff';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { MODULE } from './constants.js';
import { monthBounds } from './payroll-compute.js';
import { staff, staffAttendance, staffCategory, staffCentre } from './schema.js';
import { fullName } from './staff.service.js';

type AttendanceRow = typeof staffAttendance.$inferSelect;
const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

export function attendanceJson(r: AttendanceRow, s: { firstName: string; lastName: string; staffCode: string }): StaffAttendance {
  const hours = r.checkIn && r.checkOut ? ((minutesOf(r.checkOut) - minutesOf(r.checkIn)) / 60).toFixed(2) : null;
  return {
    id: r.id,
    staff: r.staffId,
    staff_code: s.staffCode,
    staff_name: fullName(s),
    date: r.date,
    status: r.status,
    check_in: hhmm(r.checkIn),
    check_out: hhmm(r.checkOut),
    hours,
    notes: r.notes,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A staff member to mark: another organisation's (or none) is a 404, an inactive one a 400 on `staff`. */
async function markable(tx: Tx, ctx: Ctx, id: number) {
  const [s] = await tx
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      staffCode: staff.staffCode,
      status: staff.status,
      joiningDate: staff.joiningDate,
    })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), eq(staff.id, id)));
  if (!s) throw notFound();
  if (s.status !== 'active') throw fieldError('staff', `${fullName(s)} is inactive: attendance is marked for active staff only.`);
  return s;
}

function checkDate(ctx: Ctx, date: string, joiningDate: string, name: string, field = 'date') {
  if (date > ctx.now.today) throw fieldError(field, 'Attendance cannot be marked for a future date.');
  if (date < joiningDate)
    throw fieldError(field, `${name} joined on ${displayDate(joiningDate)}: attendance cannot be marked before that.`);
}

function times(status: StaffAttendanceStatus, checkIn: string | null, checkOut: string | null) {
  if (status === 'absent' || status === 'leave') return { checkIn: null, checkOut: null };
  if (checkIn && checkOut && checkOut < checkIn) throw fieldError('check_out', 'Check-out must be at or after check-in.');
  return { checkIn: checkIn ? `${checkIn}:00` : null, checkOut: checkOut ? `${checkOut}:00` : null };
}

/** `POST staff-attendance/`: marks the day, replacing the day's row when there is one. */
export async function markAttendance(tx: Tx, ctx: Ctx, input: StaffAttendanceInput): Promise<StaffAttendance> {
  const s = await markable(tx, ctx, input.staff);
  checkDate(ctx, input.date, s.joiningDate, fullName(s));
  const t = times(input.status, input.check_in, input.check_out);
  const values = { status: input.status, ...t, notes: input.notes, updatedAt: ctx.now.instant };
  const [row] = await tx
    .insert(staffAttendance)
    .values({ organisationId: ctx.organisationId, staffId: s.id, date: input.date, ...values })
    .onConflictDoUpdate({ target: [staffAttendance.organisationId, staffAttendance.staffId, staffAttendance.date], set: values })
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_attendance',
    objectId: row.id,
    label: `${fullName(s)} · ${displayDate(row.date)}`,
    action: row.createdAt.getTime() === row.updatedAt.getTime() ? 'create' : 'update',
    after: { status: row.status, check_in: hhmm(row.checkIn), check_out: hhmm(row.checkOut) },
  });
  return attendanceJson(row, s);
}

async function loadRow(tx: Tx, ctx: Ctx, id: number) {
  const [r] = await tx
    .select({ a: staffAttendance, firstName: staff.firstName, lastName: staff.lastName, staffCode: staff.staffCode })
    .from(staffAttendance)
    .innerJoin(staff, and(eq(staff.organisationId, staffAttendance.organisationId), eq(staff.id, staffAttendance.staffId)))
    .where(and(eq(staffAttendance.organisationId, ctx.organisationId), eq(staffAttendance.id, id)));
  if (!r) throw notFound();
  return r;
}

export async function getAttendance(tx: Tx, ctx: Ctx, id: number): Promise<StaffAttendance> {
  const r = await loadRow(tx, ctx, id);
  return attendanceJson(r.a, r);
}

/** `PATCH staff-attendance/:id/`: status, times, notes. */
export async function updateAttendance(
  tx: Tx,
  ctx: Ctx,
  id: number,
  input: Partial<Pick<StaffAttendanceInput, 'status' | 'check_in' | 'check_out' | 'notes'>>,
): Promise<StaffAttendance> {
  const r = await loadRow(tx, ctx, id);
  const status = input.status ?? r.a.status;
  const t = times(
    status,
    input.check_in !== undefined ? input.check_in : hhmm(r.a.checkIn),
    input.check_out !== undefined ? input.check_out : hhmm(r.a.checkOut),
  );
  const [row] = await tx
    .update(staffAttendance)
    .set({ status, ...t, notes: input.notes ?? r.a.notes, updatedAt: ctx.now.instant })
    .where(and(eq(staffAttendance.organisationId, ctx.organisationId), eq(staffAttendance.id, id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_attendance',
    objectId: id,
    label: `${fullName(r)} · ${displayDate(row.date)}`,
    action: 'update',
    before: { status: r.a.status, check_in: hhmm(r.a.checkIn), check_out: hhmm(r.a.checkOut) },
    after: { status: row.status, check_in: hhmm(row.checkIn), check_out: hhmm(row.checkOut) },
  });
  return attendanceJson(row, r);
}

export async function deleteAttendance(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const r = await loadRow(tx, ctx, id);
  await tx.delete(staffAttendance).where(and(eq(staffAttendance.organisationId, ctx.organisationId), eq(staffAttendance.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_attendance',
    objectId: id,
    label: `${fullName(r)} · ${displayDate(r.a.date)}`,
    action: 'delete',
    before: { status: r.a.status },
  });
}

/** `POST staff-attendance/bulk/`: every row checked, then one statement; all or nothing. */
export async function bulkMark(tx: Tx, ctx: Ctx, input: StaffAttendanceBulkInput): Promise<{ date: string; saved: number }> {
  if (input.date > ctx.now.today) throw fieldError('date', 'Attendance cannot be marked for a future date.');
  const ids = input.rows.map((r) => r.staff);
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw fieldError('rows', `Staff member ${id} is listed twice.`);
    seen.add(id);
  }
  const found = await tx
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName, status: staff.status, joiningDate: staff.joiningDate })
    .from(staff)
    .where(and(eq(staff.organisationId, ctx.organisationId), inArray(staff.id, ids)));
  if (found.length !== ids.length) throw notFound();
  const problems: string[] = [];
  for (const s of found) {
    if (s.status !== 'active') problems.push(`${fullName(s)} is inactive.`);
    else if (input.date < s.joiningDate) problems.push(`${fullName(s)} joined on ${displayDate(s.joiningDate)}.`);
  }
  if (problems.length) throw badRequest({ rows: problems });
  await tx
    .insert(staffAttendance)
    .values(input.rows.map((r) => ({ organisationId: ctx.organisationId, staffId: r.staff, date: input.date, status: r.status })))
    .onConflictDoUpdate({
      target: [staffAttendance.organisationId, staffAttendance.staffId, staffAttendance.date],
      set: {
        status: sql`excluded.status`,
        checkIn: sql`case when excluded.status in ('absent', 'leave') then null else ${staffAttendance.checkIn} end`,
        checkOut: sql`case when excluded.status in ('absent', 'leave') then null else ${staffAttendance.checkOut} end`,
        updatedAt: ctx.now.instant,
      },
    });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'staff_attendance',
    label: `Attendance of ${displayDate(input.date)}`,
    action: 'update',
    after: { date: input.date, rows: input.rows.length },
  });
  return { date: input.date, saved: input.rows.length };
}

/** Active staff joined by `by` (of `centre`), with their category. */
async function rosterOf(tx: Tx, ctx: Ctx, by: string, centre?: number) {
  return tx
    .select({
      staff: staff.id,
      staff_code: staff.staffCode,
      firstName: staff.firstName,
      lastName: staff.lastName,
      category: staff.categoryId,
      category_name: staffCategory.name,
      joining_date: staff.joiningDate,
    })
    .from(staff)
    .innerJoin(staffCategory, and(eq(staffCategory.organisationId, staff.organisationId), eq(staffCategory.id, staff.categoryId)))
    .where(
      and(
        eq(staff.organisationId, ctx.organisationId),
        eq(staff.status, 'active'),
        lte(staff.joiningDate, by),
        centre
          ? sql`exists (select 1 from ${staffCentre} sc where sc.organisation_id = ${staff.organisationId} and sc.staff_id = ${staff.id} and sc.centre_id = ${centre})`
          : undefined,
      ),
    )
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
}

const rosterJson = (r: Awaited<ReturnType<typeof rosterOf>>[number]) => ({
  staff: r.staff,
  staff_code: r.staff_code,
  staff_name: fullName(r),
  category: r.category,
  category_name: r.category_name,
  joining_date: r.joining_date,
});

export async function dayRegister(tx: Tx, ctx: Ctx, date: string, centre?: number): Promise<StaffAttendanceDay> {
  if (date > ctx.now.today) throw fieldError('date', 'Attendance cannot be read for a future date.');
  const roster = await rosterOf(tx, ctx, date, centre);
  const marks = roster.length
    ? await tx
        .select()
        .from(staffAttendance)
        .where(
          and(
            eq(staffAttendance.organisationId, ctx.organisationId),
            eq(staffAttendance.date, date),
            inArray(
              staffAttendance.staffId,
              roster.map((r) => r.staff),
            ),
          ),
        )
    : [];
  const byStaff = new Map(marks.map((m) => [m.staffId, m]));
  const totals = { present: 0, absent: 0, half_day: 0, leave: 0, unmarked: 0 };
  const rows = roster.map((r) => {
    const m = byStaff.get(r.staff);
    if (m) totals[m.status]++;
    else totals.unmarked++;
    return { ...rosterJson(r), attendance: m ? attendanceJson(m, { ...r, staffCode: r.staff_code }) : null };
  });
  return { kind: 'day', date, rows, totals };
}

export async function monthGrid(tx: Tx, ctx: Ctx, month: string, centre?: number): Promise<StaffAttendanceMonth> {
  if (month > ctx.now.today.slice(0, 7)) throw fieldError('month', 'Attendance cannot be read for a future month.');
  const { from, to, days: n } = monthBounds(month);
  const roster = await rosterOf(tx, ctx, to, centre);
  const marks = roster.length
    ? await tx
        .select({ staffId: staffAttendance.staffId, date: staffAttendance.date, status: staffAttendance.status })
        .from(staffAttendance)
        .where(and(eq(staffAttendance.organisationId, ctx.organisationId), gte(staffAttendance.date, from), lte(staffAttendance.date, to)))
    : [];
  const days = Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  const grid = new Map<number, (StaffAttendanceStatus | null)[]>(roster.map((r) => [r.staff, days.map(() => null)]));
  for (const m of marks) {
    const g = grid.get(m.staffId);
    if (g) g[Number(m.date.slice(8, 10)) - 1] = m.status;
  }
  const rows = roster.map((r) => {
    const g = grid.get(r.staff)!;
    const totals = { present: 0, absent: 0, half_day: 0, leave: 0 };
    for (const s of g) if (s) totals[s]++;
    return { ...rosterJson(r), days: g, totals };
  });
  return { kind: 'month', month, days, rows };
}
