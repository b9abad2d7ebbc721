/**
 * Store › the stock movements (every change of stock, newest first), the low-stock list (variants
 * at or below their product's reorder level, with their last purchase for a purchase draft) and
 * the near-to-expire list (batches with stock expiring within the window, or already expired).
 */
import { fromPaise, idSchema, isoDateSchema, paise, type Paginated } from '@arena/contracts';
import {
  lowStockEndpoint,
  MOVEMENT_KINDS,
  movementEndpoint,
  nearToExpireEndpoint,
  type Batch,
  type LowStock,
  type StockMovement,
} from '@arena/contracts/store';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appUser } from '../../platform/db/schema.js';
import type { Tx } from '../../platform/db/client.js';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { containsPattern, pageLink } from '../../platform/pagination.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { addDays } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { batchFields, batchFrom, batchJson, type BatchJoin } from './batch.routes.js';
import { MODULE, nearExpiryDays } from './constants.js';
import { subProductFields, subProductFrom, variantLabel } from './product.routes.js';
import { batch, brand, category, movement, product, sale, subProduct } from './schema.js';
import { figuresCentre, readFiguresCentre, stockFigures } from './stock-figures.js';

const tags = ['store_stock'];

// ---- movements ----

type MovementJoin = {
  row: typeof movement.$inferSelect;
  batchNo: string;
  variantName: string;
  productName: string;
  brandName: string | null;
  centreName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  saleNumber: string | null;
};

const movementFields = {
  row: movement,
  batchNo: batch.batchNo,
  variantName: subProduct.name,
  productName: product.name,
  brandName: brand.name,
  centreName: centre.name,
  firstName: appUser.firstName,
  lastName: appUser.lastName,
  email: appUser.email,
  saleNumber: sale.number,
};

const movementFrom = (tx: Tx, fields: Parameters<typeof tx.select>[0]) =>
  tx
    .select(fields!)
    .from(movement)
    .innerJoin(batch, and(eq(batch.organisationId, movement.organisationId), eq(batch.id, movement.batchId)))
    .innerJoin(subProduct, and(eq(subProduct.organisationId, movement.organisationId), eq(subProduct.id, movement.subProductId)))
    .innerJoin(product, and(eq(product.organisationId, subProduct.organisationId), eq(product.id, subProduct.productId)))
    .leftJoin(brand, and(eq(brand.organisationId, product.organisationId), eq(brand.id, product.brandId)))
    .innerJoin(centre, and(eq(centre.organisationId, movement.organisationId), eq(centre.id, movement.centreId)))
    .leftJoin(appUser, eq(appUser.id, movement.createdBy))
    // A sale's movements name it by its number (given with its invoice, after they were written).
    .leftJoin(sale, and(eq(sale.organisationId, movement.organisationId), eq(sale.id, movement.saleId)))
    .$dynamic();

function movementJson(j: MovementJoin): StockMovement {
  const r = j.row;
  const name = `${j.firstName ?? ''} ${j.lastName ?? ''}`.trim();
  return {
    id: r.id,
    kind: r.kind,
    quantity: r.quantity,
    batch: r.batchId,
    batch_no: j.batchNo,
    sub_product: r.subProductId,
    label: variantLabel(j.brandName ?? '', j.productName, j.variantName),
    centre: r.centreId,
    centre_name: j.centreName,
    reason: r.reason,
    reference: r.reference || j.saleNumber || '',
    by: name || j.email || '',
    at: (r.createdAt instanceof Date ? r.createdAt : new Date(r.createdAt)).toISOString(),
  };
}

const movementList: ListDefinition<MovementJoin, StockMovement> = {
  from: movementFrom as never,
  fields: movementFields,
  where: (ctx) => eq(movement.organisationId, ctx.organisationId),
  search: [
    product.name,
    subProduct.name,
    subProduct.sku,
    subProduct.barcode,
    movement.reference,
    sale.number,
    movement.reason,
    batch.batchNo,
  ],
  filters: {
    sub_product: { schema: idSchema, where: (v: number) => eq(movement.subProductId, v), label: 'Variant' },
    batch: { schema: idSchema, where: (v: number) => eq(movement.batchId, v), label: 'Batch' },
    kind: {
      schema: z.enum(MOVEMENT_KINDS),
      where: (v: string) => eq(movement.kind, v as never),
      label: 'Kind',
      show: (v: string) => v.replace('_', ' '),
    },
    centre: { schema: idSchema, where: (v: number) => eq(movement.centreId, v), label: 'Centre', show: showName(centre) },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(movement.date, v), label: 'From' },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(movement.date, v), label: 'To' },
  },
  ordering: { id: movement.id, at: movement.createdAt, date: movement.date, quantity: movement.quantity, kind: movement.kind },
  defaultOrdering: [desc(movement.createdAt), desc(movement.id)],
  tiebreak: movement.id,
  map: (_tx, _ctx, rows) => rows.map(movementJson),
  export: {
    filename: 'store-stock-movements',
    title: 'Stock movements',
    columns: [
      { header: 'At', value: (m) => m.at, type: 'datetime' },
      { header: 'Product', value: (m) => m.label },
      { header: 'Batch', value: (m) => m.batch_no },
      { header: 'Centre', value: (m) => m.centre_name },
      { header: 'Kind', value: (m) => m.kind.replace('_', ' ') },
      { header: 'Quantity', value: (m) => m.quantity, type: 'number' },
      { header: 'Reason', value: (m) => m.reason },
      { header: 'Reference', value: (m) => m.reference },
      { header: 'By', value: (m) => m.by },
    ],
  },
};

// ---- low stock ----

/** Units on hand of the outer variant (at a centre, or all), in SQL. */
const stockSql = (centreId: number | null) =>
  sql`(select coalesce(sum(b.quantity), 0) from store_batch b where b.organisation_id = ${subProduct.organisationId}
    and b.sub_product_id = ${subProduct.id} and b.quantity > 0 ${centreId ? sql`and b.centre_id = ${centreId}` : sql``})`;

/** The latest purchase line of the outer variant: [supplier id, supplier name, unit cost, GST rate]. */
const lastPurchase = sql<
  [number, string, string, number] | string | null
>`(select jsonb_build_array(p.supplier_id, s.name, l.cost, l.gst_rate)
  from store_purchase_line l
  join store_purchase p on p.organisation_id = l.organisation_id and p.id = l.purchase_id
  join store_supplier s on s.organisation_id = p.organisation_id and s.id = p.supplier_id
  where l.organisation_id = ${subProduct.organisationId} and l.sub_product_id = ${subProduct.id}
  order by p.bill_date desc, l.id desc limit 1)`;

type LowStockJoin = { [K in keyof typeof subProductFields]: unknown } & { last: [number, string, string, number] | string | null };

async function lowStockScope(scope: FastifyInstance): Promise<void> {
  readFiguresCentre(scope);
  // The low-stock condition needs the centre: the filter sees one value, so the centre is passed as its own (always-present) filter.
  scope.addHook('preHandler', async (request) => {
    const q = request.query as Record<string, unknown>;
    q.low_at = typeof q.centre === 'number' ? q.centre : 0;
  });
  const list: ListDefinition<LowStockJoin, LowStock> = {
    from: subProductFrom as never,
    fields: { ...subProductFields, last: lastPurchase },
    where: (ctx) => and(eq(subProduct.organisationId, ctx.organisationId), eq(subProduct.isActive, true), eq(product.isActive, true)),
    search: [subProduct.name, subProduct.sku, subProduct.barcode, product.name, brand.name],
    filters: {
      low_at: {
        schema: z.coerce.number().int().min(0),
        where: (v: number) => sql`${stockSql(v || null)} <= ${product.reorderLevel}`,
        label: 'Low stock',
        show: () => 'Yes',
      },
      centre: { schema: idSchema, where: () => undefined, label: 'Centre', show: showName(centre) },
      category: { schema: idSchema, where: (v: number) => eq(product.categoryId, v), label: 'Category', show: showName(category) },
      brand: { schema: idSchema, where: (v: number) => eq(product.brandId, v), label: 'Brand', show: showName(brand) },
    },
    ordering: { name: subProduct.name, product: product.name, reorder_level: product.reorderLevel },
    defaultOrdering: [asc(product.name), asc(subProduct.name)],
    tiebreak: subProduct.id,
    map: (_tx, ctx, rows) =>
      rows.map((j) => {
        const row = j.row as typeof subProduct.$inferSelect;
        const figures = stockFigures(j.batches as never, figuresCentre(ctx), ctx.now.today);
        const last = (typeof j.last === 'string' ? JSON.parse(j.last) : j.last) as [number, string, string, number] | null;
        const reorder = Number(j.reorderLevel);
        const productName = String(j.productName);
        const brandName = (j.brandName as string | null) ?? '';
        const rates = j.gstRates as { rate: number; from: string }[];
        return {
          id: row.id,
          product: row.productId,
          product_name: productName,
          brand_name: brandName,
          category_name: String(j.categoryName),
          name: row.name,
          label: variantLabel(brandName, productName, row.name),
          sku: row.sku,
          barcode: row.barcode,
          mrp: fromPaise(paise(row.mrp)),
          price: fromPaise(paise(row.price)),
          cost: fromPaise(paise(row.cost)),
          gst_rate:
            [...rates]
              .filter((p) => p.from <= ctx.now.today)
              .sort((a, b) => a.from.localeCompare(b.from))
              .at(-1)?.rate ?? 0,
          hsn: String(j.hsn),
          unit: j.unit as LowStock['unit'],
          tracks_expiry: Boolean(j.tracksExpiry),
          reorder_level: reorder,
          is_active: row.isActive,
          ...figures,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          last_supplier: last ? Number(last[0]) : null,
          last_supplier_name: last ? String(last[1]) : '',
          last_cost: last ? fromPaise(paise(String(last[2]))) : fromPaise(paise(row.cost)),
          last_gst_rate: last ? Number(last[3]) : 0,
          suggested: Math.max(2 * reorder - figures.stock, 1),
        };
      }),
    export: {
      filename: 'store-low-stock',
      title: 'Low stock',
      columns: [
        { header: 'Product', value: (v) => v.label },
        { header: 'Category', value: (v) => v.category_name },
        { header: 'SKU', value: (v) => v.sku },
        { header: 'Stock', value: (v) => v.stock, type: 'number' },
        { header: 'Reorder level', value: (v) => v.reorder_level, type: 'number' },
        { header: 'Suggested order', value: (v) => v.suggested, type: 'number' },
        { header: 'Last supplier', value: (v) => v.last_supplier_name },
        { header: 'Last cost', value: (v) => v.last_cost, type: 'money' },
      ],
    },
  };
  listRoute(scope, lowStockEndpoint, { module: MODULE, tags, summary: 'Variants at or below their reorder level', list });
}

// ---- near to expire ----

async function nearToExpire(
  tx: Tx,
  ctx: Ctx,
  q: { days?: number; expired?: boolean; centre?: number; search?: string; page?: number; page_size?: number },
  link: (page: number | null) => string | null,
): Promise<Paginated<Batch> & { days: number }> {
  const days = q.days ?? nearExpiryDays();
  const today = ctx.now.today;
  const search = q.search?.trim();
  const where: (SQL | undefined)[] = [
    eq(batch.organisationId, ctx.organisationId),
    sql`${batch.quantity} > 0`,
    sql`${batch.expiryDate} is not null`,
    q.expired
      ? sql`${batch.expiryDate} < ${today}::date`
      : and(sql`${batch.expiryDate} >= ${today}::date`, sql`${batch.expiryDate} <= ${addDays(today, days)}::date`),
    q.centre ? eq(batch.centreId, q.centre) : undefined,
    search
      ? sql`(${product.name} ilike ${containsPattern(search)} or ${subProduct.name} ilike ${containsPattern(search)} or ${subProduct.sku} ilike ${containsPattern(search)} or ${subProduct.barcode} ilike ${containsPattern(search)} or ${batch.batchNo} ilike ${containsPattern(search)})`
      : undefined,
  ];
  const pageSize = q.page_size ?? 20;
  const page = q.page ?? 1;
  const [{ n }] = (await batchFrom(tx, { n: sql<number>`count(*)::int` }).where(and(...where))) as { n: number }[];
  const rows = (await batchFrom(tx, batchFields)
    .where(and(...where))
    .orderBy(asc(batch.expiryDate), asc(batch.receivedOn), asc(batch.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as BatchJoin[];
  const count = Number(n);
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: rows.map((r) => batchJson(r, ctx)),
    days,
  };
}

export async function listRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, movementEndpoint, { module: MODULE, tags, summary: 'Stock movements, newest first', list: movementList });
  await app.register(lowStockScope);
  route(app, nearToExpireEndpoint, {
    module: MODULE,
    tags,
    summary: 'Batches with stock near to expire (or expired)',
    handler: async (request) => inTenant(request, (tx, ctx) => nearToExpire(tx, ctx, request.query, (page) => pageLink(request, page))),
  });
}
