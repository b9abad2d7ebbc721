/**
 * The top bar's Messages dropdown, as the messaging engine fills it (issue 22): the latest
 * delivery failures and the replies people sent (a STOP through a provider's webhook shows as an
 * opt-out), for users with Administrator Management; polled every minute. "Unread" are those
 * newer than the last one opened here (kept in this browser).
 */
import { messagingEndpoints } from '@arena/contracts/messaging/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListParams } from '../../components/DataTable';
import { call } from '../../lib/api';
import type { Inbox, InboxEntry } from '../../lib/inbox';
import { useCan } from '../../lib/useCan';

const SEEN_KEY = 'arena:messages-seen-at';
const seenAt = () => (typeof localStorage === 'undefined' ? '' : (localStorage.getItem(SEEN_KEY) ?? ''));

export function useMessagingInbox(): Inbox {
  const allowed = useCan('Administrator Management', 'view');
  const [seen, setSeen] = useState(seenAt);
  const failures = useQuery({
    queryKey: ['messaging', 'logs', 'inbox'],
    queryFn: () =>
      call(messagingEndpoints.logs, { query: { page: 1, page_size: 8, status: 'failed', ordering: '-created_at' } as ListParams }),
    enabled: allowed,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  const entries: InboxEntry[] = (failures.data?.results ?? []).map((m) => ({
    id: m.id,
    kind: 'failure',
    title: `Not delivered: ${m.recipient_name || m.address}`,
    body: m.error || m.text,
    at: m.created_at,
    link: '/admin/messaging/logs',
    unread: m.created_at > seen,
  }));
  return {
    entries,
    unread: entries.filter((e) => e.unread).length,
    viewAll: '/admin/messaging/logs',
    markRead: (entry) => {
      if (entry.at <= seen) return;
      localStorage.setItem(SEEN_KEY, entry.at);
      setSeen(entry.at);
    },
  };
}
