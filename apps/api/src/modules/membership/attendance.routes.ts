import {
  attendanceRegisterSchema,
  attendanceSchema,
  checkInInputSchema,
  checkOutInputSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  z,
  type Attendance,
} from '@arena/contracts';
import { desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
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
import { API, MODULE, tags } from './constants.js';
import { member, memberAttendance } from './schema.js';

const SOURCES = { desk: 'Desk', qr: 'QR code', import: 'Import' } as const;

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

const registerQuery = z.object({ date: isoDateSchema.optional(), centre: idSchema.optional() });

/** `member-attendance/` (visits: check-in, check-out, the list) and `member-attendance-list` (a day's register). */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;
  const path = `${API}/member-attendance/`;

  listRoute(app, path, { module: MODULE, tags, summary: 'Visits of members, latest first', item: attendanceSchema, list: attendanceList });

  r.post(path, {
    config,
    schema: {
      tags,
      summary: 'Check a member in (by id or member card code); refused with the reason when no membership runs, unless `override`',
      body: checkInInputSchema,
      response: { 201: attendanceSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => checkIn(tx, ctx, request.body))),
  });

  r.get(`${path}:id/`, {
    config,
    schema: { tags, summary: 'A visit', params: idParamsSchema, response: { 200: attendanceSchema } },
    handler: async (request) => inTenant(request, (tx, ctx) => loadAttendance(tx, ctx, request.params.id)),
  });

  const checkOutRoute = {
    config,
    schema: {
      tags,
      summary: 'Check a visit out (now when `check_out` is left out)',
      params: idParamsSchema,
      body: checkOutInputSchema.nullish(),
      response: { 200: attendanceSchema },
    },
  };
  r.patch(`${path}:id/`, {
    ...checkOutRoute,
    handler: async (request) =>
      inTenant(request, (tx, ctx) => checkOut(tx, ctx, { id: request.params.id, check_out: request.body?.check_out })),
  });
  r.post(`${path}:id/check-out/`, {
    ...checkOutRoute,
    handler: async (request) =>
      inTenant(request, (tx, ctx) => checkOut(tx, ctx, { id: request.params.id, check_out: request.body?.check_out })),
  });

  // The register is asked for with and without the trailing slash (the spec's path has none).
  for (const url of [`${API}/member-attendance-list`, `${API}/member-attendance-list/`])
    r.get(url, {
      config,
      schema: {
        tags,
        summary: "A day's register (today by default): every visit, who is in now, how many came",
        querystring: registerQuery,
        response: { 200: attendanceRegisterSchema },
      },
      handler: async (request) => inTenant(request, (tx, ctx) => attendanceRegister(tx, ctx, request.query)),
    });
}
