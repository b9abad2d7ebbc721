/**
 * Asset Management › Dashboard (count, cost and book value by category and centre, maintenance due
 * within the week, assets under repair, warranties ending within 30 days, twelve months of
 * maintenance spend from the ledger) and Transactions (this module's ledger rows).
 */
import {
  assetDashboardEndpoint,
  assetTransactionsEndpoint,
  bookValuePaise,
  MAINTENANCE_NOTICE_DAYS,
  type AssetDashboard,
  type DepreciationMethod,
} from '@arena/contracts/asset';
import type { LedgerEntry } from '@arena/contracts';
import { fromPaise, idSchema, isoDateSchema, paise } from '@arena/contracts/kit';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { ledgerAlias as l, ledgerFields, ledgerFrom, ledgerJson, ledgerTotals, type LedgerSelectRow } from '../money/index.js';
import { addDays, maintenanceFields, maintenanceFrom, maintenanceJson, type MaintenanceJoin } from './asset.service.js';
import { MAINTENANCE_SOURCE, MODULE, tags } from './constants.js';
import { asset, assetMaintenance } from './schema.js';

/** The most assets the dashboard values one by one (the register of a large club is a few thousand). */
const VALUED_MAX = 20_000;

const monthsBack = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
};

export async function assetDashboard(tx: Tx, ctx: Ctx, centreId?: number): Promise<AssetDashboard> {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const inCentre = centreId ? sql`and a.centre_id = ${centreId}` : sql``;
  const rows = await queryRows<{
    category_id: number;
    category_name: string;
    centre_id: number;
    centre_name: string;
    cost: string;
    salvage_value: string;
    useful_life_years: number;
    depreciation_method: DepreciationMethod;
    depreciation_rate: string | null;
    purchase_date: string;
  }>(
    tx,
    sql`select a.category_id, c.name as category_name, a.centre_id, ce.name as centre_name, a.cost::text, a.salvage_value::text,
               a.useful_life_years, a.depreciation_method, a.depreciation_rate::text, a.purchase_date::text
          from asset a
          join asset_category c on c.organisation_id = a.organisation_id and c.id = a.category_id
          join centre ce on ce.organisation_id = a.organisation_id and ce.id = a.centre_id
         where a.organisation_id = ${org} and a.status in ('in_use', 'under_maintenance') ${inCentre}
         order by a.id limit ${VALUED_MAX}`,
  );
  type Group = { id: number; name: string; count: number; cost: number; book: number };
  const byCategory = new Map<number, Group>();
  const byCentre = new Map<number, Group>();
  const total = { count: 0, cost: 0, book: 0 };
  for (const r of rows) {
    const cost = paise(r.cost);
    const book = bookValuePaise(
      {
        cost: r.cost,
        salvage: r.salvage_value,
        lifeYears: Number(r.useful_life_years),
        method: r.depreciation_method,
        ratePercent: r.depreciation_rate === null ? null : Number(r.depreciation_rate),
        purchaseDate: r.purchase_date,
      },
      today,
    );
    for (const [map, id, name] of [
      [byCategory, Number(r.category_id), r.category_name],
      [byCentre, Number(r.centre_id), r.centre_name],
    ] as const) {
      const g = map.get(id) ?? { id, name, count: 0, cost: 0, book: 0 };
      g.count += 1;
      g.cost += cost;
      g.book += book;
      map.set(id, g);
    }
    total.count += 1;
    total.cost += cost;
    total.book += book;
  }
  const groups = (map: Map<number, Group>) =>
    [...map.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => ({ id: g.id, name: g.name, count: g.count, cost: fromPaise(g.cost), book_value: fromPaise(g.book) }));

  const due = (await maintenanceFrom(tx, maintenanceFields)
    .where(
      and(
        eq(assetMaintenance.organisationId, org),
        eq(assetMaintenance.status, 'scheduled'),
        lte(assetMaintenance.date, addDays(today, MAINTENANCE_NOTICE_DAYS)),
        centreId ? eq(asset.centreId, centreId) : undefined,
      ),
    )
    .orderBy(asc(assetMaintenance.date), asc(assetMaintenance.id))
    .limit(50)) as MaintenanceJoin[];

  const [repair] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from asset a where a.organisation_id = ${org} and a.status = 'under_maintenance' ${inCentre}`,
  );
  const warranties = await queryRows<{ id: number; code: string; name: string; warranty_until: string; centre_name: string }>(
    tx,
    sql`select a.id, a.code, a.name, a.warranty_until::text, ce.name as centre_name
          from asset a join centre ce on ce.organisation_id = a.organisation_id and ce.id = a.centre_id
         where a.organisation_id = ${org} and a.status in ('in_use', 'under_maintenance')
           and a.warranty_until between ${today}::date and ${today}::date + 30 ${inCentre}
         order by a.warranty_until, a.id limit 50`,
  );
  const month = today.slice(0, 7);
  const spend = await ledgerTotals(tx, ctx, {
    module: MODULE,
    sources: [MAINTENANCE_SOURCE],
    type: 'expense',
    from: `${monthsBack(month, 11)}-01`,
    to: today,
    centre: centreId ?? null,
    groupBy: ['month'],
  });
  return {
    total: { count: total.count, cost: fromPaise(total.cost), book_value: fromPaise(total.book) },
    by_category: groups(byCategory),
    by_centre: groups(byCentre),
    due_maintenance: due.map((m) => maintenanceJson(m, ctx.now.today)),
    under_repair: Number(repair.n),
    warranties_ending: warranties.map((w) => ({ ...w, id: Number(w.id), code: w.code ?? '' })),
    maintenance_spend: spend.map((s) => ({ month: s.month!, amount: s.expense })),
  };
}

const transactionList: ListDefinition<LedgerSelectRow, LedgerEntry> = {
  from: (tx, fields) => ledgerFrom(tx, fields),
  fields: ledgerFields,
  where: (ctx) => and(eq(l.organisationId, ctx.organisationId), eq(l.module, MODULE)),
  search: [l.party, l.sourceLabel, l.reference, l.notes],
  filters: {
    centre: { schema: idSchema, where: (v: number) => eq(l.centreId, v), label: 'Center', show: showName(centre) },
    category: { schema: idSchema, where: (v: number) => eq(l.categoryId, v), label: 'Category' },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(l.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(l.date, v), label: 'To', show: displayDate },
  },
  ordering: { date: l.date, amount: l.amount, created_at: l.createdAt },
  defaultOrdering: [desc(l.date), desc(l.id)],
  tiebreak: l.id,
  map: (_tx, _ctx, rows) => rows.map(ledgerJson),
  export: {
    filename: 'asset-transactions',
    title: 'Asset transactions',
    columns: [
      { header: 'Date', value: (t) => t.date, type: 'date' },
      { header: 'Category', value: (t) => t.category_name },
      { header: 'For', value: (t) => t.source.label },
      { header: 'Party', value: (t) => t.party },
      { header: 'Center', value: (t) => t.centre_name },
      { header: 'Payment mode', value: (t) => t.payment_mode_name },
      { header: 'Kind', value: (t) => t.kind },
      { header: 'Amount', value: (t) => t.amount, type: 'money', total: true },
      { header: 'Notes', value: (t) => t.notes },
      { header: 'Recorded by', value: (t) => t.recorded_by },
    ],
  },
};

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, assetDashboardEndpoint, {
    module: MODULE,
    tags,
    summary: 'Assets by category and centre, maintenance due, under repair, warranties ending, maintenance spend',
    handler: async (request) => inTenant(request, (tx, ctx) => assetDashboard(tx, ctx, request.query.centre)),
  });
  listRoute(app, assetTransactionsEndpoint, {
    module: MODULE,
    tags,
    summary: "This module's ledger rows: purchases (Equipment) and maintenance (Maintenance)",
    list: transactionList,
  });
}
