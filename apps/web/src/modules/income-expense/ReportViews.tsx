import {
  ENTRY_TYPE_LABELS,
  type CategoryReport,
  type EntryType,
  type PeriodReport,
  type TypeReport,
} from '@arena/contracts/income-expense';
import { format, parseISO } from 'date-fns';
import { Card } from '../../components/Card';
import { periodText, ReportChart, ReportFigures, ReportTableCard } from '../../components/report/ReportParts';
import { Chart } from '../../components/charts/Chart';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { Donut } from './Donut';
import { shareOf } from './rules';

const dayAxis = (d: unknown) => format(parseISO(String(d)), 'd MMM');

/** Reports › Income/Expense › Income and Expense: the one type's amount, day by day. */
export function PeriodReportView({ report, type }: { report: PeriodReport; type: EntryType }) {
  const label = ENTRY_TYPE_LABELS[type];
  const rows = report.rows.map((r) => ({ period: r.period, amount: Number(r[type]) }));
  const days = rows.filter((r) => r.amount > 0);
  const best = days.reduce<(typeof rows)[number] | null>((top, r) => (!top || r.amount > top.amount ? r : top), null);
  const total = Number(report.total[type]);

  return (
    <>
      <ReportFigures columns={3}>
        <StatCard
          className="max-lg:col-span-2"
          label={`Total ${label.toLowerCase()}`}
          value={formatMoney(total)}
          sub={periodText(report)}
        />
        <StatCard
          label={type === 'income' ? 'Days with income' : 'Days with spending'}
          value={formatCount(days.length)}
          sub={days.length ? `${formatMoney(total / days.length)} a day on average` : undefined}
        />
        <StatCard
          label={type === 'income' ? 'Best day' : 'Costliest day'}
          value={best ? formatMoney(best.amount) : '—'}
          sub={best ? formatDate(best.period) : undefined}
        />
      </ReportFigures>
      <ReportChart title={`${label} per day`}>
        <Chart
          kind="bar"
          money
          label={`${label} per day, ${periodText(report)}`}
          data={rows}
          x="period"
          xFormat={dayAxis}
          xTooltip={(d) => formatDate(String(d))}
          series={[{ key: 'amount', label }]}
          xLabel="Date"
          yLabel={label}
        />
      </ReportChart>
      <ReportTableCard
        label={`${label} report`}
        columns={[{ header: 'Date' }, { header: label, numeric: true }]}
        rows={report.rows.map((r) => ({
          key: r.period,
          cells: [formatDate(r.period), Number(r[type]) === 0 ? <span className="text-muted">—</span> : formatMoney(r[type])],
        }))}
        total={['Total', formatMoney(total)]}
      />
    </>
  );
}

/** Reports › Income/Expense › Total Pie: income against expense. */
export function TypeReportView({ report }: { report: TypeReport }) {
  const amountOf = (t: EntryType) => Number(report.rows.find((r) => r.type === t)?.amount ?? report.total[t]);
  const countOf = (t: EntryType) => report.rows.find((r) => r.type === t)?.count ?? 0;
  const income = amountOf('income');
  const expense = amountOf('expense');
  const net = Number(report.total.net);
  const whole = income + expense;

  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Income" value={formatMoney(income)} sub={`${formatCount(countOf('income'))} movements`} />
        <StatCard label="Expense" value={formatMoney(expense)} sub={`${formatCount(countOf('expense'))} movements`} />
        <StatCard className="max-lg:col-span-2" label="Net" value={formatMoney(net)} sub={periodText(report)} />
      </ReportFigures>
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-sm font-semibold">Income and expense</h2>
        <Donut
          label={`Income ${formatMoney(income)} against expense ${formatMoney(expense)}, ${periodText(report)}`}
          slices={[
            { label: 'Income', amount: income },
            { label: 'Expense', amount: expense },
          ]}
          centre={{ value: formatMoney(net), caption: 'Net' }}
        />
      </Card>
      <ReportTableCard
        label="Income and expense report"
        columns={[
          { header: 'Type' },
          { header: 'Movements', numeric: true },
          { header: 'Amount', numeric: true },
          { header: 'Share', numeric: true },
        ]}
        rows={(['income', 'expense'] as const).map((t) => ({
          key: t,
          cells: [ENTRY_TYPE_LABELS[t], formatCount(countOf(t)), formatMoney(amountOf(t)), `${shareOf(amountOf(t), whole)}%`],
        }))}
        total={['Net (income − expense)', formatCount(countOf('income') + countOf('expense')), formatMoney(net), '']}
      />
    </>
  );
}

/** Reports › Income/Expense › Category Wise: one type's amount per category. */
export function CategoryReportView({ report, type }: { report: CategoryReport; type: EntryType }) {
  const label = ENTRY_TYPE_LABELS[type];
  const rows = report.rows.filter((r) => r.type === type).sort((a, b) => Number(b.amount) - Number(a.amount));
  const total = rows.reduce((sum, r) => sum + Number(r.amount), 0);
  const count = rows.reduce((sum, r) => sum + r.count, 0);
  const top = rows[0];

  return (
    <>
      <ReportFigures columns={3}>
        <StatCard
          className="max-lg:col-span-2"
          label={`Total ${label.toLowerCase()}`}
          value={formatMoney(total)}
          sub={periodText(report)}
        />
        <StatCard label="Categories" value={formatCount(rows.length)} sub={`${formatCount(count)} movements`} />
        <StatCard
          label="Largest"
          value={top ? top.category : '—'}
          sub={top ? `${formatMoney(top.amount)} · ${shareOf(top.amount, total)}%` : undefined}
        />
      </ReportFigures>
      <ReportChart title={`${label} by category`}>
        <Chart
          kind="bar"
          horizontal
          money
          label={`${label} by category, ${periodText(report)}`}
          data={rows.map((r) => ({ category: r.category, amount: Number(r.amount) }))}
          x="category"
          series={[{ key: 'amount', label }]}
          xLabel={label}
        />
      </ReportChart>
      <ReportTableCard
        label={`${label} by category report`}
        columns={[
          { header: 'Category' },
          { header: 'Movements', numeric: true },
          { header: 'Amount', numeric: true },
          { header: 'Share', numeric: true },
        ]}
        rows={rows.map((r) => ({
          key: `${r.type}-${r.category}`,
          cells: [r.category, formatCount(r.count), formatMoney(r.amount), `${shareOf(r.amount, total)}%`],
        }))}
        total={['Total', formatCount(count), formatMoney(total), total > 0 ? '100%' : '']}
      />
    </>
  );
}
