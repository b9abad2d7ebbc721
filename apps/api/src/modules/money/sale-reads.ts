/**
 * What other modules read of their sales' money, by sale: the invoice of each, what was refunded,
 * how the last payment came. They never name the money tables.
 */
import { fromPaise, paise, type InvoiceStatus } from '@arena/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inIds, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import type { SaleRef } from './ledger.service.js';
import { paymentMode } from '../administrator/index.js';
import { invoice, ledgerEntry } from './schema.js';

type Org = Pick<Ctx, 'organisationId'>;
const first = alias(invoice, 'first');

export interface CreditNoteRef {
  id: number;
  number: string;
  date: string;
  total: string;
}

/** The first invoices (not supplementary) of the sales of a kind: the rows of their partial unique index. */
const firstInvoices = (t: typeof invoice | typeof first, ctx: Org, type: string, ids: readonly number[]) =>
  and(
    eq(t.organisationId, ctx.organisationId),
    eq(t.kind, 'invoice'),
    eq(t.sourceType, type),
    inIds(t.sourceId, ids),
    isNull(t.supplementsId),
  );

/**
 * The (first) tax invoice of each sale of a kind, by sale id, with the credit notes against it
 * (oldest first); a supplementary invoice is reached from it (`supplementaryInvoicesOf`).
 */
export async function invoicesOf(
  tx: Tx,
  ctx: Org,
  type: string,
  ids: readonly number[],
): Promise<Map<number, { id: number; number: string; status: InvoiceStatus; credit_notes: CreditNoteRef[] }>> {
  if (!ids.length) return new Map();
  // The first invoices by the partial unique index on (organisation, source) of first invoices,
  // then their credit notes by the index on (organisation, against): no scan of the invoices.
  const firsts = await tx
    .select({ id: invoice.id, number: invoice.number, status: invoice.status, sourceId: invoice.sourceId })
    .from(invoice)
    .where(firstInvoices(invoice, ctx, type, ids));
  const notes = new Map<number, CreditNoteRef[]>();
  if (firsts.length) {
    const rows = await tx
      .select({ id: invoice.id, number: invoice.number, date: invoice.date, total: invoice.total, againstId: invoice.againstId })
      .from(invoice)
      .where(
        and(
          eq(invoice.organisationId, ctx.organisationId),
          inIds(
            invoice.againstId,
            firsts.map((f) => f.id),
          ),
          eq(invoice.kind, 'credit_note'),
        ),
      )
      .orderBy(asc(invoice.id));
    for (const r of rows)
      notes.set(r.againstId!, [...(notes.get(r.againstId!) ?? []), { id: r.id, number: r.number, date: r.date, total: r.total }]);
  }
  return new Map(
    firsts.map((r) => [Number(r.sourceId), { id: r.id, number: r.number, status: r.status, credit_notes: notes.get(r.id) ?? [] }]),
  );
}

/** The supplementary invoices of each sale of a kind (a sale that grew after it was invoiced), in order, by sale id; absent when none. */
export async function supplementaryInvoicesOf(
  tx: Tx,
  ctx: Org,
  type: string,
  ids: readonly number[],
): Promise<Map<number, { id: number; number: string; status: InvoiceStatus }[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: invoice.id, number: invoice.number, status: invoice.status, sourceId: invoice.sourceId })
    .from(invoice)
    .where(
      and(
        eq(invoice.organisationId, ctx.organisationId),
        eq(invoice.kind, 'invoice'),
        // By the first invoices (their partial unique index), then the index on `supplements`: a
        // page of a list never scans the organisation's invoices.
        inArray(
          invoice.supplementsId,
          tx
            .select({ id: first.id })
            .from(first)
            .where(firstInvoices(first, ctx, type, ids)),
        ),
      ),
    )
    .orderBy(invoice.id);
  const out = new Map<number, { id: number; number: string; status: InvoiceStatus }[]>();
  for (const r of rows)
    out.set(Number(r.sourceId), [...(out.get(Number(r.sourceId)) ?? []), { id: r.id, number: r.number, status: r.status }]);
  return out;
}

/** What was refunded on each sale of a kind (net of reversed refunds), by sale id; absent when nothing. */
export async function refundsOf(tx: Tx, ctx: Org, type: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: ledgerEntry.sourceId, amount: sql<string>`sum(${ledgerEntry.amount})::text` })
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.organisationId, ctx.organisationId),
        eq(ledgerEntry.sourceType, type),
        inIds(ledgerEntry.sourceId, ids),
        eq(ledgerEntry.kind, 'refund'),
        isNull(ledgerEntry.reversedBy),
      ),
    )
    .groupBy(ledgerEntry.sourceId);
  return new Map(rows.map((r) => [Number(r.id), fromPaise(paise(r.amount))]));
}

/** The payment mode of a sale's last receipt still standing: a refund goes back the way the money came unless told otherwise. */
export async function lastReceiptMode(tx: Tx, ctx: Org, ref: SaleRef): Promise<number | null> {
  const [row] = await tx
    .select({ mode: ledgerEntry.paymentModeId })
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.organisationId, ctx.organisationId),
        eq(ledgerEntry.sourceType, ref.type),
        eq(ledgerEntry.sourceId, ref.id),
        eq(ledgerEntry.kind, 'receipt'),
        isNull(ledgerEntry.reversedBy),
      ),
    )
    .orderBy(desc(ledgerEntry.id))
    .limit(1);
  return row?.mode ?? null;
}

/** The receipts and refunds of one sale, oldest first, with their modes' names (a refund's amount negative). */
export async function salePayments(
  tx: Tx,
  ctx: Org,
  ref: SaleRef,
): Promise<{ mode: string; amount: string; reference: string; date: string; kind: 'receipt' | 'refund' }[]> {
  const rows = await tx
    .select({
      mode: paymentMode.name,
      amount: ledgerEntry.amount,
      reference: ledgerEntry.reference,
      date: ledgerEntry.date,
      kind: ledgerEntry.kind,
    })
    .from(ledgerEntry)
    .leftJoin(paymentMode, and(eq(paymentMode.organisationId, ledgerEntry.organisationId), eq(paymentMode.id, ledgerEntry.paymentModeId)))
    .where(
      and(
        eq(ledgerEntry.organisationId, ctx.organisationId),
        eq(ledgerEntry.sourceType, ref.type),
        eq(ledgerEntry.sourceId, ref.id),
        inArray(ledgerEntry.kind, ['receipt', 'refund']),
        isNull(ledgerEntry.reversedBy),
      ),
    )
    .orderBy(asc(ledgerEntry.id));
  return rows.map((r) => ({
    mode: r.mode ?? '',
    amount: fromPaise((r.kind === 'refund' ? -1 : 1) * paise(r.amount)),
    reference: r.reference,
    date: r.date,
    kind: r.kind as 'receipt' | 'refund',
  }));
}
