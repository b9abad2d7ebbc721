import { trainingReportEndpoints } from '@arena/contracts/training-workout/routes';
import { useQuery } from '@tanstack/react-query';
import { format, startOfMonth, subMonths } from 'date-fns';
import { Chart } from '../../components/charts/Chart';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../components/report/ReportParts';
import { PeriodFilters, periodEmpty, ReportPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/report/ReportPage';
import { StatCard } from '../../components/StatCard';
import { call, type FileSource } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { todayDate, todayIso } from '../../lib/today';

type Kind = 'plan';
const REPORTS: ReportTab<Kind>[] = [
  {
    id: 'plan',
    label: 'Members per Plan',
    description:
      'Workout plans given to members in the period (by start date), per plan and per who assigned them: copies still active, copies ended, and members.',
  },
];
const iso = (d: Date) => format(d, 'yyyy-MM-dd');
type PlanReport = Awaited<ReturnType<typeof fetchReport>>;
const fetchReport = (q: Record<string, string | undefined>) => call(trainingReportEndpoints.plan, { query: q as never });

/** Reports › Training/Workout: members per plan, active and ended, by who assigned them. */
export function TrainingReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 2))), to: todayIso() });
  const { from, to, centre } = period;
  const q = { date_after: from, date_before: to, centre: centre || undefined };
  const query = useQuery({ queryKey: ['training', 'reports', kind, q], queryFn: () => fetchReport(q) });
  return (
    <ReportPage
      title="Training/Workout Reports"
      tabsLabel="Training/Workout reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => data.rows.length === 0}
      exportFile={{
        source: { endpoint: trainingReportEndpoints.plan } satisfies FileSource,
        params: q,
        name: `training-workout-plan-report-${from}-to-${to}`,
      }}
      filters={<PeriodFilters period={period} />}
      empty={periodEmpty('No workout plan was assigned', period)}
    >
      {(data) => <PlanView report={{ ...data, from, to }} />}
    </ReportPage>
  );
}

function PlanView({ report }: { report: PlanReport & { from: string; to: string } }) {
  const t = report.totals;
  const byPlan = new Map<string, number>();
  for (const r of report.rows) byPlan.set(r.name, (byPlan.get(r.name) ?? 0) + r.members);
  const top = [...byPlan.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Members given a plan" value={formatCount(t.members)} sub={periodText(report)} />
        <StatCard label="Still active" value={formatCount(t.active)} />
        <StatCard label="Ended" value={formatCount(t.ended)} />
      </ReportFigures>
      <ReportChart title="Members per plan">
        <Chart
          kind="bar"
          horizontal
          label="Members given each workout plan in the period"
          data={top.map(([name, members]) => ({ name, members }))}
          x="name"
          series={[{ key: 'members', label: 'Members' }]}
          xLabel="Members"
        />
      </ReportChart>
      <ReportTableCard
        label="Members per plan report"
        columns={[
          { header: 'Plan' },
          { header: 'Assigned by' },
          { header: 'Active', numeric: true },
          { header: 'Ended', numeric: true },
          { header: 'Members', numeric: true },
        ]}
        rows={report.rows.map((r, i) => ({
          key: `${r.plan ?? 'x'}-${r.assigned_by}-${i}`,
          cells: [r.name, r.assigned_by || '—', countCell(r.active), countCell(r.ended), countCell(r.members)],
        }))}
        total={['Total', '', formatCount(t.active), formatCount(t.ended), formatCount(t.members)]}
      />
    </>
  );
}
