import { LEDGER_KIND_LABELS } from '@arena/contracts/money';
import { clsx } from 'clsx';
import { ReceiptIndianRupee, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import {
  fetchMemberPayments,
  memberPaymentsExport,
  membershipKeys,
  useMemberServices,
  useMemberships,
  type Member,
  type MemberPayment,
} from './api';
import { CreditNoteList } from './CreditNoteList';
import { CollectPaymentDialog } from './CollectPaymentDialog';
import { positive } from './sale';

const columns: Column<MemberPayment>[] = [
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    mobile: 'subtitle',
    cell: (p) => <span className="whitespace-nowrap">{formatDate(p.date)}</span>,
  },
  {
    id: 'for',
    header: 'For',
    alwaysVisible: true,
    mobile: 'title',
    cell: (p) => (
      <span className="min-w-[10rem]">
        <span className="block font-medium">{p.source.label || '—'}</span>
        {p.invoice_number &&
          (p.invoice ? (
            // The invoice the money went on — a refund's credit note when it has one.
            <Link
              to={`/accounts/${p.invoice}`}
              className="block text-xs tabular text-accent-text hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {p.invoice_number}
            </Link>
          ) : (
            <span className="block text-xs text-muted tabular">{p.invoice_number}</span>
          ))}
      </span>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    mobile: 'badge',
    cell: (p) => (
      <span className="inline-flex flex-wrap gap-1">
        <Badge tone={p.direction === 'out' ? 'danger' : 'success'}>{LEDGER_KIND_LABELS[p.kind] ?? p.kind}</Badge>
        {p.reversed_by !== null && <Badge tone="neutral">Reversed</Badge>}
      </span>
    ),
  },
  { id: 'mode', header: 'Mode', mobile: 'meta', cell: (p) => <span className="whitespace-nowrap">{p.payment_mode_name || '—'}</span> },
  { id: 'reference', header: 'Reference', mobile: 'meta', cell: (p) => p.reference || '—' },
  {
    id: 'recorded',
    header: 'Recorded',
    mobile: false,
    defaultHidden: true,
    cell: (p) => (
      <span className="whitespace-nowrap">
        {formatDateTime(p.created_at)}
        {p.recorded_by && <span className="block text-xs text-muted">{p.recorded_by}</span>}
      </span>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    sortKey: 'amount',
    align: 'right',
    mobile: 'amount',
    cell: (p) => (
      <span className={clsx('whitespace-nowrap font-medium tabular', p.direction === 'out' ? 'text-danger-text' : 'text-success')}>
        <span className="sr-only">{p.direction === 'out' ? 'Out ' : 'In '}</span>
        <span aria-hidden>{p.direction === 'out' ? '− ' : '+ '}</span>
        {formatMoney(p.amount)}
      </span>
    ),
  },
];

/** Payment History: every receipt and refund of the member's memberships and services (their rows of the ledger). */
export function PaymentHistoryTab({ member }: { member: Member }) {
  const [collecting, setCollecting] = useState(false);
  const due = positive(member.due);
  const collect = (
    <Button size="sm" onClick={() => setCollecting(true)} disabled={!due} title={due ? undefined : 'Nothing is due'}>
      <Wallet size={15} aria-hidden /> Collect payment
    </Button>
  );
  return (
    <>
      <MemberCreditNotes member={member.id} />
      <DataTable
        title={`Payments of ${member.member_code}`}
        queryKey={[...membershipKeys.payments, 'member', member.id]}
        fetchPage={fetchMemberPayments}
        exportPath={memberPaymentsExport}
        scope={{ member: String(member.id) }}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search reference or invoice"
        actions={collect}
        empty={{
          icon: ReceiptIndianRupee,
          title: 'No payments yet',
          description: due
            ? `${member.first_name} owes ${formatMoney(member.due)}; collect a payment to record it here.`
            : 'Payments for memberships and services appear here, with refunds.',
          action: due ? collect : undefined,
        }}
      />
      {collecting && (
        <CollectPaymentDialog member={member.id} memberName={member.full_name} open onOpenChange={(o) => !o && setCollecting(false)} />
      )}
    </>
  );
}

/**
 * The credit notes on the member's memberships and services (a cancellation, a lower price), with
 * what each was for: they balance the invoices the payments above went on.
 */
function MemberCreditNotes({ member }: { member: number }) {
  const memberships = useMemberships(member);
  const services = useMemberServices(member);
  const notes = [
    ...(memberships.data ?? []).flatMap((m) => (m.invoice?.credit_notes ?? []).map((c) => ({ ...c, for: m.plan_name }))),
    ...(services.data ?? []).flatMap((s) => (s.invoice?.credit_notes ?? []).map((c) => ({ ...c, for: s.service_name }))),
  ].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  if (notes.length === 0) return null;
  const forOf = new Map(notes.map((n) => [n.id, n.for]));
  return (
    <Card className="mb-4 p-4">
      <h2 className="text-sm font-semibold">Credit notes</h2>
      <CreditNoteList notes={notes} label={(c) => forOf.get(c.id) ?? ''} />
    </Card>
  );
}
