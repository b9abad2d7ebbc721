/**
 * Income/Expenses › Reports: by day, by month, by category, income against expense — all read
 * from the one ledger through the money module's books.
 */
import {
  ENTRY_TYPE_LABELS,
  ENTRY_TYPES,
  fromPaise,
  type CategoryReport,
  type EntryType,
  type PeriodReport,
  type TypeReport,
} from '@arena/contracts';
import type { ReportDefinition } from '../../../platform/report.js';
import { categoryRows, ledgerTotals, periodColumns, periodRows, totalsOf, type PeriodRow } from '../../money/index.js';
import { signedPaiseOr0 as paise } from '@arena/contracts';
import { moneyOf } from '../../money/index.js';

type Query = { centre?: number; type?: EntryType };

/** Income, expense and net of report rows that carry a type and an amount. */
function totalsByType(rows: { type: EntryType; amount: string }[]) {
  const sum = (t: EntryType) => rows.filter((r) => r.type === t).reduce((s, r) => s + paise(r.amount), 0);
  const income = sum('income');
  const expense = sum('expense');
  return { income: fromPaise(income), expense: fromPaise(expense), net: fromPaise(income - expense) };
}

const typeTitle = (type: EntryType | undefined) => (type ? `${ENTRY_TYPE_LABELS[type]} — ` : '');

/** Income, expense and net day by day (`type` for one side), or month by month. */
export const periodReport = (by: 'day' | 'month'): ReportDefinition<Query, PeriodReport, PeriodRow> => ({
  summary: by === 'day' ? 'Income, expense and net day by day (`type` for one side)' : 'Income, expense and net month by month',
  run: async ({ tx, ctx, q, window }) => {
    const rows = await periodRows(tx, ctx, { ...window, centre: q.centre }, by, q.type);
    return { ...window, rows, total: totalsOf(rows) };
  },
  file: ({ q, report }) => ({
    filename: by === 'day' ? 'income-expense-daily' : 'income-expense-monthly',
    title: `${typeTitle(q.type)}Income and expenses ${by === 'day' ? 'by day' : 'by month'}`,
    columns: periodColumns(by === 'day' ? 'Date' : 'Month'),
    rows: [...report.rows, { period: 'total', label: 'Total', ...report.total }],
  }),
});

type CategoryLine = { type: string; category: string; count: number | string; amount: string };

/** Totals per category (manual categories, and each module's income under its default category). */
export const categoryReport: ReportDefinition<Query, CategoryReport, CategoryLine> = {
  summary: 'Totals per category (manual categories, and each module’s income under its default category)',
  run: async ({ tx, ctx, q, window }) => {
    const rows: CategoryReport['rows'] = (await categoryRows(tx, ctx, { ...window, centre: q.centre }, q.type)).map((c) => ({
      type: c.type,
      category: c.category,
      count: Number(c.count),
      amount: c.amount,
    }));
    return { ...window, rows, total: totalsByType(rows) };
  },
  file: ({ q, report }) => ({
    filename: 'income-expense-category',
    title: `${typeTitle(q.type)}Income and expenses by category`,
    columns: [
      { header: 'Type', value: (x) => x.type },
      { header: 'Category', value: (x) => x.category },
      { header: 'Movements', value: (x) => x.count, type: 'number' },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
    ],
    rows: [
      ...report.rows.map((x) => ({ ...x, type: ENTRY_TYPE_LABELS[x.type] })),
      ...(q.type !== 'expense' ? [{ type: 'Total', category: 'Income', count: '', amount: report.total.income }] : []),
      ...(q.type !== 'income' ? [{ type: 'Total', category: 'Expense', count: '', amount: report.total.expense }] : []),
      ...(q.type ? [] : [{ type: 'Total', category: 'Net', count: '', amount: report.total.net }]),
    ],
  }),
};

type TypeLine = { label: string; count: number | string; amount: string };

/** Income against expense (the pie). */
export const typeReport: ReportDefinition<Query, TypeReport, TypeLine> = {
  summary: 'Income against expense (the pie)',
  run: async ({ tx, ctx, q, window }) => {
    const side = async (type: EntryType) => (await ledgerTotals(tx, ctx, { type, ...window, centre: q.centre }))[0];
    const [income, expense] = await Promise.all([side('income'), side('expense')]);
    const rows: TypeReport['rows'] = ENTRY_TYPES.map((type) => {
      const s = type === 'income' ? income : expense;
      return { type, label: ENTRY_TYPE_LABELS[type], count: s?.count ?? 0, amount: moneyOf(type === 'income' ? s?.income : s?.expense) };
    });
    return { ...window, rows, total: totalsByType(rows) };
  },
  file: ({ report }) => ({
    filename: 'income-expense-type',
    title: 'Income against expense',
    columns: [
      { header: 'Type', value: (x) => x.label },
      { header: 'Movements', value: (x) => x.count, type: 'number' },
      { header: 'Amount', value: (x) => x.amount, type: 'money' },
    ],
    rows: [...report.rows, { label: 'Net', count: '', amount: report.total.net }],
  }),
};
