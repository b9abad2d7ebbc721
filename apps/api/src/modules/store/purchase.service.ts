/**
 * Suppliers' bills: each line posts a batch (stock in through `moveStock`), the bill posts its
 * expense on the ledger (category Purchases, the supplier as party) when paid — at once, or later
 * by `payPurchase` — and a return takes units back out of their batch and credits the bill: money
 * back from the supplier on a paid bill, less owed on a payable one.
 */
import type { Purchase, PurchaseInput } from '@arena/contracts/store';
import { fromPaise, paise } from '@arena/contracts/kit';
import type { z } from 'zod';
import type { purchasePayInputSchema, purchaseReturnInputSchema } from '@arena/contracts/store';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import { creditExpense, payExpense } from '../money/index.js';
import { MODULE, PURCHASE_SOURCE, PURCHASES_CATEGORY } from './constants.js';
import { batch, product, purchase, purchaseLine, subProduct, supplier } from './schema.js';
import { lockBatch, moveStock } from './stock.js';

const DAY = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A line's taxable value, GST and amount in paise (GST rounded per line, as bills print it). */
export function lineAmounts(quantity: number, cost: string, gstRate: number): { taxable: number; gst: number; amount: number } {
  const taxable = quantity * paise(cost);
  const gst = Math.round((taxable * gstRate) / 100);
  return { taxable, gst, amount: taxable + gst };
}

const billUnique = onUnique({
  store_purchase_supplier_bill_key: { field: 'bill_no', message: "This supplier's bill with this number is already entered." },
});

export async function createPurchase(tx: Tx, ctx: Ctx, input: PurchaseInput): Promise<Purchase> {
  // The bill's date: not ahead of tomorrow, not more than a year back.
  if (input.bill_date > addDays(ctx.now.today, 1)) throw fieldError('bill_date', 'A bill cannot be dated in the future.');
  if (input.bill_date < addDays(ctx.now.today, -366)) throw fieldError('bill_date', 'Enter a bill of the last twelve months.');
  await checkReferences(tx, ctx.organisationId, {
    supplier: { table: supplier, id: input.supplier },
    centre: { table: centre, id: input.centre, where: eq(centre.isActive, true) },
  });
  const [sup] = await tx
    .select({ name: supplier.name, terms: supplier.paymentTermsDays })
    .from(supplier)
    .where(and(eq(supplier.organisationId, ctx.organisationId), eq(supplier.id, input.supplier)));
  const ids = [...new Set(input.lines.map((l) => l.sub_product))];
  const variants = await tx
    .select({ id: subProduct.id, name: subProduct.name, productName: product.name, tracksExpiry: product.tracksExpiry })
    .from(subProduct)
    .innerJoin(product, and(eq(product.organisationId, subProduct.organisationId), eq(product.id, subProduct.productId)))
    .where(and(eq(subProduct.organisationId, ctx.organisationId), inArray(subProduct.id, ids)));
  const byId = new Map(variants.map((v) => [v.id, v]));
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    const v = byId.get(l.sub_product);
    if (!v) errors[`lines.${i}.sub_product`] = [invalidPk(l.sub_product)];
    else if (v.tracksExpiry && !l.expiry_date)
      errors[`lines.${i}.expiry_date`] = [`Enter the expiry date: ${v.productName} tracks expiry.`];
    else if (l.expiry_date && l.expiry_date <= input.bill_date)
      errors[`lines.${i}.expiry_date`] = ['The expiry date must be after the bill date.'];
  });
  if (Object.keys(errors).length) throw badRequest(errors);

  const amounts = input.lines.map((l) => lineAmounts(l.quantity, l.cost, l.gst_rate));
  const taxable = amounts.reduce((n, a) => n + a.taxable, 0);
  const gst = amounts.reduce((n, a) => n + a.gst, 0);
  const total = taxable + gst;
  if (total > paise('9999999999.99')) throw fieldError('lines', 'This bill is too large for one entry: split it.');
  const paid = input.payment === 'paid';
  const [row] = await tx
    .insert(purchase)
    .values({
      organisationId: ctx.organisationId,
      supplierId: input.supplier,
      centreId: input.centre,
      billNo: input.bill_no,
      billDate: input.bill_date,
      dueDate: addDays(input.bill_date, sup.terms),
      taxable: fromPaise(taxable),
      gst: fromPaise(gst),
      total: fromPaise(total),
      status: paid ? 'paid' : 'payable',
      paidOn: paid ? input.bill_date : null,
      reference: input.reference,
      notes: input.notes,
      createdBy: ctx.actor.actorId,
    })
    .returning()
    .catch(billUnique);
  // One batch per line, empty until its purchase movement fills it.
  const batches = await tx
    .insert(batch)
    .values(
      input.lines.map((l) => ({
        organisationId: ctx.organisationId,
        subProductId: l.sub_product,
        centreId: input.centre,
        batchNo: l.batch_no,
        expiryDate: l.expiry_date,
        receivedOn: input.bill_date,
        received: l.quantity,
        quantity: 0,
        cost: l.cost,
        supplierId: input.supplier,
        purchaseId: row.id,
      })),
    )
    .returning({ id: batch.id });
  await tx.insert(purchaseLine).values(
    input.lines.map((l, i) => ({
      organisationId: ctx.organisationId,
      purchaseId: row.id,
      subProductId: l.sub_product,
      batchId: batches[i].id,
      quantity: l.quantity,
      cost: l.cost,
      gstRate: l.gst_rate,
      taxable: fromPaise(amounts[i].taxable),
      gst: fromPaise(amounts[i].gst),
      amount: fromPaise(amounts[i].amount),
    })),
  );
  const reference = `${sup.name} bill ${input.bill_no}`;
  await moveStock(
    tx,
    ctx,
    input.lines.map((l, i) => ({
      batchId: batches[i].id,
      subProductId: l.sub_product,
      centreId: input.centre,
      kind: 'purchase' as const,
      quantity: l.quantity,
      reference,
      purchaseId: row.id,
      date: input.bill_date,
    })),
  );
  // The variant's cost follows its last bill (a default for the next).
  await queryRows(
    tx,
    sql`update store_sub_product s set cost = l.cost, updated_at = now()
        from (select distinct on (sub_product_id) sub_product_id, cost from store_purchase_line
              where organisation_id = ${ctx.organisationId} and purchase_id = ${row.id} order by sub_product_id, id desc) l
        where s.organisation_id = ${ctx.organisationId} and s.id = l.sub_product_id`,
  );
  if (paid) await payBill(tx, ctx, row.id, { payment_mode: input.payment_mode!, date: input.bill_date, reference: input.reference }, true);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'store_purchase',
    objectId: row.id,
    label: reference,
    action: 'create',
    after: {
      supplier: sup.name,
      bill_no: input.bill_no,
      bill_date: input.bill_date,
      lines: input.lines.length,
      total: fromPaise(total),
      status: row.status,
    },
  });
  return loadPurchase(tx, ctx, row.id);
}

/** Posts what a bill still owes as one expense payment and marks it paid. */
async function payBill(
  tx: Tx,
  ctx: Ctx,
  id: number,
  input: { payment_mode: number; date?: string; reference: string },
  atCreate = false,
): Promise<void> {
  const [p] = await tx
    .select({ row: purchase, supplierName: supplier.name })
    .from(purchase)
    .innerJoin(supplier, and(eq(supplier.organisationId, purchase.organisationId), eq(supplier.id, purchase.supplierId)))
    .where(and(eq(purchase.organisationId, ctx.organisationId), eq(purchase.id, id)))
    .for('update', { of: purchase });
  if (!p) throw notFound();
  if (p.row.status === 'paid' && !atCreate) throw badRequest('This bill is already paid.');
  const owed = paise(p.row.total) - paise(p.row.returned);
  const date = input.date ?? ctx.now.today;
  let ledgerEntryId: number | null = null;
  if (owed > 0) {
    const entry = await payExpense(tx, ctx, {
      category: PURCHASES_CATEGORY,
      amount: fromPaise(owed),
      paymentMode: input.payment_mode,
      reference: input.reference,
      date,
      module: MODULE,
      source: { type: PURCHASE_SOURCE, id, label: `${p.supplierName} bill ${p.row.billNo}` },
      party: p.supplierName,
      centreId: p.row.centreId,
      notes: `Bill ${p.row.billNo} of ${p.row.billDate}`,
    }).catch((err: unknown) => {
      // payExpense names the fields of a movement; the pay call's are payment_mode and date.
      throw err;
    });
    ledgerEntryId = entry.id;
  }
  await tx
    .update(purchase)
    .set({ status: 'paid', paidOn: date, ledgerEntryId, updatedAt: new Date() })
    .where(and(eq(purchase.organisationId, ctx.organisationId), eq(purchase.id, id)));
}

export async function payPurchase(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof purchasePayInputSchema>): Promise<Purchase> {
  if (input.date && input.date > ctx.now.today) throw fieldError('date', 'A payment cannot be dated in the future.');
  await payBill(tx, ctx, id, input);
  const p = await loadPurchase(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'store_purchase',
    objectId: id,
    label: `${p.supplier_name} bill ${p.bill_no}`,
    action: 'update',
    before: { status: 'payable' },
    after: { status: 'paid', paid_on: p.paid_on, amount: fromPaise(paise(p.total) - paise(p.returned)) },
  });
  return p;
}

/** Goods back to the supplier: out of their batch (never more than bought on the line, nor than is left), credited on the bill. */
export async function returnPurchase(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof purchaseReturnInputSchema>): Promise<Purchase> {
  const [p] = await tx
    .select({ row: purchase, supplierName: supplier.name })
    .from(purchase)
    .innerJoin(supplier, and(eq(supplier.organisationId, purchase.organisationId), eq(supplier.id, purchase.supplierId)))
    .where(and(eq(purchase.organisationId, ctx.organisationId), eq(purchase.id, id)))
    .for('update', { of: purchase });
  if (!p) throw notFound();
  if (p.row.status === 'paid' && !input.payment_mode)
    throw fieldError('payment_mode', 'This bill is paid: choose how the supplier refunds the returned goods.');
  const lines = await tx
    .select()
    .from(purchaseLine)
    .where(and(eq(purchaseLine.organisationId, ctx.organisationId), eq(purchaseLine.purchaseId, id)));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const wanted = new Map<number, number>();
  const errors: Record<string, string[]> = {};
  for (const [i, l] of input.lines.entries()) {
    const line = byId.get(l.purchase_line);
    if (!line) {
      errors[`lines.${i}.purchase_line`] = [invalidPk(l.purchase_line)];
      continue;
    }
    const total = (wanted.get(line.id) ?? 0) + l.quantity;
    wanted.set(line.id, total);
    if (total > line.quantity - line.returned)
      errors[`lines.${i}.quantity`] = [`At most ${line.quantity - line.returned} of this line can be returned.`];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  let credit = 0;
  const reference = `${p.supplierName} bill ${p.row.billNo}`;
  for (const [i, l] of input.lines.entries()) {
    const line = byId.get(l.purchase_line)!;
    const b = await lockBatch(tx, ctx, line.batchId);
    if (!b || b.quantity < l.quantity)
      throw fieldError(`lines.${i}.quantity`, `Only ${b?.quantity ?? 0} of this batch are left in stock to return.`);
    await moveStock(
      tx,
      ctx,
      [
        {
          batchId: b.id,
          subProductId: line.subProductId,
          centreId: b.centreId,
          kind: 'purchase_return',
          quantity: -l.quantity,
          reason: input.reason,
          reference,
          purchaseId: id,
        },
      ],
      `lines.${i}.quantity`,
    );
    credit += lineAmounts(l.quantity, line.cost, line.gstRate).amount;
    await tx
      .update(purchaseLine)
      .set({ returned: sql`${purchaseLine.returned} + ${l.quantity}` })
      .where(and(eq(purchaseLine.organisationId, ctx.organisationId), eq(purchaseLine.id, line.id)));
  }
  credit = Math.min(credit, paise(p.row.total) - paise(p.row.returned));
  await tx
    .update(purchase)
    .set({ returned: sql`${purchase.returned} + ${fromPaise(credit)}::numeric`, updatedAt: new Date() })
    .where(and(eq(purchase.organisationId, ctx.organisationId), eq(purchase.id, id)));
  if (p.row.status === 'paid' && credit > 0)
    await creditExpense(tx, ctx, {
      category: PURCHASES_CATEGORY,
      amount: fromPaise(credit),
      paymentMode: input.payment_mode!,
      module: MODULE,
      source: { type: PURCHASE_SOURCE, id, label: reference },
      party: p.supplierName,
      centreId: p.row.centreId,
      notes: `Returned: ${input.reason}`,
    });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'store_purchase',
    objectId: id,
    label: reference,
    action: 'update',
    before: { returned: p.row.returned },
    after: { returned: fromPaise(paise(p.row.returned) + credit), reason: input.reason, lines: input.lines },
  });
  return loadPurchase(tx, ctx, id);
}

interface PurchaseJoin {
  id: string | number;
  supplier_id: string | number;
  supplier_name: string;
  centre_id: string | number;
  centre_name: string;
  bill_no: string;
  bill_date: string;
  due_date: string;
  taxable: string;
  gst: string;
  total: string;
  returned: string;
  status: 'paid' | 'payable';
  paid_on: string | null;
  notes: string;
  created_by_name: string | null;
  created_at: string | Date;
  line_count: number;
}

/** The columns of a purchase with its names (the list and one bill share them). */
export const purchaseSelect = sql`p.id, p.supplier_id, s.name as supplier_name, p.centre_id, c.name as centre_name, p.bill_no, p.bill_date::text,
  p.due_date::text, p.taxable::text, p.gst::text, p.total::text, p.returned::text, p.status, p.paid_on::text, p.notes,
  coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as created_by_name, p.created_at,
  (select count(*)::int from store_purchase_line l where l.organisation_id = p.organisation_id and l.purchase_id = p.id) as line_count`;
export const purchaseFrom = sql`store_purchase p
  join store_supplier s on s.organisation_id = p.organisation_id and s.id = p.supplier_id
  join centre c on c.organisation_id = p.organisation_id and c.id = p.centre_id
  left join app_user u on u.id = p.created_by`;

export function purchaseJson(r: PurchaseJoin) {
  return {
    id: Number(r.id),
    supplier: Number(r.supplier_id),
    supplier_name: r.supplier_name,
    centre: Number(r.centre_id),
    centre_name: r.centre_name,
    bill_no: r.bill_no,
    bill_date: r.bill_date,
    due_date: r.due_date,
    taxable: fromPaise(paise(r.taxable)),
    gst: fromPaise(paise(r.gst)),
    total: fromPaise(paise(r.total)),
    returned: fromPaise(paise(r.returned)),
    status: r.status,
    paid_on: r.paid_on,
    notes: r.notes,
    created_by_name: r.created_by_name ?? '',
    created_at: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
    line_count: Number(r.line_count),
  };
}

export async function loadPurchase(tx: Tx, ctx: Ctx, id: number): Promise<Purchase> {
  const [r] = await queryRows<PurchaseJoin>(
    tx,
    sql`select ${purchaseSelect} from ${purchaseFrom} where p.organisation_id = ${ctx.organisationId} and p.id = ${id}`,
  );
  if (!r) throw notFound();
  const lines = await queryRows<{
    id: string | number;
    sub_product_id: string | number;
    label: string;
    batch_id: string | number;
    batch_no: string;
    expiry_date: string | null;
    quantity: number;
    returned: number;
    cost: string;
    gst_rate: number;
    taxable: string;
    gst: string;
    amount: string;
  }>(
    tx,
    sql`select l.id, l.sub_product_id, pr.name || ', ' || sp.name as label, l.batch_id, b.batch_no, b.expiry_date::text, l.quantity, l.returned,
               l.cost::text, l.gst_rate, l.taxable::text, l.gst::text, l.amount::text
        from store_purchase_line l
        join store_sub_product sp on sp.organisation_id = l.organisation_id and sp.id = l.sub_product_id
        join store_product pr on pr.organisation_id = sp.organisation_id and pr.id = sp.product_id
        join store_batch b on b.organisation_id = l.organisation_id and b.id = l.batch_id
        where l.organisation_id = ${ctx.organisationId} and l.purchase_id = ${id} order by l.id`,
  );
  const { line_count: _n, ...head } = purchaseJson(r);
  return {
    ...head,
    lines: lines.map((l) => ({
      id: Number(l.id),
      sub_product: Number(l.sub_product_id),
      label: l.label,
      batch: Number(l.batch_id),
      batch_no: l.batch_no,
      expiry_date: l.expiry_date,
      quantity: Number(l.quantity),
      returned: Number(l.returned),
      cost: fromPaise(paise(l.cost)),
      gst_rate: Number(l.gst_rate),
      taxable: fromPaise(paise(l.taxable)),
      gst: fromPaise(paise(l.gst)),
      amount: fromPaise(paise(l.amount)),
    })),
  };
}
