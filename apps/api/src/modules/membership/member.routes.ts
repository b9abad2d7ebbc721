import {
  freezeInputSchema,
  fromPaise,
  moneyFromSql,
  signedPaise,
  memberPaymentTotalsSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  LEDGER_KINDS,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
  memberCreatedSchema,
  memberInputSchema,
  memberPaymentInputSchema,
  memberPaymentSchema,
  memberSchema,
  memberServiceInputSchema,
  memberServiceSchema,
  membershipInputSchema,
  membershipSchema,
  MEMBERSHIP_STATUS_LABELS,
  MEMBERSHIP_STATUSES,
  membershipSettingsInputSchema,
  membershipSettingsSchema,
  memberUpdateSchema,
  renewInputSchema,
  saleCancelInputSchema,
  unfreezeInputSchema,
  z,
  type LedgerKind,
  type Member,
  type MemberPayment,
  type MemberStatus,
  type MembershipStatus,
} from '@arena/contracts';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest, notFound } from '../../platform/errors.js';
import { organisationFolder, readFormBody, removeUpload, saveImage, type FormBody } from '../../platform/files.js';
import { conditions, listRoute, showName, totalsQuery, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import type { Tx } from '../../platform/db/client.js';
import { displayDate } from '../../platform/time.js';
import { parseOrThrow } from '../../platform/validate.js';
import { centre } from '../administrator/index.js';
import { ledgerAlias as l, ledgerFields, ledgerFrom, ledgerJson, type LedgerSelectRow } from '../income-expense/index.js';
import { memberCardPdf } from './card.js';
import { API, MODULE, tags } from './constants.js';
import {
  loadMember,
  loadMemberJson,
  loadMemberServiceJson,
  loadMembershipJson,
  memberServiceFields,
  memberServiceFrom,
  memberServicesJson,
  membersJson,
  membershipFields,
  membershipFrom,
  membershipsJson,
  type MemberServiceSelectRow,
  type MembershipSelectRow,
} from './member.queries.js';
import { createMember, saveSettings, updateMember } from './member.service.js';
import {
  cancelMemberService,
  cancelMembership,
  collectPayment,
  deleteFreeze,
  freezeMembership,
  renewMembership,
  sellMembership,
  sellService,
  unfreezeMembership,
} from './sales.service.js';
import { batchMember, member, memberService, membership, plan, service, type MemberRow } from './schema.js';
import { reminderDays } from './status.js';

const config = { module: MODULE } as const;
const RUNNING: MembershipStatus[] = ['upcoming', 'active', 'expiring', 'frozen'];

const memberList: ListDefinition<{ m: MemberRow }, Member> = {
  from: (tx, fields) => tx.select(fields).from(member).$dynamic(),
  fields: { m: member },
  where: (ctx) => eq(member.organisationId, ctx.organisationId),
  search: [
    member.firstName,
    member.lastName,
    sql`${member.firstName} || ' ' || ${member.lastName}`,
    member.phone,
    member.memberCode,
    member.email,
  ],
  filters: {
    status: {
      schema: z.enum(MEMBER_STATUSES),
      where: (v: MemberStatus) => eq(member.status, v),
      label: 'Status',
      show: (v: MemberStatus) => MEMBER_STATUS_LABELS[v],
    },
    centre: { schema: idSchema, where: (v: number) => eq(member.centreId, v), label: 'Center', show: showName(centre) },
    plan: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from membership x where x.organisation_id = ${member.organisationId} and x.member_id = ${member.id}
                    and x.plan_id = ${v} and x.status in ('upcoming', 'active', 'expiring', 'frozen'))`,
      label: 'Plan',
      show: showName(plan),
    },
    batch: {
      schema: idSchema,
      where: (v: number) =>
        sql`exists (select 1 from ${batchMember} where ${batchMember.organisationId} = ${member.organisationId} and ${batchMember.memberId} = ${member.id} and ${batchMember.batchId} = ${v})`,
      label: 'Batch',
    },
    trainer: { schema: idSchema, where: (v: number) => eq(member.trainerId, v), label: 'Trainer' },
    is_active: { schema: z.stringbool(), where: (v: boolean) => eq(member.isActive, v), label: 'Active', show: yesNo },
    has_due: {
      schema: z.stringbool(),
      where: (v: boolean) =>
        sql`${v ? sql`` : sql`not `}exists (
              select 1 from membership x where x.organisation_id = ${member.organisationId} and x.member_id = ${member.id} and x.cancelled_at is null and x.paid < x.total
              union all
              select 1 from member_service y where y.organisation_id = ${member.organisationId} and y.member_id = ${member.id} and y.cancelled_at is null and y.paid < y.total)`,
      label: 'With dues',
      show: yesNo,
    },
    joined_after: { schema: isoDateSchema, where: (v: string) => gte(member.joinedOn, v), label: 'Joined from', show: displayDate },
    joined_before: { schema: isoDateSchema, where: (v: string) => lte(member.joinedOn, v), label: 'Joined to', show: displayDate },
  },
  ordering: {
    member_code: member.memberCode,
    first_name: member.firstName,
    last_name: member.lastName,
    joined_on: member.joinedOn,
    status: member.status,
    created_at: member.createdAt,
  },
  defaultOrdering: [desc(member.id)],
  tiebreak: member.id,
  map: (tx, ctx, rows) =>
    membersJson(
      tx,
      ctx,
      rows.map((r) => r.m),
    ),
  export: {
    filename: 'members',
    title: 'Members',
    columns: [
      { header: 'Code', value: (m) => m.member_code },
      { header: 'Name', value: (m) => m.full_name },
      { header: 'Phone', value: (m) => m.phone },
      { header: 'E-mail', value: (m) => m.email },
      { header: 'Gender', value: (m) => m.gender },
      { header: 'Center', value: (m) => m.centre_name },
      { header: 'Status', value: (m) => MEMBER_STATUS_LABELS[m.status] },
      { header: 'Plan', value: (m) => m.current_membership?.plan_name ?? '' },
      { header: 'Ends', value: (m) => m.current_membership?.end_date ?? null, type: 'date' },
      { header: 'Due', value: (m) => m.due, type: 'money' },
      { header: 'Joined', value: (m) => m.joined_on, type: 'date' },
      { header: 'Source', value: (m) => m.source },
    ],
  },
};

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
const ms = alias(membership, 'ms');
const svc = alias(memberService, 'svc');
const payer = alias(member, 'payer');
type PaymentRow = LedgerSelectRow & {
  memberId: number | null;
  memberCode: string | null;
  memberFirst: string | null;
  memberLast: string | null;
};
const paymentMemberId = sql<number | null>`coalesce(${ms.memberId}, ${svc.memberId})`;

const paymentList: ListDefinition<PaymentRow, MemberPayment> = {
  from: (tx, fields) =>
    ledgerFrom(tx, fields)
      .leftJoin(ms, and(eq(l.sourceType, 'membership'), eq(ms.organisationId, l.organisationId), eq(ms.id, l.sourceId)))
      .leftJoin(svc, and(eq(l.sourceType, 'member_service'), eq(svc.organisationId, l.organisationId), eq(svc.id, l.sourceId)))
      .leftJoin(payer, and(eq(payer.organisationId, l.organisationId), eq(payer.id, paymentMemberId))),
  fields: { ...ledgerFields, memberId: payer.id, memberCode: payer.memberCode, memberFirst: payer.firstName, memberLast: payer.lastName },
  where: (ctx) => and(eq(l.organisationId, ctx.organisationId), eq(l.module, MODULE)),
  search: [l.party, l.sourceLabel, l.reference, payer.memberCode, payer.phone],
  filters: {
    member: { schema: idSchema, where: (v: number) => eq(payer.id, v), label: 'Member' },
    membership: { schema: idSchema, where: (v: number) => and(eq(l.sourceType, 'membership'), eq(l.sourceId, v))!, label: 'Membership' },
    member_service: {
      schema: idSchema,
      where: (v: number) => and(eq(l.sourceType, 'member_service'), eq(l.sourceId, v))!,
      label: 'Member service',
    },
    kind: { schema: z.enum(LEDGER_KINDS), where: (v: LedgerKind) => eq(l.kind, v), label: 'Kind' },
    centre: { schema: idSchema, where: (v: number) => eq(l.centreId, v), label: 'Center', show: showName(centre) },
    payment_mode: { schema: idSchema, where: (v: number) => eq(l.paymentModeId, v), label: 'Payment mode' },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(l.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(l.date, v), label: 'To', show: displayDate },
  },
  ordering: { date: l.date, amount: l.amount, created_at: l.createdAt },
  defaultOrdering: [desc(l.date), desc(l.id)],
  tiebreak: l.id,
  map: (_tx, _ctx, rows) =>
    rows.map((r) => ({
      ...ledgerJson(r),
      member: r.memberId,
      member_name: `${r.memberFirst ?? ''} ${r.memberLast ?? ''}`.trim() || r.e.party,
      member_code: r.memberCode ?? '',
    })),
  export: {
    filename: 'membership-payments',
    title: 'Membership payments',
    columns: [
      { header: 'Date', value: (p) => p.date, type: 'date' },
      { header: 'Kind', value: (p) => p.kind },
      { header: 'Member', value: (p) => `${p.member_name} (${p.member_code})` },
      { header: 'For', value: (p) => p.source.label },
      { header: 'Payment mode', value: (p) => p.payment_mode_name },
      { header: 'Reference', value: (p) => p.reference },
      { header: 'Amount', value: (p) => p.amount, type: 'money' },
      { header: 'Invoice', value: (p) => p.invoice_number },
      { header: 'Recorded by', value: (p) => p.recorded_by },
    ],
  },
};

/** Multipart bodies carry `membership` (and `payment` inside it) as a JSON text part. */
function memberBody(form: FormBody, multipart: boolean): Record<string, unknown> {
  const fields = { ...form.fields };
  delete fields.photo;
  if (!multipart) return fields;
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) {
      if (['date_of_birth', 'trainer', 'membership'].includes(key)) fields[key] = null;
      else if (
        [
          'last_name',
          'email',
          'address',
          'emergency_contact_name',
          'emergency_contact_phone',
          'blood_group',
          'health_notes',
          'notes',
        ].includes(key)
      )
        fields[key] = '';
      else delete fields[key];
    } else if (key === 'is_active') fields[key] = value === 'true' ? true : value === 'false' ? false : value;
    else if (key === 'membership' && typeof value === 'string') {
      try {
        fields[key] = JSON.parse(value);
      } catch {
        throw badRequest({ membership: ['Send the membership as a JSON object.'] });
      }
    }
  }
  return fields;
}

async function readMemberBody(request: FastifyRequest) {
  const form = await readFormBody(request);
  return { form, fields: memberBody(form, request.isMultipart()) };
}

export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploadNote =
    'JSON, or multipart/form-data with the same fields as text parts (`membership` as JSON text) and the photo (PNG, JPEG, GIF or WebP, at most 2 MB) in `photo`.';

  // ---- members ----
  listRoute(app, `${API}/member/`, {
    module: MODULE,
    tags,
    summary: 'Members (filters: status, centre, plan, batch, trainer, search)',
    item: memberSchema,
    list: memberList,
  });

  r.post(`${API}/member/`, {
    config,
    schema: {
      tags,
      summary: 'Add a member, optionally on a plan with a first payment, in one step',
      description: uploadNote,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 201: memberCreatedSchema },
    },
    handler: async (request, reply) => {
      const { form, fields } = await readMemberBody(request);
      const input = parseOrThrow(memberInputSchema, fields);
      const orgId = request.organisation!.id;
      const photo = form.files.photo ? await saveImage(app.config, organisationFolder(orgId), form.files.photo, 'photo') : null;
      try {
        const out = await inTenant(request, async (tx, ctx) => {
          const created = await createMember(tx, ctx, input, photo);
          const json = (await membersJson(tx, ctx, [await loadMember(tx, ctx, created.member.id)]))[0];
          return { ...json, membership: created.membershipId ? await loadMembershipJson(tx, ctx, created.membershipId) : null };
        });
        return reply.status(201).send(out);
      } catch (err) {
        await removeUpload(app.config, photo);
        throw err;
      }
    },
  });

  r.get(`${API}/member/:id/`, {
    config,
    schema: { tags, summary: 'A member', params: idParamsSchema, response: { 200: memberSchema } },
    handler: async (request) => inTenant(request, (tx, ctx) => loadMemberJson(tx, ctx, request.params.id)),
  });

  for (const method of ['patch', 'put'] as const)
    r[method](`${API}/member/:id/`, {
      config,
      schema: {
        tags,
        summary: 'Edit a member',
        description: `${uploadNote} Send \`photo: null\` to remove the photo.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        response: { 200: memberSchema },
      },
      handler: async (request) => {
        const { form, fields } = await readMemberBody(request);
        const changes = parseOrThrow(memberUpdateSchema, fields);
        const orgId = request.organisation!.id;
        const photo = form.files.photo
          ? await saveImage(app.config, organisationFolder(orgId), form.files.photo, 'photo')
          : form.fields.photo === null && 'photo' in form.fields
            ? null
            : undefined;
        try {
          const { before, json } = await inTenant(request, async (tx, ctx) => {
            const { before: b } = await updateMember(tx, ctx, request.params.id, changes, photo);
            return { before: b, json: await loadMemberJson(tx, ctx, request.params.id) };
          });
          if (photo !== undefined && before.photo) await removeUpload(app.config, before.photo);
          return json;
        } catch (err) {
          if (photo) await removeUpload(app.config, photo);
          throw err;
        }
      },
    });

  r.get(`${API}/member/:id/card/`, {
    config,
    schema: {
      tags,
      summary: "The member's card (PDF): name, code, photo, plan, end date and the QR code used for check-in",
      params: idParamsSchema,
    },
    handler: async (request, reply) => {
      const card = await inTenant(request, async (tx, ctx) => {
        const m = await loadMember(tx, ctx, request.params.id);
        return { member: (await membersJson(tx, ctx, [m]))[0], photo: m.photo, organisation: ctx.organisation.displayName };
      });
      const pdf = await memberCardPdf(app.config, card);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${card.member.member_code}-card.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

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

  // ---- payments ----
  listRoute(app, `${API}/payment-history/`, {
    module: MODULE,
    tags,
    summary: 'Receipts and refunds of memberships and member services (the ledger, filtered)',
    item: memberPaymentSchema,
    list: paymentList,
  });

  r.get(`${API}/payment-history/totals/`, {
    config,
    schema: {
      tags,
      summary: 'Count, receipts, refunds and net of the payments the same filters select',
      querystring: totalsQuery(paymentList.filters),
      response: { 200: memberPaymentTotalsSchema },
    },
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const [row] = (await paymentList
          .from(tx, {
            count: sql<number>`count(*)::int`,
            receipts: sql<string>`coalesce(sum(case when ${l.kind} = 'receipt' then ${l.amount} when ${l.kind} = 'reversal' and ${l.direction} = 'out' then -${l.amount} else 0 end), 0)::text`,
            refunds: sql<string>`coalesce(sum(case when ${l.kind} = 'refund' then ${l.amount} when ${l.kind} = 'reversal' and ${l.direction} = 'in' then -${l.amount} else 0 end), 0)::text`,
          })
          .where(conditions(paymentList, request.query as Record<string, unknown>, ctx))) as {
          count: number;
          receipts: string;
          refunds: string;
        }[];
        const receipts = moneyFromSql(row.receipts);
        const refunds = moneyFromSql(row.refunds);
        const net = fromPaise((signedPaise(receipts) ?? 0) - (signedPaise(refunds) ?? 0));
        return { count: Number(row.count), receipts, refunds, net, income: receipts, expense: refunds };
      }),
  });

  r.post(`${API}/payment-history/`, {
    config,
    schema: {
      tags,
      summary: 'Take a payment against a membership or a member service (partial allowed, never above the due)',
      body: memberPaymentInputSchema,
      response: { 201: memberPaymentSchema },
    },
    handler: async (request, reply) => {
      const out = await inTenant(request, async (tx, ctx) => {
        const id = await collectPayment(tx, ctx, request.body);
        const rows = (await paymentList
          .from(tx, paymentList.fields)
          .where(and(eq(l.organisationId, ctx.organisationId), eq(l.id, id)))) as PaymentRow[];
        if (!rows.length) throw notFound();
        return (await paymentList.map(tx, ctx, rows))[0];
      });
      return reply.status(201).send(out);
    },
  });

  // ---- settings ----
  r.get(`${API}/settings/`, {
    config,
    schema: { tags, summary: "The organisation's membership settings", response: { 200: membershipSettingsSchema } },
    handler: async (request) => inTenant(request, async (tx, ctx) => ({ reminder_days: await reminderDays(tx, ctx) })),
  });

  r.put(`${API}/settings/`, {
    config,
    schema: {
      tags,
      summary: 'Change the reminder window ("expiring" within N days)',
      body: membershipSettingsInputSchema,
      response: { 200: membershipSettingsSchema },
    },
    handler: async (request) => inTenant(request, async (tx, ctx) => ({ reminder_days: await saveSettings(tx, ctx, request.body) })),
  });
}
