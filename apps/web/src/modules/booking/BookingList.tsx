import type { Booking } from '@arena/contracts';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, fetchBookings, useFacilityOptions } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';
import { FilterDate, FilterSelect } from './FilterSelect';
import { PaymentBadge, slotsText, sourceLabel, StatusBadge } from './status';

/** All bookings, with date range, facility, status and source filters and search over code, name, mobile, e-mail. */
export function BookingList({ client }: { client?: number }) {
  const centre = useSidebar((s) => s.selectedCentre);
  const facilities = useFacilityOptions(centre);
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
      cell: (b) => (
        <button type="button" onClick={() => setViewing(b.id)} className="whitespace-nowrap font-medium text-accent-text hover:underline">
          {b.code}
        </button>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      cell: (b) => <span className="whitespace-nowrap">{formatDate(b.date)}</span>,
    },
    { id: 'slots', header: 'Slots', cell: (b) => <span className="tabular">{slotsText(b)}</span> },
    {
      id: 'facility',
      header: 'Facility',
      cell: (b) => `${b.sport_name} - ${b.facility_name}`,
    },
    {
      id: 'name',
      header: 'Client',
      cell: (b) => (
        <div className="min-w-[120px]">
          <div className="font-medium">{b.name}</div>
          <div className="text-xs text-muted tabular">{b.mobile}</div>
        </div>
      ),
    },
    { id: 'centre', header: 'Centre', cell: (b) => b.centre_name, defaultHidden: true },
    { id: 'source', header: 'Source', cell: (b) => sourceLabel(b.source) },
    { id: 'status', header: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
    { id: 'payment', header: 'Payment', cell: (b) => <PaymentBadge status={b.payment_status} /> },
    { id: 'amount', header: 'Amount', align: 'right', cell: (b) => formatMoney(b.booking_amount) },
    { id: 'due', header: 'Due', align: 'right', cell: (b) => formatMoney(b.due_amount) },
    {
      id: 'created_at',
      header: 'Booked On',
      sortKey: 'created_at',
      cell: (b) => formatDate(b.created_at),
      defaultHidden: true,
    },
  ];

  return (
    <>
      <DataTable
        title={client ? 'Client bookings' : 'Bookings'}
        queryKey={[...bookingKeys.bookings, 'list']}
        fetchPage={fetchBookings}
        exportPath="/booking/booking/"
        columns={columns}
        rowKey={(b) => b.id}
        searchPlaceholder="Search code, name, mobile or email"
        filters={{
          centre: centre || undefined,
          client: client ? String(client) : undefined,
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
        empty={{ title: 'No bookings yet', description: 'Bookings made at the desk or on the online portal appear here.' }}
      />
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
