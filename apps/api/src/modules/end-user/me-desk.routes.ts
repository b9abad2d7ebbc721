/**
 * The member app's desk features (issue 27): on the member side (`/api/me/`, a member key, the
 * member's own data, each feature behind its switch) the signed check-in code, attendance by month
 * and freeze or cancellation requests; on the desk side (`/api/end-user/member-request/`, module
 * Membership Management) the requests to approve or reject.
 */
import {
  meDeskEndpoints as e,
  memberRequestEndpoints as desk,
  MEMBER_REQUEST_KINDS,
  MEMBER_REQUEST_STATUSES,
  meProfileInputSchema,
  PROFILE_CODE_SENT,
} from '@arena/contracts/end-user';
import type { DeskMemberRequest } from '@arena/contracts/end-user';
import type { MemberAuth } from '../../platform/context.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { notAuthenticated } from '../../platform/errors.js';
import { replaceImage } from '../../platform/image-upload.js';
import { parseOrThrow } from '../../platform/validate.js';
import { drainSoon } from '../messaging/index.js';
import { listRoute, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { memberMatches } from '../membership/index.js';
import { meTags } from './constants.js';
import {
  addWorkoutLog,
  confirmContactChange,
  createRequest,
  decideRequest,
  deskRequestsJson,
  meAttendance,
  meCheckIn,
  mePlans,
  meProfile,
  myRequests,
  myWorkoutLog,
  requestContactChange,
  requireFeature,
  updateProfile,
} from './me-desk.service.js';
import { endUserRequest } from './schema.js';

const member = { config: { auth: 'member' as const }, tags: meTags };
const DESK_MODULE = 'Membership Management' as const;
const deskTags = ['end-user'];

function who(request: FastifyRequest): MemberAuth {
  if (!request.member) throw notAuthenticated();
  return request.member;
}

type DeskRow = { r: typeof endUserRequest.$inferSelect };

const requestList: ListDefinition<DeskRow, DeskMemberRequest> = {
  from: (tx, fields) => tx.select(fields).from(endUserRequest).$dynamic(),
  fields: { r: endUserRequest },
  where: (ctx) => eq(endUserRequest.organisationId, ctx.organisationId),
  search: (pattern) => memberMatches(endUserRequest.memberId, endUserRequest.organisationId, pattern),
  filters: {
    status: {
      schema: z.enum(MEMBER_REQUEST_STATUSES),
      where: (v: (typeof MEMBER_REQUEST_STATUSES)[number]) => eq(endUserRequest.status, v),
      label: 'Status',
    },
    kind: {
      schema: z.enum(MEMBER_REQUEST_KINDS),
      where: (v: (typeof MEMBER_REQUEST_KINDS)[number]) => eq(endUserRequest.kind, v),
      label: 'Kind',
    },
  },
  ordering: { created_at: endUserRequest.createdAt, status: endUserRequest.status },
  defaultOrdering: [desc(endUserRequest.createdAt)],
  tiebreak: endUserRequest.id,
  map: (tx, ctx, rows) =>
    deskRequestsJson(
      tx,
      ctx,
      rows.map((x) => x.r),
    ),
  export: {
    filename: 'member-requests',
    title: 'Member requests',
    columns: [
      { header: 'Member', value: (r) => `${r.member_name} (${r.member_code})` },
      { header: 'Request', value: (r) => (r.kind === 'freeze' ? 'Freeze' : 'Cancel') },
      { header: 'Plan', value: (r) => r.plan_name },
      { header: 'From', value: (r) => r.from ?? '' },
      { header: 'Days', value: (r) => r.days ?? '' },
      { header: 'Reason', value: (r) => r.reason },
      { header: 'Status', value: (r) => r.status },
      { header: 'Asked', value: (r) => r.created_at, type: 'datetime' },
    ],
  },
};

export async function meDeskRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.checkIn, {
    ...member,
    summary: 'A signed check-in code for the desk’s QR scanner (valid 60 s; ask again every 30 s)',
    handler: (request) => inTenant(request, (tx, ctx) => meCheckIn(tx, ctx, who(request).memberId)),
  });
  route(app, e.attendance, {
    ...member,
    summary: 'The days the member came in a month',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'check_in');
        return meAttendance(tx, ctx, who(request).memberId, request.query.month);
      }),
  });
  route(app, e.requests, {
    ...member,
    summary: 'The member’s freeze and cancellation requests, newest first',
    handler: (request) => inTenant(request, (tx, ctx) => myRequests(tx, ctx, who(request).memberId)),
  });
  route(app, e.createRequest, {
    ...member,
    summary: 'Ask the desk to freeze or cancel a membership',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => createRequest(tx, ctx, who(request).memberId, request.body))),
  });

  route(app, e.plans, {
    ...member,
    summary: 'The diets and workout plans assigned to the member (none, `enabled: false`, without those modules)',
    handler: (request) => inTenant(request, (tx, ctx) => mePlans(tx, ctx, who(request).memberId)),
  });
  route(app, e.workoutLog, {
    ...member,
    summary: 'The member’s own workout log, newest first',
    handler: (request) => inTenant(request, async (tx, ctx) => ({ results: await myWorkoutLog(tx, ctx, who(request).memberId) })),
  });
  route(app, e.addWorkoutLog, {
    ...member,
    summary: 'Log an exercise done (a day of the last 30)',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => addWorkoutLog(tx, ctx, who(request).memberId, request.body))),
  });
  route(app, e.profile, {
    ...member,
    summary: 'What the member may change of their record',
    handler: (request) => inTenant(request, (tx, ctx) => meProfile(tx, ctx, who(request).memberId)),
  });
  route(app, e.updateProfile, {
    ...member,
    summary: 'Change the emergency contact (JSON), or the photo (multipart `photo`); nothing else',
    handler: async (request) => {
      const memberId = who(request).memberId;
      if (request.isMultipart())
        return replaceImage(app, request, 'photo', (tx, ctx, path) => updateProfile(tx, ctx, memberId, { photo: path }));
      const input = parseOrThrow(meProfileInputSchema, request.body ?? {});
      return inTenant(request, async (tx, ctx) => (await updateProfile(tx, ctx, memberId, input)).out);
    },
  });
  route(app, e.verifyProfile, {
    ...member,
    summary: 'Send a code to a new phone (SMS) or e-mail; the change applies when the code is confirmed',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => requestContactChange(tx, ctx, who(request).memberId, request.body));
      await drainSoon(app.jobs, request.organisation!.id);
      return reply.status(202).send({ detail: PROFILE_CODE_SENT });
    },
  });
  route(app, e.confirmProfile, {
    ...member,
    summary: 'Confirm the code sent to the new phone or e-mail: the change applies',
    handler: async (request) => {
      const result = await inTenant(request, (tx, ctx) => confirmContactChange(tx, ctx, who(request).memberId, request.body.code));
      if ('error' in result) throw result.error;
      return result.ok;
    },
  });

  listRoute(app, desk.list, {
    module: DESK_MODULE,
    tags: deskTags,
    summary: 'Members’ freeze and cancellation requests',
    list: requestList,
  });
  route(app, desk.approve, {
    module: DESK_MODULE,
    tags: deskTags,
    summary: 'Approve a member’s request: the freeze or the cancellation is made',
    handler: (request) => inTenant(request, (tx, ctx) => decideRequest(tx, ctx, request.params.id, { approve: true })),
  });
  route(app, desk.reject, {
    module: DESK_MODULE,
    tags: deskTags,
    summary: 'Reject a member’s request with a reason the member sees',
    handler: (request) =>
      inTenant(request, (tx, ctx) => decideRequest(tx, ctx, request.params.id, { approve: false, reason: request.body.reason })),
  });
}
