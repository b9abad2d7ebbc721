import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, fetchPayments, usePaymentModeOptions, type BookingPayment } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';
import { FilterDate, FilterSelect } from './FilterSelect';

/** Booking › Transactions: payments received against bookings. */
export function TransactionsPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const modes = usePaymentModeOptions();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [mode, setMode] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: Column<BookingPayment>[] = [
    {
      id: 'paid_on',
      header: 'Date',
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.paid_on)}</span>,
    },
    {
      id: 'booking',
      header: 'Booking',
      alwaysVisible: true,
      cell: (p) => (
        <button
          type="button"
          onClick={() => setViewing(p.booking)}
          className="whitespace-nowrap font-medium text-accent-text hover:underline"
        >
          {p.booking_code}
        </button>
      ),
    },
    { id: 'name', header: 'Client', cell: (p) => <span className="whitespace-nowrap">{p.name}</span> },
    {
      id: 'mode',
      header: 'Mode',
      cell: (p) => <span className="whitespace-nowrap">{p.payment_mode_name}</span>,
    },
    { id: 'reference', header: 'Reference', cell: (p) => p.reference || '—' },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (p) => <span className="whitespace-nowrap">{formatMoney(p.amount)}</span>,
    },
  ];

  return (
    <div>
      <PageHeader title="Transactions" description="Every payment received against a booking, at the desk or recorded later." />
      <DataTable
        title="Booking transactions"
        queryKey={bookingKeys.payments}
        fetchPage={fetchPayments}
        exportPath="/booking/booking-transaction/"
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search booking or client"
        filters={{
          centre: centre || undefined,
          date_after: from || undefined,
          date_before: to || undefined,
          payment_mode: mode || undefined,
        }}
        filterControls={
          <>
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
            <FilterSelect
              label="Mode"
              value={mode}
              onChange={setMode}
              options={(modes.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            />
          </>
        }
        empty={{ title: 'No payments yet', description: 'Payments recorded on bookings appear here.' }}
      />
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
