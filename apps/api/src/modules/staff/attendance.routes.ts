import { idSchema, isoDateSchema } from '@arena/contracts';
import {
  STAFF_ATTENDANCE_LABELS,
  STAFF_ATTENDANCE_STATUSES,
  staffAttendanceEndpoints as e,
  type StaffAttendance,
  type StaffAttendanceRegister,
} from '@arena/contracts/staff';
import { z } from '@arena/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import {
  attendanceJson,
  bulkMark,
  dayRegister,
  deleteAttendance,
  getAttendance,
  markAttendance,
  monthGrid,
  updateAttendance,
} from './attendance.service.js';
import { MODULE } from './constants.js';
import { staff, staffAttendance } from './schema.js';

const tags = ['staff'];
type Row = { a: typeof staffAttendance.$inferSelect; firstName: string; lastName: string; staffCode: string };

const attendanceList: ListDefinition<Row, StaffAttendance> = {
  from: (tx, fields) =>
    tx
      .select(fields)
      .from(staffAttendance)
      .innerJoin(staff, and(eq(staff.organisationId, staffAttendance.organisationId), eq(staff.id, staffAttendance.staffId)))
      .$dynamic(),
  fields: { a: staffAttendance, firstName: staff.firstName, lastName: staff.lastName, staffCode: staff.staffCode },
  where: (ctx) => eq(staffAttendance.organisationId, ctx.organisationId),
  search: [staff.firstName, staff.lastName, staff.staffCode, staffAttendance.notes],
  filters: {
    staff: { schema: idSchema, where: (v: number) => eq(staffAttendance.staffId, v), label: 'Staff' },
    status: {
      schema: z.enum(STAFF_ATTENDANCE_STATUSES),
      where: (v: (typeof STAFF_ATTENDANCE_STATUSES)[number]) => eq(staffAttendance.status, v),
      label: 'Status',
      show: (v: (typeof STAFF_ATTENDANCE_STATUSES)[number]) => STAFF_ATTENDANCE_LABELS[v],
    },
    date: { schema: isoDateSchema, where: (v: string) => eq(staffAttendance.date, v), label: 'Date', show: displayDate },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(staffAttendance.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(staffAttendance.date, v), label: 'To', show: displayDate },
    centre: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from staff_centre sc where sc.organisation_id = ${staffAttendance.organisationId} and sc.staff_id = ${staffAttendance.staffId} and sc.centre_id = ${v})`,
      label: 'Center',
      show: showName(centre),
    },
  },
  ordering: {
    date: staffAttendance.date,
    staff_name: sql`lower(${staff.firstName} || ' ' || ${staff.lastName})`,
    status: staffAttendance.status,
  },
  defaultOrdering: [desc(staffAttendance.date), desc(staffAttendance.id)],
  tiebreak: staffAttendance.id,
  map: (_tx, _ctx, rows) => rows.map((r) => attendanceJson(r.a, r)),
  export: {
    filename: 'staff-attendance',
    title: 'Staff attendance',
    columns: [
      { header: 'Date', value: (a) => a.date, type: 'date' },
      { header: 'Staff', value: (a) => `${a.staff_name} (${a.staff_code})` },
      { header: 'Status', value: (a) => STAFF_ATTENDANCE_LABELS[a.status] },
      { header: 'Check-in', value: (a) => a.check_in ?? '' },
      { header: 'Check-out', value: (a) => a.check_out ?? '' },
      { header: 'Hours', value: (a) => a.hours ?? '' },
      { header: 'Notes', value: (a) => a.notes },
    ],
  },
};

/** Staff attendance: the list, marking a day (upsert), a day's bulk mark, and the day register / month grid. */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Staff attendance rows', list: attendanceList });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: "Mark a staff member's day (replaces the day's row when already marked)",
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => markAttendance(tx, ctx, request.body))),
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'One attendance row',
    handler: async (request) => inTenant(request, (tx, ctx) => getAttendance(tx, ctx, request.params.id)),
  });
  route(app, e.partialUpdate, {
    module: MODULE,
    tags,
    summary: "Change a day's status, times or notes",
    handler: async (request) => inTenant(request, (tx, ctx) => updateAttendance(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Remove a mark (the day becomes unmarked)',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteAttendance(tx, ctx, request.params.id));
      return reply.status(204).send();
    },
  });
  route(app, e.bulk, {
    module: MODULE,
    tags,
    summary: 'Mark a day for many staff at once (all or nothing, one statement)',
    handler: async (request) => inTenant(request, (tx, ctx) => bulkMark(tx, ctx, request.body)),
  });
  route(app, e.register, {
    module: MODULE,
    tags,
    summary: "A day's register (`date`, default today) or a month's grid (`month`)",
    handler: async (request) =>
      inTenant<StaffAttendanceRegister>(request, async (tx, ctx) => {
        const q = request.query;
        return q.month ? monthGrid(tx, ctx, q.month, q.centre) : dayRegister(tx, ctx, q.date ?? ctx.now.today, q.centre);
      }),
  });
}
