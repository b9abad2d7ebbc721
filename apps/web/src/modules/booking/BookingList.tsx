import { PhoneLink } from '../../components/PhoneLink';
import { type Booking } from '@arena/contracts/booking';
import { bookingEndpoints } from '@arena/contracts/booking/routes';
import { CalendarDays, CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { formatDate, formatMoney } from '../../lib/format';
import { useFacilities } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, fetchBookings } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';
import { PaymentBadge, slotsText, sourceLabel, StatusBadge } from './status';

/** All bookings, with date range, facility, status and source filters and search over code, name, mobile, e-mail. */
export function BookingList({ client, initialSearch }: { client?: number; initialSearch?: string }) {
  const centre = useSidebar((s) => s.selectedCentre);
  const facilities = useFacilities(centre);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [facility, setFacility] = useState('');
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: Column<Booking>[] = [
    {
      id: 'code',
      header: 'Code',
      sortKey: 'code',
      alwaysVisible: true,
      mobile: 'subtitle',
      cell: (b) => (
        <button type="button" onClick={() => setViewing(b.id)} className="whitespace-nowrap font-medium text-accent-text hover:underline">
          {b.code}
        </button>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      mobile: 'meta',
      sortKey: 'date',
      cell: (b) => <span className="whitespace-nowrap">{formatDate(b.date)}</span>,
    },
    { id: 'slots', header: 'Slots', mobile: 'meta', cell: (b) => <span className="tabular">{slotsText(b)}</span> },
    { id: 'facility', header: 'Facility', mobile: 'meta', cell: (b) => `${b.sport_name} - ${b.facility_name}` },
    {
      id: 'name',
      header: 'Client',
      sortKey: 'name',
      mobile: 'title',
      cell: (b) => (
        <div className="min-w-[120px]">
          <div className="font-medium">{b.name}</div>
          <div className="text-xs font-normal text-muted">
            <PhoneLink phone={b.mobile} />
          </div>
        </div>
      ),
    },
    { id: 'centre', header: 'Centre', cell: (b) => b.centre_name, defaultHidden: true, mobile: false },
    { id: 'source', header: 'Source', cell: (b) => sourceLabel(b.source), mobile: false },
    { id: 'status', header: 'Status', sortKey: 'status', mobile: 'badge', cell: (b) => <StatusBadge status={b.status} /> },
    { id: 'payment', header: 'Payment', mobile: 'badge', cell: (b) => <PaymentBadge status={b.payment_status} /> },
    {
      id: 'amount',
      header: 'Amount',
      mobile: 'amount',
      sortKey: 'booking_amount',
      align: 'right',
      cell: (b) => formatMoney(b.booking_amount),
    },
    {
      id: 'paid',
      header: 'Paid',
      mobile: 'amount',
      sortKey: 'paid_amount',
      align: 'right',
      defaultHidden: true,
      cell: (b) => formatMoney(b.paid_amount),
    },
    {
      id: 'due',
      header: 'Due',
      mobile: 'amount',
      align: 'right',
      cell: (b) => (
        <span className={Number(b.due_amount) > 0 ? 'font-medium text-danger-text' : 'text-muted'}>{formatMoney(b.due_amount)}</span>
      ),
    },
    {
      id: 'created_at',
      header: 'Booked On',
      sortKey: 'created_at',
      cell: (b) => <span className="whitespace-nowrap">{formatDate(b.created_at)}</span>,
      defaultHidden: true,
      mobile: false,
    },
  ];
  const clearFilters = () => {
    setFrom('');
    setTo('');
    setFacility('');
    setStatus('');
    setSource('');
  };

  return (
    <>
      <DataTable
        initialSearch={initialSearch}
        title={client ? 'Client bookings' : 'Bookings'}
        queryKey={[...bookingKeys.bookings, 'list']}
        fetchPage={fetchBookings}
        exportPath={{ endpoint: bookingEndpoints.list }}
        columns={columns}
        rowKey={(b) => b.id}
        searchPlaceholder="Search code, name, mobile or email"
        scope={{ centre: centre || undefined, client: client ? String(client) : undefined }}
        filters={{
          date_after: from || undefined,
          date_before: to || undefined,
          facility: facility || undefined,
          status: status || undefined,
          source: source || undefined,
        }}
        filterControls={
          <>
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
            {!client && (
              <FilterSelect
                label="Facility"
                value={facility}
                onChange={setFacility}
                options={(facilities.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
              />
            )}
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              options={[
                { value: 'confirmed', label: 'Confirmed' },
                { value: 'completed', label: 'Completed' },
                { value: 'cancelled', label: 'Cancelled' },
                { value: 'no_show', label: 'No-show' },
                { value: 'awaiting_payment', label: 'Held · paying online' },
              ]}
            />
            <FilterSelect
              label="Source"
              value={source}
              onChange={setSource}
              options={[
                { value: 'online', label: 'Online' },
                { value: 'desk', label: 'Desk' },
                { value: 'subscription', label: 'Subscription' },
              ]}
            />
          </>
        }
        onClearFilters={clearFilters}
        empty={{
          icon: CalendarDays,
          title: client ? 'No bookings for this client yet' : 'No bookings yet',
          description: client
            ? 'Their bookings appear here once they book at the desk or online.'
            : 'Take a desk booking from the Day View, or share the online booking portal with your visitors.',
          action: client ? undefined : (
            <Link to="/booking/booking" className={buttonClass()}>
              <CalendarPlus size={16} aria-hidden /> Open Day View
            </Link>
          ),
        }}
      />
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
