/**
 * What a sale owes, for a page that asks someone to pay it (a payment link, issue 23): the sale as
 * the ledger sees it (label, party, total, paid, open), its invoices' numbers, lines and buyer.
 * Optionally locks the sale's row, so a payment recorded after the read cannot overshoot the due.
 */
import { fromPaise, toPaise, type ModuleName } from '@arena/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import type { SaleRef } from './ledger.service.js';
import { invoice, invoiceLine } from './schema.js';
import { hasSaleSource, saleSource } from './sources.js';

export interface SaleSummary {
  type: string;
  /** What its sales are called ('membership', 'booking'). */
  noun: string;
  /** The module the sale belongs to ('Membership Management'). */
  module: ModuleName;
  label: string;
  party: string;
  open: boolean;
  total: string;
  paid: string;
  /** total − paid, never below 0; 0 for a cancelled sale. */
  due: string;
  buyer: { name: string; phone: string; email: string };
  invoices: { id: number; number: string }[];
  lines: { description: string; quantity: string; amount: string }[];
}

/** The sale's summary, or null when the organisation has no such sale (or no such kind of sale). */
export async function saleSummary(tx: Tx, ctx: Ctx, ref: SaleRef, options: { lock?: boolean } = {}): Promise<SaleSummary | null> {
  if (!hasSaleSource(ref.type)) return null;
  const t = saleSource(ref.type);
  const [sale] = await queryRows<{ label: string; party: string; paid: string; total: string; open: boolean }>(
    tx,
    sql`select ${t.label} as label, ${t.party} as party, ${t.paid}::text as paid, (${t.total})::text as total, (${t.open}) as open
        from ${t.table} where organisation_id = ${ctx.organisationId} and id = ${ref.id}
        ${options.lock ? sql`for update` : sql``}`,
  );
  if (!sale) return null;
  const invoices = await tx
    .select({ id: invoice.id, number: invoice.number, name: invoice.buyerName, phone: invoice.buyerPhone, email: invoice.buyerEmail })
    .from(invoice)
    .where(
      and(
        eq(invoice.organisationId, ctx.organisationId),
        eq(invoice.kind, 'invoice'),
        eq(invoice.sourceType, ref.type),
        eq(invoice.sourceId, ref.id),
      ),
    )
    .orderBy(asc(invoice.id));
  const lines = invoices.length
    ? await tx
        .select({ description: invoiceLine.description, quantity: invoiceLine.quantity, amount: invoiceLine.total })
        .from(invoiceLine)
        .where(
          and(
            eq(invoiceLine.organisationId, ctx.organisationId),
            inArray(
              invoiceLine.invoiceId,
              invoices.map((i) => i.id),
            ),
          ),
        )
        .orderBy(asc(invoiceLine.invoiceId), asc(invoiceLine.position))
    : [];
  const total = toPaise(sale.total) ?? 0;
  const paid = toPaise(sale.paid) ?? 0;
  const first = invoices[0];
  return {
    type: ref.type,
    noun: t.noun,
    module: t.module,
    label: sale.label ?? '',
    party: sale.party ?? '',
    open: sale.open,
    total: fromPaise(total),
    paid: fromPaise(paid),
    due: fromPaise(sale.open ? Math.max(0, total - paid) : 0),
    buyer: { name: first?.name || sale.party || '', phone: first?.phone ?? '', email: first?.email ?? '' },
    invoices: invoices.map((i) => ({ id: i.id, number: i.number })),
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, amount: l.amount })),
  };
}
