import type { MembershipDashboard } from '@arena/contracts/membership';
import { TileQuery } from '../../../components/TileQuery';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { useMembershipDashboard } from './api';

/**
 * The main dashboard's tile (the manifest lists it): today's check-ins, who is in now and the
 * memberships expiring this week, from GET /api/member-management/dashboard/.
 */
export function MembersTodayTile({ centre }: { centre: string }) {
  return (
    <TileQuery query={useMembershipDashboard(centre)} skeleton="h-24">
      {(data) => <FiguresMembersTodayTile data={data} />}
    </TileQuery>
  );
}

function FiguresMembersTodayTile({ data }: { data: MembershipDashboard }) {
  const row = 'flex items-baseline justify-between gap-3';
  return (
    <dl className="space-y-1.5 text-sm">
      <div className={row}>
        <dt className="text-muted">Checked in today</dt>
        <dd className="text-lg font-semibold tabular">{formatCount(data.todays_checkins)}</dd>
      </div>
      <div className={row}>
        <dt className="text-muted">In now</dt>
        <dd className="font-semibold tabular text-success">{formatCount(data.in_now)}</dd>
      </div>
      <div className={`${row} border-t border-line pt-1.5`}>
        <dt className="text-muted">Expiring this week</dt>
        <dd className={`font-semibold tabular ${data.expiring_7_days > 0 ? 'text-warning-text' : ''}`}>
          {data.expiring_7_days > 0 ? (
            <Link to="/membership/members?status=expiring" className="hover:underline">
              {formatCount(data.expiring_7_days)}
            </Link>
          ) : (
            '0'
          )}
        </dd>
      </div>
    </dl>
  );
}
