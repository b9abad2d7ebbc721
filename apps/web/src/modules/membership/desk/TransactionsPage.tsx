import { LEDGER_KIND_LABELS } from '@arena/contracts/money';
import { format, startOfMonth } from 'date-fns';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge';
import { buttonClass } from '../../../components/Button';
import { CentreFilter } from '../../../components/CentreFilter';
import { recordedColumn } from '../../../components/columns';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterDate, FilterSelect } from '../../../components/FilterSelect';
import { optionsOf } from '../../../components/form';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/format';
import { usePaymentModes } from '../../../lib/lookups';
import { todayDate } from '../../../lib/today';
import { useSidebar } from '../../../state/sidebar';
import { fetchPayments, membershipKeys, paymentsExport, usePaymentTotals, type MemberPayment } from './api';
import { LedgerTotalsStrip } from '../../money/public';
import { memberPath, SignedAmount } from './parts';

const KIND_OPTIONS = (['receipt', 'refund', 'reversal'] as const).map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

function KindBadge({ p }: { p: MemberPayment }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={p.kind === 'refund' ? 'danger' : p.kind === 'reversal' ? 'info' : 'success'}>{LEDGER_KIND_LABELS[p.kind]}</Badge>
      {p.reversed_by !== null && <Badge tone="danger">Reversed</Badge>}
    </span>
  );
}

/** Membership › Transaction: every receipt and refund of memberships and member services, with totals, filters and export. */
export function MembershipTransactionsPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const modes = usePaymentModes();
  const [from, setFrom] = useState(iso(startOfMonth(todayDate())));
  const [to, setTo] = useState('');
  const [mode, setMode] = useState('');
  const [kind, setKind] = useState('');
  const [centre, setCentre] = useState(sidebarCentre);

  // The table and its totals read the same filters.
  const filters = {
    date_after: from || undefined,
    date_before: to || undefined,
    payment_mode: mode || undefined,
    kind: kind || undefined,
    centre: centre || undefined,
  };
  const totals = usePaymentTotals(filters);

  const columns: Column<MemberPayment>[] = [
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      mobile: 'subtitle',
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.date)}</span>,
    },
    {
      id: 'member',
      header: 'Member',
      alwaysVisible: true,
      mobile: 'title',
      cell: (p) =>
        p.member ? (
          <div className="min-w-[9rem]">
            <Link to={`${memberPath(p.member)}/payment-history`} className="font-medium text-accent-text hover:underline">
              {p.member_name || p.party}
            </Link>
            <div className="text-xs tabular text-muted">{p.member_code}</div>
          </div>
        ) : (
          <span className="font-medium">{p.party || '—'}</span>
        ),
    },
    { id: 'for', header: 'For', mobile: 'meta', cell: (p) => p.source.label || '—' },
    { id: 'kind', header: 'Kind', mobile: 'badge', cell: (p) => <KindBadge p={p} /> },
    { id: 'mode', header: 'Mode', mobile: 'meta', cell: (p) => <span className="whitespace-nowrap">{p.payment_mode_name || '—'}</span> },
    { id: 'reference', header: 'Reference', mobile: false, cell: (p) => p.reference || '—' },
    {
      id: 'invoice',
      header: 'Invoice',
      mobile: false,
      cell: (p) => <span className="whitespace-nowrap tabular">{p.invoice_number || '—'}</span>,
    },
    { id: 'centre', header: 'Center', mobile: false, defaultHidden: true, cell: (p) => p.centre_name || '—' },
    {
      id: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      mobile: 'amount',
      cell: (p) => <SignedAmount direction={p.direction} amount={p.amount} />,
    },
    recordedColumn((p) => p.recorded_by),
  ];

  return (
    <div>
      <PageHeader
        title="Transaction"
        description="Every payment received for memberships and member services, and every refund. A payment is taken from the member's page; a mistake is reversed under Income/Expenses › Transactions."
      />
      <LedgerTotalsStrip query={totals} label="Totals of the filtered transactions" labels={{ income: 'Received', expense: 'Refunded' }} />
      <DataTable
        title="Membership transactions"
        queryKey={membershipKeys.payments}
        fetchPage={fetchPayments}
        exportPath={paymentsExport}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search member, code, reference"
        filters={filters}
        filterControls={
          <>
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
            <FilterSelect label="Mode" value={mode} onChange={setMode} options={optionsOf(modes.data)} />
            <FilterSelect label="Kind" value={kind} onChange={setKind} options={KIND_OPTIONS} />
            <CentreFilter value={centre} onChange={setCentre} />
          </>
        }
        onClearFilters={() => {
          setFrom('');
          setTo('');
          setMode('');
          setKind('');
          setCentre('');
        }}
        empty={{
          icon: Wallet,
          title: 'No payments yet',
          description: 'Payments taken when adding a member, renewing or collecting a due appear here.',
          action: (
            <Link to="/membership/members" className={buttonClass('secondary')}>
              Go to members
            </Link>
          ),
        }}
      />
    </div>
  );
}
