import { ENQUIRY_SOURCE_LABELS, type CrmDashboard } from '@arena/contracts/crm';
import { format, parseISO } from 'date-fns';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Chart } from '../../components/charts/Chart';
import { monthLabel } from '../../components/MonthStepper';
import { PageHeader } from '../../components/PageHeader';
import { DashboardSkeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { PageQuery } from '../../components/TileQuery';
import { formatCount } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { useCrmDashboard } from './api';

const ENQUIRIES = '/crm-management/all-enquiries';

/** CRM › Dashboard: open enquiries, follow-ups due, this month's conversion by source, open complaints, 12 months. */
export function CrmDashboardPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const dashboard = useCrmDashboard(centre);
  const header = (
    <PageHeader
      title="CRM Dashboard"
      description="Leads to follow up today, how they convert, and complaints still open."
      actions={
        <Link to={`${ENQUIRIES}?add=1`} className={buttonClass('primary')}>
          <Plus size={16} aria-hidden /> Add Enquiry
        </Link>
      }
    />
  );
  return (
    <PageQuery query={dashboard} header={header} skeleton={<DashboardSkeleton />}>
      {(data) => <Body data={data} header={header} />}
    </PageQuery>
  );
}

function Body({ data, header }: { data: CrmDashboard; header: ReactNode }) {
  const month = data.conversion_by_source.reduce(
    (a, s) => ({ enquiries: a.enquiries + s.enquiries, converted: a.converted + s.converted }),
    {
      enquiries: 0,
      converted: 0,
    },
  );
  const rate = month.enquiries ? Math.round((month.converted * 1000) / month.enquiries) / 10 : 0;
  const c = data.open_complaints;
  const link = (to: string, text: string) => (
    <Link to={to} className="text-accent-text hover:underline">
      {text}
    </Link>
  );
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Open enquiries" value={formatCount(data.open_enquiries)} sub={link(`${ENQUIRIES}/open-enquiries`, 'See them')} />
        <StatCard
          label="Follow-ups due"
          value={
            <span>
              {formatCount(data.follow_ups_today)} <span className="text-base font-medium text-muted">today</span>
            </span>
          }
          sub={
            data.follow_ups_overdue ? (
              <Link to={`${ENQUIRIES}/open-enquiries?follow_up=overdue`} className="font-medium text-danger-text hover:underline">
                {formatCount(data.follow_ups_overdue)} overdue
              </Link>
            ) : (
              'None overdue'
            )
          }
        />
        <StatCard
          label="Conversion this month"
          value={`${rate} %`}
          sub={`${formatCount(month.converted)} of ${formatCount(month.enquiries)} enquiries`}
        />
        <StatCard
          label="Open complaints"
          value={formatCount(c.high + c.medium + c.low)}
          sub={link(
            '/crm-management/complaints',
            `${formatCount(c.high)} high · ${formatCount(c.medium)} medium · ${formatCount(c.low)} low`,
          )}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="p-4">
          <h2 className="mb-3 text-sm font-semibold">Enquiries and conversions, last 12 months</h2>
          <Chart
            kind="bar"
            label="Enquiries received and converted per month over the last 12 months"
            data={data.months}
            x="month"
            xFormat={(m) => format(parseISO(`${String(m)}-01`), 'MMM ’yy')}
            xTooltip={(m) => monthLabel(String(m))}
            series={[
              { key: 'enquiries', label: 'Enquiries', format: 'count' },
              { key: 'conversions', label: 'Conversions', format: 'count', kind: 'line' },
            ]}
            xLabel="Month"
            yLabel="Enquiries"
          />
        </Card>
        <Card>
          <div className="border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Conversion by source, this month</h2>
          </div>
          <table className="w-full text-sm" aria-label="Conversion by source this month">
            <thead>
              <tr className="text-left text-xs text-muted">
                <th className="px-4 py-2 font-medium">Source</th>
                <th className="px-2 py-2 text-right font-medium">Enquiries</th>
                <th className="px-2 py-2 text-right font-medium">Converted</th>
                <th className="px-4 py-2 text-right font-medium">Rate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.conversion_by_source.map((s) => (
                <tr key={s.source}>
                  <td className="px-4 py-2">{ENQUIRY_SOURCE_LABELS[s.source]}</td>
                  <td className="px-2 py-2 text-right tabular">{formatCount(s.enquiries)}</td>
                  <td className="px-2 py-2 text-right tabular">{formatCount(s.converted)}</td>
                  <td className="px-4 py-2 text-right tabular">{s.enquiries ? `${s.rate} %` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </div>
  );
}
