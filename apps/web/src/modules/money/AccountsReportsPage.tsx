import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { FilterSelect } from '../../components/FilterSelect';
import { PeriodFilters, periodEmpty, ReportPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/report/ReportPage';
import {
  ACCOUNTS_REPORTS,
  fetchAccountsReport,
  invoiceKeys,
  type AccountsReportKind,
  type AccountsReportQuery,
  type GstSummary,
  type PeriodReport,
  type ProfitLoss,
} from './api';
import { GstSummaryView } from './GstSummaryView';
import { financialYearRange, monthLabel, monthOf, monthOptions, paiseOf, thisMonthRange } from './invoice-format';
import { PeriodReportView, ProfitLossView } from './ProfitLossView';
import { todayDate } from '../../lib/today';

const REPORTS: ReportTab<AccountsReportKind>[] = [
  {
    id: 'profit-loss',
    label: 'Profit-Loss',
    description:
      'Income by module and category against expenses by category, net of GST, month by month, and what is left. The GST collected and the GST paid on purchases are shown apart: they are neither income nor expense.',
  },
  { id: 'income', label: 'Income', description: 'Money received across every module net of GST, month by month (refunds taken off).' },
  { id: 'expense', label: 'Expense', description: 'Money paid out — manual expenses and payroll — net of input GST, month by month.' },
  { id: 'profit', label: 'Profit', description: 'Income less expenses, both net of GST, month by month.' },
  {
    id: 'gst-summary',
    label: 'GST Summary',
    description:
      'The month’s GSTR-1, table by table as the GST portal’s offline tool has them: B2B, B2C large and small, credit notes, nil rated and exempt supplies, HSN/SAC and documents issued. Export XLSX gives the tool’s sheets.',
  },
];

/** Reports › Accounts: profit-loss, income, expense, profit and the month's GST summary, with CSV/XLSX export. */
export function AccountsReportsPage() {
  const kind = useReportTab(REPORTS);
  const gst = kind === 'gst-summary';
  const [today] = useState(() => todayDate());
  const month0 = thisMonthRange(today);
  const fy = financialYearRange(today);
  const period = useReportPeriod(month0);
  const { from, to, centre } = period;
  const [month, setMonth] = useState(() => monthOf(today));
  // GSTR-1 is per registration: '' is the organisation's own GSTIN (the server's default).
  const [gstin, setGstin] = useState('');

  // The screen and its exports read the same report with the same filters.
  const query: AccountsReportQuery = gst
    ? { month, gstin: gstin || undefined }
    : { date_after: from, date_before: to, centre: centre || undefined };
  const report = useQuery({
    queryKey: [...invoiceKeys.reports, kind, query],
    queryFn: () => fetchAccountsReport(kind, query),
  });
  const registrations = gst && report.data ? (report.data as GstSummary).gstins : [];
  const isThisMonth = from === month0.from && to === month0.to;
  const isThisYear = from === fy.from && to === fy.to;
  const showThisYear = () => period.setRange({ from: fy.from, to: fy.to });

  return (
    <ReportPage
      title="Accounts Reports"
      tabsLabel="Accounts reports"
      reports={REPORTS}
      report={kind}
      query={report}
      isEmpty={(data) => isEmpty(kind, data)}
      exportFile={{
        source: { endpoint: ACCOUNTS_REPORTS[kind] },
        params: query,
        name: `accounts-${kind}-${gst ? `${gstin ? `${gstin}-` : ''}${month}` : `${from}-to-${to}`}`,
      }}
      filters={
        gst ? (
          <>
            <FilterSelect label="Month" value={month} onChange={setMonth} allLabel={false} options={monthOptions(today)} />
            {registrations.length > 1 && (
              <FilterSelect
                label="GSTIN"
                value={gstin || (report.data as GstSummary).gstin}
                onChange={setGstin}
                allLabel={false}
                options={registrations.map((g) => ({ value: g, label: g }))}
              />
            )}
            <p className="text-xs text-muted">
              GSTR-1 is filed per GSTIN: every center under this registration is included; a center registered in another state files its
              own.
            </p>
          </>
        ) : (
          <>
            <PeriodFilters period={period} />
            <div className="flex gap-1" role="group" aria-label="Quick periods">
              <Button
                size="sm"
                variant={isThisMonth ? 'secondary' : 'ghost'}
                aria-pressed={isThisMonth}
                onClick={() => period.setRange(month0)}
              >
                This month
              </Button>
              <Button
                size="sm"
                variant={isThisYear ? 'secondary' : 'ghost'}
                aria-pressed={isThisYear}
                onClick={showThisYear}
                title={`${fy.label}, 1 April to today`}
              >
                This financial year
              </Button>
            </div>
          </>
        )
      }
      empty={
        gst
          ? {
              title: `No invoices in ${monthLabel(month)}`,
              message: 'No invoice or credit note was issued in this month. Choose another month.',
            }
          : periodEmpty(
              'No money came in or went out',
              period,
              <Button variant="secondary" onClick={showThisYear}>
                Show this financial year
              </Button>,
            )
      }
    >
      {(data) =>
        kind === 'profit-loss' ? (
          <ProfitLossView report={data as ProfitLoss} />
        ) : gst ? (
          <GstSummaryView report={data as GstSummary} />
        ) : (
          <PeriodReportView report={data as PeriodReport} focus={kind === 'income' ? 'income' : kind === 'expense' ? 'expense' : 'net'} />
        )
      }
    </ReportPage>
  );
}

function isEmpty(kind: AccountsReportKind, data: ProfitLoss | PeriodReport | GstSummary): boolean {
  if (kind === 'gst-summary') {
    const g = data as GstSummary;
    return g.documents.length === 0;
  }
  const t = (data as ProfitLoss | PeriodReport).total;
  return paiseOf(t.income) === 0 && paiseOf(t.expense) === 0;
}
