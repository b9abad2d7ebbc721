import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { buttonClass } from '../../components/Button';
import { formatDate } from '../../lib/format';
import { useAuth } from '../../state/auth';

/** Administrator › Subscription's billing page (spec 2.6), where the owner renews. */
export const BILLING_PATH = '/admin/subscription';

/**
 * Issue 23 §2: after the due date a 7-day grace, then read-only. The shell says so above every
 * screen: a warning during the grace, an error once read-only, each with the way to renew.
 */
export function SubscriptionBanner() {
  const user = useAuth((s) => s.user);
  const state = user?.subscription_state;
  if (!user?.due_date || (state !== 'grace' && state !== 'read_only')) return null;
  const renew = user.is_owner ? (
    <Link to={BILLING_PATH} className={buttonClass(state === 'read_only' ? 'primary' : 'secondary', 'sm', 'shrink-0')}>
      Renew
    </Link>
  ) : null;
  const ask = user.is_owner ? '' : " Ask your organization's owner to renew.";
  return (
    <div className="border-b border-line bg-surface px-4 py-2 sm:px-6 lg:px-8" data-testid="subscription-banner">
      {state === 'grace' ? (
        <Alert tone="warning" action={renew}>
          Your subscription expired on {formatDate(user.due_date)} — renew by {formatDate(user.grace_until)} to keep making changes.
          {ask}
        </Alert>
      ) : (
        <Alert tone="error" action={renew}>
          <strong>Your organization is read-only.</strong> Your subscription expired on {formatDate(user.due_date)} and the grace period
          ended on {formatDate(user.grace_until)}: you can still see everything, but changes and online bookings are paused until you renew.
          Nothing has been deleted.{ask}
        </Alert>
      )}
    </div>
  );
}
