import { NOTIFICATION_EVENT_INFO, type Notification } from '@arena/contracts/notifications';
import { Bell, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Menu, MenuItem, MenuSeparator } from '../../../components/Menu';
import { useLatestNotifications, useNotificationActions, useUnreadCount } from './api';
import { timeAgo } from './timeAgo';

const LIST_PATH = '/admin/notifications';

/** A small count on an icon button (9+ past nine). */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (!count) return null;
  return (
    <span
      data-testid={`${label}-badge`}
      className="absolute -right-0.5 -top-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-semibold leading-4 text-white tabular"
    >
      {count > 9 ? '9+' : count}
    </span>
  );
}

/** One entry of a top-bar inbox: title, text, time ago; unread ones marked with a dot. */
export function InboxRow({ title, body, at, unread, tag }: { title: string; body: string; at: string; unread: boolean; tag?: string }) {
  return (
    <span className="flex min-w-0 flex-1 items-start gap-2 py-0.5">
      <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-accent' : 'bg-transparent'}`} />
      <span className="min-w-0 flex-1">
        <span className={`block truncate ${unread ? 'font-semibold' : 'font-medium'}`}>{title}</span>
        {body && <span className="line-clamp-2 block text-xs text-muted">{body}</span>}
        <span className="mt-0.5 block text-[11px] text-muted">
          {tag ? `${tag} · ` : ''}
          {timeAgo(at)}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
      </span>
    </span>
  );
}

/**
 * The top bar's Notifications dropdown: the unread count as a badge (polled every 30 s), the
 * latest entries (a click marks it read and opens its link), Mark all read, View all.
 */
export function NotificationsMenu({ buttonClass }: { buttonClass: string }) {
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const latest = useLatestNotifications(unread.data, true);
  const { read, readAll } = useNotificationActions();
  const open = (n: Notification) => {
    if (!n.read_at) read.mutate(n);
    if (n.link) navigate(n.link);
  };
  const entries = latest.data?.results ?? [];
  return (
    <Menu
      label="Notifications"
      heading={
        <span className="flex items-center justify-between gap-2">
          Notifications
          {count > 0 && <span className="font-normal normal-case tracking-normal">{count} unread</span>}
        </span>
      }
      className="w-[min(22rem,calc(100vw-1.5rem))]"
      trigger={
        <button type="button" className={buttonClass} aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}>
          <Bell size={18} aria-hidden />
          <CountBadge count={count} label="notifications" />
        </button>
      }
    >
      <MenuSeparator />
      {entries.length === 0 ? (
        <div className="px-3 py-6 text-center">
          <Bell size={20} className="mx-auto mb-2 text-muted" aria-hidden />
          <p className="text-sm font-medium">No notifications</p>
          <p className="mt-1 text-xs text-muted">You're all caught up. New notifications will show up here.</p>
        </div>
      ) : (
        entries.map((n) => (
          <MenuItem key={n.id} onSelect={() => open(n)}>
            <InboxRow title={n.title} body={n.body} at={n.created_at} unread={!n.read_at} tag={NOTIFICATION_EVENT_INFO[n.event]?.label} />
          </MenuItem>
        ))
      )}
      <MenuSeparator />
      <div className="flex items-center justify-between gap-2 px-1 py-0.5">
        <button
          type="button"
          disabled={!count || readAll.isPending}
          onClick={() => readAll.mutate()}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-accent-text hover:bg-subtle disabled:cursor-default disabled:text-muted disabled:hover:bg-transparent"
        >
          <CheckCheck size={14} aria-hidden /> Mark all read
        </button>
        <MenuItem onSelect={() => navigate(LIST_PATH)}>
          <span className="text-xs font-medium text-accent-text">View all</span>
        </MenuItem>
      </div>
    </Menu>
  );
}
