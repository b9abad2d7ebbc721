import type { ReactNode } from 'react';
import { periodText, ReportChart, ReportFigures, ReportTableCard } from '../../components/report/ReportParts';
import { Chart } from '../../components/charts/Chart';
import { StatCard } from '../../components/StatCard';
import { formatMoney } from '../../lib/format';
import type { PeriodReport, ProfitLoss } from './api';
import { marginText, monthLabel, moduleLabel, paiseOf, sumMoney } from './invoice-format';

/** A signed amount: a loss reads in the danger colour. */
export function Signed({ value, strong = false }: { value: string | number; strong?: boolean }) {
  const negative = paiseOf(value) < 0;
  return <span className={negative ? 'text-danger-text' : strong ? 'text-success' : undefined}>{formatMoney(value)}</span>;
}

const muted = (node: ReactNode) => <span className="text-muted">{node}</span>;
const strong = (node: ReactNode) => <span className="font-semibold">{node}</span>;

/**
 * Reports › Accounts › Profit-Loss: income by module and category and expenses by category, net of
 * GST, the GST collected and paid kept apart (with the money each side comes to), what is left,
 * month by month.
 */
export function ProfitLossView({ report }: { report: ProfitLoss }) {
  const period = periodText(report);
  const margin = marginText(report.total.income, report.total.net);
  const loss = paiseOf(report.total.net) < 0;
  const t = report.total;
  const chart = report.months.map((m) => ({ month: m.month, income: Number(m.income), expense: Number(m.expense), net: Number(m.net) }));

  return (
    <>
      <ReportFigures>
        <StatCard label="Income" value={formatMoney(t.income)} sub={`Net of GST · ${period}`} />
        <StatCard label="Expenses" value={formatMoney(t.expense)} sub={`Net of input GST · ${report.expenses.length} categories`} />
        <StatCard
          label={loss ? 'Net loss' : 'Net profit'}
          value={<Signed value={t.net} />}
          sub={margin ? `${margin} of income` : undefined}
        />
        <StatCard label="GST collected" value={formatMoney(t.gst_collected)} sub={`${formatMoney(t.gst_paid)} paid on purchases`} />
      </ReportFigures>
      {chart.length > 0 && (
        <ReportChart title="Income and expenses per month">
          <Chart
            kind="bar"
            money
            label="Income and expenses per month, with the net as a line"
            data={chart}
            x="month"
            xFormat={(m) => monthLabel(String(m))}
            series={[
              { key: 'income', label: 'Income' },
              { key: 'expense', label: 'Expenses' },
              { key: 'net', label: 'Net', kind: 'line' },
            ]}
            xLabel="Month"
            yLabel="Amount"
          />
        </ReportChart>
      )}
      {/* The GST card under the income (the shorter list), the months across the width. */}
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <div className="grid gap-4">
          <ReportTableCard
            title="Income"
            label="Income by module and category"
            columns={[{ header: 'Module' }, { header: 'Category' }, { header: 'Income', numeric: true }, { header: 'GST', numeric: true }]}
            rows={report.income.map((r) => ({
              key: `${r.module}|${r.category}`,
              cells: [moduleLabel(r.module) || '—', r.category || '—', formatMoney(r.amount), muted(formatMoney(r.gst))],
            }))}
            total={['Total income', '', formatMoney(t.income), formatMoney(t.gst_collected)]}
          />
          <ReportTableCard
            title="GST, kept apart"
            label="GST and the money"
            columns={[{ header: 'Item' }, { header: 'Amount', numeric: true }]}
            rows={[
              { key: 'income', cells: ['Income', formatMoney(t.income)] },
              { key: 'gst-collected', cells: ['+ GST collected', formatMoney(t.gst_collected)] },
              { key: 'money-in', cells: [strong('Money in'), strong(formatMoney(t.money_in))] },
              { key: 'expense', cells: ['Expenses', formatMoney(t.expense)] },
              { key: 'gst-paid', cells: ['+ GST paid on purchases', formatMoney(t.gst_paid)] },
              { key: 'money-out', cells: [strong('Money out'), strong(formatMoney(t.money_out))] },
            ]}
          />
        </div>
        <ReportTableCard
          title="Expenses"
          label="Expenses by category"
          columns={[{ header: 'Category' }, { header: 'Expense', numeric: true }, { header: 'GST', numeric: true }]}
          rows={report.expenses.map((r) => ({
            key: r.category,
            cells: [r.category || '—', formatMoney(r.amount), muted(formatMoney(r.gst))],
          }))}
          total={['Total expenses', formatMoney(t.expense), formatMoney(t.gst_paid)]}
        />
      </div>
      <ReportTableCard
        title="Month by month"
        label="Profit and loss month by month"
        columns={[
          { header: 'Month' },
          { header: 'Income', numeric: true },
          { header: 'Expenses', numeric: true },
          { header: 'Net', numeric: true },
          { header: 'GST collected', numeric: true },
          { header: 'GST paid', numeric: true },
        ]}
        rows={report.months.map((m) => ({
          key: m.month,
          cells: [
            monthLabel(m.month),
            formatMoney(m.income),
            formatMoney(m.expense),
            strong(<Signed value={m.net} />),
            muted(formatMoney(m.gst_collected)),
            muted(formatMoney(m.gst_paid)),
          ],
        }))}
        total={[
          'Total',
          formatMoney(t.income),
          formatMoney(t.expense),
          <Signed value={t.net} />,
          formatMoney(t.gst_collected),
          formatMoney(t.gst_paid),
        ]}
      />
    </>
  );
}

type Focus = 'income' | 'expense' | 'net';
const FOCUS: Record<Focus, { label: string; chart: string }> = {
  income: { label: 'Income', chart: 'Income per month' },
  expense: { label: 'Expenses', chart: 'Expenses per month' },
  net: { label: 'Profit', chart: 'Profit per month' },
};

/** Reports › Accounts › Income, Expense and Profit: the months of one column, the other two beside it. */
export function PeriodReportView({ report, focus }: { report: PeriodReport; focus: Focus }) {
  const period = periodText(report);
  const rows = report.rows;
  const best = rows.reduce<PeriodReport['rows'][number] | null>(
    (top, r) => (!top || paiseOf(r[focus]) > paiseOf(top[focus]) ? r : top),
    null,
  );
  const average = rows.length ? sumMoney(rows, (r) => r[focus]) / rows.length : 0;
  const data = rows.map((r) => ({
    period: r.period,
    label: r.label,
    income: Number(r.income),
    expense: Number(r.expense),
    net: Number(r.net),
  }));
  const order: Focus[] =
    focus === 'income' ? ['income', 'expense', 'net'] : focus === 'expense' ? ['expense', 'income', 'net'] : ['net', 'income', 'expense'];
  const header = (f: Focus) => (f === 'net' ? 'Profit' : f === 'income' ? 'Income' : 'Expenses');
  const cell = (r: { income: string; expense: string; net: string }, f: Focus) =>
    f === focus ? strong(f === 'net' ? <Signed value={r.net} /> : formatMoney(r[f])) : muted(formatMoney(r[f]));

  return (
    <>
      <ReportFigures columns={3}>
        <StatCard
          className="max-lg:col-span-2"
          label={FOCUS[focus].label}
          value={focus === 'net' ? <Signed value={report.total.net} /> : formatMoney(report.total[focus])}
          sub={period}
        />
        <StatCard
          label="Monthly average"
          value={formatMoney(average)}
          sub={`over ${rows.length} ${rows.length === 1 ? 'month' : 'months'}`}
        />
        {best && <StatCard label="Best month" value={best.label || monthLabel(best.period)} sub={formatMoney(best[focus])} />}
      </ReportFigures>
      <ReportChart title={FOCUS[focus].chart}>
        {focus === 'net' ? (
          <Chart
            kind="bar"
            money
            label="Income and expenses per month, with the profit as a line"
            data={data}
            x="label"
            series={[
              { key: 'income', label: 'Income' },
              { key: 'expense', label: 'Expenses' },
              { key: 'net', label: 'Profit', kind: 'line' },
            ]}
            xLabel="Month"
            yLabel="Amount"
          />
        ) : (
          <Chart
            kind="bar"
            money
            label={`${FOCUS[focus].label} per month`}
            data={data}
            x="label"
            series={[{ key: focus, label: FOCUS[focus].label }]}
            xLabel="Month"
            yLabel={FOCUS[focus].label}
          />
        )}
      </ReportChart>
      <ReportTableCard
        label={`${FOCUS[focus].label} report`}
        columns={[{ header: 'Month' }, ...order.map((f) => ({ header: header(f), numeric: true }))]}
        rows={rows.map((r) => ({ key: r.period, cells: [r.label || monthLabel(r.period), ...order.map((f) => cell(r, f))] }))}
        total={['Total', ...order.map((f) => cell(report.total, f))]}
      />
    </>
  );
}
