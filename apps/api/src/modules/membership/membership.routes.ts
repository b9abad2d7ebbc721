import {
  freezeInputSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  memberServiceInputSchema,
  memberServiceSchema,
  membershipInputSchema,
  membershipSchema,
  MEMBERSHIP_STATUS_LABELS,
  MEMBERSHIP_STATUSES,
  renewInputSchema,
  saleCancelInputSchema,
  unfreezeInputSchema,
  z,
  type MembershipStatus,
} from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import type { Tx } from '../../platform/db/client.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { API, MODULE, tags } from './constants.js';
import {
  loadMemberServiceJson,
  loadMembershipJson,
  memberServiceFields,
  memberServiceFrom,
  memberServicesJson,
  membershipFields,
  membershipFrom,
  membershipsJson,
  type MemberServiceSelectRow,
  type MembershipSelectRow,
} from './member.queries.js';
import {
  cancelMemberService,
  cancelMembership,
  deleteFreeze,
  freezeMembership,
  renewMembership,
  sellMembership,
  sellService,
  unfreezeMembership,
} from './sales.service.js';
import { member, memberService, membership, plan, service } from './schema.js';

const config = { module: MODULE } as const;
const RUNNING: MembershipStatus[] = ['upcoming', 'active', 'expiring', 'frozen'];
const saleFilters = <T extends typeof membership | typeof memberService>(t: T) => ({
  member: { schema: idSchema, where: (v: number) => eq(t.memberId, v), label: 'Member' },
  status: {
    schema: z.enum(MEMBERSHIP_STATUSES),
    where: (v: MembershipStatus) => eq(t.status, v),
    label: 'Status',
    show: (v: MembershipStatus) => MEMBERSHIP_STATUS_LABELS[v],
  },
  running: {
    schema: z.stringbool(),
    where: (v: boolean) => (v ? inArray(t.status, RUNNING) : sql`${t.status} not in ('upcoming', 'active', 'expiring', 'frozen')`),
    label: 'Running',
    show: yesNo,
  },
  centre: { schema: idSchema, where: (v: number) => eq(t.centreId, v), label: 'Center', show: showName(centre) },
  has_due: {
    schema: z.stringbool(),
    where: (v: boolean) => (v ? sql`${t.paid} < ${t.total} and ${t.cancelledAt} is null` : sql`${t.paid} >= ${t.total}`),
    label: 'With dues',
    show: yesNo,
  },
  ends_after: { schema: isoDateSchema, where: (v: string) => gte(t.endDate, v), label: 'Ends from', show: displayDate },
  ends_before: { schema: isoDateSchema, where: (v: string) => lte(t.endDate, v), label: 'Ends to', show: displayDate },
});

const membershipList: ListDefinition<MembershipSelectRow, z.infer<typeof membershipSchema>> = {
  from: membershipFrom,
  fields: membershipFields,
  where: (ctx) => eq(membership.organisationId, ctx.organisationId),
  search: [membership.label, membership.party, member.phone],
  filters: {
    ...saleFilters(membership),
    plan: { schema: idSchema, where: (v: number) => eq(membership.planId, v), label: 'Plan', show: showName(plan) },
  },
  ordering: { start_date: membership.startDate, end_date: membership.endDate, created_at: membership.createdAt, total: membership.total },
  defaultOrdering: [desc(membership.startDate), desc(membership.id)],
  tiebreak: membership.id,
  map: membershipsJson,
  export: {
    filename: 'memberships',
    title: 'Memberships',
    columns: [
      { header: 'Member', value: (m) => `${m.member_name} (${m.member_code})` },
      { header: 'Plan', value: (m) => m.plan_name },
      { header: 'Start', value: (m) => m.start_date, type: 'date' },
      { header: 'End', value: (m) => m.end_date, type: 'date' },
      { header: 'Status', value: (m) => MEMBERSHIP_STATUS_LABELS[m.status] },
      { header: 'Total', value: (m) => m.total, type: 'money' },
      { header: 'Paid', value: (m) => m.paid, type: 'money' },
      { header: 'Due', value: (m) => m.due, type: 'money' },
      { header: 'Invoice', value: (m) => m.invoice?.number ?? '' },
    ],
  },
};

const memberServiceList: ListDefinition<MemberServiceSelectRow, z.infer<typeof memberServiceSchema>> = {
  from: memberServiceFrom,
  fields: memberServiceFields,
  where: (ctx) => eq(memberService.organisationId, ctx.organisationId),
  search: [memberService.label, memberService.party, member.phone],
  filters: {
    ...saleFilters(memberService),
    service: { schema: idSchema, where: (v: number) => eq(memberService.serviceId, v), label: 'Service', show: showName(service) },
  },
  ordering: {
    start_date: memberService.startDate,
    end_date: memberService.endDate,
    created_at: memberService.createdAt,
    total: memberService.total,
  },
  defaultOrdering: [desc(memberService.startDate), desc(memberService.id)],
  tiebreak: memberService.id,
  map: memberServicesJson,
  export: {
    filename: 'member-services',
    title: 'Member services',
    columns: [
      { header: 'Member', value: (s) => `${s.member_name} (${s.member_code})` },
      { header: 'Service', value: (s) => s.service_name },
      { header: 'Start', value: (s) => s.start_date, type: 'date' },
      { header: 'End', value: (s) => s.end_date, type: 'date' },
      { header: 'Status', value: (s) => MEMBERSHIP_STATUS_LABELS[s.status] },
      { header: 'Total', value: (s) => s.total, type: 'money' },
      { header: 'Paid', value: (s) => s.paid, type: 'money' },
      { header: 'Due', value: (s) => s.due, type: 'money' },
    ],
  },
};

/** The sale behind a ledger row of the module, for its member. */
/** Memberships and member services: the lists, sell, renew, freeze, cancel. */
export async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // ---- memberships ----
  listRoute(app, `${API}/membership/`, {
    module: MODULE,
    tags,
    summary: 'Memberships (filters: member, plan, status, running, centre, has_due)',
    item: membershipSchema,
    list: membershipList,
  });

  r.post(`${API}/membership/`, {
    config,
    schema: {
      tags,
      summary: 'Put a member on a plan: invoice at once, optional first payment',
      body: membershipInputSchema,
      response: { 201: membershipSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inTenant(request, async (tx, ctx) => loadMembershipJson(tx, ctx, await sellMembership(tx, ctx, request.body)))),
  });

  r.get(`${API}/membership/:id/`, {
    config,
    schema: { tags, summary: 'A membership', params: idParamsSchema, response: { 200: membershipSchema } },
    handler: async (request) => inTenant(request, (tx, ctx) => loadMembershipJson(tx, ctx, request.params.id)),
  });

  r.post(`${API}/membership/:id/renew/`, {
    config,
    schema: {
      tags,
      summary: 'Renew: a new membership from the day after the old end (or today when lapsed), on the same or another plan',
      params: idParamsSchema,
      body: renewInputSchema,
      response: { 201: membershipSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await inTenant(request, async (tx, ctx) =>
            loadMembershipJson(tx, ctx, await renewMembership(tx, ctx, request.params.id, request.body)),
          ),
        ),
  });

  /** `POST …/:id/<action>/`: one service call on the sale, answered with the sale as it is now. */
  const saleAction = <B extends z.ZodType, P extends z.ZodObject<{ id: typeof idSchema }>>(
    path: string,
    summary: string,
    params: P,
    body: B | null,
    output: z.ZodType,
    act: (tx: Tx, ctx: Ctx, params: z.output<P>, body: z.output<B>) => Promise<void>,
    load: (tx: Tx, ctx: Ctx, id: number) => Promise<unknown>,
    method: 'post' | 'delete' = 'post',
  ) =>
    app[method](path, {
      config,
      schema: { tags, summary, params, ...(body ? { body } : {}), response: { 200: output } },
      handler: async (request) => {
        const p = request.params as z.output<P>;
        return inTenant(request, async (tx, ctx) => {
          await act(tx, ctx, p, request.body as z.output<B>);
          return load(tx, ctx, p.id);
        });
      },
    });

  saleAction(
    `${API}/membership/:id/freeze/`,
    'Freeze: the end date moves out by the frozen days',
    idParamsSchema,
    freezeInputSchema,
    membershipSchema,
    (tx, ctx, p, body) => freezeMembership(tx, ctx, p.id, body),
    loadMembershipJson,
  );
  saleAction(
    `${API}/membership/:id/freeze/:freezeId/`,
    'Delete a freeze that has not started',
    z.object({ id: idSchema, freezeId: idSchema }),
    null,
    membershipSchema,
    (tx, ctx, p) => deleteFreeze(tx, ctx, p.id, p.freezeId),
    loadMembershipJson,
    'delete',
  );
  saleAction(
    `${API}/membership/:id/unfreeze/`,
    'End the running freeze early: the unused days come back',
    idParamsSchema,
    unfreezeInputSchema,
    membershipSchema,
    (tx, ctx, p, body) => unfreezeMembership(tx, ctx, p.id, body?.date ?? ctx.now.today),
    loadMembershipJson,
  );
  saleAction(
    `${API}/membership/:id/cancel/`,
    'Cancel: an optional refund (never more than paid) with a credit note; the invoice is closed',
    idParamsSchema,
    saleCancelInputSchema,
    membershipSchema,
    (tx, ctx, p, body) => cancelMembership(tx, ctx, p.id, body),
    loadMembershipJson,
  );
  saleAction(
    `${API}/member-service/:id/cancel/`,
    'Cancel a member service (optional refund with a credit note)',
    idParamsSchema,
    saleCancelInputSchema,
    memberServiceSchema,
    (tx, ctx, p, body) => cancelMemberService(tx, ctx, p.id, body),
    loadMemberServiceJson,
  );

  // ---- member services ----
  listRoute(app, `${API}/member-service/`, {
    module: MODULE,
    tags,
    summary: "Members' services (filters: member, service, status, running, has_due)",
    item: memberServiceSchema,
    list: memberServiceList,
  });

  r.post(`${API}/member-service/`, {
    config,
    schema: {
      tags,
      summary: 'Sell a service to a member: invoice at once, optional payment',
      body: memberServiceInputSchema,
      response: { 201: memberServiceSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inTenant(request, async (tx, ctx) => loadMemberServiceJson(tx, ctx, await sellService(tx, ctx, request.body)))),
  });

  r.get(`${API}/member-service/:id/`, {
    config,
    schema: { tags, summary: "A member's service", params: idParamsSchema, response: { 200: memberServiceSchema } },
    handler: async (request) => inTenant(request, (tx, ctx) => loadMemberServiceJson(tx, ctx, request.params.id)),
  });
}
