import { staffLoginEndpoints as e } from '@arena/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { REVOCATION_GRACE_MS, settleInvalidations } from '../../platform/db/client.js';
import { queueMail } from '../../platform/mail-queue.js';
import { ctxOf, inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { resetLink } from '../accounts/index.js';
import { MODULE } from './constants.js';
import { createLogin, disableLogin, resendInvitation, setPermissions, staffPermissions, type Invitation } from './login.service.js';

const tags = ['staff'];

/**
 * Staff Management › a staff member's login and permissions (issue 21): invite, resend, disable,
 * and the modules with a level each. Every write needs `manage` in Staff Management (the default
 * for writes); each answers once the change is visible to every instance's caches, so the staff
 * member's very next request sees it.
 */
export async function staffLoginRoutes(app: FastifyInstance): Promise<void> {
  const module = MODULE;

  async function mailInvitation(request: Parameters<typeof ctxOf>[0], invitation: Invitation): Promise<void> {
    const org = ctxOf(request).organisation;
    // `welcome`: the reset-confirm page words itself as choosing a first password.
    const link = `${resetLink(app.config, org.subdomain, invitation.userId, invitation.key)}?welcome=1`;
    await queueMail(app, {
      to: invitation.email,
      subject: `You are invited to ${org.displayName} on Arena`,
      text: `Hello ${invitation.firstName || 'there'},\n\n${org.displayName} has given you a login to Arena. To choose your password, open this link:\n\n${link}\n\nThe link is valid for 7 days and can be used once. Then log in with ${invitation.email} and your new password.\n`,
    });
  }

  const settled = () => settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS });

  route(app, e.create, {
    module,
    tags,
    summary:
      'Invite a staff member: a login of this organisation with these modules (operate), mailed a 7-day link to set a password; on a disabled login it enables it again and invites again',
    handler: async (request, reply) => {
      const { permissions, invitation } = await inTenant(request, (tx, ctx) =>
        createLogin(tx, ctx, request.params.id, request.body, request.auth!.user.isOwner),
      );
      await settled();
      await mailInvitation(request, invitation);
      return reply.status(201).send(permissions);
    },
  });

  route(app, e.resend, {
    module,
    tags,
    summary: 'Mail the staff member a fresh invitation (earlier links stop working)',
    handler: async (request) => {
      const invitation = await inTenant(request, (tx, ctx) => resendInvitation(tx, ctx, request.params.id));
      await mailInvitation(request, invitation);
      return { detail: 'The invitation has been sent.' };
    },
  });

  route(app, e.disable, {
    module,
    tags,
    summary: 'Disable the staff member’s login and revoke every key it holds',
    handler: async (request) => {
      const result = await inTenant(request, (tx, ctx) => disableLogin(tx, ctx, request.params.id));
      await settled();
      return result;
    },
  });

  route(app, e.permissions, {
    module,
    tags,
    summary: 'The staff member’s login state, modules with their levels, and the plan modules',
    handler: async (request) => inTenant(request, (tx, ctx) => staffPermissions(tx, ctx, request.params.id)),
  });

  route(app, e.setPermissions, {
    module,
    tags,
    summary: 'Set the staff member’s modules (of the plan; Administrator Management only by the owner), a level each, and role name',
    handler: async (request) => {
      const result = await inTenant(request, (tx, ctx) =>
        setPermissions(tx, ctx, request.params.id, request.body, request.auth!.user.isOwner),
      );
      await settled();
      return result;
    },
  });
}
