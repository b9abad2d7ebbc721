/**
 * The point of sale. A checkout, in one transaction: the variants' batches at the centre are
 * locked in FEFO order (so parallel sales wait for each other and see what the other took), each
 * line picks the earliest-expiring batch that is not expired (without expiry, the oldest
 * received), a line stock cannot fill is refused with a field error naming it, and then the sale,
 * its lines and picks, the stock movements, the GST invoice and the receipts are written — the
 * money through the money module (`sell` then `numberSales`, the transaction's last write).
 * Nothing of a refused sale is kept: the error rolls the transaction back.
 */
import type { CheckoutInput, Quote, Sale } from '@arena/contracts/store';
import { fromPaise, paise, rateOn, type GstRatePeriod } from '@arena/contracts/kit';
import type { saleCollectInputSchema, saleReturnInputSchema } from '@arena/contracts/store';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { checkDiscountCap } from '../../platform/discount-cap.js';
import { badRequest, fieldError, invalidPk, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import {
  activeMode,
  creditSale,
  invoiceOfSource,
  invoicesOfSource,
  lastReceiptMode,
  numberSales,
  priceSale,
  receive,
  refund,
  salePayments,
  sell,
  sellerFor,
  type SaleItem,
} from '../money/index.js';
import { checkActiveStaff, staffNames } from '../staff/index.js';
import { MODULE, SALE_SOURCE } from './constants.js';
import { variantLabel } from './product.routes.js';
import { customer, sale, saleLine, salePick } from './schema.js';
import { lockFefo, moveStock, onNegativeStock, pickFefo, type LockedBatch, type Pick } from './stock.js';

interface Variant {
  id: number;
  label: string;
  name: string;
  hsn: string;
  gstRates: GstRatePeriod[];
  price: string;
  mrp: string;
  active: boolean;
}

/** The variants a cart names, with their product's GST and HSN. */
async function variantsOf(tx: Tx, ctx: Ctx, ids: readonly number[]): Promise<Map<number, Variant>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{
    id: string | number;
    name: string;
    product_name: string;
    brand_name: string | null;
    hsn: string;
    gst_rates: GstRatePeriod[] | string;
    price: string;
    mrp: string;
    active: boolean;
  }>(
    tx,
    sql`select sp.id, sp.name, p.name as product_name, b.name as brand_name, p.hsn, p.gst_rates, sp.price::text, sp.mrp::text,
               (sp.is_active and p.is_active) as active
        from store_sub_product sp
        join store_product p on p.organisation_id = sp.organisation_id and p.id = sp.product_id
        left join store_brand b on b.organisation_id = p.organisation_id and b.id = p.brand_id
        where sp.organisation_id = ${ctx.organisationId} and sp.id = any(${idArray(ids)})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: r.name,
        label: variantLabel(r.brand_name ?? '', r.product_name, r.name),
        hsn: r.hsn,
        gstRates: typeof r.gst_rates === 'string' ? (JSON.parse(r.gst_rates) as GstRatePeriod[]) : r.gst_rates,
        price: r.price,
        mrp: r.mrp,
        active: r.active,
      },
    ]),
  );
}

/** The centre a sale is made at (with its name): the one sent, the sidebar's, or the organisation's only active centre. */
async function saleCentre(tx: Tx, ctx: Ctx, sent: number | null | undefined): Promise<{ id: number; name: string }> {
  const chosen = sent ?? ctx.centreId;
  const rows = await tx
    .select({ id: centre.id, name: centre.name })
    .from(centre)
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.isActive, true), chosen ? eq(centre.id, chosen) : undefined))
    .limit(2);
  if (chosen && !rows.length) throw fieldError('centre', invalidPk(chosen));
  if (!chosen && rows.length !== 1) throw fieldError('centre', 'Choose the centre the sale is made at.');
  return rows[0];
}

interface PricedLine {
  variant: Variant;
  quantity: number;
  discount: string;
  picks: Pick[];
  problem: string;
  sellable: number;
}

/**
 * Prices the cart's lines against the batches (locked on checkout) and picks them FEFO; each
 * line's problem ('' when it can be sold) — a checkout turns them into field errors.
 */
function pickLines(input: CheckoutInput, variants: Map<number, Variant>, batches: LockedBatch[], today: string): PricedLine[] {
  // Each variant's batches, with what earlier lines of the same cart have taken.
  const left = new Map(batches.map((b) => [b.id, { ...b }]));
  return input.lines.map((l) => {
    const variant = variants.get(l.sub_product)!;
    const own = [...left.values()].filter((b) => b.subProductId === l.sub_product);
    const { picks, short, sellable, expired } = pickFefo(own, l.quantity, today);
    let problem = '';
    if (!variant.active) problem = `${variant.label} is not on sale (inactive).`;
    else if (short > 0)
      problem =
        sellable === 0
          ? expired > 0
            ? `Only expired stock of ${variant.label} is left: it cannot be sold.`
            : `${variant.label} is out of stock.`
          : `Only ${sellable} of ${variant.label} left in stock.`;
    else if (paise(l.discount) > l.quantity * paise(variant.price)) problem = "The discount cannot exceed the line's amount.";
    if (!problem) for (const p of picks) left.get(p.batch.id)!.quantity -= p.quantity;
    return { variant, quantity: l.quantity, discount: l.discount, picks, problem, sellable };
  });
}

const itemOf = (l: PricedLine): SaleItem => ({
  description: l.variant.label,
  sacCode: l.variant.hsn,
  quantity: l.quantity,
  unitPrice: l.variant.price,
  discount: l.discount,
  rates: l.variant.gstRates,
});

/** Checks every line names a variant of the organisation (400 on the line otherwise). */
function checkVariants(input: CheckoutInput, variants: Map<number, Variant>): void {
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    if (!variants.has(l.sub_product)) errors[`lines.${i}.sub_product`] = [invalidPk(l.sub_product)];
  });
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** The cart priced as its invoice would be, and what stock allows of each line: writes nothing. */
export async function quoteCart(tx: Tx, ctx: Ctx, input: CheckoutInput): Promise<Quote> {
  const { id: centreId } = await saleCentre(tx, ctx, input.centre);
  const ids = [...new Set(input.lines.map((l) => l.sub_product))];
  const variants = await variantsOf(tx, ctx, ids);
  checkVariants(input, variants);
  const batches = await lockFefo(tx, ctx, centreId, ids, false);
  const lines = pickLines(input, variants, batches, ctx.now.today);
  const seller = await sellerFor(tx, ctx, centreId);
  const { built } = priceSale(
    ctx.now.today,
    seller,
    lines.filter((l) => paise(l.discount) <= l.quantity * paise(l.variant.price)).map(itemOf),
  );
  return {
    lines: lines.map((l) => {
      const gross = l.quantity * paise(l.variant.price);
      return {
        sub_product: l.variant.id,
        label: l.variant.label,
        hsn: l.variant.hsn,
        quantity: l.quantity,
        price: fromPaise(paise(l.variant.price)),
        mrp: fromPaise(paise(l.variant.mrp)),
        discount: fromPaise(paise(l.discount)),
        gst_rate: rateOn(l.variant.gstRates, ctx.now.today) ?? 0,
        total: fromPaise(Math.max(0, gross - paise(l.discount))),
        sellable: l.sellable,
        problem: l.problem,
      };
    }),
    taxable: built.taxableValue,
    cgst: built.cgst,
    sgst: built.sgst,
    igst: built.igst,
    round_off: built.roundOff,
    total: built.total,
  };
}

/** The buyer of a sale: a saved customer, a walk-in by phone (found or saved), or an unnamed walk-in. */
async function buyerOf(tx: Tx, ctx: Ctx, input: CheckoutInput): Promise<{ id: number | null; name: string; phone: string; email: string }> {
  if (input.customer) {
    const [c] = await tx
      .select({ id: customer.id, name: customer.name, phone: customer.phone, email: customer.email })
      .from(customer)
      .where(and(eq(customer.organisationId, ctx.organisationId), eq(customer.id, input.customer)));
    if (!c) throw fieldError('customer', invalidPk(input.customer));
    return c;
  }
  const name = input.customer_name.trim();
  if (input.customer_phone) {
    // One phone is one customer: found, or saved with the name given.
    await queryRows(
      tx,
      sql`insert into store_customer (organisation_id, name, phone) values (${ctx.organisationId}, ${name || 'Walk-in customer'}, ${input.customer_phone})
          on conflict (organisation_id, phone) where phone <> '' do nothing`,
    );
    const [c] = await tx
      .select({ id: customer.id, name: customer.name, phone: customer.phone, email: customer.email })
      .from(customer)
      .where(and(eq(customer.organisationId, ctx.organisationId), eq(customer.phone, input.customer_phone)));
    return c;
  }
  return { id: null, name: name || 'Walk-in customer', phone: '', email: '' };
}

const share = (amount: number, part: number, whole: number) => Math.round((amount * part) / whole);

/**
 * Sells a cart and answers the sale as written, built from what the transaction wrote: nothing is
 * read after `numberSales` locks the document counters, which are held only until the commit.
 */
export async function checkout(tx: Tx, ctx: Ctx, input: CheckoutInput): Promise<Sale> {
  const ids = [...new Set(input.lines.map((l) => l.sub_product))];
  const sent = input.centre ?? ctx.centreId;
  // Without a centre, the organisation's only active centre (read first: the rest depend on it).
  const only = sent ? null : await saleCentre(tx, ctx, undefined);
  const at = only?.id ?? sent!;
  // The reads a sale needs go out together, pipelined on the transaction's connection (one round
  // trip): each is checked below, and a failed check rolls the whole transaction back.
  const [place, variants, batches, seller, modes, , staffName, saleId] = await Promise.all([
    only ?? saleCentre(tx, ctx, sent),
    variantsOf(tx, ctx, ids),
    lockFefo(tx, ctx, at, ids),
    sellerFor(tx, ctx, at),
    Promise.all(input.payments.map((p) => (paise(p.amount) > 0 ? activeMode(tx, ctx, p.payment_mode) : null))),
    input.sold_by ? checkActiveStaff(tx, ctx, 'sold_by', input.sold_by) : null,
    input.sold_by ? staffNameOf(tx, ctx, input.sold_by) : '',
    // The sale's id, taken now: its row and its invoice are then written in one round trip.
    queryRows<{ id: string }>(tx, sql`select nextval('store_sale_id_seq')::text as id`).then(([r]) => Number(r.id)),
  ]);
  const centreId = place.id;
  checkVariants(input, variants);
  input.lines.forEach((l, i) =>
    checkDiscountCap(ctx, MODULE, l.discount, fromPaise(l.quantity * paise(variants.get(l.sub_product)!.price)), `lines.${i}.discount`),
  );
  const lines = pickLines(input, variants, batches, ctx.now.today);
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    if (l.problem) errors[l.problem.startsWith('The discount') ? `lines.${i}.discount` : `lines.${i}.quantity`] = [l.problem];
  });
  if (Object.keys(errors).length) throw badRequest(errors);

  const items = lines.map(itemOf);
  const { built } = priceSale(ctx.now.today, seller, items);
  const total = paise(built.total);
  const paid = input.payments.reduce((n, p) => n + paise(p.amount), 0);
  if (paid > total) throw fieldError('payments', `The payments (${fromPaise(paid)}) exceed the sale's total (${built.total}).`);
  const buyer = await buyerOf(tx, ctx, input);
  if (paid < total && buyer.id === null)
    throw fieldError('customer', "A sale paid in part leaves a due on the customer: choose one, or enter the walk-in's name and phone.");

  // The sale's number ("POS-2026-000012") is taken with its invoice's, by the sale's last statement: the counters stay locked only until the commit.
  const year = ctx.now.today.slice(0, 4);
  const costOf = (l: PricedLine) => l.picks.reduce((n, p) => n + p.quantity * paise(p.batch.cost), 0);
  const cost = lines.reduce((n, l) => n + costOf(l), 0);
  // The sale, its lines, the batches each took and the stock movements: one statement (the batch's CHECK the last guard).
  const org = ctx.organisationId;
  const lineRows = lines.map((l, i) => ({
    position: i + 1,
    sub_product_id: l.variant.id,
    label: l.variant.label,
    hsn: l.variant.hsn,
    quantity: l.quantity,
    price: l.variant.price,
    discount: l.discount,
    gst_rate: rateOn(l.variant.gstRates, ctx.now.today) ?? 0,
    total: built.lines[i].total,
    cost: fromPaise(costOf(l)),
  }));
  const pickRows = lines.flatMap((l, i) =>
    l.picks.map((p, k) => ({
      position: i + 1,
      ord: k,
      sub_product_id: l.variant.id,
      batch_id: p.batch.id,
      quantity: p.quantity,
      cost: p.batch.cost,
    })),
  );
  const pending = await sell(tx, ctx, {
    source: { type: SALE_SOURCE, id: saleId, number: { series: `store_sale:${year}`, prefix: `POS-${year}-`, digits: 6 } },
    buyer: { name: buyer.name, phone: buyer.phone, email: buyer.email },
    lines: items,
    payments: input.payments.map((p, i) => ({ amount: p.amount, paymentMode: modes[i] ?? p.payment_mode, reference: p.reference })),
    centre: centreId,
    soldBy: undefined,
    seller,
    buyerField: 'customer',
    notifyPaid: false,
    audit: {
      resource: 'store_sale',
      codeKey: 'number',
      after: {
        customer: buyer.name,
        lines: lines.map((l) => `${l.quantity} × ${l.variant.label}`),
        total: built.total,
        paid: fromPaise(paid),
      },
    },
  });
  // Sent together (one round trip), in this order: the sale's rows, then its invoice, receipts and
  // number (`numberSales`, the last statement: the counters' locks are held from there to the commit).
  const written = queryRows<{
    id: string | number;
    created_at: string | Date;
    created_by_name: string | null;
    lines: { id: string | number; position: number }[] | string;
  }>(
    tx,
    sql`with s as (
          insert into store_sale (id, organisation_id, date, centre_id, customer_id, customer_name, customer_phone, total, cost, sold_by, created_by)
          overriding system value
          values (${saleId}, ${org}, ${ctx.now.today}, ${centreId}, ${buyer.id}, ${buyer.name}, ${buyer.phone}, ${built.total}, ${fromPaise(cost)},
                  ${input.sold_by}, ${ctx.actor.actorId})
          returning id, created_at),
        x as (select * from jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as x (position int, sub_product_id bigint, label text,
                hsn text, quantity int, price numeric, discount numeric, gst_rate int, total numeric, cost numeric)),
        p as (select * from jsonb_to_recordset(${JSON.stringify(pickRows)}::jsonb) as p (position int, ord int, sub_product_id bigint, batch_id bigint,
                quantity int, cost numeric)),
        l as (
          insert into store_sale_line (organisation_id, sale_id, sub_product_id, position, label, hsn, quantity, price, discount, gst_rate, total, cost)
          select ${org}::bigint, s.id, x.sub_product_id, x.position, x.label, x.hsn, x.quantity, x.price, x.discount, x.gst_rate, x.total, x.cost
          from s, x
          returning id, position),
        pk as (
          insert into store_sale_pick (organisation_id, sale_line_id, batch_id, quantity, cost)
          select ${org}::bigint, l.id, p.batch_id, p.quantity, p.cost from l join p on p.position = l.position order by p.position, p.ord
          returning id),
        upd as (
          update store_batch b set quantity = b.quantity - t.q, updated_at = now()
          from (select batch_id, sum(quantity)::int as q from p group by batch_id) t
          where b.organisation_id = ${org}::bigint and b.id = t.batch_id
          returning b.id),
        mv as (
          insert into store_movement (organisation_id, batch_id, sub_product_id, centre_id, kind, quantity, sale_id, date, created_by)
          select ${org}::bigint, p.batch_id, p.sub_product_id, ${centreId}::bigint, 'sale', -p.quantity, s.id, ${ctx.now.today}::date,
                 ${ctx.actor.actorId}::bigint
          from s, p
          returning id)
        select s.id, s.created_at, (select trim(u.first_name || ' ' || u.last_name) from app_user u where u.id = ${ctx.actor.actorId}::bigint) as created_by_name,
               (select json_agg(json_build_object('id', l.id, 'position', l.position)) from l) as lines,
               (select count(*) from pk) + (select count(*) from upd) + (select count(*) from mv) as written
        from s`,
  );
  const numbered = numberSales(tx, ctx, [pending]);
  const [row] = await written.catch(async (err: unknown) => {
    // A refused sale (a batch would go below zero) fails the statement and so the one after it.
    await numbered.catch(() => undefined);
    return onNegativeStock('lines')(err);
  });
  const [sold] = await numbered;
  const lineIds = new Map(
    (typeof row.lines === 'string' ? (JSON.parse(row.lines) as { id: number; position: number }[]) : row.lines).map((l) => [
      Number(l.position),
      Number(l.id),
    ]),
  );
  const paidNow = paise(sold.paid);
  const due = Math.max(0, total - paidNow);
  return {
    id: Number(row.id),
    number: sold.source.label,
    date: ctx.now.today,
    centre: centreId,
    centre_name: place.name,
    customer: buyer.id,
    customer_name: buyer.name,
    customer_phone: buyer.phone,
    total: built.total,
    paid: fromPaise(paidNow),
    due: fromPaise(due),
    returned: '0.00',
    cost: fromPaise(cost),
    status: due === 0 ? 'paid' : paidNow > 0 ? 'partially_paid' : 'unpaid',
    sold_by: input.sold_by ?? null,
    sold_by_name: staffName,
    created_by_name: row.created_by_name ?? '',
    created_at: new Date(row.created_at).toISOString(),
    invoice: { id: sold.invoice.id, number: sold.invoice.number },
    lines: lineRows.map((l, i) => ({
      id: lineIds.get(l.position)!,
      sub_product: l.sub_product_id,
      label: l.label,
      hsn: l.hsn,
      quantity: l.quantity,
      returned: 0,
      price: fromPaise(paise(l.price)),
      discount: fromPaise(paise(l.discount)),
      gst_rate: l.gst_rate,
      total: fromPaise(paise(l.total)),
      cost: l.cost,
      batches: lines[i].picks.map((p) => ({
        batch: p.batch.id,
        batch_no: p.batch.batchNo,
        expiry_date: p.batch.expiryDate,
        quantity: p.quantity,
      })),
    })),
    payments: pending.payments.map((p) => ({ mode: p.modeName, amount: p.amount, reference: p.reference, date: p.date })),
  };
}

/** Units back from the customer: into the batches they came from, a credit note, money back beyond what the sale now charges. */
export async function returnSale(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof saleReturnInputSchema>): Promise<Sale> {
  const [s] = await tx
    .select()
    .from(sale)
    .where(and(eq(sale.organisationId, ctx.organisationId), eq(sale.id, id)))
    .for('update');
  if (!s) throw notFound();
  const lines = await tx
    .select()
    .from(saleLine)
    .where(and(eq(saleLine.organisationId, ctx.organisationId), eq(saleLine.saleId, id)));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const wanted = new Map<number, number>();
  const errors: Record<string, string[]> = {};
  for (const [i, l] of input.lines.entries()) {
    const line = byId.get(l.sold_line);
    if (!line) {
      errors[`lines.${i}.sold_line`] = [invalidPk(l.sold_line)];
      continue;
    }
    const n = (wanted.get(line.id) ?? 0) + l.quantity;
    wanted.set(line.id, n);
    if (n > line.quantity - line.returned)
      errors[`lines.${i}.quantity`] =
        line.quantity === line.returned
          ? ['Everything sold on this line has been returned already.']
          : [`At most ${line.quantity - line.returned} of this line can be returned.`];
  }
  if (Object.keys(errors).length) throw badRequest(errors);

  let credit = 0;
  let costBack = 0;
  const described: string[] = [];
  for (const [lineId, qty] of wanted) {
    const line = byId.get(lineId)!;
    const total = paise(line.total);
    const lineCost = paise(line.cost);
    credit += share(total, line.returned + qty, line.quantity) - share(total, line.returned, line.quantity);
    costBack += share(lineCost, line.returned + qty, line.quantity) - share(lineCost, line.returned, line.quantity);
    described.push(`${qty} × ${line.label}`);
    // Back into the batches it came from, the last taken first.
    const picks = await tx
      .select()
      .from(salePick)
      .where(and(eq(salePick.organisationId, ctx.organisationId), eq(salePick.saleLineId, lineId)))
      .orderBy(sql`${salePick.id} desc`);
    let left = qty;
    for (const p of picks) {
      if (left <= 0) break;
      const back = Math.min(left, p.quantity - p.returned);
      if (back <= 0) continue;
      left -= back;
      await tx
        .update(salePick)
        .set({ returned: sql`${salePick.returned} + ${back}` })
        .where(and(eq(salePick.organisationId, ctx.organisationId), eq(salePick.id, p.id)));
      await moveStock(tx, ctx, [
        {
          batchId: p.batchId,
          subProductId: line.subProductId,
          centreId: s.centreId,
          kind: 'return',
          quantity: back,
          reason: input.reason,
          reference: s.number,
          saleId: id,
        },
      ]);
    }
    await tx
      .update(saleLine)
      .set({ returned: sql`${saleLine.returned} + ${qty}` })
      .where(and(eq(saleLine.organisationId, ctx.organisationId), eq(saleLine.id, lineId)));
  }
  const charged = paise(s.total) - paise(s.returned) - credit;
  const refundDue = paise(s.paid) - charged;
  let mode = input.payment_mode;
  if (refundDue > 0 && !mode) mode = await lastReceiptMode(tx, ctx, { type: SALE_SOURCE, id });
  if (refundDue > 0 && !mode) throw fieldError('payment_mode', 'Choose how the money is given back.');
  await tx
    .update(sale)
    .set({
      returned: sql`${sale.returned} + ${fromPaise(credit)}::numeric`,
      cost: sql`greatest(${sale.cost} - ${fromPaise(costBack)}::numeric, 0)`,
      updatedAt: new Date(),
    })
    .where(and(eq(sale.organisationId, ctx.organisationId), eq(sale.id, id)));
  const description = `Returned: ${described.join(', ')}`;
  if (credit > 0)
    await creditSale(tx, ctx, await invoicesOfSource(tx, ctx, { type: SALE_SOURCE, id }, true), credit, input.reason, { description });
  if (refundDue > 0)
    await refund(
      tx,
      ctx,
      { type: SALE_SOURCE, id },
      { amount: fromPaise(refundDue), paymentMode: mode!, reason: input.reason, creditNote: false },
    );
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'store_sale',
    objectId: id,
    label: s.number,
    action: 'update',
    before: { returned: s.returned },
    after: {
      returned: fromPaise(paise(s.returned) + credit),
      lines: described,
      refunded: fromPaise(Math.max(0, refundDue)),
      reason: input.reason,
    },
  });
  return loadSale(tx, ctx, id);
}

/** A payment against a part-paid sale's due (the money module refuses more than is due). */
export async function collectSale(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof saleCollectInputSchema>): Promise<Sale> {
  const [s] = await tx
    .select({ id: sale.id })
    .from(sale)
    .where(and(eq(sale.organisationId, ctx.organisationId), eq(sale.id, id)));
  if (!s) throw notFound();
  await receive(tx, ctx, { type: SALE_SOURCE, id }, { amount: input.amount, paymentMode: input.payment_mode, reference: input.reference });
  return loadSale(tx, ctx, id);
}

// ---- reads ----
interface SaleHead {
  id: string | number;
  number: string;
  date: string;
  centre_id: string | number;
  centre_name: string;
  customer_id: string | number | null;
  customer_name: string;
  customer_phone: string;
  total: string;
  paid: string;
  returned: string;
  cost: string;
  sold_by: string | number | null;
  sold_by_name: string | null;
  created_by_name: string | null;
  created_at: string | Date;
  items: number;
  summary: string | null;
}

export const saleSelect = sql`s.id, s.number, s.date::text, s.centre_id, c.name as centre_name, s.customer_id, s.customer_name, s.customer_phone,
  s.total::text, s.paid::text, s.returned::text, s.cost::text, s.sold_by,
  (select trim(u2.first_name || ' ' || u2.last_name) from app_user u2 where u2.id = s.created_by) as created_by_name,
  s.created_at,
  (select coalesce(sum(l.quantity), 0)::int from store_sale_line l where l.organisation_id = s.organisation_id and l.sale_id = s.id) as items,
  (select string_agg(l.quantity || ' × ' || l.label, ', ' order by l.position) from store_sale_line l
     where l.organisation_id = s.organisation_id and l.sale_id = s.id) as summary`;
export const saleFrom = sql`store_sale s join centre c on c.organisation_id = s.organisation_id and c.id = s.centre_id`;

export function saleHeadJson(r: SaleHead, staffName: string) {
  const charged = paise(r.total) - paise(r.returned);
  const paid = paise(r.paid);
  const due = Math.max(0, charged - paid);
  return {
    id: Number(r.id),
    number: r.number,
    date: r.date,
    centre: Number(r.centre_id),
    centre_name: r.centre_name,
    customer: r.customer_id === null ? null : Number(r.customer_id),
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    total: fromPaise(paise(r.total)),
    paid: fromPaise(paid),
    due: fromPaise(due),
    returned: fromPaise(paise(r.returned)),
    cost: fromPaise(paise(r.cost)),
    status: (due === 0 ? 'paid' : paid > 0 ? 'partially_paid' : 'unpaid') as 'paid' | 'partially_paid' | 'unpaid',
    sold_by: r.sold_by === null ? null : Number(r.sold_by),
    sold_by_name: staffName,
    created_by_name: r.created_by_name ?? '',
    created_at: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
    items: Number(r.items),
    summary: r.summary ?? '',
  };
}

export async function loadSale(tx: Tx, ctx: Ctx, id: number): Promise<Sale> {
  const [r] = await queryRows<SaleHead>(
    tx,
    sql`select ${saleSelect} from ${saleFrom} where s.organisation_id = ${ctx.organisationId} and s.id = ${id}`,
  );
  if (!r) throw notFound();
  const lines = await queryRows<{
    id: string | number;
    sub_product_id: string | number;
    label: string;
    hsn: string;
    quantity: number;
    returned: number;
    price: string;
    discount: string;
    gst_rate: number;
    total: string;
    cost: string;
    batches: { batch: number; batch_no: string; expiry_date: string | null; quantity: number }[] | string | null;
  }>(
    tx,
    sql`select l.id, l.sub_product_id, l.label, l.hsn, l.quantity, l.returned, l.price::text, l.discount::text, l.gst_rate, l.total::text, l.cost::text,
               (select json_agg(json_build_object('batch', b.id, 'batch_no', b.batch_no, 'expiry_date', b.expiry_date::text, 'quantity', p.quantity) order by p.id)
                  from store_sale_pick p join store_batch b on b.organisation_id = p.organisation_id and b.id = p.batch_id
                  where p.organisation_id = l.organisation_id and p.sale_line_id = l.id) as batches
        from store_sale_line l where l.organisation_id = ${ctx.organisationId} and l.sale_id = ${id} order by l.position`,
  );
  const payments = await salePayments(tx, ctx, { type: SALE_SOURCE, id });
  const inv = await invoiceOfSource(tx, ctx, { type: SALE_SOURCE, id });
  const staff = r.sold_by === null ? '' : await staffNameOf(tx, ctx, Number(r.sold_by));
  const { items: _items, summary: _summary, ...head } = saleHeadJson(r, staff);
  return {
    ...head,
    invoice: inv ? { id: inv.id, number: inv.number } : null,
    lines: lines.map((l) => ({
      id: Number(l.id),
      sub_product: Number(l.sub_product_id),
      label: l.label,
      hsn: l.hsn,
      quantity: Number(l.quantity),
      returned: Number(l.returned),
      price: fromPaise(paise(l.price)),
      discount: fromPaise(paise(l.discount)),
      gst_rate: Number(l.gst_rate),
      total: fromPaise(paise(l.total)),
      cost: fromPaise(paise(l.cost)),
      batches: (typeof l.batches === 'string' ? JSON.parse(l.batches) : (l.batches ?? [])).map(
        (b: { batch: number; batch_no: string; expiry_date: string | null; quantity: number }) => ({
          ...b,
          batch: Number(b.batch),
          quantity: Number(b.quantity),
        }),
      ),
    })),
    payments: payments.map(({ kind: _kind, ...p }) => p),
  };
}

async function staffNameOf(tx: Tx, ctx: Ctx, id: number): Promise<string> {
  return (await staffNames(tx, ctx, [id])).get(id) ?? '';
}
