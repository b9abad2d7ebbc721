import { NOTIFICATION_EVENT_INFO, type Notification } from '@arena/contracts/notifications';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterSelect } from '../../../components/FilterSelect';
import { MenuTabs } from '../../../components/MenuTabs';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/useCan';
import type { ResolvedNode } from '../../../lib/web-module';
import { fetchNotifications, notificationKeys, useNotificationActions, useUnreadCount } from './api';
import { timeAgo } from './timeAgo';

/** Administrator › Notifications › Notification List: every notification of the signed-in user (any user has their own). */
export function NotificationListPage({ node }: { node: ResolvedNode }) {
  const [show, setShow] = useState('');
  const unread = useUnreadCount();
  const { read, readAll } = useNotificationActions();
  // The settings tab is the administrator's; other users see their list alone.
  const isAdmin = useCan('Administrator Management', 'view');
  const columns: Column<Notification>[] = [
    {
      id: 'title',
      header: 'Notification',
      mobile: 'title',
      alwaysVisible: true,
      cell: (n) => (
        <div className="min-w-0">
          {n.link ? (
            <Link
              to={n.link}
              onClick={() => !n.read_at && read.mutate(n)}
              className={`hover:text-accent-text hover:underline ${n.read_at ? 'font-medium' : 'font-semibold'}`}
            >
              {n.title}
            </Link>
          ) : (
            <span className={n.read_at ? 'font-medium' : 'font-semibold'}>{n.title}</span>
          )}
          {n.body && <p className="mt-0.5 line-clamp-2 text-xs text-muted">{n.body}</p>}
        </div>
      ),
    },
    { id: 'event', header: 'Event', mobile: 'meta', cell: (n) => NOTIFICATION_EVENT_INFO[n.event]?.label ?? n.event },
    {
      id: 'created_at',
      header: 'When',
      mobile: 'subtitle',
      cell: (n) => (
        <span className="whitespace-nowrap" title={formatDateTime(n.created_at)}>
          {timeAgo(n.created_at)}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      mobile: 'badge',
      cell: (n) => (n.read_at ? <Badge tone="neutral">Read</Badge> : <Badge tone="info">Unread</Badge>),
    },
    {
      id: 'actions',
      header: 'Actions',
      mobile: 'actions',
      alwaysVisible: true,
      cell: (n) =>
        n.read_at ? null : (
          <Button size="sm" variant="ghost" onClick={() => read.mutate(n)} aria-label={`Mark read: ${n.title}`}>
            Mark read
          </Button>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Notifications"
        description="What happened that concerns you: online bookings, cancellations, payments, expiring memberships. Newest first."
        actions={
          <Button variant="secondary" onClick={() => readAll.mutate()} disabled={!unread.data || readAll.isPending}>
            <CheckCheck size={16} aria-hidden /> Mark all read
          </Button>
        }
      />
      {isAdmin && <MenuTabs node={node} />}
      <DataTable
        title="Notifications"
        queryKey={notificationKeys.list}
        fetchPage={fetchNotifications}
        columns={columns}
        rowKey={(n) => n.id}
        searchPlaceholder="Search notifications"
        filters={{ unread: show || undefined }}
        filterControls={
          <FilterSelect label="Show" value={show} onChange={setShow} allLabel="All" options={[{ value: 'true', label: 'Unread' }]} />
        }
        onClearFilters={() => setShow('')}
        empty={{
          icon: Bell,
          title: show ? 'No unread notifications' : 'No notifications yet',
          description: 'New online bookings, cancellations, payments and expiring memberships appear here as they happen.',
        }}
      />
    </div>
  );
}
