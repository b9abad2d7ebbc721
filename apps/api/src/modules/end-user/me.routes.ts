/**
 * The member side (`/api/me/`, on the organisation's host): sign-in by a code or a link (no key),
 * then, with a member key (`auth: 'member'`), the member's home, devices and sign-out. Every
 * answer is the signed-in member's own; another member's session id is a 404.
 */
import { LINK_SENT_DETAIL, meEndpoints as e, OTP_SENT_DETAIL } from '@arena/contracts/end-user';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { record } from '../../platform/audit.js';
import { notAuthenticated, notFound } from '../../platform/errors.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { memberHome, memberProfiles } from '../membership/index.js';
import { meTags as tags, MODULE } from './constants.js';
import { endUserSession } from './schema.js';
import { liveSessions, revokeSessions } from './sessions.js';
import { readSettings } from './settings.service.js';
import { answer, queueSignIn, rememberRunner, takeSignInRequest, verifyCode, verifyLink } from './sign-in.service.js';

const open = { auth: 'none' as const };
const member = { auth: 'member' as const };

function who(request: FastifyRequest) {
  if (!request.member) throw notAuthenticated();
  return request.member;
}

export async function meRoutes(app: FastifyInstance): Promise<void> {
  rememberRunner(app);

  route(app, e.requestOtp, {
    config: open,
    security: [],
    tags,
    summary: 'Send a sign-in code by SMS (the same answer whether or not the number is a member’s)',
    handler: async (request, reply) => {
      const { ctx, id } = await inTenant(request, async (tx, ctx) => ({
        ctx,
        id: await takeSignInRequest(tx, ctx, 'sms', request.body.phone),
      }));
      await queueSignIn(app, ctx, id);
      return reply.status(202).send({ detail: OTP_SENT_DETAIL });
    },
  });
  route(app, e.verifyOtp, {
    config: open,
    security: [],
    tags,
    summary: 'Sign in with the code: a member key',
    handler: async (request) => answer(await inTenant(request, (tx, ctx) => verifyCode(tx, ctx, request.body)), 'code'),
  });
  route(app, e.requestLink, {
    config: open,
    security: [],
    tags,
    summary: 'Mail a sign-in link (the same answer whether or not the address is a member’s)',
    handler: async (request, reply) => {
      const { ctx, id } = await inTenant(request, async (tx, ctx) => ({
        ctx,
        id: await takeSignInRequest(tx, ctx, 'email', request.body.email),
      }));
      await queueSignIn(app, ctx, id);
      return reply.status(202).send({ detail: LINK_SENT_DETAIL });
    },
  });
  route(app, e.verifyLink, {
    config: open,
    security: [],
    tags,
    summary: 'Sign in with the mailed link: a member key',
    handler: async (request) => answer(await inTenant(request, (tx, ctx) => verifyLink(tx, ctx, request.body)), 'token'),
  });
  route(app, e.logout, {
    config: member,
    tags,
    summary: 'Sign out of this device',
    handler: async (request, reply) => {
      const me = who(request);
      await inTenant(request, async (tx, ctx) => {
        await revokeSessions(tx, ctx, me.endUserId, me.sessionId);
        await record(tx, ctx.actor, {
          module: MODULE,
          resource: 'end_user',
          objectId: me.endUserId,
          label: me.memberCode,
          action: 'logout',
          after: { session: me.sessionId },
        });
      });
      return reply.status(204).send();
    },
  });
  route(app, e.home, {
    config: member,
    tags,
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
    config: member,
    tags,
    summary: 'The member’s signed-in devices',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const me = who(request);
        return { results: await liveSessions(tx, ctx, me.endUserId, me.sessionId) };
      }),
  });
  route(app, e.revokeSession, {
    config: member,
    tags,
    summary: 'Sign one of the member’s devices out',
    handler: async (request, reply) => {
      const me = who(request);
      await inTenant(request, async (tx, ctx) => {
        const [own] = await tx
          .select({ id: endUserSession.id })
          .from(endUserSession)
          .where(
            and(
              eq(endUserSession.organisationId, ctx.organisationId),
              eq(endUserSession.endUserId, me.endUserId),
              eq(endUserSession.id, request.params.id),
            ),
          );
        if (!own || !(await revokeSessions(tx, ctx, me.endUserId, own.id))) throw notFound();
        await record(tx, ctx.actor, {
          module: MODULE,
          resource: 'end_user',
          objectId: me.endUserId,
          label: me.memberCode,
          action: 'logout',
          after: { session: own.id },
        });
      });
      return reply.status(204).send();
    },
  });
}
