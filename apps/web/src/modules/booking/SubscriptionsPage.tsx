import { bookingSubscriptionEndpoints } from '@arena/contracts/booking/routes';
import { CalendarRange, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { actionsColumn, createdAtColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { inputClass } from '../../components/TextField';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { bookingKeys, fetchSubscriptions, useSubscriptionMutations, type Subscription } from './api';
import { SubscriptionDialog } from './SubscriptionDialog';
import { todayIso } from '../../lib/today';

/** Booking › Booking Subscription (/booking/clients/booking-subscription): recurring bookings. */
export function SubscriptionsPage() {
  const { cancel } = useSubscriptionMutations();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [status, setStatus] = useState('');
  const [fromDate, setFromDate] = useState(todayIso);

  const columns: Column<Subscription>[] = [
    {
      id: 'client',
      header: 'Client',
      sortKey: 'client_name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (s) => <span className="font-medium">{s.client_name}</span>,
    },
    { id: 'facility', header: 'Facility', sortKey: 'facility_name', mobile: 'subtitle', cell: (s) => s.facility_name },
    { id: 'weekdays', header: 'Weekdays', mobile: 'meta', cell: (s) => s.weekday_names },
    {
      id: 'slots',
      header: 'Slots',
      mobile: 'meta',
      cell: (s) => <span className="whitespace-nowrap tabular">{s.slot_times.join(', ') || '—'}</span>,
    },
    {
      id: 'next',
      header: 'Next date',
      mobile: 'meta',
      cell: (s) => <span className="whitespace-nowrap">{s.next_date ? formatDate(s.next_date) : '—'}</span>,
    },
    {
      id: 'from',
      header: 'From',
      mobile: 'meta',
      sortKey: 'start_date',
      cell: (s) => <span className="whitespace-nowrap">{formatDate(s.start_date)}</span>,
    },
    {
      id: 'to',
      header: 'To',
      mobile: 'meta',
      sortKey: 'end_date',
      cell: (s) => <span className="whitespace-nowrap">{formatDate(s.end_date)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      mobile: 'badge',
      cell: (s) =>
        s.status === 'cancelled' || s.cancelled_from ? (
          <Badge tone="danger">Cancelled{s.cancelled_from ? ` from ${formatDate(s.cancelled_from)}` : ''}</Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    { ...createdAtColumn<Subscription>(), defaultHidden: true },
    actionsColumn((s) =>
      s.status !== 'cancelled' && !s.cancelled_from ? (
        <Button size="sm" variant="ghost-danger" aria-label={`Cancel subscription of ${s.client_name}`} onClick={() => setCancelling(s)}>
          Cancel
        </Button>
      ) : null,
    ),
  ];

  return (
    <div>
      <PageHeader
        title="Booking Subscription"
        description="Recurring bookings: the same slots on chosen weekdays between two dates. Dates already taken are reported, never double-booked."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden /> New Subscription
          </Button>
        }
      />
      <DataTable
        title="Booking subscriptions"
        queryKey={bookingKeys.subscriptions}
        fetchPage={fetchSubscriptions}
        exportPath={{ endpoint: bookingSubscriptionEndpoints.list }}
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search client, mobile or facility"
        filters={{ status: status || undefined }}
        filterControls={
          <FilterSelect
            label="Status"
            value={status}
            onChange={setStatus}
            options={[
              { value: 'active', label: 'Active' },
              { value: 'cancelled', label: 'Cancelled' },
            ]}
          />
        }
        onClearFilters={() => setStatus('')}
        empty={{
          icon: CalendarRange,
          title: 'No booking subscriptions',
          description: 'A regular group that plays every Tuesday and Thursday? Book the whole season at once.',
          action: (
            <Button onClick={() => setCreating(true)}>
              <Plus size={16} aria-hidden /> New Subscription
            </Button>
          ),
        }}
      />
      <SubscriptionDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={`Cancel ${cancelling?.client_name ?? ''}'s subscription?`}
        confirmLabel="Cancel Subscription"
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            await cancel.mutateAsync({ id: cancelling.id, from_date: fromDate });
            notify.success(`Subscription cancelled from ${formatDate(fromDate)}.`);
          } catch (error) {
            notify.error(errorMessage(error));
            return false;
          }
        }}
      >
        <p className="mb-3">Its bookings on and after this date are cancelled and their slots freed. Earlier bookings stay.</p>
        <label htmlFor="cancel-from" className="mb-1.5 block text-sm font-medium text-fg">
          Cancel from
        </label>
        <input id="cancel-from" type="date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} className={inputClass()} />
      </ConfirmDialog>
    </div>
  );
}
