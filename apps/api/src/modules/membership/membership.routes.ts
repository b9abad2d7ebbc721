import {
  idSchema,
  isoDateSchema,
  memberServiceEndpoints,
  membershipEndpoints,
  MEMBERSHIP_STATUS_LABELS,
  MEMBERSHIP_STATUSES,
  z,
  type MemberService,
  type Membership,
  type MembershipStatus,
} from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { MODULE, tags } from './constants.js';
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
import { deleteFreeze, freezeMembership, unfreezeMembership, updateFreeze } from './freeze.service.js';
import { cancelMemberService, cancelMembership, renewMembership, sellMembership, sellService } from './sales.service.js';
import { member, memberService, membership, plan, service } from './schema.js';

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

const membershipList: ListDefinition<MembershipSelectRow, Membership> = {
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
      { header: 'Total', value: (m) => m.total, type: 'money', total: true },
      { header: 'Paid', value: (m) => m.paid, type: 'money', total: true },
      { header: 'Due', value: (m) => m.due, type: 'money', total: true },
      { header: 'Invoice', value: (m) => m.invoice?.number ?? '' },
    ],
  },
};

const memberServiceList: ListDefinition<MemberServiceSelectRow, MemberService> = {
  from: memberServiceFrom,
  fields: memberServiceFields,
  where: (ctx) => eq(memberService.organisationId, ctx.organisationId),
  search: [memberService.label, memberService.party, member.phone],
  filters: {
    ...saleFilters(memberService),
    service: { schema: idSchema, where: (v: number) => eq(memberService.serviceId, v), label: 'Service', show: showName(service) },
    /** The services a staff member gives (their page's Assigned Services). */
    staff: { schema: idSchema, where: (v: number) => eq(memberService.staffId, v), label: 'Staff' },
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
      { header: 'Total', value: (s) => s.total, type: 'money', total: true },
      { header: 'Paid', value: (s) => s.paid, type: 'money', total: true },
      { header: 'Due', value: (s) => s.due, type: 'money', total: true },
    ],
  },
};

/** Memberships and member services: the lists, sell, renew, freeze, cancel. */
export async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const e = membershipEndpoints;
  const module = MODULE;
  // ---- memberships ----
  listRoute(app, e.list, {
    module,
    tags,
    summary: 'Memberships (filters: member, plan, status, running, centre, has_due)',
    list: membershipList,
  });

  route(app, e.create, {
    module,
    tags,
    summary: 'Put a member on a plan: invoice at once, optional first payment',
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inTenant(request, async (tx, ctx) => loadMembershipJson(tx, ctx, await sellMembership(tx, ctx, request.body)))),
  });

  route(app, e.retrieve, {
    module,
    tags,
    summary: 'A membership',
    handler: async (request) => inTenant(request, (tx, ctx) => loadMembershipJson(tx, ctx, request.params.id)),
  });

  route(app, e.renew, {
    module,
    tags,
    summary: 'Renew: a new membership from the day after the old end (or today when lapsed), on the same or another plan',
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await inTenant(request, async (tx, ctx) =>
            loadMembershipJson(tx, ctx, await renewMembership(tx, ctx, request.params.id, request.body)),
          ),
        ),
  });

  // Each action on a sale answers the sale as it is now.
  route(app, e.freeze, {
    module,
    tags,
    summary: 'Freeze: the end date moves out by the frozen days',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await freezeMembership(tx, ctx, request.params.id, request.body);
        return loadMembershipJson(tx, ctx, request.params.id);
      }),
  });
  route(app, e.updateFreeze, {
    module,
    tags,
    summary: "Change a scheduled freeze's days, a running one's last day, or a freeze's reason",
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await updateFreeze(tx, ctx, request.params.id, request.params.freezeId, request.body);
        return loadMembershipJson(tx, ctx, request.params.id);
      }),
  });
  route(app, e.deleteFreeze, {
    module,
    tags,
    summary: 'Delete a freeze that has not started',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await deleteFreeze(tx, ctx, request.params.id, request.params.freezeId);
        return loadMembershipJson(tx, ctx, request.params.id);
      }),
  });
  route(app, e.unfreeze, {
    module,
    tags,
    summary: 'End the running freeze early: the unused days come back',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await unfreezeMembership(tx, ctx, request.params.id, request.body?.date ?? ctx.now.today);
        return loadMembershipJson(tx, ctx, request.params.id);
      }),
  });
  route(app, e.cancel, {
    module,
    tags,
    summary: 'Cancel: an optional refund (never more than paid) with a credit note; the invoice is closed',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await cancelMembership(tx, ctx, request.params.id, request.body);
        return loadMembershipJson(tx, ctx, request.params.id);
      }),
  });
  route(app, memberServiceEndpoints.cancel, {
    module,
    tags,
    summary: 'Cancel a member service (optional refund with a credit note)',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await cancelMemberService(tx, ctx, request.params.id, request.body);
        return loadMemberServiceJson(tx, ctx, request.params.id);
      }),
  });

  // ---- member services ----
  listRoute(app, memberServiceEndpoints.list, {
    module,
    tags,
    summary: "Members' services (filters: member, service, status, running, has_due)",
    list: memberServiceList,
  });

  route(app, memberServiceEndpoints.create, {
    module,
    tags,
    summary: 'Sell a service to a member: invoice at once, optional payment',
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await inTenant(request, async (tx, ctx) => loadMemberServiceJson(tx, ctx, await sellService(tx, ctx, request.body)))),
  });

  route(app, memberServiceEndpoints.retrieve, {
    module,
    tags,
    summary: "A member's service",
    handler: async (request) => inTenant(request, (tx, ctx) => loadMemberServiceJson(tx, ctx, request.params.id)),
  });
}
