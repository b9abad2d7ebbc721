/**
 * The books, read from the one ledger: every figure of the Income/Expenses and Accounts reports
 * and dashboards is a sum of ledger rows, so each equals the movements it stands for. A row
 * counts on its `type`'s side: income = receipts − refunds (a reversal takes back its original),
 * expense = payments (likewise). Module income without a category of its own is shown under the
 * category the module's manifest marks as its own (Bookings, Memberships …).
 */
import { fromPaise, moneyFromSql, signedPaise } from '@arena/contracts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { registeredModules } from '../../platform/module.js';

export const INCOME = sql.raw(
  `case when l.type = 'income' then (case when l.direction = 'in' then l.amount else -l.amount end) else 0 end`,
);
export const EXPENSE = sql.raw(
  `case when l.type = 'expense' then (case when l.direction = 'out' then l.amount else -l.amount end) else 0 end`,
);

/**
 * The category a module's income shows under when a movement has none: the one its manifest
 * marks `moduleIncome` (Bookings, Memberships …), read from the registered manifests when a
 * statement is built.
 */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const moduleCategory: SQLWrapper = {
  getSQL: () => {
    const pairs = registeredModules().flatMap((m) =>
      (m.defaultCategories ?? [])
        .filter((c) => c.moduleIncome && m.permission)
        .map((c) => `when ${literal(m.permission!)} then ${literal(c.name)}`),
    );
    // Constants of the manifests, inlined: the statement's text is the same for every request (prepared once).
    return sql.raw(pairs.length ? `case l.module ${pairs.join(' ')} else 'Other' end` : `'Other'`);
  },
};
export const CATEGORY_NAME = sql`coalesce(mc.name, ${moduleCategory})`;

export interface BooksFilter {
  from: string;
  to: string;
  centre?: number;
}

export const where = (ctx: Ctx, f: BooksFilter, extra: SQL = sql``) =>
  sql`l.organisation_id = ${ctx.organisationId} and l.date between ${f.from}::date and ${f.to}::date
      ${f.centre ? sql`and l.centre_id = ${f.centre}` : sql``} ${extra}`;

const money = moneyFromSql;
const cents = (v: string) => signedPaise(v) ?? 0;
const net = (income: string, expense: string) => fromPaise(cents(income) - cents(expense));

export interface PeriodRow {
  period: string;
  label: string;
  income: string;
  expense: string;
  net: string;
}

/** Income, expense and net per day or per month, every period of the window present (zeros too). */
export async function periodRows(tx: Tx, ctx: Ctx, f: BooksFilter, by: 'day' | 'month', type?: 'income' | 'expense'): Promise<PeriodRow[]> {
  const unit = by === 'day' ? sql.raw(`'day'`) : sql.raw(`'month'`);
  const step = by === 'day' ? sql.raw(`'1 day'`) : sql.raw(`'1 month'`);
  const fmt = by === 'day' ? sql.raw(`'YYYY-MM-DD'`) : sql.raw(`'YYYY-MM'`);
  const rows = await queryRows<{ period: string; income: string; expense: string }>(
    tx,
    sql`with p as (select generate_series(date_trunc(${unit}, ${f.from}::date), date_trunc(${unit}, ${f.to}::date), ${step}::interval) as start),
        t as (select date_trunc(${unit}, l.date) as start, sum(${INCOME}) as income, sum(${EXPENSE}) as expense
              from ledger_entry l where ${where(ctx, f, type ? sql`and l.type = ${type}` : sql``)} group by 1)
        select to_char(p.start, ${fmt}) as period, coalesce(t.income, 0)::text as income, coalesce(t.expense, 0)::text as expense
        from p left join t on t.start = p.start order by p.start`,
  );
  return rows.map((r) => {
    const income = money(r.income);
    const expense = money(r.expense);
    return { period: r.period, label: r.period, income, expense, net: net(income, expense) };
  });
}

export function totalsOf(rows: { income: string; expense: string }[]) {
  const income = fromPaise(rows.reduce((s, r) => s + cents(r.income), 0));
  const expense = fromPaise(rows.reduce((s, r) => s + cents(r.expense), 0));
  return { income, expense, net: net(income, expense) };
}

/** Totals per category and side (the module's default category for module income). */
export async function categoryRows(tx: Tx, ctx: Ctx, f: BooksFilter, type?: 'income' | 'expense') {
  const rows = await queryRows<{ type: 'income' | 'expense'; category: string; module: string; count: number; amount: string }>(
    tx,
    sql`select l.type, ${CATEGORY_NAME} as category, min(l.module) as module, count(*)::int as count,
               sum(case when l.type = 'income' then ${INCOME} else ${EXPENSE} end)::text as amount
        from ledger_entry l left join money_category mc on mc.id = l.category_id
        where ${where(ctx, f, type ? sql`and l.type = ${type}` : sql``)}
        group by 1, 2 order by 1 desc, 5 desc, 2`,
  );
  return rows.map((r) => ({ ...r, amount: money(r.amount) }));
}

/** Income by module and category, expenses by category. */
export async function profitLossRows(tx: Tx, ctx: Ctx, f: BooksFilter) {
  const rows = await queryRows<{ type: 'income' | 'expense'; module: string; category: string; amount: string }>(
    tx,
    sql`select l.type, l.module, ${CATEGORY_NAME} as category, sum(case when l.type = 'income' then ${INCOME} else ${EXPENSE} end)::text as amount
        from ledger_entry l left join money_category mc on mc.id = l.category_id
        where ${where(ctx, f)} group by 1, 2, 3 order by 1 desc, 4 desc`,
  );
  return {
    income: rows.filter((r) => r.type === 'income').map((r) => ({ module: r.module, category: r.category, amount: money(r.amount) })),
    expenses: Object.values(
      rows
        .filter((r) => r.type === 'expense')
        .reduce<Record<string, { category: string; amount: string }>>((acc, r) => {
          const prev = acc[r.category];
          acc[r.category] = {
            category: r.category,
            amount: prev ? fromPaise(cents(prev.amount) + cents(money(r.amount))) : money(r.amount),
          };
          return acc;
        }, {}),
    ),
  };
}
