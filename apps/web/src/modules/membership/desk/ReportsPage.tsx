import { format, startOfMonth, subMonths } from 'date-fns';
import {
  PeriodFilters,
  periodEmpty,
  ReportPage,
  useReportPeriod,
  useReportTab,
  type ReportTab,
} from '../../../components/report/ReportPage';
import { todayDate, todayIso } from '../../../lib/today';
import { reportSource, useMembershipReport, type ReportData, type ReportKind } from './api';
import { BatchReportView } from './reports/BatchReport';
import { CollectionReportView } from './reports/CollectionReport';
import { DueReportView } from './reports/DueReport';
import { PlanReportView } from './reports/PlanReport';
import { ServiceReportView } from './reports/ServiceReport';
import { SportsCollectionReportView } from './reports/SportsCollectionReport';
import { SportsReportView } from './reports/SportsReport';
import { StatusReportView } from './reports/StatusReport';

const REPORTS: ReportTab<ReportKind>[] = [
  {
    id: 'status',
    label: 'Status Month Wise',
    description: 'Members joined, memberships renewed, lapsed and cancelled per month, and the active members at each month’s end.',
  },
  { id: 'sports', label: 'Sports Wise', description: 'Members of each sport with a membership in the period, by its status now.' },
  {
    id: 'batch',
    label: 'Active Batch Wise',
    description: 'Every active batch: capacity, members, seats left, and who joined in the period.',
  },
  { id: 'plan', label: 'Active Plan', description: 'Memberships running now on each plan, and those sold in the period with their value.' },
  { id: 'service', label: 'Service', description: 'Member services sold in the period, running now, and what was paid and is still due.' },
  {
    id: 'dues',
    label: 'Month Wise Dues',
    description: 'What is still owed today on memberships and services, by the month they were sold, and who owes it.',
  },
  {
    id: 'collection',
    label: 'Month Wise Collection',
    description: 'Money received for memberships and services per month and payment mode, less refunds.',
  },
  {
    id: 'sports-collection',
    label: 'Sports Wise Collection',
    description: 'Money received per sport (from the plan sold) and for services, less refunds.',
  },
];

const EMPTY: Record<ReportKind, string> = {
  status: 'Nobody joined, renewed or lapsed',
  sports: 'No memberships ran',
  batch: 'No active batches had members',
  plan: 'No memberships ran or were sold',
  service: 'No services were sold or ran',
  dues: 'Nothing was sold',
  collection: 'No payments were received',
  'sports-collection': 'No payments were received',
};

/** Whether a report has nothing to show for its period. */
function isEmpty(kind: ReportKind, data: ReportData[ReportKind]): boolean {
  switch (kind) {
    case 'status': {
      const t = (data as ReportData['status']).total;
      return t.joined + t.renewed + t.expired + t.cancelled + t.active === 0;
    }
    case 'dues':
      return (data as ReportData['dues']).total.sales === 0;
    case 'collection':
      return (data as ReportData['collection']).total.count === 0;
    case 'sports-collection':
      return (data as ReportData['sports-collection']).total.count === 0;
    default:
      return (data as { rows: unknown[] }).rows.length === 0;
  }
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Reports › Membership: the eight membership reports as tabs, with date range and centre filters, a chart, a table and CSV/XLSX. */
export function MembershipReportsPage() {
  const kind = useReportTab(REPORTS);
  // Month wise reports read best over a year: the 12 months to today, at first.
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 11))), to: todayIso() });
  const { from, to, centre } = period;
  const query = useMembershipReport(kind, { from, to, centre });

  return (
    <ReportPage
      title="Membership Reports"
      tabsLabel="Membership reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => isEmpty(kind, data)}
      exportFile={{ ...reportSource(kind, { from, to, centre }), name: `membership-${kind}-report-${from}-to-${to}` }}
      filters={<PeriodFilters period={period} />}
      empty={periodEmpty(EMPTY[kind], period)}
    >
      {(data) => {
        switch (kind) {
          case 'status':
            return <StatusReportView report={data as ReportData['status']} />;
          case 'sports':
            return <SportsReportView report={data as ReportData['sports']} />;
          case 'batch':
            return <BatchReportView report={data as ReportData['batch']} />;
          case 'plan':
            return <PlanReportView report={data as ReportData['plan']} />;
          case 'service':
            return <ServiceReportView report={data as ReportData['service']} />;
          case 'dues':
            return <DueReportView report={data as ReportData['dues']} />;
          case 'collection':
            return <CollectionReportView report={data as ReportData['collection']} />;
          case 'sports-collection':
            return <SportsCollectionReportView report={data as ReportData['sports-collection']} />;
        }
      }}
    </ReportPage>
  );
}
