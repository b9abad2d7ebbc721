import { accountsEndpoints as e, organisationUserSchema, z } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../platform/errors.js';
import { listRoute, type ListDefinition } from '../../platform/list.js';
import { appUser } from '../../platform/db/schema.js';
import { route } from '../../platform/route.js';
import * as accounts from './accounts.service.js';

const tags = ['accounts'];

type OrganisationUser = z.infer<typeof organisationUserSchema>;

const userList: ListDefinition<{ u: typeof appUser.$inferSelect }, OrganisationUser> = {
  from: (tx, fields) => tx.select(fields).from(appUser).$dynamic(),
  fields: { u: appUser },
  where: (ctx) => eq(appUser.organisationId, ctx.organisationId),
  search: [appUser.email, appUser.firstName, appUser.lastName],
  ordering: {
    email: appUser.email,
    first_name: appUser.firstName,
    last_name: appUser.lastName,
    last_login: appUser.lastLogin,
    id: appUser.id,
  },
  defaultOrdering: [asc(appUser.id)],
  tiebreak: appUser.id,
  map: (_tx, _ctx, rows) =>
    rows.map(({ u }) => ({
      id: u.id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      role_name: u.roleName,
      is_owner: u.isOwner,
      is_active: u.isActive,
      modules: u.grantedModules,
      last_login: u.lastLogin?.toISOString() ?? null,
    })),
  export: {
    filename: 'users',
    title: 'Users',
    columns: [
      { header: 'E-mail', value: (u) => u.email },
      { header: 'First name', value: (u) => u.first_name },
      { header: 'Last name', value: (u) => u.last_name },
      { header: 'Role', value: (u) => u.role_name },
      { header: 'Owner', value: (u) => u.is_owner, type: 'boolean' },
      { header: 'Active', value: (u) => u.is_active, type: 'boolean' },
      { header: 'Modules', value: (u) => u.modules.join(', ') },
      { header: 'Last login', value: (u) => u.last_login, type: 'datetime' },
    ],
  },
};

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  /** Per-IP limit on the endpoints that guess or mail (login, registration, reset). */
  const authLimit = {
    max: app.config.RATE_LIMIT_AUTH_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: unknown, ctx: { after: string; ttl: number }) =>
      tooManyRequests(
        `Too many requests from this address. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`,
        Math.max(1, Math.ceil(ctx.ttl / 1000)),
      ),
  };
  const open = { auth: 'none' as const, tenant: false, rateLimit: authLimit };

  route(app, e.register, {
    config: open,
    tags,
    summary: 'Sign up; sends a verification e-mail',
    handler: async (request, reply) => {
      await accounts.register(app, request, request.body);
      return reply.status(201).send({ detail: 'Verification e-mail sent.' });
    },
  });

  route(app, e.verifyEmail, {
    config: open,
    tags,
    summary: 'Confirm an e-mail address with the key from the mail',
    handler: async (request) => {
      await accounts.verifyEmail(app, request.body.key);
      return { detail: 'ok' };
    },
  });

  route(app, e.resendEmail, {
    config: open,
    tags,
    summary: 'Send the verification e-mail again',
    handler: async (request) => {
      await accounts.resendVerification(app, request.body.email);
      return { detail: 'ok' };
    },
  });

  route(app, e.login, {
    config: open,
    tags,
    summary: 'Log in with e-mail and password, or exchange a key for a fresh one',
    handler: async (request) => {
      const body = request.body;
      return body.token
        ? accounts.loginWithKey(app, request, body.token, body.remember)
        : accounts.loginWithPassword(app, request, { email: body.email!, password: body.password!, remember: body.remember });
    },
  });

  route(app, e.logout, {
    config: { auth: 'optional', tenant: false },
    tags,
    summary: 'Revoke the key of this request',
    handler: async (request) => {
      await accounts.logout(app, request);
      return { detail: 'Successfully logged out.' };
    },
  });

  route(app, e.user, {
    config: { tenant: false },
    tags,
    summary: 'The signed-in user',
    handler: async (request) => accounts.userJson(app, request.auth!.user),
  });
  for (const endpoint of [e.replaceUser, e.updateUser]) {
    route(app, endpoint, {
      config: { tenant: false },
      tags,
      summary: 'Update the signed-in user (name, selected centre)',
      handler: async (request) => accounts.updateUser(app, request, request.body),
    });
  }

  route(app, e.passwordReset, {
    config: open,
    tags,
    summary: 'Mail a password reset link',
    handler: async (request) => {
      await accounts.requestPasswordReset(app, request, request.body.email);
      return { detail: accounts.RESET_SENT };
    },
  });

  route(app, e.passwordResetConfirm, {
    config: open,
    tags,
    summary: 'Set a new password with the link from the reset mail',
    handler: async (request) => {
      const b = request.body;
      await accounts.confirmPasswordReset(app, request, b.uid, b.token, b.new_password1);
      return { detail: 'Password has been reset with the new password.' };
    },
  });

  listRoute(app, e.users, {
    config: { ownerOnly: true },
    tags,
    summary: "The organisation's users (owner only)",
    list: userList,
  });
}
