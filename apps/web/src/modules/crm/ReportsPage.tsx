import {
  ENQUIRY_SOURCE_LABELS,
  type complaintReportSchema,
  type enquiryReportSchema,
  type staffEnquiryReportSchema,
} from '@arena/contracts/crm';
import { crmReportEndpoints } from '@arena/contracts/crm/routes';
import type { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { format, startOfMonth, subMonths } from 'date-fns';
import type { ReactNode } from 'react';
import { Chart } from '../../components/charts/Chart';
import { countCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../components/report/ReportParts';
import { PeriodFilters, periodEmpty, ReportPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/report/ReportPage';
import { StatCard } from '../../components/StatCard';
import { call, type FileSource } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { todayDate, todayIso } from '../../lib/today';

type Kind = 'complaint' | 'enquiry' | 'staff';
interface ReportData {
  complaint: z.infer<typeof complaintReportSchema>;
  enquiry: z.infer<typeof enquiryReportSchema>;
  staff: z.infer<typeof staffEnquiryReportSchema>;
}
const ENDPOINTS = {
  complaint: crmReportEndpoints.complaint,
  enquiry: crmReportEndpoints.enquiry,
  staff: crmReportEndpoints.staff,
} as const;
const REPORTS: ReportTab<Kind>[] = [
  {
    id: 'complaint',
    label: 'Complaint',
    description: 'Complaints received in the period by priority: how many are still open and how many were closed.',
  },
  {
    id: 'enquiry',
    label: 'Enquiry',
    description: 'Enquiries received in the period by source: open, closed, converted and the conversion rate.',
  },
  {
    id: 'staff',
    label: 'Staff Wise Enquiry',
    description: 'Enquiries received in the period by the staff member assigned: how many they converted.',
  },
];
const EMPTY: Record<Kind, string> = {
  complaint: 'No complaints were received',
  enquiry: 'No enquiries were received',
  staff: 'No enquiries were received',
};
const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const PRIORITY = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** Reports › CRM: complaint, enquiry, staff-wise enquiry. */
export function CrmReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 11))), to: todayIso() });
  const { from, to, centre } = period;
  const q = { date_after: from, date_before: to, centre: centre || undefined };
  const query = useQuery({
    queryKey: ['crm', 'reports', kind, q],
    queryFn: () => call(ENDPOINTS[kind] as typeof ENDPOINTS.complaint, { query: q }) as Promise<ReportData[Kind]>,
  });
  return (
    <ReportPage
      title="CRM Reports"
      tabsLabel="CRM reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) =>
        kind === 'complaint'
          ? (data as ReportData['complaint']).total.received === 0
          : kind === 'enquiry'
            ? (data as ReportData['enquiry']).total.enquiries === 0
            : data.rows.length === 0
      }
      exportFile={{ source: { endpoint: ENDPOINTS[kind] } satisfies FileSource, params: q, name: `crm-${kind}-report-${from}-to-${to}` }}
      filters={<PeriodFilters period={period} />}
      empty={periodEmpty(EMPTY[kind], period)}
    >
      {(data) => <View report={data} kind={kind} />}
    </ReportPage>
  );
}

const VIEWS: { [K in Kind]: (props: { report: ReportData[K] }) => ReactNode } = {
  complaint: ComplaintView,
  enquiry: EnquiryView,
  staff: StaffView,
};
function View({ report, kind }: { report: ReportData[Kind]; kind: Kind }) {
  const Report = VIEWS[kind] as (props: { report: ReportData[Kind] }) => ReactNode;
  return <Report report={report} />;
}

function ComplaintView({ report }: { report: ReportData['complaint'] }) {
  const t = report.total;
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Received" value={formatCount(t.received)} sub={periodText(report)} />
        <StatCard label="Still open" value={formatCount(t.open)} />
        <StatCard label="Closed" value={formatCount(t.closed)} />
      </ReportFigures>
      <ReportChart title="Complaints by priority">
        <Chart
          kind="bar"
          stacked
          label="Complaints received by priority, open and closed"
          data={report.rows.map((r) => ({ priority: PRIORITY[r.priority], open: r.open, closed: r.closed }))}
          x="priority"
          series={[
            { key: 'open', label: 'Open', format: 'count' },
            { key: 'closed', label: 'Closed', format: 'count' },
          ]}
          xLabel="Priority"
          yLabel="Complaints"
        />
      </ReportChart>
      <ReportTableCard
        label="Complaint report"
        columns={[
          { header: 'Priority' },
          { header: 'Received', numeric: true },
          { header: 'Open', numeric: true },
          { header: 'Closed', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: r.priority,
          cells: [PRIORITY[r.priority], countCell(r.received), countCell(r.open), countCell(r.closed)],
        }))}
        total={['Total', formatCount(t.received), formatCount(t.open), formatCount(t.closed)]}
      />
    </>
  );
}

function EnquiryView({ report }: { report: ReportData['enquiry'] }) {
  const t = report.total;
  return (
    <>
      <ReportFigures>
        <StatCard label="Enquiries" value={formatCount(t.enquiries)} sub={periodText(report)} />
        <StatCard label="Converted" value={formatCount(t.converted)} />
        <StatCard label="Conversion" value={`${t.rate} %`} />
        <StatCard label="Still open" value={formatCount(t.open)} />
      </ReportFigures>
      <ReportChart title="Enquiries by source">
        <Chart
          kind="bar"
          horizontal
          stacked
          label="Enquiries by source: converted, open and closed"
          data={report.rows.map((r) => ({
            source: ENQUIRY_SOURCE_LABELS[r.source],
            converted: r.converted,
            open: r.open,
            closed: r.closed,
          }))}
          x="source"
          series={[
            { key: 'converted', label: 'Converted', format: 'count' },
            { key: 'open', label: 'Open', format: 'count' },
            { key: 'closed', label: 'Closed', format: 'count' },
          ]}
          xLabel="Enquiries"
        />
      </ReportChart>
      <ReportTableCard
        label="Enquiry report"
        columns={[
          { header: 'Source' },
          { header: 'Enquiries', numeric: true },
          { header: 'Open', numeric: true },
          { header: 'Closed', numeric: true },
          { header: 'Converted', numeric: true },
          { header: 'Conversion', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: r.source,
          cells: [
            ENQUIRY_SOURCE_LABELS[r.source],
            countCell(r.enquiries),
            countCell(r.open),
            countCell(r.closed),
            countCell(r.converted),
            `${r.rate} %`,
          ],
        }))}
        total={['Total', formatCount(t.enquiries), formatCount(t.open), formatCount(t.closed), formatCount(t.converted), `${t.rate} %`]}
      />
    </>
  );
}

function StaffView({ report }: { report: ReportData['staff'] }) {
  const t = report.total;
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Assigned" value={formatCount(t.assigned)} sub={periodText(report)} />
        <StatCard label="Converted" value={formatCount(t.converted)} />
        <StatCard label="Conversion" value={`${t.rate} %`} />
      </ReportFigures>
      <ReportChart title="Enquiries by staff member">
        <Chart
          kind="bar"
          horizontal
          label="Enquiries assigned and converted by each staff member"
          data={report.rows.map((r) => ({ staff: r.staff_name, assigned: r.assigned, converted: r.converted }))}
          x="staff"
          series={[
            { key: 'assigned', label: 'Assigned', format: 'count' },
            { key: 'converted', label: 'Converted', format: 'count' },
          ]}
          xLabel="Enquiries"
        />
      </ReportChart>
      <ReportTableCard
        label="Staff-wise enquiry report"
        columns={[
          { header: 'Staff' },
          { header: 'Assigned', numeric: true },
          { header: 'Converted', numeric: true },
          { header: 'Conversion', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.staff ?? 'none'),
          cells: [r.staff_name, countCell(r.assigned), countCell(r.converted), `${r.rate} %`],
        }))}
        total={['Total', formatCount(t.assigned), formatCount(t.converted), `${t.rate} %`]}
      />
    </>
  );
}
