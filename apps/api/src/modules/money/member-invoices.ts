/**
 * A member's own invoices and credit notes (End User Login, issue 27): the documents of the sales
 * the caller names (the member's memberships, services, bookings), newest first, one page at a time.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { invoice, type InvoiceRow } from './schema.js';

export interface SalesOf {
  type: string;
  ids: number[];
}

const ofSales = (sales: SalesOf[]): SQL => {
  const parts = sales.filter((s) => s.ids.length).map((s) => and(eq(invoice.sourceType, s.type), inArray(invoice.sourceId, s.ids))!);
  return parts.length ? or(...parts)! : sql`false`;
};

export interface MemberInvoice {
  id: number;
  number: string;
  kind: 'invoice' | 'credit_note';
  date: string;
  for: string;
  total: string;
  paid: string;
  status: string;
}

/** A page of the documents of these sales, newest first, and how many there are. */
export async function invoicesOfSales(
  tx: Tx,
  ctx: Ctx,
  sales: SalesOf[],
  page: { limit: number; offset: number },
): Promise<{ count: number; results: MemberInvoice[] }> {
  const where = and(eq(invoice.organisationId, ctx.organisationId), ofSales(sales));
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(invoice)
    .where(where);
  const rows = await tx
    .select()
    .from(invoice)
    .where(where)
    .orderBy(desc(invoice.date), desc(invoice.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: Number(n),
    results: rows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      date: r.date,
      for: r.sourceLabel,
      total: r.total,
      paid: r.paid,
      status: r.status,
    })),
  };
}

/** Whether a document is one of these sales'. */
export const invoiceOfSales = (row: Pick<InvoiceRow, 'sourceType' | 'sourceId'>, sales: SalesOf[]): boolean =>
  sales.some((s) => s.type === row.sourceType && row.sourceId !== null && s.ids.includes(row.sourceId));
