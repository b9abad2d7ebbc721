/** Store › the point of sale: scan, quote, checkout; sales, their returns and dues; every line sold. */
import { idSchema, isoDateSchema } from '@arena/contracts/kit';
import {
  cartEndpoints,
  saleEndpoints,
  soldProductsEndpoint,
  type SaleListItem,
  type SoldLine,
  type SubProduct,
} from '@arena/contracts/store';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { listRoute, showName, yesNo } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { centre } from '../administrator/index.js';
import { invoicesOf } from '../money/index.js';
import { staffNames } from '../staff/index.js';
import { MODULE, SALE_SOURCE } from './constants.js';
import { checkout, collectSale, loadSale, quoteCart, returnSale, saleHeadJson } from './sale.service.js';
import { variantLabel } from './product.routes.js';
import { customer, sale, saleLine } from './schema.js';

const tags = ['store_sale'];

/** A variant as the contract's sub-product, with its stock at `centre` (or every centre): the scanner's answer. */
export async function variantByCode(tx: Tx, ctx: Ctx, code: string, centreId: number | null): Promise<SubProduct> {
  const today = ctx.now.today;
  const atCentre = centreId ? sql`and b.centre_id = ${centreId}` : sql``;
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select sp.id, sp.product_id, p.name as product_name, coalesce(br.name, '') as brand_name, c.name as category_name, sp.name, sp.sku, sp.barcode,
               sp.mrp::text, sp.price::text, sp.cost::text, p.gst_rates, p.hsn, p.unit, p.tracks_expiry, p.reorder_level, sp.is_active,
               sp.created_at, sp.updated_at, st.stock, st.sellable, st.value, st.next_expiry
        from store_sub_product sp
        join store_product p on p.organisation_id = sp.organisation_id and p.id = sp.product_id
        join store_category c on c.organisation_id = p.organisation_id and c.id = p.category_id
        left join store_brand br on br.organisation_id = p.organisation_id and br.id = p.brand_id
        cross join lateral (
          select coalesce(sum(b.quantity), 0)::int as stock,
                 coalesce(sum(b.quantity) filter (where b.expiry_date is null or b.expiry_date >= ${today}::date), 0)::int as sellable,
                 coalesce(sum(b.quantity * b.cost), 0)::text as value,
                 min(b.expiry_date) filter (where b.quantity > 0)::text as next_expiry
          from store_batch b where b.organisation_id = sp.organisation_id and b.sub_product_id = sp.id ${atCentre}) st
        where sp.organisation_id = ${ctx.organisationId} and sp.is_active and p.is_active
          and (sp.barcode = ${code} or (sp.sku <> '' and sp.sku = upper(${code})))
        order by (sp.barcode = ${code}) desc, sp.id limit 1`,
  );
  if (!r) throw notFound('No product has this barcode or SKU.');
  const rates = (typeof r.gst_rates === 'string' ? JSON.parse(r.gst_rates) : r.gst_rates) as { rate: number; from: string }[];
  const rate = [...rates].reverse().find((p) => p.from <= today)?.rate ?? 0;
  const brand = String(r.brand_name);
  const productName = String(r.product_name);
  return {
    id: Number(r.id),
    product: Number(r.product_id),
    product_name: productName,
    brand_name: brand,
    category_name: String(r.category_name),
    name: String(r.name),
    label: variantLabel(brand, productName, String(r.name)),
    sku: String(r.sku),
    barcode: String(r.barcode),
    mrp: Number(r.mrp).toFixed(2),
    price: Number(r.price).toFixed(2),
    cost: Number(r.cost).toFixed(2),
    gst_rate: rate,
    hsn: String(r.hsn),
    unit: r.unit as SubProduct['unit'],
    tracks_expiry: Boolean(r.tracks_expiry),
    reorder_level: Number(r.reorder_level),
    is_active: Boolean(r.is_active),
    stock: Number(r.stock),
    sellable: Number(r.sellable),
    value: Number(r.value).toFixed(2),
    next_expiry: (r.next_expiry as string | null) ?? null,
    created_at: new Date(r.created_at as string).toISOString(),
    updated_at: new Date(r.updated_at as string).toISOString(),
  };
}

export async function saleRoutes(app: FastifyInstance): Promise<void> {
  const c = cartEndpoints;
  route(app, c.scan, {
    module: MODULE,
    tags,
    summary: 'The variant a barcode or SKU names',
    handler: async (request) =>
      inTenant(request, (tx, ctx) => variantByCode(tx, ctx, request.query.code.trim(), request.query.centre ?? ctx.centreId)),
  });
  route(app, c.quote, {
    module: MODULE,
    tags,
    summary: 'Prices a cart (writes nothing)',
    handler: async (request) => inTenant(request, (tx, ctx) => quoteCart(tx, ctx, request.body)),
  });
  route(app, c.checkout, {
    module: MODULE,
    tags,
    summary: 'Sells a cart: FEFO batches, stock movements, GST invoice and receipts in one transaction',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => checkout(tx, ctx, request.body))),
  });

  const s = saleEndpoints;
  const charged = sql`(${sale.total} - ${sale.returned})`;
  const items = sql<number>`(select coalesce(sum(l.quantity), 0)::int from store_sale_line l where l.organisation_id = ${sale.organisationId} and l.sale_id = ${sale.id})`;
  const summary = sql<string | null>`(select string_agg(l.quantity || ' × ' || l.label, ', ' order by l.position) from store_sale_line l
    where l.organisation_id = ${sale.organisationId} and l.sale_id = ${sale.id})`;
  const createdByName = sql<
    string | null
  >`(select trim(u.first_name || ' ' || u.last_name) from app_user u where u.id = ${sale.createdBy})`;
  type SaleRow = { row: typeof sale.$inferSelect; centreName: string; items: number; summary: string | null; createdByName: string | null };
  listRoute(app, s.list, {
    module: MODULE,
    tags,
    summary: 'Sales, newest first',
    list: {
      fields: { row: sale, centreName: centre.name, items, summary, createdByName },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(sale)
          .innerJoin(centre, and(eq(centre.organisationId, sale.organisationId), eq(centre.id, sale.centreId)))
          .$dynamic(),
      where: (ctx) => eq(sale.organisationId, ctx.organisationId),
      search: [sale.number, sale.customerName, sale.customerPhone],
      filters: {
        customer: { schema: idSchema, where: (v: number) => eq(sale.customerId, v), label: 'Customer', show: showName(customer) },
        centre: { schema: idSchema, where: (v: number) => eq(sale.centreId, v), label: 'Center', show: showName(centre) },
        status: {
          schema: z.enum(['paid', 'partially_paid', 'unpaid']),
          where: (v: string) =>
            v === 'paid'
              ? sql`${sale.paid} >= ${charged}`
              : v === 'unpaid'
                ? sql`${sale.paid} = 0 and ${charged} > 0`
                : sql`${sale.paid} > 0 and ${sale.paid} < ${charged}`,
          label: 'Status',
        },
        has_due: {
          schema: z.stringbool(),
          where: (v: boolean) => (v ? sql`${sale.paid} < ${charged}` : sql`${sale.paid} >= ${charged}`),
          label: 'With dues',
          show: yesNo,
        },
        date_after: { schema: isoDateSchema, where: (v: string) => gte(sale.date, v), label: 'From' },
        date_before: { schema: isoDateSchema, where: (v: string) => lte(sale.date, v), label: 'To' },
      },
      ordering: {
        date: sale.date,
        number: sale.number,
        total: sale.total,
        due: sql`greatest(${charged} - ${sale.paid}, 0)`,
        customer_name: sale.customerName,
        created_at: sale.createdAt,
      },
      defaultOrdering: [desc(sale.date), desc(sale.createdAt), desc(sale.id)],
      tiebreak: sale.id,
      map: async (tx, ctx, rows) => {
        const list = rows as SaleRow[];
        const names = await staffNames(
          tx,
          ctx,
          list.map((r) => r.row.soldBy),
        );
        const invoices = await invoicesOf(
          tx,
          ctx,
          SALE_SOURCE,
          list.map((r) => r.row.id),
        );
        return list.map((r): SaleListItem => ({
          ...saleHeadJson(
            {
              id: r.row.id,
              number: r.row.number,
              date: r.row.date,
              centre_id: r.row.centreId,
              centre_name: r.centreName,
              customer_id: r.row.customerId,
              customer_name: r.row.customerName,
              customer_phone: r.row.customerPhone,
              total: r.row.total,
              paid: r.row.paid,
              returned: r.row.returned,
              cost: r.row.cost,
              sold_by: r.row.soldBy,
              sold_by_name: null,
              created_by_name: r.createdByName,
              created_at: r.row.createdAt,
              items: r.items,
              summary: r.summary,
            },
            r.row.soldBy ? (names.get(r.row.soldBy) ?? '') : '',
          ),
          invoice: ((inv) => (inv ? { id: inv.id, number: inv.number } : null))(invoices.get(r.row.id)),
        }));
      },
      export: {
        filename: 'store-sales',
        title: 'Sales',
        columns: [
          { header: 'Date', value: (x) => x.date, type: 'date' },
          { header: 'Number', value: (x) => x.number },
          { header: 'Customer', value: (x) => x.customer_name },
          { header: 'Phone', value: (x) => x.customer_phone },
          { header: 'Items', value: (x) => x.summary },
          { header: 'Total', value: (x) => x.total, type: 'money', total: true },
          { header: 'Returned', value: (x) => x.returned, type: 'money', total: true },
          { header: 'Paid', value: (x) => x.paid, type: 'money', total: true },
          { header: 'Due', value: (x) => x.due, type: 'money', total: true },
          { header: 'Center', value: (x) => x.centre_name },
        ],
      },
    },
  });
  route(app, s.retrieve, {
    module: MODULE,
    tags,
    summary: 'One sale with its lines, batches, payments and invoice',
    handler: async (request) => inTenant(request, (tx, ctx) => loadSale(tx, ctx, request.params.id)),
  });
  route(app, s.return, {
    module: MODULE,
    tags,
    summary: 'Takes back units of a sale: into their batches, a credit note, money back',
    handler: async (request) => inTenant(request, (tx, ctx) => returnSale(tx, ctx, request.params.id, request.body)),
  });
  route(app, s.collect, {
    module: MODULE,
    tags,
    summary: "A payment against a sale's due",
    handler: async (request) => inTenant(request, (tx, ctx) => collectSale(tx, ctx, request.params.id, request.body)),
  });

  // ---- every line sold ----
  type LineRow = { line: typeof saleLine.$inferSelect; number: string; date: string; customerName: string; centreName: string };
  listRoute(app, soldProductsEndpoint, {
    module: MODULE,
    tags,
    summary: 'Every line sold, newest first',
    list: {
      fields: { line: saleLine, number: sale.number, date: sale.date, customerName: sale.customerName, centreName: centre.name },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(saleLine)
          .innerJoin(sale, and(eq(sale.organisationId, saleLine.organisationId), eq(sale.id, saleLine.saleId)))
          .innerJoin(centre, and(eq(centre.organisationId, sale.organisationId), eq(centre.id, sale.centreId)))
          .$dynamic(),
      where: (ctx) => eq(saleLine.organisationId, ctx.organisationId),
      search: [saleLine.label, sale.number, sale.customerName],
      filters: {
        sub_product: { schema: idSchema, where: (v: number) => eq(saleLine.subProductId, v), label: 'Product' },
        customer: { schema: idSchema, where: (v: number) => eq(sale.customerId, v), label: 'Customer', show: showName(customer) },
        centre: { schema: idSchema, where: (v: number) => eq(sale.centreId, v), label: 'Center', show: showName(centre) },
        date_after: { schema: isoDateSchema, where: (v: string) => gte(sale.date, v), label: 'From' },
        date_before: { schema: isoDateSchema, where: (v: string) => lte(sale.date, v), label: 'To' },
      },
      ordering: { date: sale.date, label: saleLine.label, quantity: saleLine.quantity, total: saleLine.total },
      defaultOrdering: [desc(sale.date), desc(saleLine.id)],
      tiebreak: saleLine.id,
      map: (_tx, _ctx, rows) =>
        (rows as LineRow[]).map((r): SoldLine => ({
          id: r.line.id,
          sale: r.line.saleId,
          number: r.number,
          date: r.date,
          customer_name: r.customerName,
          sub_product: r.line.subProductId,
          label: r.line.label,
          quantity: r.line.quantity,
          returned: r.line.returned,
          price: Number(r.line.price).toFixed(2),
          discount: Number(r.line.discount).toFixed(2),
          total: Number(r.line.total).toFixed(2),
          cost: Number(r.line.cost).toFixed(2),
          centre_name: r.centreName,
        })),
      export: {
        filename: 'store-sold-products',
        title: 'Sold products',
        columns: [
          { header: 'Date', value: (x) => x.date, type: 'date' },
          { header: 'Sale', value: (x) => x.number },
          { header: 'Customer', value: (x) => x.customer_name },
          { header: 'Product', value: (x) => x.label },
          { header: 'Quantity', value: (x) => x.quantity, type: 'number' },
          { header: 'Returned', value: (x) => x.returned, type: 'number' },
          { header: 'Price', value: (x) => x.price, type: 'money' },
          { header: 'Discount', value: (x) => x.discount, type: 'money' },
          { header: 'Total', value: (x) => x.total, type: 'money', total: true },
          { header: 'Center', value: (x) => x.centre_name },
        ],
      },
    },
  });
}
