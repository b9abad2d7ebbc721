import { bookingTransactionEndpoints } from '@arena/contracts/booking/routes';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, fetchPayments, type BookingPayment } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';

const KIND_LABEL: Record<BookingPayment['kind'], string> = {
  receipt: 'Receipt',
  refund: 'Refund',
  payment: 'Payment',
  reversal: 'Reversal',
};

/** Booking › Transactions: money received against bookings, and refunds given back (negative). */
export function TransactionsPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  const modes = usePaymentModes();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [mode, setMode] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: Column<BookingPayment>[] = [
    {
      id: 'paid_on',
      header: 'Date',
      sortKey: 'paid_on',
      mobile: 'subtitle',
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.paid_on)}</span>,
    },
    {
      id: 'booking',
      header: 'Booking',
      mobile: 'meta',
      sortKey: 'booking_code',
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
    { id: 'name', header: 'Client', sortKey: 'name', mobile: 'title', cell: (p) => <span className="whitespace-nowrap">{p.name}</span> },
    {
      id: 'mode',
      header: 'Mode',
      mobile: 'meta',
      sortKey: 'payment_mode_name',
      cell: (p) => <span className="whitespace-nowrap">{p.payment_mode_name}</span>,
    },
    { id: 'reference', header: 'Reference', mobile: false, cell: (p) => p.reference || '—' },
    {
      id: 'amount',
      header: 'Amount',
      // Top right of the phone's card, where a statement puts it.
      mobile: 'badge',
      sortKey: 'amount',
      align: 'right',
      // Collections as they add up: a refund (money out) is negative and says so.
      cell: (p) => (
        <span className={p.direction === 'out' ? 'whitespace-nowrap font-medium text-danger-text' : 'whitespace-nowrap font-medium'}>
          {p.kind !== 'receipt' && <span className="mr-1.5 text-xs font-normal">{KIND_LABEL[p.kind]}</span>}
          {formatMoney(p.signed_amount)}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: 'Recorded',
      sortKey: 'created_at',
      defaultHidden: true,
      mobile: false,
      cell: (p) => <span className="whitespace-nowrap">{formatDateTime(p.created_at)}</span>,
    },
  ];
  const clearFilters = () => {
    setFrom('');
    setTo('');
    setMode('');
  };

  return (
    <div>
      <PageHeader
        title="Transactions"
        description="Every payment received against a booking, at the desk or recorded later, and every refund (shown negative)."
      />
      <DataTable
        title="Booking transactions"
        queryKey={bookingKeys.payments}
        fetchPage={fetchPayments}
        exportPath={{ endpoint: bookingTransactionEndpoints.payments }}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search booking or client"
        scope={{ centre: centre || undefined }}
        filters={{
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
        onClearFilters={clearFilters}
        empty={{
          icon: Wallet,
          title: 'No payments yet',
          description: 'Payments taken with a desk booking, or recorded later from a booking’s details, appear here.',
          action: (
            <Link to="/booking/booking?view=list" className={buttonClass('secondary')}>
              Go to bookings
            </Link>
          ),
        }}
      />
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
