import type { DietPlanReport } from '@arena/contracts/diet';
import { dietReportEndpoints } from '@arena/contracts/diet/routes';
import { useQuery } from '@tanstack/react-query';
import { format, startOfMonth, subMonths } from 'date-fns';
import { useState } from 'react';
import { Chart } from '../../components/charts/Chart';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../components/report/ReportParts';
import { periodEmpty, ReportPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/report/ReportPage';
import { StatCard } from '../../components/StatCard';
import { call, type FileSource } from '../../lib/api';
import { countOf, formatCount } from '../../lib/format';
import { todayDate, todayIso } from '../../lib/today';
import { usePlanOptions } from './api';
import { DIET_TYPE_LABELS } from './parts';

const REPORTS: ReportTab<'diet-plan'>[] = [
  {
    id: 'diet-plan',
    label: 'Diet Plan',
    description:
      'Diets that started in the period, per plan: how many members were given it, how many still follow it and how many ended; and who assigned them.',
  },
];
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Reports › Diet: members per plan, active vs ended, by trainer. */
export function DietReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 5))), to: todayIso() });
  const [plan, setPlan] = useState('');
  const plans = usePlanOptions();
  const q = { date_after: period.from, date_before: period.to, plan: plan ? Number(plan) : undefined };
  const query = useQuery({ queryKey: ['diet', 'reports', kind, q], queryFn: () => call(dietReportEndpoints.dietPlan, { query: q }) });
  return (
    <ReportPage
      title="Diet Reports"
      tabsLabel="Diet reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => data.rows.length === 0}
      exportFile={{
        source: { endpoint: dietReportEndpoints.dietPlan } satisfies FileSource,
        params: q,
        name: `diet-plan-report-${period.from}-to-${period.to}`,
      }}
      filters={
        <>
          <FilterDate label="From" value={period.from} onChange={period.setFrom} required />
          <FilterDate label="To" value={period.to} onChange={period.setTo} required />
          <FilterSelect label="Plan" value={plan} onChange={setPlan} options={optionsOf(plans.data)} />
        </>
      }
      empty={periodEmpty('No diet started', period)}
    >
      {(data) => <DietPlanView report={data} />}
    </ReportPage>
  );
}

function DietPlanView({ report }: { report: DietPlanReport }) {
  const t = report.total;
  return (
    <>
      <ReportFigures>
        <StatCard label="Diets assigned" value={formatCount(t.assigned)} sub={periodText(report)} />
        <StatCard
          label="Still active"
          value={formatCount(t.active)}
          sub={t.assigned ? `${Math.round((t.active * 100) / t.assigned)} % of them` : undefined}
        />
        <StatCard label="Ended" value={formatCount(t.ended)} />
        <StatCard label="Plans used" value={formatCount(report.rows.length)} sub={`by ${countOf(report.by_trainer.length, 'trainer')}`} />
      </ReportFigures>
      <ReportChart title="Members per plan: active and ended">
        <Chart
          kind="bar"
          horizontal
          stacked
          label="Diets per plan started in the period, active and ended"
          data={report.rows.map((r) => ({ name: r.name, active: r.active, ended: r.ended }))}
          x="name"
          series={[
            { key: 'active', label: 'Active', format: 'count' },
            { key: 'ended', label: 'Ended', format: 'count' },
          ]}
          xLabel="Members"
        />
      </ReportChart>
      <ReportTableCard
        label="Diet plan report"
        title="By plan"
        columns={[
          { header: 'Plan' },
          { header: 'Diet type' },
          { header: 'Assigned', numeric: true },
          { header: 'Active', numeric: true },
          { header: 'Ended', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.plan),
          cells: [r.name, DIET_TYPE_LABELS[r.diet_type], countCell(r.assigned), countCell(r.active), countCell(r.ended)],
        }))}
        total={['Total', '', formatCount(t.assigned), formatCount(t.active), formatCount(t.ended)]}
      />
      <ReportTableCard
        label="Diets by trainer"
        title="By who assigned them"
        columns={[{ header: 'Assigned by' }, { header: 'Assigned', numeric: true }, { header: 'Active', numeric: true }]}
        rows={report.by_trainer.map((r) => ({
          key: r.assigned_by || '—',
          cells: [r.assigned_by || '—', countCell(r.assigned), countCell(r.active)],
        }))}
      />
    </>
  );
}
