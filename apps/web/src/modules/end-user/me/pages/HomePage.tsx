import { CalendarClock, ChevronRight, Megaphone, Pin } from 'lucide-react';
import { Link } from '../router';
import { Alert } from '../../../../components/Alert';
import { errorMessage } from '../../../../lib/errors';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useHome } from '../api';
import { useFeed } from '../feed';
import { PageLoading } from '../MeApp';
import { bigButton, Panel } from '../ui';

const STATUS_TONE: Record<string, string> = {
  active: 'bg-success-soft text-success',
  expired: 'bg-danger-soft text-danger-text',
  frozen: 'bg-accent-soft text-accent-text',
};

/** The member's home: membership, what they owe, the next batch session, the latest announcements. */
export default function HomePage() {
  const { home, offline, error, isPending, refetch } = useHome();
  const feed = useFeed(!!home && home.features.announcements && !offline);
  if (!home) {
    if (isPending) return <PageLoading />;
    return (
      <Alert
        action={
          <button type="button" className="min-h-11 px-2 font-medium underline" onClick={() => refetch()}>
            Try again
          </button>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  }
  const { member, membership, next_session: next, features } = home;
  const due = Number(home.due);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Hello, {member.full_name.split(' ')[0]}</h1>
      {offline && <p className="text-sm text-muted">You are offline: this is your membership as last loaded.</p>}

      <Panel title="Membership">
        {membership ? (
          <div>
            <div className="flex items-start justify-between gap-3">
              <p className="text-lg font-semibold text-fg">{membership.plan_name}</p>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-medium capitalize ${STATUS_TONE[membership.status] ?? 'bg-subtle text-fg'}`}
              >
                {membership.status}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <div>
                <dt className="text-sm text-muted">Days left</dt>
                <dd className="text-2xl font-semibold text-fg" data-testid="days-left">
                  {membership.days_left}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Ends on</dt>
                <dd className="text-base font-medium text-fg">{formatDate(membership.end_date)}</dd>
              </div>
            </dl>
          </div>
        ) : (
          <p className="text-base text-muted">You have no membership yet. Ask at the front desk.</p>
        )}
        <p className="mt-3 text-sm text-muted">Member code {member.member_code}</p>
      </Panel>

      <Panel title="Dues">
        <div className="flex items-center justify-between gap-3">
          <p className="text-2xl font-semibold text-fg" data-testid="due">
            {formatMoney(due)}
          </p>
          {due > 0 && features.pay_dues && !offline && (
            <Link to="/pay" className={bigButton('primary')}>
              Pay
            </Link>
          )}
        </div>
        {due <= 0 && <p className="mt-1 text-sm text-muted">Nothing to pay.</p>}
      </Panel>

      {next && (
        <Panel title="Next session">
          <div className="flex items-center gap-3">
            <CalendarClock size={24} className="shrink-0 text-accent-text" aria-hidden />
            <div>
              <p className="font-medium text-fg">{next.batch}</p>
              <p className="text-sm text-muted">
                {formatDate(next.date)}, {next.start_time.slice(0, 5)}–{next.end_time.slice(0, 5)}
              </p>
            </div>
          </div>
        </Panel>
      )}

      {features.announcements && !!feed.data?.length && (
        <Panel title="Announcements">
          <ul className="divide-y divide-line">
            {feed.data.slice(0, 3).map((item) => (
              <li key={item.id} className="py-2.5 first:pt-0">
                <p className="flex items-center gap-1.5 font-medium text-fg">
                  {item.pinned ? <Pin size={14} aria-label="Pinned" /> : <Megaphone size={14} aria-hidden />}
                  {item.title}
                </p>
                <p className="line-clamp-2 text-sm text-muted">{item.body}</p>
              </li>
            ))}
          </ul>
          <Link to="/feed" className="mt-2 inline-flex min-h-11 items-center gap-1 font-medium text-accent-text">
            All announcements <ChevronRight size={16} aria-hidden />
          </Link>
        </Panel>
      )}
    </div>
  );
}
