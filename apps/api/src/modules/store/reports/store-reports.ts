/**
 * Reports › Store: sales (by day or month), stock (as it stands, at cost and at MRP), product
 * expired (batches whose expiry fell in the window: left at expiry, written off, value at cost),
 * purchase (by supplier) and profit (taxable value sold less the FEFO cost of it, by variant).
 * Returns net off: a line's figures are pro-rated by the units kept (`../sold.ts`). Each takes
 * `centre`, `category` and `brand`; one statement each.
 */
import { fromPaise, paise } from '@arena/contracts';
import type { ExpiredReport, ProfitReport, PurchaseReport, SalesReport, StockReport } from '@arena/contracts/store';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import type { ReportDefinition } from '../../../platform/report.js';
import { addDays, daysBetween, monthsOf } from '../../../platform/time.js';
import { variantLabel } from '../product.routes.js';
import { keptCost, keptQty, keptTaxable, keptTotal, marginOf, signedMoney as signed, soldLines } from '../sold.js';

type Q = { centre?: number; category?: number; brand?: number };

const money = (v: unknown) => fromPaise(paise(String(v ?? '0')));
const sum = (xs: string[]) => xs.reduce((n, x) => n + paise(x), 0);
/** ` and p.category_id = … and p.brand_id = …` over the product alias `p`. */
const productFilters = (q: Q): SQL =>
  sql`${q.category ? sql` and p.category_id = ${q.category}` : sql``}${q.brand ? sql` and p.brand_id = ${q.brand}` : sql``}`;
const label = (r: { brand_name: string | null; product_name: string; name: string }) =>
  variantLabel(r.brand_name ?? '', r.product_name, r.name);
const VARIANT_JOINS = sql.raw(`left join store_brand br on br.organisation_id = p.organisation_id and br.id = p.brand_id
  join store_category c on c.organisation_id = p.organisation_id and c.id = p.category_id`);

// ---- sales ----
async function salesReport({ tx, ctx, q, window }: Parameters<ReportDefinition<Q, SalesReport>['run']>[0]): Promise<SalesReport> {
  const byDay = daysBetween(window.from, window.to) + 1 <= 62;
  const periods = byDay
    ? Array.from({ length: daysBetween(window.from, window.to) + 1 }, (_, i) => addDays(window.from, i))
    : monthsOf(window.from, window.to);
  const key = byDay ? sql.raw(`s.date::text`) : sql.raw(`to_char(s.date, 'YYYY-MM')`);
  const found = await queryRows<{ period: string; sales: number; quantity: number; taxable: string; total: string }>(
    tx,
    sql`select ${key} as period, count(distinct s.id)::int as sales, sum(${keptQty})::int as quantity,
               sum(${keptTaxable})::text as taxable, sum(${keptTotal})::text as total
          from ${soldLines}
         where l.organisation_id = ${ctx.organisationId} and s.date between ${window.from}::date and ${window.to}::date
           ${q.centre ? sql`and s.centre_id = ${q.centre}` : sql``} ${productFilters(q)}
         group by 1`,
  );
  const byPeriod = new Map(found.map((r) => [r.period, r]));
  const rows = periods.map((period) => {
    const r = byPeriod.get(period);
    const taxable = paise(String(r?.taxable ?? '0'));
    const total = paise(String(r?.total ?? '0'));
    return {
      period,
      sales: Number(r?.sales ?? 0),
      quantity: Number(r?.quantity ?? 0),
      taxable: fromPaise(taxable),
      gst: fromPaise(total - taxable),
      total: fromPaise(total),
    };
  });
  // A sale of lines in two periods cannot be: a sale has one date, so the periods' counts add up.
  return {
    from: window.from,
    to: window.to,
    period: byDay ? 'day' : 'month',
    rows,
    total: {
      sales: rows.reduce((n, r) => n + r.sales, 0),
      quantity: rows.reduce((n, r) => n + r.quantity, 0),
      taxable: fromPaise(sum(rows.map((r) => r.taxable))),
      gst: fromPaise(sum(rows.map((r) => r.gst))),
      total: fromPaise(sum(rows.map((r) => r.total))),
    },
  };
}
type SalesRow = SalesReport['rows'][number];
export const salesReportDefinition: ReportDefinition<Q, SalesReport, SalesRow> = {
  summary: 'Store sales by day (a window up to 62 days) or by month, returns netted off',
  run: salesReport,
  file: ({ report }) => ({
    filename: 'store-sales',
    title: 'Store sales',
    columns: [
      { header: report.period === 'day' ? 'Date' : 'Month', value: (r) => r.period },
      { header: 'Sales', value: (r) => r.sales, type: 'number' },
      { header: 'Units', value: (r) => r.quantity, type: 'number' },
      { header: 'Taxable', value: (r) => r.taxable, type: 'money' },
      { header: 'GST', value: (r) => r.gst, type: 'money' },
      { header: 'Total', value: (r) => r.total, type: 'money' },
    ],
    rows: [...report.rows, { period: 'Total', ...report.total }],
  }),
};

// ---- stock ----
async function stockReport({ tx, ctx, q }: Parameters<ReportDefinition<Q, StockReport>['run']>[0]): Promise<StockReport> {
  const rows = await queryRows<{
    id: number;
    name: string;
    product_name: string;
    brand_name: string | null;
    category_name: string;
    stock: number;
    reorder_level: number;
    cost_value: string;
    mrp_value: string;
  }>(
    tx,
    sql`select v.id, v.name, p.name as product_name, br.name as brand_name, c.name as category_name, st.stock, p.reorder_level,
               st.cost_value, (st.stock * v.mrp)::text as mrp_value
          from store_sub_product v
          join store_product p on p.organisation_id = v.organisation_id and p.id = v.product_id
          ${VARIANT_JOINS}
          cross join lateral (
            select coalesce(sum(b.quantity), 0)::int as stock, coalesce(sum(b.quantity * b.cost), 0)::text as cost_value
              from store_batch b where b.organisation_id = v.organisation_id and b.sub_product_id = v.id and b.quantity > 0
              ${q.centre ? sql`and b.centre_id = ${q.centre}` : sql``}) st
         where v.organisation_id = ${ctx.organisationId} and (st.stock > 0 or (v.is_active and p.is_active)) ${productFilters(q)}
         order by p.name, v.name, v.id`,
  );
  const out = rows.map((r) => ({
    sub_product: Number(r.id),
    label: label(r),
    category_name: r.category_name,
    brand_name: r.brand_name ?? '',
    stock: Number(r.stock),
    reorder_level: Number(r.reorder_level),
    cost_value: money(r.cost_value),
    mrp_value: money(r.mrp_value),
  }));
  return {
    rows: out,
    total: {
      stock: out.reduce((n, r) => n + r.stock, 0),
      cost_value: fromPaise(sum(out.map((r) => r.cost_value))),
      mrp_value: fromPaise(sum(out.map((r) => r.mrp_value))),
    },
  };
}
type StockRow = StockReport['rows'][number];
export const stockReportDefinition: ReportDefinition<Q, StockReport, Partial<StockRow> & { label: string }> = {
  summary: 'Stock as it stands: units, reorder level, value at cost and at MRP',
  window: null,
  run: stockReport,
  file: ({ report }) => ({
    filename: 'store-stock',
    title: 'Store stock',
    columns: [
      { header: 'Product', value: (r) => r.label },
      { header: 'Category', value: (r) => r.category_name ?? '' },
      { header: 'Brand', value: (r) => r.brand_name ?? '' },
      { header: 'Stock', value: (r) => r.stock ?? '', type: 'number' },
      { header: 'Reorder level', value: (r) => r.reorder_level ?? '', type: 'number' },
      { header: 'Value at cost', value: (r) => r.cost_value ?? '', type: 'money' },
      { header: 'Value at MRP', value: (r) => r.mrp_value ?? '', type: 'money' },
    ],
    rows: [...report.rows, { label: 'Total', ...report.total }],
  }),
};

// ---- product expired ----
async function expiredReport({ tx, ctx, q, window }: Parameters<ReportDefinition<Q, ExpiredReport>['run']>[0]): Promise<ExpiredReport> {
  // Expired = its expiry date has passed (a batch is sold through its expiry date): the window ends yesterday at the latest.
  // Left at expiry = what is there now and what was written off since (nothing expired can be sold).
  const last = window.to < ctx.now.today ? window.to : addDays(ctx.now.today, -1);
  const rows = await queryRows<{
    id: number;
    name: string;
    product_name: string;
    brand_name: string | null;
    batch_no: string;
    expiry_date: string;
    centre_name: string;
    left_at_expiry: number;
    written_off: number;
    cost: string;
  }>(
    tx,
    sql`select b.id, v.name, p.name as product_name, br.name as brand_name, b.batch_no, b.expiry_date::text, ce.name as centre_name, b.cost::text,
               b.quantity - coalesce((select sum(m.quantity) from store_movement m
                          where m.organisation_id = b.organisation_id and m.batch_id = b.id and m.kind = 'write_off' and m.date > b.expiry_date), 0)::int
                 as left_at_expiry,
               coalesce((select -sum(m.quantity) from store_movement m
                          where m.organisation_id = b.organisation_id and m.batch_id = b.id and m.kind = 'write_off'), 0)::int as written_off
          from store_batch b
          join store_sub_product v on v.organisation_id = b.organisation_id and v.id = b.sub_product_id
          join store_product p on p.organisation_id = v.organisation_id and p.id = v.product_id
          ${VARIANT_JOINS}
          join centre ce on ce.organisation_id = b.organisation_id and ce.id = b.centre_id
         where b.organisation_id = ${ctx.organisationId} and b.expiry_date between ${window.from}::date and ${last}::date
           ${q.centre ? sql`and b.centre_id = ${q.centre}` : sql``} ${productFilters(q)}
         order by b.expiry_date, p.name, v.name, b.id`,
  );
  const out = rows
    .map((r) => ({
      batch: Number(r.id),
      label: label(r),
      batch_no: r.batch_no,
      expiry_date: r.expiry_date,
      centre_name: r.centre_name,
      quantity: Math.max(Number(r.left_at_expiry), 0),
      written_off: Number(r.written_off),
      value: fromPaise(Math.max(Number(r.left_at_expiry), 0) * paise(r.cost)),
    }))
    .filter((r) => r.quantity > 0 || r.written_off > 0);
  return {
    from: window.from,
    to: window.to,
    rows: out,
    total: {
      quantity: out.reduce((n, r) => n + r.quantity, 0),
      written_off: out.reduce((n, r) => n + r.written_off, 0),
      value: fromPaise(sum(out.map((r) => r.value))),
    },
  };
}
type ExpiredRow = ExpiredReport['rows'][number];
export const expiredReportDefinition: ReportDefinition<Q, ExpiredReport, Partial<ExpiredRow> & { label: string }> = {
  summary: 'Batches that expired in the window: units left at expiry, written off, value at cost',
  run: expiredReport,
  file: ({ report }) => ({
    filename: 'store-product-expired',
    title: 'Products expired',
    columns: [
      { header: 'Product', value: (r) => r.label },
      { header: 'Batch', value: (r) => r.batch_no ?? '' },
      { header: 'Expiry', value: (r) => r.expiry_date ?? '', type: 'date' },
      { header: 'Centre', value: (r) => r.centre_name ?? '' },
      { header: 'Left at expiry', value: (r) => r.quantity ?? '', type: 'number' },
      { header: 'Written off', value: (r) => r.written_off ?? '', type: 'number' },
      { header: 'Value at cost', value: (r) => r.value ?? '', type: 'money' },
    ],
    rows: [...report.rows, { label: 'Total', ...report.total }],
  }),
};

// ---- purchase ----
async function purchaseReport({ tx, ctx, q, window }: Parameters<ReportDefinition<Q, PurchaseReport>['run']>[0]): Promise<PurchaseReport> {
  const filtered = q.category || q.brand;
  const rows = await queryRows<{
    supplier: number;
    supplier_name: string;
    bills: number;
    quantity: number;
    taxable: string;
    gst: string;
    total: string;
    payable: string;
  }>(
    tx,
    sql`select s.id as supplier, s.name as supplier_name, count(distinct pu.id)::int as bills, sum(l.quantity)::int as quantity,
               sum(l.taxable)::text as taxable, sum(l.gst)::text as gst, sum(l.amount)::text as total,
               coalesce(sum(round(l.amount * (l.quantity - l.returned) / l.quantity, 2)) filter (where pu.status = 'payable'), 0)::text as payable
          from store_purchase_line l
          join store_purchase pu on pu.organisation_id = l.organisation_id and pu.id = l.purchase_id
          join store_supplier s on s.organisation_id = pu.organisation_id and s.id = pu.supplier_id
          ${filtered ? sql`join store_sub_product v on v.organisation_id = l.organisation_id and v.id = l.sub_product_id join store_product p on p.organisation_id = v.organisation_id and p.id = v.product_id` : sql``}
         where l.organisation_id = ${ctx.organisationId} and pu.bill_date between ${window.from}::date and ${window.to}::date
           ${q.centre ? sql`and pu.centre_id = ${q.centre}` : sql``} ${filtered ? productFilters(q) : sql``}
         group by s.id, s.name
         order by s.name, s.id`,
  );
  const out = rows.map((r) => ({
    supplier: Number(r.supplier),
    supplier_name: r.supplier_name,
    bills: Number(r.bills),
    quantity: Number(r.quantity),
    taxable: money(r.taxable),
    gst: money(r.gst),
    total: money(r.total),
    payable: money(r.payable),
  }));
  return {
    from: window.from,
    to: window.to,
    rows: out,
    total: {
      bills: out.reduce((n, r) => n + r.bills, 0),
      quantity: out.reduce((n, r) => n + r.quantity, 0),
      taxable: fromPaise(sum(out.map((r) => r.taxable))),
      gst: fromPaise(sum(out.map((r) => r.gst))),
      total: fromPaise(sum(out.map((r) => r.total))),
      payable: fromPaise(sum(out.map((r) => r.payable))),
    },
  };
}
type PurchaseRow = PurchaseReport['rows'][number];
export const purchaseReportDefinition: ReportDefinition<Q, PurchaseReport, Partial<PurchaseRow> & { supplier_name: string }> = {
  summary: "Suppliers' bills by supplier: bills, units, taxable, GST, total as billed, and what is still payable (returns credited)",
  run: purchaseReport,
  file: ({ report }) => ({
    filename: 'store-purchases',
    title: 'Store purchases',
    columns: [
      { header: 'Supplier', value: (r) => r.supplier_name },
      { header: 'Bills', value: (r) => r.bills ?? '', type: 'number' },
      { header: 'Units', value: (r) => r.quantity ?? '', type: 'number' },
      { header: 'Taxable', value: (r) => r.taxable ?? '', type: 'money' },
      { header: 'GST', value: (r) => r.gst ?? '', type: 'money' },
      { header: 'Total', value: (r) => r.total ?? '', type: 'money' },
      { header: 'Payable', value: (r) => r.payable ?? '', type: 'money' },
    ],
    rows: [...report.rows, { supplier_name: 'Total', ...report.total }],
  }),
};

// ---- profit ----
async function profitReport({ tx, ctx, q, window }: Parameters<ReportDefinition<Q, ProfitReport>['run']>[0]): Promise<ProfitReport> {
  const rows = await queryRows<{
    id: number;
    name: string;
    product_name: string;
    brand_name: string | null;
    category_name: string;
    quantity: number;
    taxable: string;
    cost: string;
  }>(
    tx,
    sql`select v.id, v.name, p.name as product_name, br.name as brand_name, c.name as category_name, sum(${keptQty})::int as quantity,
               sum(${keptTaxable})::text as taxable, sum(${keptCost})::text as cost
          from ${soldLines}
          ${VARIANT_JOINS}
         where l.organisation_id = ${ctx.organisationId} and s.date between ${window.from}::date and ${window.to}::date
           ${q.centre ? sql`and s.centre_id = ${q.centre}` : sql``} ${productFilters(q)}
         group by v.id, v.name, p.name, br.name, c.name
        having sum(${keptQty}) > 0
         order by p.name, v.name, v.id`,
  );
  const out = rows.map((r) => {
    const taxable = paise(r.taxable);
    const cost = paise(r.cost);
    return {
      sub_product: Number(r.id),
      label: label(r),
      category_name: r.category_name,
      quantity: Number(r.quantity),
      taxable: fromPaise(taxable),
      cost: fromPaise(cost),
      profit: signed(taxable - cost),
      margin: marginOf(taxable - cost, taxable),
    };
  });
  const taxable = sum(out.map((r) => r.taxable));
  const cost = sum(out.map((r) => r.cost));
  return {
    from: window.from,
    to: window.to,
    rows: out,
    total: {
      quantity: out.reduce((n, r) => n + r.quantity, 0),
      taxable: fromPaise(taxable),
      cost: fromPaise(cost),
      profit: signed(taxable - cost),
      margin: marginOf(taxable - cost, taxable),
    },
  };
}
type ProfitRow = ProfitReport['rows'][number];
export const profitReportDefinition: ReportDefinition<Q, ProfitReport, Partial<ProfitRow> & { label: string }> = {
  summary: 'Profit by variant: taxable value sold less the FEFO cost of the batches sold (returns netted off)',
  run: profitReport,
  file: ({ report }) => ({
    filename: 'store-profit',
    title: 'Store profit',
    columns: [
      { header: 'Product', value: (r) => r.label },
      { header: 'Category', value: (r) => r.category_name ?? '' },
      { header: 'Units', value: (r) => r.quantity ?? '', type: 'number' },
      { header: 'Taxable', value: (r) => r.taxable ?? '', type: 'money' },
      { header: 'Cost', value: (r) => r.cost ?? '', type: 'money' },
      { header: 'Profit', value: (r) => r.profit ?? '', type: 'money' },
      { header: 'Margin %', value: (r) => r.margin ?? '', type: 'number' },
    ],
    rows: [...report.rows, { label: 'Total', ...report.total }],
  }),
};
