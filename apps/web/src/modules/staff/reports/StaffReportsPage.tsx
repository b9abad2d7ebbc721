import type {
  attendanceReportSchema,
  commissionReportSchema,
  payrollReportSchema,
  staffCategoryReportSchema,
  staffMemberCountReportSchema,
} from '@arena/contracts/staff';
import { staffReportEndpoints } from '@arena/contracts/staff/routes';
import type { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { format, startOfMonth, subMonths } from 'date-fns';
import { Link } from 'react-router';
import { Chart } from '../../../components/charts/Chart';
import { monthLabel } from '../../../components/MonthStepper';
import { countCell, moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../components/report/ReportParts';
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
import { formatCount, formatMoney } from '../../../lib/format';
import { todayDate, todayIso } from '../../../lib/today';
import { staffPath } from '../paths';

type Kind = 'category' | 'payroll' | 'commission' | 'attendance' | 'member-count';
interface ReportData {
  category: z.infer<typeof staffCategoryReportSchema>;
  payroll: z.infer<typeof payrollReportSchema>;
  commission: z.infer<typeof commissionReportSchema>;
  attendance: z.infer<typeof attendanceReportSchema>;
  'member-count': z.infer<typeof staffMemberCountReportSchema>;
}
const ENDPOINTS = {
  category: staffReportEndpoints.category,
  payroll: staffReportEndpoints.payroll,
  commission: staffReportEndpoints.commission,
  attendance: staffReportEndpoints.attendance,
  'member-count': staffReportEndpoints.memberCount,
} as const;

const REPORTS: ReportTab<Kind>[] = [
  {
    id: 'category',
    label: 'Category Month Wise',
    description: 'Staff on the roll of each category per month, and what their payroll cost (gross).',
  },
  {
    id: 'payroll',
    label: 'Salary',
    description: 'Each staff member’s payroll month by month: gross, deductions and net, with its status.',
  },
  {
    id: 'commission',
    label: 'Commission',
    description: 'Sales credited to each staff member (taxable value, net of credit notes) and their commission.',
  },
  {
    id: 'attendance',
    label: 'Absent Count',
    description: 'Days each staff member was absent, on leave, on a half day or present in the period.',
  },
  {
    id: 'member-count',
    label: 'Staff Wise Member Count',
    description: 'As of today: members each staff member trains, batches they coach, services they give.',
  },
];
const EMPTY: Record<Kind, string> = {
  category: 'No staff were on the roll',
  payroll: 'No payroll was generated',
  commission: 'No sales were credited to staff',
  attendance: 'No attendance was marked',
  'member-count': 'Nobody is assigned to staff',
};

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const params = (kind: Kind, f: { from: string; to: string; centre: string }) =>
  kind === 'member-count' ? { centre: f.centre || undefined } : { date_after: f.from, date_before: f.to, centre: f.centre || undefined };

function isEmpty(kind: Kind, data: ReportData[Kind]): boolean {
  return (
    data.rows.length === 0 ||
    (kind === 'member-count' && (data as ReportData['member-count']).rows.every((r) => !r.members && !r.batches && !r.services))
  );
}

const staffCell = (r: { staff: number; staff_name: string; staff_code: string }) => (
  <Link to={staffPath(r.staff)} className="hover:text-accent-text hover:underline">
    {r.staff_name} <span className="text-xs text-muted tabular">{r.staff_code}</span>
  </Link>
);

/** Reports › Staff: category month wise, salary, commission, absent count and staff-wise member count. */
export function StaffReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 11))), to: todayIso() });
  const { from, to, centre } = period;
  const query = useQuery({
    queryKey: ['staff', 'reports', kind, params(kind, { from, to, centre })],
    queryFn: () =>
      call(ENDPOINTS[kind] as typeof ENDPOINTS.category, { query: params(kind, { from, to, centre }) }) as Promise<ReportData[Kind]>,
  });
  return (
    <ReportPage
      title="Staff Reports"
      tabsLabel="Staff reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => isEmpty(kind, data)}
      exportFile={{
        source: { endpoint: ENDPOINTS[kind] } satisfies FileSource,
        params: params(kind, { from, to, centre }),
        name: kind === 'member-count' ? `staff-member-count-${todayIso()}` : `staff-${kind}-report-${from}-to-${to}`,
      }}
      filters={<PeriodFilters period={period} />}
      empty={periodEmpty(EMPTY[kind], period)}
    >
      {(data) => <View report={data} kind={kind} />}
    </ReportPage>
  );
}

/** Each report's view (headline figures, chart, table). */
const VIEWS: { [K in Kind]: (props: { report: ReportData[K] }) => ReactNode } = {
  category: CategoryView,
  payroll: PayrollView,
  commission: CommissionView,
  attendance: AttendanceView,
  'member-count': MemberCountView,
};
function View({ report, kind }: { report: ReportData[Kind]; kind: Kind }) {
  const Report = VIEWS[kind] as (props: { report: ReportData[Kind] }) => ReactNode;
  return <Report report={report} />;
}

function CategoryView({ report }: { report: ReportData['category'] }) {
  const months = [...new Set(report.rows.map((r) => r.month))].sort();
  const categories = [...new Set(report.rows.map((r) => r.category_name))];
  const chart = months.map((month) => ({
    month,
    ...Object.fromEntries(
      categories.map((c) => [c, Number(report.rows.find((r) => r.month === month && r.category_name === c)?.cost ?? 0)]),
    ),
  }));
  const last = months.at(-1);
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Payroll cost" value={formatMoney(report.total.cost)} sub={periodText(report)} />
        <StatCard label="Categories" value={formatCount(categories.length)} />
        <StatCard
          label={last ? `Head count, ${monthLabel(last)}` : 'Head count'}
          value={formatCount(report.rows.filter((r) => r.month === last).reduce((a, r) => a + r.head_count, 0))}
        />
      </ReportFigures>
      <ReportChart title="Payroll cost per month by category">
        <Chart
          kind="bar"
          stacked
          money
          label="Payroll cost per month by staff category"
          data={chart as Record<string, string | number>[]}
          x="month"
          xFormat={(m) => format(new Date(`${String(m)}-01T00:00:00`), 'MMM ’yy')}
          series={categories.map((c) => ({ key: c, label: c }))}
          xLabel="Month"
        />
      </ReportChart>
      <ReportTableCard
        label="Category month wise report"
        columns={[{ header: 'Month' }, { header: 'Category' }, { header: 'Head count', numeric: true }, { header: 'Cost', numeric: true }]}
        rows={report.rows.map((r) => ({
          key: `${r.month}-${r.category}`,
          cells: [monthLabel(r.month), r.category_name, formatCount(r.head_count), moneyCell(r.cost)],
        }))}
        total={['Total', '', '', formatMoney(report.total.cost)]}
      />
    </>
  );
}

function PayrollView({ report }: { report: ReportData['payroll'] }) {
  const months = [...new Set(report.rows.map((r) => r.month))].sort();
  const chart = months.map((month) => {
    const rows = report.rows.filter((r) => r.month === month);
    return {
      month,
      net: rows.reduce((a, r) => a + Number(r.net), 0),
      deductions: rows.reduce((a, r) => a + Number(r.total_deductions), 0),
    };
  });
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Gross" value={formatMoney(report.total.gross)} sub={periodText(report)} />
        <StatCard label="Deductions" value={formatMoney(report.total.total_deductions)} />
        <StatCard label="Net pay" value={formatMoney(report.total.net)} />
      </ReportFigures>
      <ReportChart title="Net pay and deductions per month">
        <Chart
          kind="bar"
          stacked
          money
          label="Net pay and deductions per month"
          data={chart}
          x="month"
          xFormat={(m) => format(new Date(`${String(m)}-01T00:00:00`), 'MMM ’yy')}
          series={[
            { key: 'net', label: 'Net pay' },
            { key: 'deductions', label: 'Deductions' },
          ]}
          xLabel="Month"
        />
      </ReportChart>
      <ReportTableCard
        label="Salary report"
        columns={[
          { header: 'Month' },
          { header: 'Staff' },
          { header: 'Status' },
          { header: 'Gross', numeric: true },
          { header: 'Deductions', numeric: true },
          { header: 'Net', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: `${r.month}-${r.staff}`,
          cells: [monthLabel(r.month), staffCell(r), r.status, moneyCell(r.gross), moneyCell(r.total_deductions), formatMoney(r.net)],
        }))}
        total={[
          'Total',
          '',
          '',
          formatMoney(report.total.gross),
          formatMoney(report.total.total_deductions),
          formatMoney(report.total.net),
        ]}
      />
    </>
  );
}

function CommissionView({ report }: { report: ReportData['commission'] }) {
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Sales credited" value={formatMoney(report.total.sales)} sub={periodText(report)} />
        <StatCard label="Commission" value={formatMoney(report.total.commission)} />
        <StatCard label="Staff with sales" value={formatCount(report.rows.length)} />
      </ReportFigures>
      <ReportChart title="Commission by staff member">
        <Chart
          kind="bar"
          horizontal
          money
          label="Commission earned by each staff member"
          data={report.rows.map((r) => ({ staff: r.staff_name, commission: Number(r.commission) }))}
          x="staff"
          series={[{ key: 'commission', label: 'Commission' }]}
          xLabel="Commission"
        />
      </ReportChart>
      <ReportTableCard
        label="Commission report"
        columns={[
          { header: 'Staff' },
          { header: 'Sales (taxable)', numeric: true },
          { header: 'Rate', numeric: true },
          { header: 'Commission', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.staff),
          cells: [staffCell(r), formatMoney(r.sales), `${Number(r.commission_percent)} %`, formatMoney(r.commission)],
        }))}
        total={['Total', formatMoney(report.total.sales), '', formatMoney(report.total.commission)]}
      />
    </>
  );
}

function AttendanceView({ report }: { report: ReportData['attendance'] }) {
  const t = report.total;
  return (
    <>
      <ReportFigures>
        <StatCard label="Absent days" value={<span className="text-danger-text">{formatCount(t.absent)}</span>} sub={periodText(report)} />
        <StatCard label="Leave days" value={formatCount(t.leave)} />
        <StatCard label="Half days" value={formatCount(t.half_day)} />
        <StatCard label="Present days" value={formatCount(t.present)} />
      </ReportFigures>
      <ReportChart title="Absent and leave days by staff member">
        <Chart
          kind="bar"
          horizontal
          stacked
          label="Absent, leave and half days of each staff member"
          data={report.rows.map((r) => ({ staff: r.staff_name, absent: r.absent, leave: r.leave, half_day: r.half_day }))}
          x="staff"
          series={[
            { key: 'absent', label: 'Absent', format: 'count' },
            { key: 'leave', label: 'Leave', format: 'count' },
            { key: 'half_day', label: 'Half day', format: 'count' },
          ]}
          xLabel="Days"
        />
      </ReportChart>
      <ReportTableCard
        label="Absent count report"
        columns={[
          { header: 'Staff' },
          { header: 'Absent', numeric: true },
          { header: 'Leave', numeric: true },
          { header: 'Half day', numeric: true },
          { header: 'Present', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.staff),
          cells: [staffCell(r), countCell(r.absent), countCell(r.leave), countCell(r.half_day), countCell(r.present)],
        }))}
        total={['Total', formatCount(t.absent), formatCount(t.leave), formatCount(t.half_day), formatCount(t.present)]}
      />
    </>
  );
}

function MemberCountView({ report }: { report: ReportData['member-count'] }) {
  const t = report.total;
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Members trained" value={formatCount(t.members)} sub="As of today" />
        <StatCard label="Batches coached" value={formatCount(t.batches)} />
        <StatCard label="Services given" value={formatCount(t.services)} />
      </ReportFigures>
      <ReportChart title="Members, batches and services per staff member">
        <Chart
          kind="bar"
          horizontal
          stacked
          label="Members, batches and services assigned to each staff member"
          data={report.rows.map((r) => ({ staff: r.staff_name, members: r.members, batches: r.batches, services: r.services }))}
          x="staff"
          series={[
            { key: 'members', label: 'Members', format: 'count' },
            { key: 'batches', label: 'Batches', format: 'count' },
            { key: 'services', label: 'Services', format: 'count' },
          ]}
          xLabel="Assigned"
        />
      </ReportChart>
      <ReportTableCard
        label="Staff wise member count report"
        columns={[
          { header: 'Staff' },
          { header: 'Members', numeric: true },
          { header: 'Batches', numeric: true },
          { header: 'Services', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.staff),
          cells: [staffCell(r), countCell(r.members), countCell(r.batches), countCell(r.services)],
        }))}
        total={['Total', formatCount(t.members), formatCount(t.batches), formatCount(t.services)]}
      />
    </>
  );
}
