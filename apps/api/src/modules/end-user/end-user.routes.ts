/** The admin side of End User Login (`/api/end-user/`): end users (active and blocked), block, unblock, invite, settings. */
import { endUserEndpoints as e, endUserSettingsEndpoints, type EndUser } from '@arena/contracts/end-user';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listRoute, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { memberMatches } from '../membership/index.js';
import { MODULE, tags } from './constants.js';
import { endUserDetail, endUsersJson, inviteMember, setEndUserStatus, type EndUserRow } from './end-user.service.js';
import { endUser } from './schema.js';
import { readSettings, saveSettings } from './settings.service.js';

const endUserList: ListDefinition<{ row: EndUserRow }, EndUser> = {
  from: (tx, fields) => tx.select(fields).from(endUser).$dynamic(),
  fields: { row: endUser },
  where: (ctx) => eq(endUser.organisationId, ctx.organisationId),
  search: (pattern) => memberMatches(endUser.memberId, endUser.organisationId, pattern),
  filters: {
    status: { schema: z.enum(['active', 'blocked']), where: (v: 'active' | 'blocked') => eq(endUser.status, v), label: 'Status' },
  },
  ordering: { last_login_at: endUser.lastLoginAt, created_at: endUser.createdAt, status: endUser.status },
  defaultOrdering: [desc(endUser.createdAt)],
  tiebreak: endUser.id,
  map: (tx, ctx, rows) =>
    endUsersJson(
      tx,
      ctx,
      rows.map((r) => r.row),
    ),
  export: {
    filename: 'end-users',
    title: 'Member app users',
    columns: [
      { header: 'Member', value: (u) => u.member.full_name },
      { header: 'Code', value: (u) => u.member.member_code },
      { header: 'Phone', value: (u) => u.member.phone },
      { header: 'Status', value: (u) => (u.status === 'active' ? 'Active' : 'Blocked') },
      { header: 'Last sign-in', value: (u) => u.last_login_at, type: 'datetime' },
      { header: 'Devices', value: (u) => u.devices },
      { header: 'Invited', value: (u) => u.invited_at, type: 'datetime' },
    ],
  },
};

export async function endUserRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: "Members' app accounts: active and blocked, last sign-in, devices",
    list: endUserList,
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'An end user with their signed-in devices',
    handler: (request) => inTenant(request, (tx, ctx) => endUserDetail(tx, ctx, request.params.id)),
  });
  route(app, e.block, {
    module: MODULE,
    tags,
    summary: 'Block: signs the member out everywhere at once and refuses their sign-in',
    handler: (request) => inTenant(request, (tx, ctx) => setEndUserStatus(tx, ctx, request.params.id, 'blocked')),
  });
  route(app, e.unblock, {
    module: MODULE,
    tags,
    summary: 'Unblock: the member may sign in again',
    handler: (request) => inTenant(request, (tx, ctx) => setEndUserStatus(tx, ctx, request.params.id, 'active')),
  });
  route(app, e.invite, {
    module: MODULE,
    tags,
    summary: 'Give a member app access (the invited mode); inviting again changes nothing',
    handler: (request) => inTenant(request, (tx, ctx) => inviteMember(tx, ctx, request.body.member)),
  });
  route(app, endUserSettingsEndpoints.retrieve, {
    module: MODULE,
    tags,
    summary: 'Who may sign in to the member app, and which of its features are on',
    handler: (request) => inTenant(request, (tx, ctx) => readSettings(tx, ctx)),
  });
  route(app, endUserSettingsEndpoints.update, {
    module: MODULE,
    tags,
    summary: 'Save the member app settings',
    handler: (request) => inTenant(request, (tx, ctx) => saveSettings(tx, ctx, request.body)),
  });
}
