import {
  fromPaise,
  LEDGER_KIND_LABELS,
  LEDGER_TYPE_LABELS,
  ledgerEndpoints as e,
  ledgerFilterShape as shape,
  toPaise,
  type Direction,
  type LedgerEntry,
  type LedgerKind,
  type LedgerType,
} from '@arena/contracts';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../platform/errors.js';
import { conditions, listRoute, showName, type Filters, type ListDefinition } from '../../../platform/list.js';
import { inTenant, type Ctx } from '../../../platform/request-context.js';
import { route } from '../../../platform/route.js';
import { displayDate } from '../../../platform/time.js';
import type { Tx } from '../../../platform/db/client.js';
import { centre, paymentMode } from '../../administrator/index.js';
import { moneyCategory } from '../schema.js';
import { MODULE } from './constants.js';
import { reverseMovement } from './entry.service.js';
import { l, ledgerFields, ledgerFrom, ledgerJson, ledgerTotalFields, ledgerTotalsJson, type LedgerSelectRow } from './ledger.queries.js';

const tags = ['income-expense'];

/** The ledger's filters, on the contract's schemas (`ledgerFilterShape`): the list and its totals read the same ones. */
const filters: Filters = {
  type: {
    schema: shape.type,
    where: (v: LedgerType) => eq(l.type, v),
    label: 'Type',
    show: (v: LedgerType) => LEDGER_TYPE_LABELS[v],
  },
  kind: {
    schema: shape.kind,
    where: (v: LedgerKind) => eq(l.kind, v),
    label: 'Kind',
    show: (v: LedgerKind) => LEDGER_KIND_LABELS[v],
  },
  direction: {
    schema: shape.direction,
    where: (v: Direction) => eq(l.direction, v),
    label: 'Direction',
    show: (v: Direction) => (v === 'in' ? 'In' : 'Out'),
  },
  module: { schema: shape.module, where: (v: string) => eq(l.module, v), label: 'Module' },
  payment_mode: {
    schema: shape.payment_mode,
    where: (v: number) => eq(l.paymentModeId, v),
    label: 'Payment mode',
    show: showName(paymentMode),
  },
  centre: { schema: shape.centre, where: (v: number) => eq(l.centreId, v), label: 'Center', show: showName(centre) },
  category: { schema: shape.category, where: (v: number) => eq(l.categoryId, v), label: 'Category', show: showName(moneyCategory) },
  date_after: { schema: shape.date_after, where: (v: string) => gte(l.date, v), label: 'From', show: displayDate },
  date_before: { schema: shape.date_before, where: (v: string) => lte(l.date, v), label: 'To', show: displayDate },
};

/** The signed amount of a movement as the screen shows it: money in positive, money out negative. */
const signed = (e: LedgerEntry) => (e.direction === 'in' ? e.amount : fromPaise(-(toPaise(e.amount) ?? 0)));

const transactionList: ListDefinition<LedgerSelectRow, LedgerEntry> = {
  from: ledgerFrom,
  fields: ledgerFields,
  where: (ctx) => eq(l.organisationId, ctx.organisationId),
  search: [l.party, l.reference, l.sourceLabel, l.notes],
  filters,
  ordering: { date: l.date, amount: l.amount, created_at: l.createdAt },
  defaultOrdering: [desc(l.date), desc(l.id)],
  tiebreak: l.id,
  map: (_tx, _ctx, rows) => rows.map(ledgerJson),
  export: {
    filename: 'transactions',
    title: 'Transactions',
    columns: [
      { header: 'Date', value: (e) => e.date, type: 'date' },
      { header: 'Kind', value: (e) => LEDGER_KIND_LABELS[e.kind] },
      { header: 'Type', value: (e) => LEDGER_TYPE_LABELS[e.type] },
      { header: 'Module', value: (e) => e.module },
      { header: 'Source', value: (e) => e.source.label },
      { header: 'Party', value: (e) => e.party },
      { header: 'Category', value: (e) => e.category_name },
      { header: 'Center', value: (e) => e.centre_name },
      { header: 'Payment mode', value: (e) => e.payment_mode_name },
      { header: 'Reference', value: (e) => e.reference },
      { header: 'Invoice', value: (e) => e.invoice_number },
      { header: 'Amount', value: signed, type: 'money', total: true },
      { header: 'Notes', value: (e) => e.notes },
      { header: 'Recorded by', value: (e) => e.recorded_by },
      { header: 'Recorded at', value: (e) => e.created_at, type: 'datetime' },
    ],
  },
};

/** One movement as the list shows it. */
export async function loadLedgerJson(tx: Tx, ctx: Ctx, id: number): Promise<LedgerEntry> {
  const [row] = (await ledgerFrom(tx, ledgerFields)
    .where(and(eq(l.organisationId, ctx.organisationId), eq(l.id, id)))
    .limit(1)) as unknown as LedgerSelectRow[];
  if (!row) throw notFound();
  return ledgerJson(row);
}

/** Income/Expenses › Transactions: every movement of every module on the one ledger. */
export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: 'Every movement of money of every module (the one ledger)',
    list: transactionList,
  });

  route(app, e.totals, {
    module: MODULE,
    tags,
    summary: 'Count, income, expense and net of the movements the same filters select',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const [row] = (await ledgerFrom(tx, ledgerTotalFields).where(conditions(transactionList, request.query, ctx))) as Parameters<
          typeof ledgerTotalsJson
        >[0][];
        return ledgerTotalsJson(row);
      }),
  });

  route(app, e.reverse, {
    module: MODULE,
    tags,
    summary: 'Reverse a movement with a reason: a new movement the other way (a receipt also lowers its sale’s paid amount)',
    handler: async (request, reply) => {
      const out = await inTenant(request, async (tx, ctx) =>
        loadLedgerJson(tx, ctx, (await reverseMovement(tx, ctx, request.params.id, request.body.reason)).id),
      );
      return reply.status(201).send(out);
    },
  });
}
