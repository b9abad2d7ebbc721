/**
 * The member side (`/api/me/`, on the organisation's host): sign-in by a code or a link (no key),
 * then, with a member key (`auth: 'member'`), the member's home, devices and sign-out. Every
 * answer is the signed-in member's own; another member's session id is a 404.
 */
import { LINK_SENT_DETAIL, meEndpoints as e, OTP_SENT_DETAIL } from '@arena/contracts/end-user';
import type { MemberAuth } from '../../platform/context.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { record } from '../../platform/audit.js';
import { notAuthenticated, notFound } from '../../platform/errors.js';
import { ctxOf, inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { memberHome, memberProfiles } from '../membership/index.js';
import { meTags as tags, MODULE } from './constants.js';
import { liveSessions, revokeSessions } from './sessions.js';
import { readSettings } from './settings.service.js';
import { answer, queueSignIn, rememberRunner, takeSignInRequest, verifyCode, verifyLink } from './sign-in.service.js';

const open = { config: { auth: 'none' as const }, security: [] as [], tags };
const member = { config: { auth: 'member' as const }, tags };

function who(request: FastifyRequest): MemberAuth {
  if (!request.member) throw notAuthenticated();
  return request.member;
}

/** Records a request for a code or a link (limits, one row) and queues the job that sends it, if anyone; answers the same text for anyone. */
async function ask(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  channel: 'sms' | 'email',
  address: string,
  detail: string,
) {
  const id = await inTenant(request, (tx, ctx) => takeSignInRequest(tx, ctx, channel, address));
  await queueSignIn(app, ctxOf(request), id);
  return reply.status(202).send({ detail });
}

/** Signs a session of the member out (their own only: 404 otherwise), audited. */
async function signOut(request: FastifyRequest, reply: FastifyReply, sessionId: number) {
  const me = who(request);
  await inTenant(request, async (tx, ctx) => {
    if (!(await revokeSessions(tx, ctx, me.endUserId, sessionId))) throw notFound();
    await record(tx, ctx.actor, {
      module: MODULE,
      resource: 'end_user',
      objectId: me.endUserId,
      label: me.memberCode,
      action: 'logout',
      after: { session: sessionId },
    });
  });
  return reply.status(204).send();
}

export async function meRoutes(app: FastifyInstance): Promise<void> {
  rememberRunner(app);

  route(app, e.requestOtp, {
    ...open,
    summary: 'Send a sign-in code by SMS (the same answer whether or not the number is a member’s)',
    handler: (request, reply) => ask(app, request, reply, 'sms', request.body.phone, OTP_SENT_DETAIL),
  });
  route(app, e.verifyOtp, {
    ...open,
    summary: 'Sign in with the code: a member key',
    handler: async (request) => answer(await inTenant(request, (tx, ctx) => verifyCode(tx, ctx, request.body)), 'code'),
  });
  route(app, e.requestLink, {
    ...open,
    summary: 'Mail a sign-in link (the same answer whether or not the address is a member’s)',
    handler: (request, reply) => ask(app, request, reply, 'email', request.body.email, LINK_SENT_DETAIL),
  });
  route(app, e.verifyLink, {
    ...open,
    summary: 'Sign in with the mailed link: a member key',
    handler: async (request) => answer(await inTenant(request, (tx, ctx) => verifyLink(tx, ctx, request.body)), 'token'),
  });
  route(app, e.logout, {
    ...member,
    summary: 'Sign out of this device',
    handler: (request, reply) => signOut(request, reply, who(request).sessionId),
  });
  route(app, e.home, {
    ...member,
    summary: 'The member’s home: membership, days left, dues, next session, the features that are on',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const me = who(request);
        const profile = (await memberProfiles(tx, ctx, [me.memberId])).get(me.memberId);
        if (!profile) throw notFound();
        const { login_mode: _mode, ...features } = await readSettings(tx, ctx);
        const { isActive: _active, ...person } = profile;
        return { member: person, ...(await memberHome(tx, ctx, me.memberId)), features };
      }),
  });
  route(app, e.sessions, {
    ...member,
    summary: 'The member’s signed-in devices',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => ({ results: await liveSessions(tx, ctx, who(request).endUserId, who(request).sessionId) })),
  });
  route(app, e.revokeSession, {
    ...member,
    summary: 'Sign one of the member’s devices out',
    handler: (request, reply) => signOut(request, reply, request.params.id),
  });
}
