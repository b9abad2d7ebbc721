import {
  fromPaise,
  moneyFromSql,
  signedPaise,
  memberPaymentFilterShape as f,
  membershipPaymentEndpoints as e,
  type LedgerKind,
  type MemberPayment,
} from '@arena/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '../../platform/errors.js';
import { conditions, listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { ledgerAlias as l, ledgerFields, ledgerFrom, ledgerJson, type LedgerSelectRow } from '../money/index.js';
import { MODULE, tags } from './constants.js';
import { collectPayment } from './sales.service.js';
import { member, memberService, membership } from './schema.js';

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
  // The totals take the same filters (`memberPaymentFilterShape` in the contracts).
  filters: {
    member: { schema: f.member, where: (v: number) => eq(payer.id, v), label: 'Member' },
    membership: {
      schema: f.membership,
      where: (v: number) => and(eq(l.sourceType, 'membership'), eq(l.sourceId, v))!,
      label: 'Membership',
    },
    member_service: {
      schema: f.member_service,
      where: (v: number) => and(eq(l.sourceType, 'member_service'), eq(l.sourceId, v))!,
      label: 'Member service',
    },
    kind: { schema: f.kind, where: (v: LedgerKind) => eq(l.kind, v), label: 'Kind' },
    centre: { schema: f.centre, where: (v: number) => eq(l.centreId, v), label: 'Center', show: showName(centre) },
    payment_mode: { schema: f.payment_mode, where: (v: number) => eq(l.paymentModeId, v), label: 'Payment mode' },
    date_after: { schema: f.date_after, where: (v: string) => gte(l.date, v), label: 'From', show: displayDate },
    date_before: { schema: f.date_before, where: (v: string) => lte(l.date, v), label: 'To', show: displayDate },
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
      { header: 'Amount', value: (p) => p.amount, type: 'money', total: true },
      { header: 'Invoice', value: (p) => p.invoice_number },
      { header: 'Recorded by', value: (p) => p.recorded_by },
    ],
  },
};

/** Payment history: receipts and refunds of memberships and member services, their totals, and collecting a payment. */
export async function paymentHistoryRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: 'Receipts and refunds of memberships and member services (the ledger, filtered)',
    list: paymentList,
  });

  route(app, e.totals, {
    module: MODULE,
    tags,
    summary: 'Count, receipts, refunds and net of the payments the same filters select',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const [row] = (await paymentList
          .from(tx, {
            count: sql<number>`count(*)::int`,
            receipts: sql<string>`coalesce(sum(case when ${l.kind} = 'receipt' then ${l.amount} when ${l.kind} = 'reversal' and ${l.direction} = 'out' then -${l.amount} else 0 end), 0)::text`,
            refunds: sql<string>`coalesce(sum(case when ${l.kind} = 'refund' then ${l.amount} when ${l.kind} = 'reversal' and ${l.direction} = 'in' then -${l.amount} else 0 end), 0)::text`,
          })
          .where(conditions(paymentList, request.query, ctx))) as {
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

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Take a payment against a membership or a member service (partial allowed, never above the due)',
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
}
