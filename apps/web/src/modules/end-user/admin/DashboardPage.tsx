import type { EndUserDashboard } from '@arena/contracts/end-user';
import { format, parseISO } from 'date-fns';
import { Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Chart } from '../../../components/charts/Chart';
import { PageHeader } from '../../../components/PageHeader';
import { DashboardSkeleton } from '../../../components/Skeleton';
import { StatCard } from '../../../components/StatCard';
import { PageQuery } from '../../../components/TileQuery';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { END_USER_PATHS, useEndUserDashboard } from './api';

/** End User Login › Dashboard: members with app access, who used it lately, sign-ins by day, payments in the app, feed reach. */
export function EndUserDashboardPage() {
  const dashboard = useEndUserDashboard();
  const header = (
    <PageHeader
      title="End User Login"
      description="How members use their own app: who has access, who signed in lately, what they paid in the app and how far announcements reach."
      actions={
        <Link to={END_USER_PATHS.feeds} className={buttonClass('primary')}>
          <Megaphone size={16} aria-hidden /> Announcements
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

function Body({ data, header }: { data: EndUserDashboard; header: ReactNode }) {
  const signIns = data.sign_ins_by_day.reduce((n, d) => n + d.count, 0);
  return (
    <div className="space-y-5">
      {header}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Members with app access"
          value={formatCount(data.members_with_access)}
          sub={
            <Link to={END_USER_PATHS.blocked} className="text-accent-text hover:underline">
              {formatCount(data.blocked)} blocked
            </Link>
          }
        />
        <StatCard label="Active, last 30 days" value={formatCount(data.active_30_days)} sub={`${formatCount(signIns)} sign-ins`} />
        <StatCard
          label="Paid in the app, 30 days"
          value={formatMoney(data.payments.amount)}
          sub={`${formatCount(data.payments.count)} payments`}
        />
        <StatCard
          label="Announcements reached"
          value={`${formatCount(data.feed_reach.members)} members`}
          sub={`${formatCount(data.feed_reach.views)} views of ${formatCount(data.feed_reach.published)} published`}
        />
      </div>
      <Card className="p-4">
        <h2 className="mb-3 text-sm font-semibold">Sign-ins by day, last 30 days</h2>
        <Chart
          kind="bar"
          label="Member app sign-ins per day over the last 30 days"
          data={data.sign_ins_by_day}
          x="date"
          xFormat={(v) => format(parseISO(String(v)), 'd MMM')}
          xTooltip={(v) => formatDate(String(v))}
          series={[{ key: 'count', label: 'Sign-ins', format: 'count' }]}
          xLabel="Day"
          yLabel="Sign-ins"
        />
      </Card>
    </div>
  );
}
