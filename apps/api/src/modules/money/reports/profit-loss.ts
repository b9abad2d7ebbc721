/** Accounts › Profit and loss, and income / expense / profit month by month: sums of the ledger (`books.ts`). */
import type { PeriodReport, ProfitLoss } from '@arena/contracts';
import type { ReportDefinition } from '../../../platform/report.js';
import { periodRows, profitLossRows, totalsOf, type PeriodRow } from '../books.js';

type Query = { centre?: number };

/** Period, income, expense and net: the columns of every period report's file. */
export const periodColumns = (first: string) => [
  { header: first, value: (x: PeriodRow) => x.label },
  { header: 'Income', value: (x: PeriodRow) => x.income, type: 'money' as const },
  { header: 'Expense', value: (x: PeriodRow) => x.expense, type: 'money' as const },
  { header: 'Net', value: (x: PeriodRow) => x.net, type: 'money' as const },
];

type Line = { section: string; name: string; amount: string };

export const profitLossReport: ReportDefinition<Query, ProfitLoss, Line> = {
  summary: 'Profit and loss: income by module and category, expenses by category, month by month',
  run: async ({ tx, ctx, q, window }) => {
    const f = { ...window, centre: q.centre };
    const [split, months] = await Promise.all([profitLossRows(tx, ctx, f), periodRows(tx, ctx, f, 'month')]);
    return {
      ...window,
      ...split,
      months: months.map((m) => ({ month: m.period, income: m.income, expense: m.expense, net: m.net })),
      total: totalsOf(months),
    };
  },
  file: ({ report }) => ({
    filename: 'profit-loss',
    title: 'Profit and loss',
    columns: [
      { header: 'Section', value: (x) => x.section },
      { header: 'Item', value: (x) => x.name },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
    ],
    rows: [
      ...report.income.map((x) => ({ section: 'Income', name: `${x.module} › ${x.category}`, amount: x.amount })),
      { section: 'Income', name: 'Total income', amount: report.total.income },
      ...report.expenses.map((x) => ({ section: 'Expense', name: x.category, amount: x.amount })),
      { section: 'Expense', name: 'Total expenses', amount: report.total.expense },
      { section: 'Net', name: 'Net profit', amount: report.total.net },
    ],
  }),
};

/** Income, expense or profit month by month (the same rows; the file's title names the view). */
export const accountsPeriodReport = (kind: 'income' | 'expense' | 'profit'): ReportDefinition<Query, PeriodReport, PeriodRow> => ({
  summary: `${kind[0].toUpperCase()}${kind.slice(1)} month by month`,
  run: async ({ tx, ctx, q, window }) => {
    const rows = await periodRows(tx, ctx, { ...window, centre: q.centre }, 'month');
    return { ...window, rows, total: totalsOf(rows) };
  },
  file: ({ report }) => ({
    filename: `accounts-${kind}`,
    title: `Accounts — ${kind}`,
    columns: periodColumns('Month'),
    rows: [...report.rows, { period: 'total', label: 'Total', ...report.total }],
  }),
});
