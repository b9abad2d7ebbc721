import {
  categoryReportSchema,
  ENTRY_TYPE_LABELS,
  ENTRY_TYPES,
  fromPaise,
  moneyReportQueryShape,
  periodReportSchema,
  typeReportSchema,
  z,
  type CategoryReport,
  type EntryType,
  type TypeReport,
} from '@arena/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows } from '../../platform/db/client.js';
import { exportQuerySchema } from '../../platform/export.js';
import { reportExport } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import {
  booksWhere,
  booksWindow,
  categoryRows,
  describeBooks,
  EXPENSE,
  INCOME,
  periodColumns,
  periodRows,
  totalsOf,
} from '../money/index.js';
import { MODULE } from './constants.js';
import { moneyOf, paise } from './ledger.queries.js';

const tags = ['income-expense'];
const BASE = '/api/income-expense/reports/income-expense';
const range = z.object(moneyReportQueryShape).extend(exportQuerySchema.shape);
const typed = range.extend({ type: z.enum(ENTRY_TYPES).optional() });

/** Income, expense and net of report rows that carry a type and an amount. */
function totalsByType(rows: { type: EntryType; amount: string }[]) {
  const sum = (t: EntryType) => rows.filter((r) => r.type === t).reduce((s, r) => s + paise(r.amount), 0);
  const income = sum('income');
  const expense = sum('expense');
  return { income: fromPaise(income), expense: fromPaise(expense), net: fromPaise(income - expense) };
}

const typeTitle = (type: EntryType | undefined) => (type ? `${ENTRY_TYPE_LABELS[type]} — ` : '');

/** Income/Expenses › Reports: by day, by month, by category, income against expense — all read from the one ledger. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  for (const by of ['day', 'month'] as const)
    r.get(by === 'day' ? `${BASE}/` : `${BASE}/monthly/`, {
      config,
      schema: {
        tags,
        summary: by === 'day' ? 'Income, expense and net day by day (`type` for one side)' : 'Income, expense and net month by month',
        querystring: by === 'day' ? typed : range,
        response: { 200: periodReportSchema },
      },
      handler: async (request, reply) => {
        const q = request.query as z.infer<typeof typed>;
        return inTenant(request, async (tx, ctx) => {
          const f = { ...booksWindow(q, ctx), centre: q.centre };
          const rows = await periodRows(tx, ctx, f, by, q.type);
          const total = totalsOf(rows);
          if (!q.format) return { from: f.from, to: f.to, rows, total };
          return reportExport(reply, ctx, q.format, {
            filename: by === 'day' ? 'income-expense-daily' : 'income-expense-monthly',
            title: `${typeTitle(q.type)}Income and expenses ${by === 'day' ? 'by day' : 'by month'}`,
            filters: await describeBooks(tx, ctx, f.from, f.to, q.centre),
            columns: periodColumns(by === 'day' ? 'Date' : 'Month'),
            rows: [...rows, { period: 'total', label: 'Total', ...total }],
          });
        });
      },
    });

  r.get(`${BASE}/category/`, {
    config,
    schema: {
      tags,
      summary: 'Totals per category (manual categories, and each module’s income under its default category)',
      querystring: typed,
      response: { 200: categoryReportSchema },
    },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = { ...booksWindow(q, ctx), centre: q.centre };
        const rows: CategoryReport['rows'] = (await categoryRows(tx, ctx, f, q.type)).map((c) => ({
          type: c.type,
          category: c.category,
          count: Number(c.count),
          amount: c.amount,
        }));
        const total = totalsByType(rows);
        if (!q.format) return { from: f.from, to: f.to, rows, total };
        type Line = { type: string; category: string; count: number | string; amount: string };
        return reportExport(reply, ctx, q.format, {
          filename: 'income-expense-category',
          title: `${typeTitle(q.type)}Income and expenses by category`,
          filters: await describeBooks(tx, ctx, f.from, f.to, q.centre),
          columns: [
            { header: 'Type', value: (x: Line) => x.type },
            { header: 'Category', value: (x: Line) => x.category },
            { header: 'Movements', value: (x: Line) => x.count, type: 'number' },
            { header: 'Amount', value: (x: Line) => x.amount, type: 'money' },
          ],
          rows: [
            ...rows.map((x) => ({ ...x, type: ENTRY_TYPE_LABELS[x.type] })),
            ...(q.type !== 'expense' ? [{ type: 'Total', category: 'Income', count: '', amount: total.income }] : []),
            ...(q.type !== 'income' ? [{ type: 'Total', category: 'Expense', count: '', amount: total.expense }] : []),
            ...(q.type ? [] : [{ type: 'Total', category: 'Net', count: '', amount: total.net }]),
          ],
        });
      });
    },
  });

  r.get(`${BASE}/type/`, {
    config,
    schema: { tags, summary: 'Income against expense (the pie)', querystring: range, response: { 200: typeReportSchema } },
    handler: async (request, reply) => {
      const q = request.query;
      return inTenant(request, async (tx, ctx) => {
        const f = { ...booksWindow(q, ctx), centre: q.centre };
        const sums = await queryRows<{ type: EntryType; count: number; amount: string }>(
          tx,
          sql`select l.type, count(*)::int as count, sum(case when l.type = 'income' then ${INCOME} else ${EXPENSE} end)::text as amount
              from ledger_entry l where ${booksWhere(ctx, f)} group by l.type`,
        );
        const rows: TypeReport['rows'] = ENTRY_TYPES.map((type) => {
          const s = sums.find((x) => x.type === type);
          return { type, label: ENTRY_TYPE_LABELS[type], count: Number(s?.count ?? 0), amount: moneyOf(s?.amount) };
        });
        const total = totalsByType(rows);
        if (!q.format) return { from: f.from, to: f.to, rows, total };
        type Line = { label: string; count: number | string; amount: string };
        return reportExport(reply, ctx, q.format, {
          filename: 'income-expense-type',
          title: 'Income against expense',
          filters: await describeBooks(tx, ctx, f.from, f.to, q.centre),
          columns: [
            { header: 'Type', value: (x: Line) => x.label },
            { header: 'Movements', value: (x: Line) => x.count, type: 'number' },
            { header: 'Amount', value: (x: Line) => x.amount, type: 'money' },
          ],
          rows: [...rows, { label: 'Net', count: '', amount: total.net }],
        });
      });
    },
  });
}
