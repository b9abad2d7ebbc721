import type { EndUserMonthlyReport, EndUserPieReport } from '@arena/contracts/end-user';
import { endUserReportEndpoints } from '@arena/contracts/end-user/routes';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO, startOfMonth, subMonths } from 'date-fns';
import { Chart } from '../../../components/charts/Chart';
import { monthLabel } from '../../../components/MonthStepper';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../components/report/ReportParts';
import {
  PeriodFilters,
  periodEmpty,
  ReportPage,
  useReportPeriod,
  useReportTab,
  type ReportTab,
} from '../../../components/report/ReportPage';
import { StatCard } from '../../../components/StatCard';
import { call, type FileSource } from '../../../lib/api';
import { formatCount, formatDateTime } from '../../../lib/format';
import { todayDate, todayIso } from '../../../lib/today';

type Kind = 'active' | 'blocked' | 'versus';
const REPORTS: ReportTab<Kind>[] = [
  { id: 'active', label: 'Active', description: 'Members who signed in to the member app in the period, by month.' },
  { id: 'blocked', label: 'Blocked', description: 'Members blocked in the period (and still blocked), by month.' },
  {
    id: 'versus',
    label: 'Active vs Blocked',
    description: 'Members with app access by the end of the period: active and blocked, and how many of the active signed in.',
  },
];
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Reports › End User: active, blocked, active vs blocked. */
export function EndUserReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 5))), to: todayIso() });
  const { from, to, centre } = period;
  const base = { date_after: from, date_before: to, centre: centre || undefined };
  const endpoint = kind === 'versus' ? endUserReportEndpoints.pieChart : endUserReportEndpoints.monthly;
  const q = kind === 'versus' ? base : { ...base, status: kind };
  const query = useQuery({
    queryKey: ['end-user', 'reports', kind, q],
    queryFn: () =>
      (kind === 'versus'
        ? call(endUserReportEndpoints.pieChart, { query: base })
        : call(endUserReportEndpoints.monthly, { query: { ...base, status: kind } })) as Promise<EndUserMonthlyReport | EndUserPieReport>,
  });
  return (
    <ReportPage
      title="End User Reports"
      tabsLabel="End user reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => ('members' in data ? data.total === 0 : data.total === 0)}
      exportFile={{ source: { endpoint } satisfies FileSource, params: q, name: `end-user-${kind}-report-${from}-to-${to}` }}
      filters={<PeriodFilters period={period} />}
      empty={periodEmpty(kind === 'blocked' ? 'No member was blocked' : 'No member used the app', period)}
    >
      {(data) => ('members' in data ? <MonthlyView report={data} /> : <VersusView report={data} />)}
    </ReportPage>
  );
}

function MonthlyView({ report }: { report: EndUserMonthlyReport }) {
  const active = report.status === 'active';
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label={active ? 'Members who signed in' : 'Members blocked'} value={formatCount(report.total)} sub={periodText(report)} />
      </ReportFigures>
      <ReportChart title={active ? 'Members who signed in, by month' : 'Members blocked, by month'}>
        <Chart
          kind="bar"
          label={active ? 'Members who signed in to the member app per month' : 'Members blocked per month'}
          data={report.months}
          x="month"
          xFormat={(v) => format(parseISO(`${String(v)}-01`), 'MMM ’yy')}
          xTooltip={(v) => monthLabel(String(v))}
          series={[{ key: 'count', label: active ? 'Signed in' : 'Blocked', format: 'count' }]}
          xLabel="Month"
          yLabel="Members"
        />
      </ReportChart>
      <ReportTableCard
        label={active ? 'Active members report' : 'Blocked members report'}
        title="Members"
        columns={[{ header: 'Member' }, { header: 'Code' }, { header: 'Phone' }, { header: active ? 'Last sign-in' : 'Blocked' }]}
        rows={report.members.map((m) => ({
          key: m.member_code,
          cells: [
            m.full_name,
            m.member_code,
            m.phone,
            active ? (m.last_login_at ? formatDateTime(m.last_login_at) : '—') : m.blocked_at ? formatDateTime(m.blocked_at) : '—',
          ],
        }))}
      />
    </>
  );
}

function VersusView({ report }: { report: EndUserPieReport }) {
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Active" value={formatCount(report.active)} sub={`${formatCount(report.signed_in)} signed in during the period`} />
        <StatCard label="Blocked" value={formatCount(report.blocked)} />
        <StatCard label="With app access" value={formatCount(report.total)} sub={`By ${periodText(report).split(' – ')[1]}`} />
      </ReportFigures>
      <ReportChart title="Active vs blocked">
        <Chart
          kind="bar"
          horizontal
          label="Members with app access, active and blocked"
          data={[
            { status: 'Active', users: report.active },
            { status: 'Blocked', users: report.blocked },
          ]}
          x="status"
          series={[{ key: 'users', label: 'Members', format: 'count' }]}
          xLabel="Members"
        />
      </ReportChart>
      <ReportTableCard
        label="Active vs blocked report"
        columns={[{ header: 'Status' }, { header: 'Members', numeric: true }]}
        rows={[
          { key: 'active', cells: ['Active', countCell(report.active)] },
          { key: 'blocked', cells: ['Blocked', countCell(report.blocked)] },
        ]}
        total={['Total', formatCount(report.total)]}
      />
    </>
  );
}
