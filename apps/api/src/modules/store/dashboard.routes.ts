/**
 * Store › Dashboard: today's and this month's sales (returns netted off), the month's taxable
 * value, FEFO cost and margin, stock at cost, the low-stock, near-expiry and expired counts, the
 * month's top five variants and twelve months of sales.
 */
import { fromPaise, paise } from '@arena/contracts';
import { storeDashboardEndpoint, type StoreDashboard } from '@arena/contracts/store';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { addDays, monthOf, monthsOf } from '../../platform/time.js';
import { MODULE, nearExpiryDays } from './constants.js';
import { keptCost, keptQty, keptTaxable, keptTotal, signedMoney as signed, soldLines } from './sold.js';
import { variantLabel } from './product.routes.js';

const money = (v: unknown) => fromPaise(paise(String(v ?? '0')));

const monthsBack = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
};

export async function storeDashboard(tx: Tx, ctx: Ctx, centreId?: number): Promise<StoreDashboard> {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const month = today.slice(0, 7);
  const { from: monthFrom, to: monthTo } = monthOf(today);
  const first = `${monthsBack(month, 11)}-01`;
  const saleCentre = centreId ? sql`and s.centre_id = ${centreId}` : sql``;
  const batchCentre = centreId ? sql`and b.centre_id = ${centreId}` : sql``;

  const [sales] = await queryRows<{ today_n: number; today_amount: string; month_n: number; month_amount: string }>(
    tx,
    sql`select count(*) filter (where s.date = ${today}::date)::int as today_n,
               coalesce(sum(s.total - s.returned) filter (where s.date = ${today}::date), 0)::text as today_amount,
               count(*)::int as month_n, coalesce(sum(s.total - s.returned), 0)::text as month_amount
          from store_sale s where s.organisation_id = ${org} and s.date between ${monthFrom}::date and ${monthTo}::date ${saleCentre}`,
  );
  const monthly = await queryRows<{ month: string; sales: number; amount: string; taxable: string; cost: string }>(
    tx,
    sql`select m.month, coalesce(a.sales, 0)::int as sales, coalesce(a.amount, 0)::text as amount,
               coalesce(b.taxable, 0)::text as taxable, coalesce(b.cost, 0)::text as cost
          from unnest(${`{${monthsOf(first, `${month}-01`).join(',')}}`}::text[]) as m(month)
          left join (select to_char(s.date, 'YYYY-MM') as month, count(*) as sales, sum(s.total - s.returned) as amount
                       from store_sale s where s.organisation_id = ${org} and s.date >= ${first}::date and s.date <= ${monthTo}::date ${saleCentre}
                      group by 1) a on a.month = m.month
          left join (select to_char(s.date, 'YYYY-MM') as month, sum(${keptTaxable}) as taxable, sum(${keptCost}) as cost
                       from ${soldLines} where l.organisation_id = ${org} and s.date >= ${first}::date and s.date <= ${monthTo}::date ${saleCentre}
                      group by 1) b on b.month = m.month
         order by m.month`,
  );
  const [stock] = await queryRows<{ value: string; near: number; expired: number }>(
    tx,
    sql`select coalesce(sum(b.quantity * b.cost), 0)::text as value,
               count(*) filter (where b.expiry_date >= ${today}::date and b.expiry_date <= ${addDays(today, nearExpiryDays())}::date)::int as near,
               count(*) filter (where b.expiry_date < ${today}::date)::int as expired
          from store_batch b where b.organisation_id = ${org} and b.quantity > 0 ${batchCentre}`,
  );
  const [low] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from store_sub_product v
          join store_product p on p.organisation_id = v.organisation_id and p.id = v.product_id
         where v.organisation_id = ${org} and v.is_active and p.is_active
           and (select coalesce(sum(b.quantity), 0) from store_batch b
                 where b.organisation_id = v.organisation_id and b.sub_product_id = v.id and b.quantity > 0 ${batchCentre}) <= p.reorder_level`,
  );
  const top = await queryRows<{
    id: number;
    name: string;
    product_name: string;
    brand_name: string | null;
    quantity: number;
    amount: string;
  }>(
    tx,
    sql`select v.id, v.name, p.name as product_name, br.name as brand_name, sum(${keptQty})::int as quantity, sum(${keptTotal})::text as amount
          from ${soldLines}
          left join store_brand br on br.organisation_id = p.organisation_id and br.id = p.brand_id
         where l.organisation_id = ${org} and s.date between ${monthFrom}::date and ${monthTo}::date ${saleCentre}
         group by v.id, v.name, p.name, br.name
        having sum(${keptQty}) > 0
         order by sum(${keptTotal}) desc, v.id limit 5`,
  );
  const thisMonth = monthly.find((m) => m.month === month);
  const taxable = paise(thisMonth?.taxable ?? '0');
  const cost = paise(thisMonth?.cost ?? '0');
  return {
    today: { sales: Number(sales.today_n), amount: money(sales.today_amount) },
    month: {
      month,
      sales: Number(sales.month_n),
      amount: money(sales.month_amount),
      taxable: fromPaise(taxable),
      cost: fromPaise(cost),
      margin: signed(taxable - cost),
    },
    stock_value: money(stock.value),
    low_stock: Number(low.n),
    near_expiry: Number(stock.near),
    expired: Number(stock.expired),
    top_products: top.map((t) => ({
      sub_product: Number(t.id),
      label: variantLabel(t.brand_name ?? '', t.product_name, t.name),
      quantity: Number(t.quantity),
      amount: money(t.amount),
    })),
    monthly: monthly.map((m) => ({
      month: m.month,
      sales: Number(m.sales),
      amount: money(m.amount),
      margin: signed(paise(m.taxable) - paise(m.cost)),
    })),
  };
}

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, storeDashboardEndpoint, {
    module: MODULE,
    tags: ['store_dashboard'],
    summary: "The store's figures at a glance",
    handler: async (request) =>
      inTenant(request, (tx, ctx) => storeDashboard(tx, ctx, request.query.centre ?? undefined), { customPlans: true }),
  });
}
