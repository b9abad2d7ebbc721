import type { CategoryReport, EntryType, PeriodReport, TypeReport } from '@arena/contracts/income-expense';
import { useState } from 'react';
import { FilterSelect } from '../../components/FilterSelect';
import { PeriodFilters, periodEmpty, ReportPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/report/ReportPage';
import { reportSource, useReport, type ReportData, type ReportKind } from './api';
import { TYPE_OPTIONS } from './ledger';
import { CategoryReportView, PeriodReportView, TypeReportView } from './ReportViews';

const REPORTS: ReportTab<ReportKind>[] = [
  { id: 'income', label: 'Income', description: 'Money received, day by day: bookings, memberships, the store and manual income.' },
  { id: 'expense', label: 'Expense', description: 'Money paid out, day by day: manual expenses and refunds.' },
  { id: 'pie', label: 'Total Pie', description: 'Income against expense over the period, and what is left.' },
  { id: 'category', label: 'Category Wise', description: 'Income or expense per category over the period.' },
];

/** Reports › Income/Expense: income, expense, total pie and category wise, with date range and centre filters and CSV/XLSX export. */
export function IncomeExpenseReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod();
  const { from, to, centre } = period;
  const [type, setType] = useState<EntryType>('expense');

  const filters = { from, to, centre, type };
  const query = useReport(kind, filters);
  const source = reportSource(kind, filters);
  const isEmpty = (data: ReportData) =>
    kind === 'category'
      ? (data as CategoryReport).rows.every((r) => r.type !== type || Number(r.amount) === 0)
      : kind === 'income' || kind === 'expense'
        ? Number((data as PeriodReport).total[kind]) === 0
        : Number(data.total.income) === 0 && Number(data.total.expense) === 0;

  return (
    <ReportPage
      title="Income/Expense Reports"
      tabsLabel="Income/Expense reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={isEmpty}
      exportFile={{
        source: { endpoint: source.endpoint },
        params: source.query,
        name: `income-expense-${kind}-report-${from}-to-${to}`,
      }}
      filters={
        <>
          <PeriodFilters period={period} />
          {kind === 'category' && (
            <FilterSelect label="Type" value={type} onChange={(v) => setType(v as EntryType)} allLabel={false} options={TYPE_OPTIONS} />
          )}
        </>
      }
      empty={periodEmpty(
        kind === 'income' || (kind === 'category' && type === 'income')
          ? 'No money was received'
          : kind === 'pie'
            ? 'No money was received or paid'
            : 'No money was paid out',
        period,
      )}
    >
      {(data) =>
        kind === 'income' || kind === 'expense' ? (
          <PeriodReportView report={data as PeriodReport} type={kind} />
        ) : kind === 'pie' ? (
          <TypeReportView report={data as TypeReport} />
        ) : (
          <CategoryReportView report={data as CategoryReport} type={type} />
        )
      }
    </ReportPage>
  );
}
