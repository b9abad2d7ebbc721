import { idSchema, isoDateSchema, memberAttendanceEndpoints as e, type Attendance } from '@arena/contracts';
import { desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import {
  attendanceFields,
  attendanceFrom,
  attendanceJson,
  attendanceRegister,
  checkIn,
  checkOut,
  loadAttendance,
  showMember,
  type AttendanceJoin,
} from './attendance.service.js';
import { MODULE, tags } from './constants.js';
import { member, memberAttendance } from './schema.js';

const SOURCES = { desk: 'Desk', qr: 'QR code', import: 'Import', batch: 'Roll call' } as const;

const attendanceList: ListDefinition<AttendanceJoin, Attendance> = {
  from: attendanceFrom,
  fields: attendanceFields,
  where: (ctx) => eq(memberAttendance.organisationId, ctx.organisationId),
  search: [attendanceFields.memberName, member.memberCode, member.phone],
  filters: {
    member: { schema: idSchema, where: (v: number) => eq(memberAttendance.memberId, v), label: 'Member', show: showMember },
    date: { schema: isoDateSchema, where: (v: string) => eq(memberAttendance.date, v), label: 'Date', show: displayDate },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(memberAttendance.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(memberAttendance.date, v), label: 'To', show: displayDate },
    centre: { schema: idSchema, where: (v: number) => eq(memberAttendance.centreId, v), label: 'Center', show: showName(centre) },
  },
  ordering: {
    date: memberAttendance.date,
    check_in: memberAttendance.checkIn,
    check_out: memberAttendance.checkOut,
    member: attendanceFields.memberName,
    member_code: member.memberCode,
    id: memberAttendance.id,
  },
  defaultOrdering: [desc(memberAttendance.checkIn)],
  tiebreak: memberAttendance.id,
  map: (_tx, _ctx, rows) => rows.map(attendanceJson),
  export: {
    filename: 'member-attendance',
    title: 'Member attendance',
    columns: [
      { header: 'Date', value: (a) => a.date, type: 'date' },
      { header: 'Code', value: (a) => a.member_code },
      { header: 'Member', value: (a) => a.member_name },
      { header: 'Plan', value: (a) => a.plan_name },
      { header: 'Check-in', value: (a) => a.check_in, type: 'datetime' },
      { header: 'Check-out', value: (a) => a.check_out, type: 'datetime' },
      { header: 'Source', value: (a) => SOURCES[a.source] },
      { header: 'Override', value: (a) => a.override, type: 'boolean' },
    ],
  },
};

/** `member-attendance/` (visits: check-in, check-out, the list) and `member-attendance-list` (a day's register). */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const module = MODULE;
  listRoute(app, e.list, { module, tags, summary: 'Visits of members, latest first', list: attendanceList });

  route(app, e.checkIn, {
    module,
    tags,
    summary: 'Check a member in (by id or member card code); refused with the reason when no membership runs, unless `override`',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => checkIn(tx, ctx, request.body))),
  });

  route(app, e.retrieve, {
    module,
    tags,
    summary: 'A visit',
    handler: async (request) => inTenant(request, (tx, ctx) => loadAttendance(tx, ctx, request.params.id)),
  });

  for (const endpoint of [e.checkOut, e.checkOutPost])
    route(app, endpoint, {
      module,
      tags,
      summary: 'Check a visit out (now when `check_out` is left out)',
      handler: async (request) =>
        inTenant(request, (tx, ctx) => checkOut(tx, ctx, { id: request.params.id, check_out: request.body?.check_out })),
    });

  // The register is asked for with and without the trailing slash (the spec's path has none).
  for (const endpoint of [e.register, e.registerSlash])
    route(app, endpoint, {
      module,
      tags,
      summary: "A day's register (today by default): every visit, who is in now, how many came",
      handler: async (request) => inTenant(request, (tx, ctx) => attendanceRegister(tx, ctx, request.query)),
    });
}
