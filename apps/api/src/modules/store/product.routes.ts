/**
 * Store › Products and their variants (sub-products), and a product's picture. Both through the
 * generic CRUD with the stock figures of `stock-figures.ts` beside each row (one query a page,
 * also for the 20,000-variant stock list). A product carries its GST as rate periods, as plans do:
 * a rate given on create applies from the start of GST, a changed rate from today. A product or
 * variant with stock history cannot be deleted (409: deactivate it).
 */
import { fromPaise, idSchema, nextRatePeriods, paise, rateOn, type GstRatePeriod } from '@arena/contracts';
import {
  MRP_MESSAGE,
  productEndpoints,
  productInputSchema,
  productPictureEndpoints,
  subProductEndpoints,
  subProductInputSchema,
  type Product,
  type SubProduct,
} from '@arena/contracts/store';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { record } from '../../platform/audit.js';
import { refuseDeleteInUse, registerCrud, statusColumn } from '../../platform/crud.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound, type FieldErrors } from '../../platform/errors.js';
import { activeFilter, showName, yesNo } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { removeImage, replaceImage, type ImageChange } from '../../platform/image-upload.js';
import { route } from '../../platform/route.js';
import { uploadUrl } from '../../platform/uploads.js';
import { uploadsRoot } from '../../platform/files.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { brand, category, product, subCategory, subProduct } from './schema.js';
import { batchesJson, figuresCentre, readFiguresCentre, stockFigures } from './stock-figures.js';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The first day of GST: a rate given without a history applies to every earlier date. */
const GST_START = '2017-07-01';

type ProductInput = z.output<typeof productInputSchema>;
type SubProductInput = z.output<typeof subProductInputSchema>;
type ProductRow = typeof product.$inferSelect;
type SubProductRow = typeof subProduct.$inferSelect;

const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const money2 = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '' : fromPaise(paise(String(v))));

/** "Brand Product, Variant" (the brand left out when the product's name starts with it), as invoices print it. */
export const variantLabel = (brandName: string, productName: string, name: string) =>
  `${brandName && !productName.toLowerCase().startsWith(brandName.toLowerCase()) ? `${brandName} ` : ''}${productName}, ${name}`;

// ---- products ----

type ProductJoin = {
  row: ProductRow;
  brandName: string | null;
  categoryName: string;
  subCategoryName: string | null;
  variants: number;
  priceFrom: string | null;
  priceTo: string | null;
  batches: Parameters<typeof stockFigures>[0];
};

function productJson(j: ProductJoin, ctx: Ctx): Product {
  const { row } = j;
  const figures = stockFigures(j.batches, figuresCentre(ctx), ctx.now.today);
  return {
    id: row.id,
    name: row.name,
    brand: row.brandId,
    brand_name: j.brandName ?? '',
    category: row.categoryId,
    category_name: j.categoryName,
    sub_category: row.subCategoryId,
    sub_category_name: j.subCategoryName ?? '',
    hsn: row.hsn,
    gst_rate: rateOn(row.gstRates, ctx.now.today) ?? 0,
    gst_rates: row.gstRates,
    unit: row.unit,
    reorder_level: row.reorderLevel,
    tracks_expiry: row.tracksExpiry,
    description: row.description,
    is_active: row.isActive,
    picture: uploadUrl(row.picture),
    variants: Number(j.variants),
    stock: figures.stock,
    value: figures.value,
    price_from: money2(j.priceFrom),
    price_to: money2(j.priceTo),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const productValues = (input: Partial<ProductInput> & { gst_rates?: GstRatePeriod[] }) =>
  defined({
    name: input.name,
    brandId: input.brand,
    categoryId: input.category,
    subCategoryId: input.sub_category,
    hsn: input.hsn,
    gstRates: input.gst_rates ?? (input.gst_rate !== undefined ? [{ rate: input.gst_rate, from: GST_START }] : undefined),
    unit: input.unit,
    reorderLevel: input.reorder_level,
    tracksExpiry: input.tracks_expiry,
    description: input.description,
    isActive: input.is_active,
  });

const productFields = {
  row: product,
  brandName: brand.name,
  categoryName: category.name,
  subCategoryName: subCategory.name,
  variants:
    sql<number>`(select count(*)::int from store_sub_product v where v.organisation_id = store_product.organisation_id and v.product_id = store_product.id)`.mapWith(
      Number,
    ),
  priceFrom: sql<
    string | null
  >`(select min(v.price)::text from store_sub_product v where v.organisation_id = store_product.organisation_id and v.product_id = store_product.id)`,
  priceTo: sql<
    string | null
  >`(select max(v.price)::text from store_sub_product v where v.organisation_id = store_product.organisation_id and v.product_id = store_product.id)`,
  batches: batchesJson('store_product'),
};

const productFrom = (tx: Tx, fields: Parameters<typeof tx.select>[0]) =>
  tx
    .select(fields!)
    .from(product)
    .innerJoin(category, and(eq(category.organisationId, product.organisationId), eq(category.id, product.categoryId)))
    .leftJoin(brand, and(eq(brand.organisationId, product.organisationId), eq(brand.id, product.brandId)))
    .leftJoin(subCategory, and(eq(subCategory.organisationId, product.organisationId), eq(subCategory.id, product.subCategoryId)))
    .$dynamic();

/** Whether the organisation has a row of `table` with `column` = `id` (through a variant when `viaVariant`). */
async function exists(tx: Tx, query: SQL): Promise<boolean> {
  return (await queryRows(tx, query)).length > 0;
}

/** The variants sent with a new product: codes unique among them and in the organisation (field errors `variants.N.…`). */
async function insertVariants(tx: Tx, ctx: Ctx, productId: number, variants: ProductInput['variants']): Promise<void> {
  if (!variants.length) return;
  const errors: FieldErrors = {};
  const add = (i: number, field: string, message: string) => (errors[`variants.${i}.${field}`] ??= []).push(message);
  const seen = { barcode: new Map<string, number>(), sku: new Map<string, number>(), name: new Map<string, number>() };
  variants.forEach((v, i) => {
    for (const [field, value] of [
      ['barcode', v.barcode],
      ['sku', v.sku],
      ['name', v.name.toLowerCase()],
    ] as const) {
      if (!value) continue;
      if (seen[field].has(value)) add(i, field, `Two variants have the same ${field === 'sku' ? 'SKU' : field}.`);
      else seen[field].set(value, i);
    }
  });
  const codes = [...seen.barcode.keys()];
  const skus = [...seen.sku.keys()];
  if (codes.length || skus.length) {
    const taken = await queryRows<{ barcode: string; sku: string }>(
      tx,
      sql`select barcode, sku from store_sub_product where organisation_id = ${ctx.organisationId}
          and ((barcode <> '' and barcode = any(${`{${codes.map((c) => JSON.stringify(c)).join(',')}}`}::text[]))
            or (sku <> '' and sku = any(${`{${skus.map((c) => JSON.stringify(c)).join(',')}}`}::text[])))`,
    );
    for (const t of taken) {
      if (t.barcode && seen.barcode.has(t.barcode)) add(seen.barcode.get(t.barcode)!, 'barcode', BARCODE_TAKEN);
      if (t.sku && seen.sku.has(t.sku)) add(seen.sku.get(t.sku)!, 'sku', SKU_TAKEN);
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  await tx.insert(subProduct).values(
    variants.map((v) => ({
      organisationId: ctx.organisationId,
      productId,
      name: v.name,
      sku: v.sku,
      barcode: v.barcode,
      mrp: v.mrp,
      price: v.price,
      cost: v.cost,
      isActive: v.is_active,
    })),
  );
}

const BARCODE_TAKEN = 'A product with this barcode already exists.';
const SKU_TAKEN = 'A product with this SKU already exists.';

async function productScope(scope: FastifyInstance): Promise<void> {
  readFiguresCentre(scope);
  refuseDeleteInUse(scope, async (tx, ctx, id) => {
    const org = ctx.organisationId;
    const batches = await exists(
      tx,
      sql`select 1 from store_batch b join store_sub_product v on v.organisation_id = b.organisation_id and v.id = b.sub_product_id
          where b.organisation_id = ${org} and v.product_id = ${id} limit 1`,
    );
    const sold = await exists(
      tx,
      sql`select 1 from store_sale_line l join store_sub_product v on v.organisation_id = l.organisation_id and v.id = l.sub_product_id
          where l.organisation_id = ${org} and v.product_id = ${id} limit 1`,
    );
    return batches || sold ? 'This product has stock or sales on record: deactivate it instead.' : null;
  });

  registerCrud(scope, {
    endpoints: productEndpoints,
    module: MODULE,
    resource: 'store_product',
    table: product,
    join: { fields: productFields, from: productFrom as never },
    toOutput: productJson,
    toValues: productValues,
    references: { brand, category, sub_category: subCategory },
    beforeWrite: async (tx, ctx, { input, before }) => {
      const body = input as Partial<ProductInput> & { gst_rates?: GstRatePeriod[] };
      // A changed rate applies from today; earlier sales keep theirs.
      if (before && body.gst_rate !== undefined) body.gst_rates = nextRatePeriods(before.gst_rates, body, ctx.now.today);
      const categoryId = body.category ?? before?.category;
      const subId = body.sub_category !== undefined ? body.sub_category : before?.sub_category;
      if (subId && categoryId) {
        const [sub] = await tx
          .select({ categoryId: subCategory.categoryId })
          .from(subCategory)
          .where(and(eq(subCategory.organisationId, ctx.organisationId), eq(subCategory.id, subId)));
        if (sub && Number(sub.categoryId) !== Number(categoryId))
          throw fieldError('sub_category', 'This sub-category is not of the chosen category.');
      }
    },
    afterWrite: async (tx, ctx, { id, input, before }) => {
      if (!before) await insertVariants(tx, ctx, id, (input as ProductInput).variants ?? []);
    },
    label: (p) => p.name,
    search: [product.name, product.hsn, brand.name],
    ordering: {
      id: product.id,
      name: product.name,
      brand: brand.name,
      category: category.name,
      is_active: product.isActive,
      created_at: product.createdAt,
    },
    defaultOrdering: [asc(product.name)],
    filters: {
      is_active: activeFilter(product.isActive),
      category: { schema: idSchema, where: (v: number) => eq(product.categoryId, v), label: 'Category', show: showName(category) },
      sub_category: {
        schema: idSchema,
        where: (v: number) => eq(product.subCategoryId, v),
        label: 'Sub-category',
        show: showName(subCategory),
      },
      brand: { schema: idSchema, where: (v: number) => eq(product.brandId, v), label: 'Brand', show: showName(brand) },
      // The centre of the stock figures, not a filter of rows (read by readFiguresCentre).
      centre: { schema: idSchema, where: () => undefined, label: 'Stock at', show: showName(centre) },
    },
    dropdown: { label: product.name, where: eq(product.isActive, true) },
    unique: {
      store_product_org_name_key: { field: 'name', message: 'A product with this name already exists.' },
      store_sub_product_org_barcode_key: { field: 'variants', message: BARCODE_TAKEN },
      store_sub_product_org_sku_key: { field: 'variants', message: SKU_TAKEN },
      store_sub_product_product_name_key: { field: 'variants', message: 'Two variants have the same name.' },
    },
    export: {
      filename: 'store-products',
      title: 'Products',
      columns: [
        { header: 'Name', value: (p) => p.name },
        { header: 'Brand', value: (p) => p.brand_name },
        { header: 'Category', value: (p) => p.category_name },
        { header: 'Sub-category', value: (p) => p.sub_category_name },
        { header: 'HSN', value: (p) => p.hsn },
        { header: 'GST %', value: (p) => p.gst_rate, type: 'number' },
        { header: 'Unit', value: (p) => p.unit },
        { header: 'Variants', value: (p) => p.variants, type: 'number' },
        { header: 'Price from', value: (p) => p.price_from, type: 'money' },
        { header: 'Price to', value: (p) => p.price_to, type: 'money' },
        { header: 'Reorder level', value: (p) => p.reorder_level, type: 'number' },
        { header: 'Stock', value: (p) => p.stock, type: 'number' },
        { header: 'Value', value: (p) => p.value, type: 'money' },
        statusColumn,
        { header: 'Created', value: (p) => p.created_at, type: 'datetime' },
      ],
    },
  });
}

// ---- variants ----

type SubProductJoin = {
  row: SubProductRow;
  productName: string;
  brandName: string | null;
  categoryName: string;
  gstRates: GstRatePeriod[];
  hsn: string;
  unit: ProductRow['unit'];
  tracksExpiry: boolean;
  reorderLevel: number;
  batches: Parameters<typeof stockFigures>[0];
};

function subProductJson(j: SubProductJoin, ctx: Ctx): SubProduct {
  const { row } = j;
  const figures = stockFigures(j.batches, figuresCentre(ctx), ctx.now.today);
  return {
    id: row.id,
    product: row.productId,
    product_name: j.productName,
    brand_name: j.brandName ?? '',
    category_name: j.categoryName,
    name: row.name,
    label: variantLabel(j.brandName ?? '', j.productName, row.name),
    sku: row.sku,
    barcode: row.barcode,
    mrp: money2(row.mrp),
    price: money2(row.price),
    cost: money2(row.cost),
    gst_rate: rateOn(j.gstRates, ctx.now.today) ?? 0,
    hsn: j.hsn,
    unit: j.unit,
    tracks_expiry: j.tracksExpiry,
    reorder_level: j.reorderLevel,
    is_active: row.isActive,
    ...figures,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export const subProductFields = {
  row: subProduct,
  productName: product.name,
  brandName: brand.name,
  categoryName: category.name,
  gstRates: product.gstRates,
  hsn: product.hsn,
  unit: product.unit,
  tracksExpiry: product.tracksExpiry,
  reorderLevel: product.reorderLevel,
  batches: batchesJson('store_sub_product'),
};

export const subProductFrom = (tx: Tx, fields: Parameters<typeof tx.select>[0]) =>
  tx
    .select(fields!)
    .from(subProduct)
    .innerJoin(product, and(eq(product.organisationId, subProduct.organisationId), eq(product.id, subProduct.productId)))
    .innerJoin(category, and(eq(category.organisationId, product.organisationId), eq(category.id, product.categoryId)))
    .leftJoin(brand, and(eq(brand.organisationId, product.organisationId), eq(brand.id, product.brandId)))
    .$dynamic();

/** Whether the variant has stock (> 0) or none, at a centre or anywhere. */
export const inStockWhere = (inStock: boolean, centreId: number | null) =>
  sql`${sql.raw(inStock ? '' : 'not ')}exists (select 1 from store_batch b where b.organisation_id = ${subProduct.organisationId}
    and b.sub_product_id = ${subProduct.id} and b.quantity > 0 ${centreId ? sql`and b.centre_id = ${centreId}` : sql``})`;

async function subProductScope(scope: FastifyInstance): Promise<void> {
  readFiguresCentre(scope);
  // `in_stock` with a `centre` means stock at that centre: the filter sees one value, so the pair is passed as one.
  scope.addHook('preHandler', async (request) => {
    if (request.method !== 'GET') return;
    const q = request.query as Record<string, unknown>;
    if (q.in_stock !== undefined && typeof q.centre === 'number') {
      q.stock_at = `${q.centre}:${String(q.in_stock)}`;
      delete q.in_stock;
    }
  });
  refuseDeleteInUse(scope, async (tx, ctx, id) =>
    (await exists(tx, sql`select 1 from store_batch where organisation_id = ${ctx.organisationId} and sub_product_id = ${id} limit 1`))
      ? 'This variant has stock on record: deactivate it instead.'
      : null,
  );
  registerCrud(scope, {
    endpoints: subProductEndpoints,
    module: MODULE,
    resource: 'store_sub_product',
    table: subProduct,
    join: { fields: subProductFields, from: subProductFrom as never },
    toOutput: subProductJson,
    toValues: (input: Partial<SubProductInput>) =>
      defined({
        productId: input.product,
        name: input.name,
        sku: input.sku,
        barcode: input.barcode,
        mrp: input.mrp,
        price: input.price,
        cost: input.cost,
        isActive: input.is_active,
      }),
    references: { product },
    beforeWrite: async (_tx, _ctx, { input, before }) => {
      // A partial update is checked against the stored prices: never above the MRP.
      const price = input.price ?? before?.price;
      const mrp = input.mrp ?? before?.mrp;
      if (price !== undefined && mrp !== undefined && paise(price) > paise(mrp)) throw fieldError('price', MRP_MESSAGE);
    },
    label: (v) => v.label,
    search: [subProduct.name, subProduct.sku, subProduct.barcode, product.name, brand.name],
    ordering: {
      id: subProduct.id,
      name: subProduct.name,
      product: product.name,
      price: subProduct.price,
      mrp: subProduct.mrp,
      is_active: subProduct.isActive,
      created_at: subProduct.createdAt,
    },
    defaultOrdering: [asc(product.name), asc(subProduct.name)],
    filters: {
      product: { schema: idSchema, where: (v: number) => eq(subProduct.productId, v), label: 'Product', show: showName(product) },
      category: { schema: idSchema, where: (v: number) => eq(product.categoryId, v), label: 'Category', show: showName(category) },
      brand: { schema: idSchema, where: (v: number) => eq(product.brandId, v), label: 'Brand', show: showName(brand) },
      is_active: activeFilter(subProduct.isActive),
      in_stock: { schema: z.stringbool(), where: (v: boolean) => inStockWhere(v, null), label: 'In stock', show: yesNo },
      stock_at: {
        schema: z.string().regex(/^\d{1,16}:(true|false)$/),
        where: (v: string) => inStockWhere(v.endsWith('true'), Number(v.split(':')[0])),
        label: 'In stock',
        show: (v: string) => yesNo(v.endsWith('true')),
      },
      centre: { schema: idSchema, where: () => undefined, label: 'Stock at', show: showName(centre) },
    },
    unique: {
      store_sub_product_org_barcode_key: { field: 'barcode', message: BARCODE_TAKEN },
      store_sub_product_org_sku_key: { field: 'sku', message: SKU_TAKEN },
      store_sub_product_product_name_key: { field: 'name', message: 'This product already has a variant with this name.' },
    },
    export: {
      filename: 'store-stock',
      title: 'Stock',
      columns: [
        { header: 'Product', value: (v) => v.label },
        { header: 'Category', value: (v) => v.category_name },
        { header: 'SKU', value: (v) => v.sku },
        { header: 'Barcode', value: (v) => v.barcode },
        { header: 'MRP', value: (v) => v.mrp, type: 'money' },
        { header: 'Price', value: (v) => v.price, type: 'money' },
        { header: 'Cost', value: (v) => v.cost, type: 'money' },
        { header: 'GST %', value: (v) => v.gst_rate, type: 'number' },
        { header: 'Stock', value: (v) => v.stock, type: 'number' },
        { header: 'Sellable', value: (v) => v.sellable, type: 'number' },
        { header: 'Value', value: (v) => v.value, type: 'money' },
        { header: 'Next expiry', value: (v) => v.next_expiry ?? '', type: 'date' },
        statusColumn,
      ],
    },
  });
}

// ---- picture ----

async function loadProduct(tx: Tx, ctx: Ctx, id: number): Promise<Product> {
  const [row] = (await productFrom(tx, productFields)
    .where(and(eq(product.organisationId, ctx.organisationId), eq(product.id, id)))
    .limit(1)) as ProductJoin[];
  if (!row) throw notFound();
  return productJson(row, ctx);
}

async function setPicture(tx: Tx, ctx: Ctx, id: number, picture: string | null): Promise<ImageChange<Product>> {
  const byId = and(eq(product.organisationId, ctx.organisationId), eq(product.id, id));
  const [current] = await tx.select({ picture: product.picture }).from(product).where(byId).for('update');
  if (!current) throw notFound();
  await tx.update(product).set({ picture, updatedAt: ctx.now.instant }).where(byId);
  const after = await loadProduct(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'store_product',
    objectId: id,
    label: after.name,
    action: 'update',
    before: { picture: uploadUrl(current.picture) },
    after: { picture: after.picture },
  });
  return { out: after, replaced: current.picture };
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const e = productPictureEndpoints;
  const tags = ['store_product'];
  route(app, e.upload, {
    module: MODULE,
    tags,
    summary: "Replace a product's picture (multipart/form-data, `picture`: PNG, JPEG, GIF or WebP, at most 2 MB)",
    handler: async (request) => replaceImage(app, request, 'picture', (tx, ctx, saved) => setPicture(tx, ctx, request.params.id, saved)),
  });
  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: "Remove a product's picture",
    handler: async (request) => removeImage(app, request, (tx, ctx) => setPicture(tx, ctx, request.params.id, null)),
  });
  route(app, e.file, {
    module: MODULE,
    tags,
    summary: "A product's picture",
    handler: async (request, reply) => {
      const stored = await inTenant(request, async (tx, ctx) => {
        const [row] = await tx
          .select({ picture: product.picture })
          .from(product)
          .where(and(eq(product.organisationId, ctx.organisationId), eq(product.id, request.params.id)));
        return row?.picture ?? null;
      });
      if (!stored) throw notFound();
      const root = path.resolve(uploadsRoot(app.config));
      const target = path.resolve(root, stored);
      if (!target.startsWith(root + path.sep)) throw notFound();
      const data = await fs.readFile(target).catch(() => null);
      if (!data) throw notFound();
      return reply
        .header('content-type', IMAGE_TYPES[path.extname(stored).slice(1).toLowerCase()] ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  });
}

/** Products, variants and pictures, each in its own scope so its hooks stay its own. */
export async function productRoutes(app: FastifyInstance): Promise<void> {
  await app.register(productScope);
  await app.register(subProductScope);
  await app.register(pictureRoutes);
}
