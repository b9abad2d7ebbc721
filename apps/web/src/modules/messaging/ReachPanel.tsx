import type { SendResult } from '@arena/contracts/messaging';
import { CalendarClock, Send } from 'lucide-react';
import { errorMessage } from '../../lib/errors';
import { countOf, formatCount, formatDateTime } from '../../lib/format';

/** Every send's preview (manual, a person's Message, CRM's promotions and today's Message): how many a send reaches, who is skipped, and the credits it spends against the balance — before anything goes. */
export function ReachPanel({
  preview,
  pending,
  error,
  channel,
  later,
}: {
  preview?: Pick<SendResult, 'count' | 'skipped' | 'credits' | 'balance' | 'not_before'>;
  pending: boolean;
  error: unknown;
  channel: string;
  /** Scheduled: no "go out at" line (the time is the schedule's). */
  later?: boolean;
}) {
  if (error) return <p className="text-sm text-danger-text sm:col-span-2">{errorMessage(error)}</p>;
  if (!preview)
    return (
      <p className="text-sm text-muted sm:col-span-2">
        {pending ? 'Counting…' : 'Choose a template (and an audience) to see how many it reaches and what it costs.'}
      </p>
    );
  const short = preview.credits > preview.balance;
  return (
    <div role="status" aria-live="polite" className="rounded-md bg-subtle p-3 text-sm sm:col-span-2">
      <p className="flex items-center gap-2 font-medium">
        {later ? <CalendarClock size={16} aria-hidden /> : <Send size={16} aria-hidden />}
        {countOf(preview.count, 'person', 'people')}
        {preview.skipped > 0 && ` (${formatCount(preview.skipped)} skipped: opted out or no ${channel === 'email' ? 'e-mail' : 'mobile'})`}
        {channel !== 'email' && ` · ${countOf(preview.credits, 'credit')} of ${formatCount(preview.balance)}`}
      </p>
      {short && <p className="mt-1 text-danger-text">Not enough message credits: add credits under Administrator › Messaging.</p>}
      {preview.not_before && !later && (
        <p className="mt-1 text-muted">These wait for 10:00 (promotional SMS): they go out at {formatDateTime(preview.not_before)}.</p>
      )}
    </div>
  );
}
