/**
 * The one read of the ledger other modules' dashboards and reports use: sums of the movements of
 * a window, grouped as asked. Every figure follows the books' rules (books.ts): income =
 * receipts − refunds, expense = payments, a reversal taking back its original on the same side;
 * money held for others (a deposit, `type` liability) is `held`, in neither.
 *
 * ```ts
 * // a module's collections by month and payment mode
 * await ledgerTotals(tx, ctx, { module: MODULE, from, to, centre, groupBy: ['month', 'mode'] });
 * // booking collections by sport: an attribute of the sale, read from the seller's own tables
 * await ledgerTotals(tx, ctx, { sources: ['booking'], from, to, groupBy: [{ attribute: {
 *   booking: sql`select b.id, sp.id::text as key, sp.name as label from booking b join facility f … join sport sp …` } }] });
 * ```
 */
import { moneyFromSql, type LedgerType, type ModuleName } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { CATEGORY_NAME, EXPENSE, HELD, INCOME } from './books.js';

/**
 * An attribute of the sales behind the movements: per kind of sale, a select of
 * `(id, key, label)` over the selling module's own tables (the sale's id, the group's key and
 * name, e.g. a booking's sport). Movements of other kinds, or without a row there, group under
 * `key: null`.
 */
export type SaleAttribute = Record<string, SQL>;

export type LedgerGroup = 'day' | 'month' | 'mode' | 'category' | 'module' | 'source_type' | 'source' | { attribute: SaleAttribute };

export interface LedgerTotalsQuery {
  /** Movements of this module (its permission name), e.g. 'Membership Management'. */
  module?: ModuleName;
  /** Movements of these kinds of sale only (`booking`, `membership` …). */
  sources?: readonly string[];
  /** One side of the books only. */
  type?: LedgerType;
  from: string;
  to: string;
  centre?: number | null;
  groupBy?: readonly LedgerGroup[];
  /** With a single `day` or `month` group: every period of the window, zeros too. Default true. */
  fill?: boolean;
}

/** One group's sums (money as 2-decimal strings) and the keys it was grouped by. */
export interface LedgerTotalsRow {
  day?: string;
  month?: string;
  /** The payment mode's id and name (`null`/"Other" for none). */
  mode_id?: number | null;
  mode?: string;
  category?: string;
  module?: string;
  source_type?: string;
  /** `source`: the sale's id and its label. */
  source_id?: number | null;
  source_label?: string;
  /** `attribute`: the group's key and name. */
  key?: string | null;
  label?: string | null;
  /** Money received, net of reversed receipts. */
  receipts: string;
  /** Money given back on sales, net of reversed refunds. */
  refunds: string;
  /** Money paid out (expenses), net of reversals. */
  payments: string;
  income: string;
  expense: string;
  /** income − expense */
  net: string;
  /** Money held for others (deposits) taken in − given back: in the cash, not in income. */
  held: string;
  /** Ledger rows. */
  count: number;
  /** Distinct sales behind them. */
  sales: number;
}

const RECEIPTS = sql.raw(
  `case when l.type <> 'income' then 0 when l.kind = 'receipt' then l.amount when l.kind = 'reversal' and l.direction = 'out' then -l.amount else 0 end`,
);
const REFUNDS = sql.raw(
  `case when l.type <> 'income' then 0 when l.kind = 'refund' then l.amount when l.kind = 'reversal' and l.direction = 'in' then -l.amount else 0 end`,
);

const columnsOf = (g: LedgerGroup): { select: SQL; names: string[] } => {
  if (typeof g === 'object') return { select: sql`attr.key as key, attr.label as label`, names: ['key', 'label'] };
  switch (g) {
    case 'day':
      return { select: sql`to_char(l.date, 'YYYY-MM-DD') as day`, names: ['day'] };
    case 'month':
      return { select: sql`to_char(l.date, 'YYYY-MM') as month`, names: ['month'] };
    case 'mode':
      return { select: sql`l.payment_mode_id as mode_id, coalesce(pm.name, 'Other') as mode`, names: ['mode_id', 'mode'] };
    case 'category':
      return { select: sql`${CATEGORY_NAME} as category`, names: ['category'] };
    case 'module':
      return { select: sql`l.module as module`, names: ['module'] };
    case 'source_type':
      return { select: sql`l.source_type as source_type`, names: ['source_type'] };
    case 'source':
      return { select: sql`l.source_id as source_id, min(l.source_label) as source_label`, names: ['source_id'] };
  }
};

/** Sums of the ledger's movements of a window, grouped by `groupBy` (none: one row of totals). */
export async function ledgerTotals(tx: Tx, ctx: Pick<Ctx, 'organisationId'>, q: LedgerTotalsQuery): Promise<LedgerTotalsRow[]> {
  const groups = q.groupBy ?? [];
  const attribute = groups.find((g): g is { attribute: SaleAttribute } => typeof g === 'object')?.attribute;
  const cols = groups.map(columnsOf);
  const names = cols.flatMap((c) => c.names);
  const conditions = [
    sql`l.organisation_id = ${ctx.organisationId}`,
    sql`l.date between ${q.from}::date and ${q.to}::date`,
    q.centre ? sql`l.centre_id = ${q.centre}` : undefined,
    q.module ? sql`l.module = ${q.module}` : undefined,
    q.type ? sql`l.type = ${q.type}` : undefined,
    q.sources
      ? sql`l.source_type in (${sql.join(
          q.sources.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : undefined,
  ].filter((c): c is SQL => !!c);
  const attr = attribute
    ? sql`left join (${sql.join(
        Object.entries(attribute).map(
          ([type, select]) =>
            sql`select ${type}::text as t, a.id::bigint as id, a.key::text as key, a.label::text as label from (${select}) a`,
        ),
        sql` union all `,
      )}) attr on attr.t = l.source_type and attr.id = l.source_id`
    : sql``;
  const keys = cols.length
    ? sql`${sql.join(
        cols.map((c) => c.select),
        sql`, `,
      )}, `
    : sql``;
  // The grouped columns by position (a source's label is an aggregate beside its id).
  const selected = cols.flatMap((c) => (c.names.includes('source_id') ? ['source_id', 'source_label'] : c.names));
  const positions = selected.flatMap((n, i) => (n === 'source_label' ? [] : [i + 1]));
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${keys}coalesce(sum(${RECEIPTS}), 0)::text as receipts, coalesce(sum(${REFUNDS}), 0)::text as refunds,
               coalesce(sum(case when l.type = 'expense' then ${EXPENSE} else 0 end), 0)::text as payments,
               coalesce(sum(${INCOME}), 0)::text as income, coalesce(sum(${EXPENSE}), 0)::text as expense,
               coalesce(sum(${INCOME}) - sum(${EXPENSE}), 0)::text as net, coalesce(sum(${HELD}), 0)::text as held,
               count(*)::int as count, count(distinct l.source_type || ':' || coalesce(l.source_id::text, 'none'))::int as sales
        from ledger_entry l
          left join money_category mc on mc.organisation_id = l.organisation_id and mc.id = l.category_id
          left join payment_mode pm on pm.organisation_id = l.organisation_id and pm.id = l.payment_mode_id
          ${attr}
        where ${sql.join(conditions, sql` and `)}
        ${positions.length ? sql.raw(`group by ${positions.join(', ')} order by ${positions.join(', ')}`) : sql``}`,
  );
  const out = rows.map((r) => {
    const row: LedgerTotalsRow = {
      receipts: moneyFromSql(r.receipts),
      refunds: moneyFromSql(r.refunds),
      payments: moneyFromSql(r.payments),
      income: moneyFromSql(r.income),
      expense: moneyFromSql(r.expense),
      net: moneyFromSql(r.net),
      held: moneyFromSql(r.held),
      count: Number(r.count),
      sales: Number(r.sales),
    };
    for (const n of [...names, ...(names.includes('source_id') ? ['source_label'] : [])]) {
      const v = r[n];
      (row as unknown as Record<string, unknown>)[n] = n === 'mode_id' || n === 'source_id' ? (v === null ? null : Number(v)) : v;
    }
    return row;
  });
  const only = groups.length === 1 && (groups[0] === 'day' || groups[0] === 'month') ? groups[0] : null;
  if (!only || q.fill === false) return out;
  const zero = {
    receipts: '0.00',
    refunds: '0.00',
    payments: '0.00',
    income: '0.00',
    expense: '0.00',
    net: '0.00',
    held: '0.00',
    count: 0,
    sales: 0,
  };
  const byKey = new Map(out.map((r) => [r[only]!, r]));
  return periodsOf(q.from, q.to, only).map((p) => byKey.get(p) ?? { [only]: p, ...zero });
}

/** Every day (`YYYY-MM-DD`) or month (`YYYY-MM`) from `from` to `to`, bounded by the dates (not by comparing strings). */
function periodsOf(from: string, to: string, by: 'day' | 'month'): string[] {
  const out: string[] = [];
  const end = new Date(`${to}T00:00:00Z`).getTime();
  const d = new Date(`${by === 'month' ? from.slice(0, 7) + '-01' : from}T00:00:00Z`);
  while (d.getTime() <= end && out.length < 40_000) {
    out.push(d.toISOString().slice(0, by === 'month' ? 7 : 10));
    if (by === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
