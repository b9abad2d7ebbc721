/**
 * The books, read from the one ledger: every figure of the Income/Expenses and Accounts reports
 * and dashboards is a sum of ledger rows, so each equals the movements it stands for. A row
 * counts on its `type`'s side: income = receipts − refunds (a reversal takes back its original),
 * expense = payments (likewise). Module income without a category of its own is shown under the
 * category the module's manifest marks as its own (Bookings, Memberships …). Money held for
 * others (a deposit: `type` liability) is in neither income nor expense (`HELD`). The Accounts
 * reports (`profitLossRows`) take the GST out of each movement: output tax is not income, input
 * tax is not an expense.
 */
import { fromPaise, moneyFromSql, signedPaise } from '@arena/contracts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { monthsOf } from '../../platform/time.js';
import { registeredModules } from '../../platform/module.js';

export const INCOME = sql.raw(
  `case when l.type = 'income' then (case when l.direction = 'in' then l.amount else -l.amount end) else 0 end`,
);
export const EXPENSE = sql.raw(
  `case when l.type = 'expense' then (case when l.direction = 'out' then l.amount else -l.amount end) else 0 end`,
);
/** Money held for others (a deposit): taken in − given back. Neither income nor expense; it is in the cash. */
export const HELD = sql.raw(
  `case when l.type = 'liability' then (case when l.direction = 'in' then l.amount else -l.amount end) else 0 end`,
);
/** Movements on the income or expense side (money held for others is on neither). */
const BOOKS_SIDE = sql.raw(`and l.type in ('income', 'expense')`);

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
        where ${where(ctx, f, type ? sql`and l.type = ${type}` : BOOKS_SIDE)}
        group by 1, 2 order by 1 desc, 5 desc, 2`,
  );
  return rows.map((r) => ({ ...r, amount: money(r.amount) }));
}

/**
 * The GST inside a movement, signed like its amount on its side of the books. The books are kept
 * on the cash basis (a receipt counts when the money comes); a movement's tax share is rounded to
 * the paisa per movement, so income + GST = the money itself, movement by movement:
 *
 * - a receipt or refund of a sale carries its document's tax ratio (`ledger_entry.invoice_id`: the
 *   invoice, or the credit note a refund was issued with): GST = round(amount × (CGST + SGST +
 *   IGST) ÷ document total). An invoice paid in one receipt gives exactly its tax; paid in parts,
 *   the parts' shares may differ from it by a paisa or two (each share is rounded). A bill of
 *   supply carries no tax.
 * - a manual income or expense (`income_expense`) carries its entry's GST (the output tax of an
 *   income, the input tax of an expense): round(amount × gst_amount ÷ entry amount), which is the
 *   entry's GST itself for its own movement.
 * - a reversal carries what its original carried (it names the same document or entry), so the two cancel.
 * - anything else (payroll …) carries none.
 * - an organisation without a GSTIN cannot take input tax back: its expenses' GST is part of their cost (none kept apart).
 */
export const GST_SHARE = sql.raw(
  `case when l.type = 'expense' and gst_org.gstin = '' then 0 else
   (case when (l.type = 'income') = (l.direction = 'in') then 1 else -1 end) * coalesce(
     round(l.amount * (i.cgst + i.sgst + i.igst) / nullif(i.total, 0), 2),
     round(l.amount * ie.gst_amount / nullif(ie.amount, 0), 2),
     0) end`,
);
/** The document or entry a movement's GST is read from (`GST_SHARE`); after `from ledger_entry l`. */
const GST_SOURCES = sql.raw(
  `join organisation gst_org on gst_org.id = l.organisation_id
   left join invoice i on i.organisation_id = l.organisation_id and i.id = l.invoice_id
   left join income_expense ie on ie.organisation_id = l.organisation_id and l.source_type = 'income_expense' and ie.id = l.source_id`,
);

/** One line of the profit and loss: what the books hold net of GST, and the GST kept apart. */
export interface ProfitLossLine {
  amount: string;
  gst: string;
}

/**
 * The profit and loss of a window, net of GST (see `GST_SHARE`): income by module and category,
 * expenses by category, every month of the window, and the GST collected on the money received
 * (output tax) and paid in the expenses (input tax), which are neither income nor expense. For
 * each side, net + GST = the money: income + GST collected = receipts − refunds; expenses + GST
 * paid = payments.
 */
export async function profitLossRows(tx: Tx, ctx: Ctx, f: BooksFilter) {
  const rows = await queryRows<{ type: 'income' | 'expense'; module: string; category: string; month: string; money: string; gst: string }>(
    tx,
    sql`select l.type, l.module, ${CATEGORY_NAME} as category, to_char(l.date, 'YYYY-MM') as month,
               sum(case when l.type = 'income' then ${INCOME} else ${EXPENSE} end)::text as money, sum(${GST_SHARE})::text as gst
        from ledger_entry l left join money_category mc on mc.id = l.category_id ${GST_SOURCES}
        where ${where(ctx, f, BOOKS_SIDE)} group by 1, 2, 3, 4`,
  );
  type Sum = { money: number; gst: number };
  const add = <K>(map: Map<K, Sum>, key: K, r: { money: string; gst: string }) => {
    const sum = map.get(key) ?? { money: 0, gst: 0 };
    sum.money += cents(r.money);
    sum.gst += cents(r.gst);
    map.set(key, sum);
  };
  const income = new Map<string, Sum>();
  const expenses = new Map<string, Sum>();
  const months = new Map<string, { income: Sum; expense: Sum }>(
    monthsOf(f.from, f.to).map((m) => [m, { income: { money: 0, gst: 0 }, expense: { money: 0, gst: 0 } }]),
  );
  for (const r of rows) {
    if (r.type === 'income') add(income, JSON.stringify([r.module, r.category]), r);
    else add(expenses, r.category, r);
    const month = months.get(r.month)!;
    month[r.type].money += cents(r.money);
    month[r.type].gst += cents(r.gst);
  }
  const line = (s: Sum): ProfitLossLine => ({ amount: fromPaise(s.money - s.gst), gst: fromPaise(s.gst) });
  const byAmount = (a: { amount: string }, b: { amount: string }) => cents(b.amount) - cents(a.amount);
  const sum = (values: Iterable<Sum>) =>
    [...values].reduce((t, s) => ({ money: t.money + s.money, gst: t.gst + s.gst }), { money: 0, gst: 0 });
  const totalIn = sum(income.values());
  const totalOut = sum(expenses.values());
  return {
    income: [...income]
      .map(([key, s]) => {
        const [module, category] = JSON.parse(key) as [string, string];
        return { module, category, ...line(s) };
      })
      .sort(byAmount),
    expenses: [...expenses].map(([category, s]) => ({ category, ...line(s) })).sort(byAmount),
    months: [...months].map(([month, m]) => {
      const income = m.income.money - m.income.gst;
      const expense = m.expense.money - m.expense.gst;
      return {
        month,
        income: fromPaise(income),
        expense: fromPaise(expense),
        net: fromPaise(income - expense),
        gst_collected: fromPaise(m.income.gst),
        gst_paid: fromPaise(m.expense.gst),
      };
    }),
    total: {
      income: fromPaise(totalIn.money - totalIn.gst),
      expense: fromPaise(totalOut.money - totalOut.gst),
      net: fromPaise(totalIn.money - totalIn.gst - (totalOut.money - totalOut.gst)),
      gst_collected: fromPaise(totalIn.gst),
      gst_paid: fromPaise(totalOut.gst),
      money_in: fromPaise(totalIn.money),
      money_out: fromPaise(totalOut.money),
    },
  };
}
