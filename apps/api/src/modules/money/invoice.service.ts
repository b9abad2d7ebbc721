/**
 * GST documents. Every sale gets one tax invoice when it is created (a bill of supply when the
 * seller has no GSTIN or nothing sold carries tax); cancelling or refunding a sale with money paid
 * issues a credit note against it. Prices are tax-inclusive: each line's CGST+SGST (seller's state
 * = place of supply) or IGST is split out of what the customer pays, rounded to the paisa, and its
 * taxable value is the rest, so every line adds up exactly and `round_off` stays 0. Numbers come from the
 * organisation's series for the financial year (`INV/26-27/00017`, `CN/26-27/00003`), taken as
 * the last statement of the sale's transaction so a rolled-back sale leaves no gap.
 */
import {
  amountInWords,
  centreGstWarning,
  checkBilling,
  creditNoteTooLate,
  type Billing,
  fromPaise,
  INVOICE_STATUSES,
  rateOn,
  sameState,
  splitInclusive,
  toPaise,
  type GstRatePeriod,
  type InvoiceStatus,
} from '@arena/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { organisation } from '../../platform/db/schema.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { creditSeriesOf, nextDocumentNumber, seriesPrefix } from '../../platform/sequence.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { invoice, invoiceLine, type InvoiceRow, type SellerSnapshot } from './schema.js';

/** What a sale is of, as an invoice names it. */
export interface SaleSource {
  type: string;
  id: number;
  label: string;
}

export interface Buyer {
  name: string;
  phone?: string;
  email?: string;
  gstin?: string;
  address?: string;
  /** The buyer's state (a GST state name): printed with the address, and a registered buyer's place of supply where the law puts it there. */
  state?: string;
}

/** A thing sold: its tax-inclusive unit price, quantity, discount (inclusive) and GST. */
export interface SaleItem {
  description: string;
  sacCode: string;
  quantity?: number;
  unitPrice: string;
  discount?: string;
  rates: readonly GstRatePeriod[];
}

export type InvoiceLineValues = Omit<typeof invoiceLine.$inferInsert, 'organisationId' | 'invoiceId' | 'id'>;

export interface BuiltInvoice {
  billOfSupply: boolean;
  lines: InvoiceLineValues[];
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  total: string;
}

/** The organisation and centre columns a seller is made of. */
export interface SellerFacts {
  org: { displayName: string; legalName: string; gstin: string; state: string; address: string; phone: string; email: string };
  centre: { name: string; address: string; city: string; state: string; gstin: string; phone: string; email: string } | null;
}

/**
 * The seller of a sale at a centre and the place of supply. A centre with its own GSTIN sells
 * under it, from its state; otherwise the organisation's registration and state. Services at a
 * venue are supplied where the venue is: the centre's state (the organisation's without one), so
 * a centre's sales are intra-state under its state's registration. A registered organisation's
 * centre in another state with no GSTIN of its own cannot sell (400): the organisation's GSTIN
 * does not cover that state, and charging IGST under it would be wrong.
 */
export function sellerOf({ org, centre: c }: SellerFacts): { seller: SellerSnapshot; placeOfSupply: string; series: string } {
  if (c) {
    const warning = centreGstWarning(org, c);
    if (warning) throw badRequest(`${c.name} cannot sell yet. ${warning.replace('This center', 'It')}`);
  }
  const own = !!c?.gstin;
  const seller: SellerSnapshot = {
    name: org.legalName || org.displayName,
    address: c ? [c.address, c.city, c.state].filter(Boolean).join(', ') || org.address : org.address,
    gstin: own ? c!.gstin : org.gstin,
    state: own ? c!.state : org.state,
    phone: c?.phone || org.phone,
    email: c?.email || org.email,
  };
  // A registration of its own numbers its own series (`IN33/26-27/00001`).
  return { seller, placeOfSupply: c?.state || org.state, series: seriesPrefix('invoice', seller.gstin, org.gstin) };
}

/** The columns a seller is made of, for a select of its own or joined into a larger read (a booking's). */
export const SELLER_COLUMNS = {
  org: {
    displayName: organisation.displayName,
    legalName: organisation.legalName,
    gstin: organisation.gstin,
    state: organisation.state,
    address: organisation.address,
    phone: organisation.phone,
    email: organisation.email,
  },
  centre: {
    name: centre.name,
    address: centre.address,
    city: centre.city,
    state: centre.state,
    gstin: centre.gstin,
    phone: centre.phone,
    email: centre.email,
  },
};

/** Reads the organisation and the centre (if any) and returns `sellerOf` them. */
export async function sellerFor(tx: Tx, ctx: Ctx, centreId: number | null) {
  // One statement: the organisation with its centre (none when `centreId` is null or not its own).
  const [row] = await tx
    .select({ org: SELLER_COLUMNS.org, centre: SELLER_COLUMNS.centre })
    .from(organisation)
    .leftJoin(centre, and(eq(centre.organisationId, organisation.id), eq(centre.id, centreId ?? 0)))
    .where(eq(organisation.id, ctx.organisationId));
  const { org, centre: c } = row;
  return sellerOf({ org, centre: c ?? null });
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const rateText = (rate: number) => rate.toFixed(2);

/**
 * Lines and totals of an invoice for items sold on `date` (the rate in force that day). Each line
 * splits exactly (`splitInclusive`): taxable value + tax = what the buyer pays for it, so the
 * invoice's `round_off` is 0. The document is a bill of supply (rule 49) when the seller has no
 * GSTIN, or when no line carries tax (every line 0 %: exempt or nil-rated); a sale with a taxed
 * line stays a tax invoice, its 0 % lines shown as nil-rated.
 */
export function buildInvoice(date: string, seller: SellerSnapshot, placeOfSupply: string, items: readonly SaleItem[]): BuiltInvoice {
  const rates = items.map((item) => (seller.gstin ? (rateOn(item.rates, date) ?? 0) : 0));
  const billOfSupply = rates.every((rate) => rate === 0);
  const intraState = !seller.state || !placeOfSupply || sameState(seller.state, placeOfSupply);
  const charged: number[] = [];
  const lines = items.map((item, i) => {
    const quantity = item.quantity ?? 1;
    const unit = toPaise(item.unitPrice) ?? 0;
    const discount = toPaise(item.discount ?? '0') ?? 0;
    const gross = Math.max(0, Math.round(unit * quantity) - discount);
    charged.push(gross);
    const rate = rates[i];
    const split = splitInclusive(gross, rate, intraState);
    return {
      position: i + 1,
      description: item.description,
      sacCode: item.sacCode,
      quantity: quantity.toFixed(2),
      unitPrice: fromPaise(unit),
      discount: fromPaise(discount),
      taxableValue: fromPaise(split.taxable),
      gstRate: rateText(rate),
      cgst: fromPaise(split.cgst),
      sgst: fromPaise(split.sgst),
      igst: fromPaise(split.igst),
      total: fromPaise(split.total),
    } satisfies InvoiceLineValues;
  });
  const p = (key: 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total') => sum(lines.map((l) => toPaise(l[key])!));
  const total = sum(charged);
  return {
    billOfSupply,
    lines,
    taxableValue: fromPaise(p('taxableValue')),
    cgst: fromPaise(p('cgst')),
    sgst: fromPaise(p('sgst')),
    igst: fromPaise(p('igst')),
    roundOff: fromPaise(total - p('total')),
    total: fromPaise(total),
  };
}

/** An invoice's status from what is paid (a cancelled one stays cancelled). */
export function statusFor(current: InvoiceStatus, paidPaise: number, totalPaise: number): InvoiceStatus {
  if (current === 'cancelled') return 'cancelled';
  if (paidPaise <= 0) return 'issued';
  return paidPaise >= totalPaise ? 'paid' : 'partially_paid';
}
export const isInvoiceStatus = (v: string): v is InvoiceStatus => (INVOICE_STATUSES as readonly string[]).includes(v);

export interface NewSale {
  module: string;
  source: SaleSource;
  centreId: number | null;
  date: string;
  buyer: Buyer;
  items: readonly SaleItem[];
  /**
   * The place of supply when it is not the centre's state: a genuinely inter-state supply (goods
   * shipped to another state, a service whose place of supply is the registered buyer's state).
   */
  placeOfSupply?: string;
  /** A supplementary invoice: the sale's invoice it adds to (its buyer and place of supply are that invoice's). */
  supplements?: InvoiceRow;
}

/**
 * Issues the tax invoice of a sale in the caller's transaction, numbered at once: call it last
 * (the series row stays locked until commit). Bookings number theirs with the booking's own last
 * statement instead (booking.service.ts).
 */
export async function issueInvoice(tx: Tx, ctx: Ctx, sale: NewSale): Promise<InvoiceRow> {
  const { seller, placeOfSupply: venue, series } = await sellerFor(tx, ctx, sale.centreId);
  const placeOfSupply = sale.placeOfSupply || venue;
  const built = buildInvoice(sale.date, seller, placeOfSupply, sale.items);
  const number = await nextDocumentNumber(tx, ctx.organisationId, 'invoice', sale.date, series);
  const [row] = await tx
    .insert(invoice)
    .values({
      organisationId: ctx.organisationId,
      kind: 'invoice',
      number,
      date: sale.date,
      module: sale.module,
      sourceType: sale.source.type,
      sourceId: sale.source.id,
      sourceLabel: sale.source.label,
      centreId: sale.centreId,
      supplementsId: sale.supplements?.id ?? null,
      billOfSupply: built.billOfSupply,
      seller,
      buyerName: sale.buyer.name,
      buyerPhone: sale.buyer.phone ?? '',
      buyerEmail: sale.buyer.email ?? '',
      buyerGstin: sale.buyer.gstin ?? '',
      buyerAddress: [sale.buyer.address?.trim(), sale.buyer.state?.trim()].filter(Boolean).join(', '),
      placeOfSupply,
      taxableValue: built.taxableValue,
      cgst: built.cgst,
      sgst: built.sgst,
      igst: built.igst,
      roundOff: built.roundOff,
      total: built.total,
      createdBy: ctx.actor.actorId,
    })
    .returning();
  await tx.insert(invoiceLine).values(built.lines.map((l) => ({ ...l, organisationId: ctx.organisationId, invoiceId: row.id })));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'invoice',
    objectId: row.id,
    label: number,
    action: 'create',
    after: { number, source: sale.source.label, total: built.total, ...(sale.supplements ? { supplements: sale.supplements.number } : {}) },
  });
  return row;
}

/**
 * A supplementary invoice (CGST Act s.34(3)): the sale grew after its invoice was issued, and the
 * issued invoice is never edited. A new invoice of the same sale, numbered in the same series and
 * priced by the same `buildInvoice` as any sale, for the buyer and place of supply of the
 * original, linked to it by `supplements_id`. Its amount is due on the sale; receipts fill the
 * sale's invoices in order (`movePaid` in ledger.service.ts).
 */
export async function issueSupplementaryInvoice(tx: Tx, ctx: Ctx, original: InvoiceRow, items: readonly SaleItem[]): Promise<InvoiceRow> {
  if (original.kind !== 'invoice') throw new RangeError('A supplementary invoice adds to an invoice.');
  return issueInvoice(tx, ctx, {
    module: original.module,
    source: { type: original.sourceType, id: original.sourceId!, label: original.sourceLabel },
    centreId: original.centreId,
    date: ctx.now.today,
    // The buyer as the original invoice names them (its address already carries the state).
    buyer: {
      name: original.buyerName,
      phone: original.buyerPhone,
      email: original.buyerEmail,
      gstin: original.buyerGstin,
      address: original.buyerAddress,
    },
    items,
    placeOfSupply: original.placeOfSupply,
    supplements: original,
  });
}

/** The invoices of a sale in order (only the first — not a supplementary one — when `first`), locked when asked. */
function sourceInvoices(tx: Tx, ctx: Ctx, source: { type: string; id: number }, lock: boolean, first: boolean): Promise<InvoiceRow[]> {
  const query = tx
    .select()
    .from(invoice)
    .where(
      and(
        eq(invoice.organisationId, ctx.organisationId),
        eq(invoice.kind, 'invoice'),
        eq(invoice.sourceType, source.type),
        eq(invoice.sourceId, source.id),
        first ? isNull(invoice.supplementsId) : undefined,
      ),
    )
    .orderBy(invoice.id);
  return lock ? query.for('update') : query;
}

/** Every invoice of a sale (the first, then its supplementary invoices, in order), locked when asked. */
export const invoicesOfSource = (tx: Tx, ctx: Ctx, source: { type: string; id: number }, lock = false): Promise<InvoiceRow[]> =>
  sourceInvoices(tx, ctx, source, lock, false);

/** What an invoice still charges: its total less its credit notes, in paise. */
export const chargedBy = (inv: Pick<InvoiceRow, 'total' | 'credited'>): number => (toPaise(inv.total) ?? 0) - (toPaise(inv.credited) ?? 0);

/**
 * Credits `amountPaise` of what a sale's invoices still charge, the latest invoice first (a
 * supplementary invoice before the invoice it adds to): one credit note per invoice it reaches,
 * each line named `description` when given (the slots a change gave up). Returns the notes.
 */
export async function creditSale(
  tx: Tx,
  ctx: Ctx,
  invoices: readonly InvoiceRow[],
  amountPaise: number,
  reason: string,
  options: { description?: string; date?: string } = {},
): Promise<InvoiceRow[]> {
  const notes: InvoiceRow[] = [];
  let left = amountPaise;
  for (const inv of [...invoices].reverse()) {
    if (left <= 0) break;
    const share = Math.min(left, chargedBy(inv));
    if (share <= 0) continue;
    notes.push(await issueCreditNote(tx, ctx, inv, share, reason, options.date ?? ctx.now.today, options.description));
    left -= share;
  }
  return notes;
}

/** The first invoice of a sale (kind invoice, not a supplementary one), locked for the caller's change; null when it has none. */
export async function invoiceOfSource(tx: Tx, ctx: Ctx, source: { type: string; id: number }, lock = false): Promise<InvoiceRow | null> {
  const [row] = await sourceInvoices(tx, ctx, source, lock, true);
  return row ?? null;
}

/**
 * Issues a credit note against an invoice for `amountPaise` (tax-inclusive): each line of the
 * invoice gives back its share, split at its own rate, so the tax reverses as it was charged.
 * `description` names what is credited when it is not the whole line (a booking's cancelled hour,
 * not every slot the invoice's line lists); each line's text is then that, against the invoice.
 */
export async function issueCreditNote(
  tx: Tx,
  ctx: Ctx,
  inv: InvoiceRow,
  amountPaise: number,
  reason: string,
  date = ctx.now.today,
  description?: string,
): Promise<InvoiceRow> {
  const open = (toPaise(inv.total) ?? 0) - (toPaise(inv.credited) ?? 0);
  if (amountPaise <= 0 || amountPaise > open) throw new RangeError('A credit note is for part or all of what its invoice still charges.');
  const late = creditNoteTooLate(inv.date, date);
  if (late) throw fieldError('tax_adjustment', late);
  const lines = await tx
    .select()
    .from(invoiceLine)
    .where(and(eq(invoiceLine.organisationId, ctx.organisationId), eq(invoiceLine.invoiceId, inv.id)))
    .orderBy(invoiceLine.position);
  const charged = lines.map((l) => toPaise(l.total) ?? 0);
  const base = sum(charged) || 1;
  let left = amountPaise;
  const items: SaleItem[] = lines.map((l, i) => {
    const share = i === lines.length - 1 ? left : Math.round((charged[i] * amountPaise) / base);
    left -= share;
    return {
      description: `${description ?? l.description} (credit against ${inv.number})`,
      sacCode: l.sacCode,
      unitPrice: fromPaise(share),
      rates: [{ rate: Number(l.gstRate), from: '1900-01-01' }],
    };
  });
  // The same seller and place of supply as the invoice: the same kind of tax comes back. The note
  // that closes the invoice gives back exactly what is left of each line, so the invoice and its
  // notes net to zero on every tax head (no paisa left over from rounding the parts).
  const built =
    amountPaise === open
      ? await closingNote(tx, ctx, inv, lines, amountPaise, description)
      : buildInvoice(date, inv.seller, inv.placeOfSupply, items);
  // The credit notes of a registration's invoices are its own series too.
  const number = await nextDocumentNumber(tx, ctx.organisationId, 'credit_note', date, creditSeriesOf(inv.number));
  const [row] = await tx
    .insert(invoice)
    .values({
      organisationId: ctx.organisationId,
      kind: 'credit_note',
      number,
      date,
      module: inv.module,
      sourceType: inv.sourceType,
      sourceId: inv.sourceId,
      sourceLabel: inv.sourceLabel,
      centreId: inv.centreId,
      againstId: inv.id,
      billOfSupply: inv.billOfSupply,
      seller: inv.seller,
      buyerName: inv.buyerName,
      buyerPhone: inv.buyerPhone,
      buyerEmail: inv.buyerEmail,
      buyerGstin: inv.buyerGstin,
      buyerAddress: inv.buyerAddress,
      placeOfSupply: inv.placeOfSupply,
      taxableValue: built.taxableValue,
      cgst: built.cgst,
      sgst: built.sgst,
      igst: built.igst,
      roundOff: built.roundOff,
      total: built.total,
      // A credit note settles nothing: the money given back is the refund on the ledger.
      status: 'issued',
      reason,
      createdBy: ctx.actor.actorId,
    })
    .returning();
  await tx.insert(invoiceLine).values(built.lines.map((l) => ({ ...l, organisationId: ctx.organisationId, invoiceId: row.id })));
  // What the invoice still charges falls by the note; its status follows (a note may settle what was due).
  await tx
    .update(invoice)
    .set({
      credited: sql`${invoice.credited} + ${built.total}::numeric`,
      status: sql`case when ${invoice.status} = 'cancelled' then 'cancelled' when ${invoice.paid} <= 0 then 'issued'
        when ${invoice.paid} >= ${invoice.total} - ${invoice.credited} - ${built.total}::numeric then 'paid' else 'partially_paid' end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(invoice.organisationId, ctx.organisationId), eq(invoice.id, inv.id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'credit_note',
    objectId: row.id,
    label: number,
    action: 'create',
    after: { number, against: inv.number, total: built.total, reason },
  });
  return row;
}

/** The lines of the note that credits all an invoice still charges: each line less what earlier notes gave back. */
async function closingNote(
  tx: Tx,
  ctx: Ctx,
  inv: InvoiceRow,
  lines: (typeof invoiceLine.$inferSelect)[],
  amountPaise: number,
  description?: string,
): Promise<BuiltInvoice> {
  const before = await queryRows<{ position: number; taxable: string; cgst: string; sgst: string; igst: string; total: string }>(
    tx,
    sql`select l.position, sum(l.taxable_value)::text as taxable, sum(l.cgst)::text as cgst, sum(l.sgst)::text as sgst,
               sum(l.igst)::text as igst, sum(l.total)::text as total
        from invoice_line l join invoice n on n.organisation_id = l.organisation_id and n.id = l.invoice_id
        where n.organisation_id = ${ctx.organisationId} and n.against_id = ${inv.id} and n.kind = 'credit_note'
        group by l.position`,
  );
  const given = new Map(before.map((b) => [Number(b.position), b]));
  const left = (value: string, back: string | undefined) => (toPaise(value) ?? 0) - (toPaise(back ?? '0') ?? 0);
  const out = lines.map((l) => {
    const b = given.get(l.position);
    const total = left(l.total, b?.total);
    return {
      position: l.position,
      description: `${description ?? l.description} (credit against ${inv.number})`,
      sacCode: l.sacCode,
      quantity: '1.00',
      unitPrice: fromPaise(total),
      discount: '0.00',
      taxableValue: fromPaise(left(l.taxableValue, b?.taxable)),
      gstRate: l.gstRate,
      cgst: fromPaise(left(l.cgst, b?.cgst)),
      sgst: fromPaise(left(l.sgst, b?.sgst)),
      igst: fromPaise(left(l.igst, b?.igst)),
      total: fromPaise(total),
    } satisfies InvoiceLineValues;
  });
  const p = (key: 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total') => sum(out.map((l) => toPaise(l[key]) ?? 0));
  return {
    billOfSupply: inv.billOfSupply,
    lines: out,
    taxableValue: fromPaise(p('taxableValue')),
    cgst: fromPaise(p('cgst')),
    sgst: fromPaise(p('sgst')),
    igst: fromPaise(p('igst')),
    roundOff: fromPaise(amountPaise - p('total')),
    total: fromPaise(amountPaise),
  };
}

/** Reads an invoice of the organisation, or 404. */
export async function loadInvoice(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<InvoiceRow> {
  const query = tx
    .select()
    .from(invoice)
    .where(and(eq(invoice.organisationId, ctx.organisationId), eq(invoice.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Words of an invoice's total. */
export const totalInWords = (total: string) => amountInWords(toPaise(total) ?? 0);

/** A buyer's billing details checked and completed (`checkBilling`), or a 400 naming each field. */
export function checkedBilling(b: Billing): Billing {
  const { errors, billing } = checkBilling(b);
  if (Object.keys(errors).length) throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
  return billing;
}

/** The buyer of a sale from a member's or client's billing details (the person's name and address when none). */
export function buyerOf(
  person: { name: string; phone?: string; email?: string; address?: string },
  b: { gstin: string; billingName: string; billingAddress: string; billingState: string },
): Buyer {
  return {
    name: b.billingName || person.name,
    phone: person.phone,
    email: person.email,
    gstin: b.gstin,
    address: b.billingAddress || person.address || '',
    state: b.billingState,
  };
}
