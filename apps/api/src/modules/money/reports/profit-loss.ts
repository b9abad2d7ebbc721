/**
 * Accounts › Profit and loss, and income / expense / profit month by month: sums of the ledger on
 * the cash basis, net of GST (`profitLossRows` in `books.ts`: output tax is not income, input tax
 * is not an expense; each is shown apart, and per side net + GST = the money).
 */
import type { PeriodReport, ProfitLoss } from '@arena/contracts';
import type { ReportDefinition } from '../../../platform/report.js';
import { profitLossRows, type PeriodRow } from '../books.js';

type Query = { centre?: number };

/** Period, income, expense and net: the columns of every period report's file. */
export const periodColumns = (first: string) => [
  { header: first, value: (x: PeriodRow) => x.label },
  { header: 'Income', value: (x: PeriodRow) => x.income, type: 'money' as const },
  { header: 'Expense', value: (x: PeriodRow) => x.expense, type: 'money' as const },
  { header: 'Net', value: (x: PeriodRow) => x.net, type: 'money' as const },
];

type Line = { section: string; name: string; amount: string; gst?: string };

export const profitLossReport: ReportDefinition<Query, ProfitLoss, Line> = {
  summary: 'Profit and loss net of GST: income by module and category, expenses by category, month by month, and the GST kept apart',
  run: async ({ tx, ctx, q, window }) => {
    const { income, expenses, months, total } = await profitLossRows(tx, ctx, { ...window, centre: q.centre });
    return { ...window, income, expenses, months, total };
  },
  file: ({ report }) => ({
    filename: 'profit-loss',
    title: 'Profit and loss (net of GST)',
    columns: [
      { header: 'Section', value: (x) => x.section },
      { header: 'Item', value: (x) => x.name },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
      { header: 'GST', value: (x) => x.gst ?? '', type: 'money' },
    ],
    rows: [
      ...report.income.map((x) => ({ section: 'Income', name: `${x.module} › ${x.category}`, amount: x.amount, gst: x.gst })),
      { section: 'Income', name: 'Total income', amount: report.total.income, gst: report.total.gst_collected },
      ...report.expenses.map((x) => ({ section: 'Expense', name: x.category, amount: x.amount, gst: x.gst })),
      { section: 'Expense', name: 'Total expenses', amount: report.total.expense, gst: report.total.gst_paid },
      { section: 'GST', name: 'GST collected (output tax in the money received)', amount: report.total.gst_collected },
      { section: 'GST', name: 'GST paid on purchases (input tax in the expenses)', amount: report.total.gst_paid },
      { section: 'Money', name: 'Money in (income + GST collected)', amount: report.total.money_in },
      { section: 'Money', name: 'Money out (expenses + GST paid)', amount: report.total.money_out },
      { section: 'Net', name: 'Net profit', amount: report.total.net },
    ],
  }),
};

/** Income, expense or profit month by month, net of GST as in the profit and loss (the same rows; the file's title names the view). */
export const accountsPeriodReport = (kind: 'income' | 'expense' | 'profit'): ReportDefinition<Query, PeriodReport, PeriodRow> => ({
  summary: `${kind[0].toUpperCase()}${kind.slice(1)} month by month, net of GST`,
  run: async ({ tx, ctx, q, window }) => {
    const { months, total } = await profitLossRows(tx, ctx, { ...window, centre: q.centre });
    const rows = months.map((m) => ({ period: m.month, label: m.month, income: m.income, expense: m.expense, net: m.net }));
    return { ...window, rows, total: { income: total.income, expense: total.expense, net: total.net } };
  },
  file: ({ report }) => ({
    filename: `accounts-${kind}`,
    title: `Accounts — ${kind} (net of GST)`,
    columns: periodColumns('Month'),
    rows: [...report.rows, { period: 'total', label: 'Total', ...report.total }],
  }),
});
