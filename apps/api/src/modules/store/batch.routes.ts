/**
 * Store › batches: the list (state against the organisation's today and the near-expiry window),
 * one batch, and the three corrections of stock a manager makes: write-off, adjust and transfer.
 * Each locks its batch (`lockBatch`), changes stock only through `moveStock` and writes its audit
 * row, in one transaction.
 *
 * A write-off moves no money: the goods were expensed under Purchases when their bill was paid, so
 * their value at cost moves from Purchases to "Stock Written Off" (an expense there through
 * `payExpense` and the same off Purchases through `creditExpense`, neither with a payment mode):
 * the books' total expense stays what was paid, and the loss shows as its own category. The value
 * is also kept in the audit row and in the product-expired report.
 */
import { fromPaise, idSchema, paise } from '@arena/contracts';
import { BATCH_STATES, batchEndpoints, type Batch } from '@arena/contracts/store';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { listRoute, showName, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { daysBetween } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { creditExpense, payExpense } from '../money/index.js';
import { MODULE, nearExpiryDays, PURCHASES_CATEGORY, WRITE_OFF_CATEGORY, WRITE_OFF_SOURCE } from './constants.js';
import { variantLabel } from './product.routes.js';
import { batch, brand, product, subProduct, supplier } from './schema.js';
import { lockBatch, moveStock } from './stock.js';

const tags = ['store_batch'];
type State = (typeof BATCH_STATES)[number];

export const batchFields = {
  row: batch,
  variantName: subProduct.name,
  sku: subProduct.sku,
  barcode: subProduct.barcode,
  productName: product.name,
  brandName: brand.name,
  centreName: centre.name,
  supplierName: supplier.name,
};
export type BatchJoin = {
  row: typeof batch.$inferSelect;
  variantName: string;
  sku: string;
  barcode: string;
  productName: string;
  brandName: string | null;
  centreName: string;
  supplierName: string | null;
};

export const batchFrom = (tx: Tx, fields: Parameters<typeof tx.select>[0]) =>
  tx
    .select(fields!)
    .from(batch)
    .innerJoin(subProduct, and(eq(subProduct.organisationId, batch.organisationId), eq(subProduct.id, batch.subProductId)))
    .innerJoin(product, and(eq(product.organisationId, subProduct.organisationId), eq(product.id, subProduct.productId)))
    .leftJoin(brand, and(eq(brand.organisationId, product.organisationId), eq(brand.id, product.brandId)))
    .innerJoin(centre, and(eq(centre.organisationId, batch.organisationId), eq(centre.id, batch.centreId)))
    .leftJoin(supplier, and(eq(supplier.organisationId, batch.organisationId), eq(supplier.id, batch.supplierId)))
    .$dynamic();

/** A batch's state on `today`: empty, expired (after its expiry date), near expiry (within `days`), or ok. */
export function batchState(quantity: number, expiry: string | null, today: string, days = nearExpiryDays()): State {
  if (quantity <= 0) return 'empty';
  if (expiry === null) return 'ok';
  const left = daysBetween(today, expiry);
  if (left < 0) return 'expired';
  return left <= days ? 'near_expiry' : 'ok';
}

export function batchJson(j: BatchJoin, ctx: Ctx): Batch {
  const r = j.row;
  const today = ctx.now.today;
  return {
    id: r.id,
    sub_product: r.subProductId,
    label: variantLabel(j.brandName ?? '', j.productName, j.variantName),
    sku: j.sku,
    barcode: j.barcode,
    centre: r.centreId,
    centre_name: j.centreName,
    batch_no: r.batchNo,
    expiry_date: r.expiryDate,
    received_on: r.receivedOn,
    quantity: r.quantity,
    received: r.received,
    cost: fromPaise(paise(r.cost)),
    value: fromPaise(r.quantity * paise(r.cost)),
    supplier: r.supplierId,
    supplier_name: j.supplierName ?? '',
    days_to_expiry: r.expiryDate === null ? null : daysBetween(today, r.expiryDate),
    state: batchState(r.quantity, r.expiryDate, today),
  };
}

/** Today in the organisation's time zone, in SQL (as `ctx.now.today`). */
export const orgToday = sql`(now() at time zone (select o.time_zone from organisation o where o.id = ${batch.organisationId}))::date`;

/** The SQL of a state on `today` (the same rule as `batchState`). */
export function stateWhere(state: State, today: string | SQL, days = nearExpiryDays()): SQL {
  const q = batch.quantity;
  const e = batch.expiryDate;
  switch (state) {
    case 'empty':
      return sql`${q} <= 0`;
    case 'expired':
      return sql`${q} > 0 and ${e} < ${today}::date`;
    case 'near_expiry':
      return sql`${q} > 0 and ${e} >= ${today}::date and ${e} <= ${today}::date + ${days}::int`;
    case 'ok':
      return sql`${q} > 0 and (${e} is null or ${e} > ${today}::date + ${days}::int)`;
  }
}

export async function loadBatch(tx: Tx, ctx: Ctx, id: number): Promise<Batch> {
  const [row] = (await batchFrom(tx, batchFields)
    .where(and(eq(batch.organisationId, ctx.organisationId), eq(batch.id, id)))
    .limit(1)) as BatchJoin[];
  if (!row) throw notFound();
  return batchJson(row, ctx);
}

const batchColumns = [
  { header: 'Product', value: (b: Batch) => b.label },
  { header: 'Centre', value: (b: Batch) => b.centre_name },
  { header: 'Batch', value: (b: Batch) => b.batch_no },
  { header: 'Expiry', value: (b: Batch) => b.expiry_date ?? '', type: 'date' as const },
  { header: 'Received on', value: (b: Batch) => b.received_on, type: 'date' as const },
  { header: 'Received', value: (b: Batch) => b.received, type: 'number' as const },
  { header: 'Quantity', value: (b: Batch) => b.quantity, type: 'number' as const },
  { header: 'Cost', value: (b: Batch) => b.cost, type: 'money' as const },
  { header: 'Value', value: (b: Batch) => b.value, type: 'money' as const },
  { header: 'Supplier', value: (b: Batch) => b.supplier_name },
  { header: 'Days to expiry', value: (b: Batch) => b.days_to_expiry ?? '', type: 'number' as const },
  { header: 'State', value: (b: Batch) => b.state.replace('_', ' ') },
];
export { batchColumns };

async function audit(tx: Tx, ctx: Ctx, before: Batch, after: Batch, what: Record<string, unknown>): Promise<void> {
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'store_batch',
    objectId: after.id,
    label: `${after.label} (${after.batch_no || `batch ${after.id}`})`,
    action: 'update',
    before: { quantity: before.quantity },
    after: { quantity: after.quantity, ...what },
  });
}

/** Writes off units of a batch (all that is left by default): a `write_off` movement, its value at cost in the audit row. */
export async function writeOff(tx: Tx, ctx: Ctx, id: number, input: { quantity?: number; reason: string }): Promise<Batch> {
  const locked = await lockBatch(tx, ctx, id);
  if (!locked) throw notFound();
  const before = await loadBatch(tx, ctx, id);
  const quantity = input.quantity ?? locked.quantity;
  if (locked.quantity <= 0) throw fieldError('quantity', 'This batch has no stock left to write off.');
  if (quantity > locked.quantity) throw fieldError('quantity', `Only ${locked.quantity} left in this batch.`);
  await moveStock(tx, ctx, [
    {
      batchId: id,
      subProductId: locked.subProductId,
      centreId: locked.centreId,
      kind: 'write_off',
      quantity: -quantity,
      reason: input.reason,
    },
  ]);
  const after = await loadBatch(tx, ctx, id);
  const value = quantity * paise(locked.cost);
  let entry: number | null = null;
  if (value > 0) {
    const posting = {
      amount: fromPaise(value),
      paymentMode: null,
      module: MODULE,
      source: { type: WRITE_OFF_SOURCE, id, label: `${after.label} (${after.batch_no || `batch ${id}`})` },
      party: after.supplier_name,
      centreId: locked.centreId,
      notes: `${quantity} written off: ${input.reason}`,
    };
    entry = (await payExpense(tx, ctx, { ...posting, category: WRITE_OFF_CATEGORY })).id;
    await creditExpense(tx, ctx, { ...posting, category: PURCHASES_CATEGORY });
  }
  await audit(tx, ctx, before, after, { write_off: quantity, value: fromPaise(value), reason: input.reason, ledger_entry: entry });
  return after;
}

/** A count correction: + found, − missing (never below what is there). */
export async function adjust(tx: Tx, ctx: Ctx, id: number, input: { quantity: number; reason: string }): Promise<Batch> {
  const locked = await lockBatch(tx, ctx, id);
  if (!locked) throw notFound();
  const before = await loadBatch(tx, ctx, id);
  if (locked.quantity + input.quantity < 0)
    throw fieldError('quantity', `Only ${locked.quantity} in this batch: at most ${locked.quantity} can be missing.`);
  await moveStock(tx, ctx, [
    {
      batchId: id,
      subProductId: locked.subProductId,
      centreId: locked.centreId,
      kind: 'adjustment',
      quantity: input.quantity,
      reason: input.reason,
    },
  ]);
  const after = await loadBatch(tx, ctx, id);
  await audit(tx, ctx, before, after, { adjustment: input.quantity, reason: input.reason });
  return after;
}

/** Moves units to another active centre: a new batch there (same number, expiry, cost), transfer_out and transfer_in together. */
export async function transfer(
  tx: Tx,
  ctx: Ctx,
  id: number,
  input: { centre: number; quantity: number; reason: string },
): Promise<{ from: Batch; to: Batch }> {
  const locked = await lockBatch(tx, ctx, id);
  if (!locked) throw notFound();
  if (input.centre === locked.centreId) throw fieldError('centre', 'Choose another centre: the batch is already here.');
  const [target] = await tx
    .select({ id: centre.id, name: centre.name, isActive: centre.isActive })
    .from(centre)
    .where(and(eq(centre.organisationId, ctx.organisationId), eq(centre.id, input.centre)));
  if (!target) throw fieldError('centre', `Invalid pk "${input.centre}" - object does not exist.`);
  if (!target.isActive) throw fieldError('centre', 'This centre is inactive.');
  if (input.quantity > locked.quantity) throw fieldError('quantity', `Only ${locked.quantity} left in this batch.`);
  const before = await loadBatch(tx, ctx, id);
  const [source] = await tx
    .select()
    .from(batch)
    .where(and(eq(batch.organisationId, ctx.organisationId), eq(batch.id, id)));
  const [created] = await tx
    .insert(batch)
    .values({
      organisationId: ctx.organisationId,
      subProductId: source.subProductId,
      centreId: input.centre,
      batchNo: source.batchNo,
      expiryDate: source.expiryDate,
      receivedOn: ctx.now.today,
      received: input.quantity,
      quantity: 0,
      cost: source.cost,
      supplierId: source.supplierId,
      purchaseId: source.purchaseId,
      fromBatchId: source.id,
    })
    .returning({ id: batch.id });
  const reason = input.reason || `Transfer to ${target.name}`;
  const reference = source.batchNo;
  await moveStock(tx, ctx, [
    {
      batchId: id,
      subProductId: source.subProductId,
      centreId: source.centreId,
      kind: 'transfer_out',
      quantity: -input.quantity,
      reason,
      reference,
    },
    {
      batchId: created.id,
      subProductId: source.subProductId,
      centreId: input.centre,
      kind: 'transfer_in',
      quantity: input.quantity,
      reason,
      reference,
    },
  ]);
  const from = await loadBatch(tx, ctx, id);
  const to = await loadBatch(tx, ctx, created.id);
  await audit(tx, ctx, before, from, { transfer: input.quantity, to_centre: target.name, to_batch: to.id, reason });
  return { from, to };
}

export async function batchRoutes(app: FastifyInstance): Promise<void> {
  const e = batchEndpoints;
  const list: ListDefinition<BatchJoin, Batch> = {
    from: batchFrom as never,
    fields: batchFields,
    where: (ctx) => eq(batch.organisationId, ctx.organisationId),
    search: [product.name, subProduct.name, subProduct.sku, subProduct.barcode, batch.batchNo, brand.name],
    filters: {
      sub_product: { schema: idSchema, where: (v: number) => eq(batch.subProductId, v), label: 'Variant' },
      product: { schema: idSchema, where: (v: number) => eq(subProduct.productId, v), label: 'Product', show: showName(product) },
      centre: { schema: idSchema, where: (v: number) => eq(batch.centreId, v), label: 'Centre', show: showName(centre) },
      state: {
        schema: z.enum(BATCH_STATES),
        // A filter sees its value alone: the organisation's today is read in SQL (its time zone).
        where: (v: State) => stateWhere(v, orgToday),
        label: 'State',
        show: (v: State) => v.replace('_', ' '),
      },
      in_stock: {
        schema: z.stringbool(),
        where: (v: boolean) => (v ? sql`${batch.quantity} > 0` : sql`${batch.quantity} = 0`),
        label: 'In stock',
        show: yesNo,
      },
    },
    ordering: {
      id: batch.id,
      expiry_date: batch.expiryDate,
      received_on: batch.receivedOn,
      quantity: batch.quantity,
      product: product.name,
      centre: centre.name,
    },
    defaultOrdering: [sql`${batch.expiryDate} asc nulls last`, asc(batch.receivedOn)],
    tiebreak: batch.id,
    map: (_tx, ctx, rows) => rows.map((r) => batchJson(r, ctx)),
    export: { filename: 'store-batches', title: 'Batches', columns: batchColumns },
  };
  listRoute(app, e.list, { module: MODULE, tags, summary: 'List batches', list });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'Retrieve a batch',
    handler: async (request) => inTenant(request, (tx, ctx) => loadBatch(tx, ctx, request.params.id)),
  });
  route(app, e.writeOff, {
    module: MODULE,
    tags,
    summary: 'Write off units of a batch (expired, damaged, lost)',
    handler: async (request) => inTenant(request, (tx, ctx) => writeOff(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.adjust, {
    module: MODULE,
    tags,
    summary: "Correct a batch's count (+ found, − missing)",
    handler: async (request) => inTenant(request, (tx, ctx) => adjust(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.transfer, {
    module: MODULE,
    tags,
    summary: 'Move units of a batch to another centre',
    handler: async (request) => inTenant(request, (tx, ctx) => transfer(tx, ctx, request.params.id, request.body)),
  });
}
