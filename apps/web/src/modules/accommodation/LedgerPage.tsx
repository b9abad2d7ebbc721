import { LEDGER_KIND_LABELS, LEDGER_KINDS, type LedgerEntry } from '@arena/contracts/money';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { CentreFilter } from '../../components/CentreFilter';
import { recordedColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { accommodationKeys, fetchLedger, ledgerExport, useLedgerTotals } from './api';

const KIND_OPTIONS = LEDGER_KINDS.map((k) => ({ value: k, label: LEDGER_KIND_LABELS[k] }));

/** "+ ₹1,500.00" in green for money in, "− ₹800.00" in red for money out; the sign says it too. */
function Signed({ entry }: { entry: LedgerEntry }) {
  const out = entry.direction === 'out';
  return (
    <span className={out ? 'whitespace-nowrap font-medium tabular text-danger-text' : 'whitespace-nowrap font-medium tabular text-success'}>
      <span className="sr-only">{out ? 'Out ' : 'In '}</span>
      <span aria-hidden>{out ? '− ' : '+ '}</span>
      {formatMoney(entry.amount)}
    </span>
  );
}

/** Accommodation › Income/Expense: this module's rows of the ledger — rent received, refunds, deposits held and returned. */
export function AccommodationLedgerPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [kind, setKind] = useState('');
  const [mode, setMode] = useState('');
  const [centre, setCentre] = useState(sidebarCentre);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const modes = usePaymentModes();
  const filters = {
    kind: kind || undefined,
    payment_mode: mode || undefined,
    centre: centre || undefined,
    date_after: from || undefined,
    date_before: to || undefined,
  };
  const totals = useLedgerTotals(filters);
  const t = totals.data;

  const columns: Column<LedgerEntry>[] = [
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      mobile: 'subtitle',
      cell: (e) => <span className="whitespace-nowrap">{formatDate(e.date)}</span>,
    },
    {
      id: 'party',
      header: 'Party / Source',
      alwaysVisible: true,
      mobile: 'title',
      cell: (e) => (
        <div className="min-w-[10rem]">
          <div className="font-medium">{e.party || e.source.label || '—'}</div>
          {e.party && e.source.label && <div className="text-xs text-muted">{e.source.label}</div>}
        </div>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      mobile: 'badge',
      cell: (e) => (
        <span className="inline-flex flex-wrap gap-1">
          <Badge tone={e.kind === 'reversal' ? 'info' : 'neutral'}>{LEDGER_KIND_LABELS[e.kind]}</Badge>
          {e.reversed_by !== null && <Badge tone="danger">Reversed</Badge>}
        </span>
      ),
    },
    { id: 'category', header: 'Category', mobile: 'meta', cell: (e) => e.category_name || '—' },
    { id: 'mode', header: 'Mode', mobile: 'meta', cell: (e) => <span className="whitespace-nowrap">{e.payment_mode_name || '—'}</span> },
    { id: 'invoice', header: 'Invoice', mobile: false, cell: (e) => e.invoice_number || '—' },
    { id: 'reference', header: 'Reference', mobile: false, defaultHidden: true, cell: (e) => e.reference || '—' },
    { id: 'amount', header: 'Amount', sortKey: 'amount', align: 'right', mobile: 'amount', cell: (e) => <Signed entry={e} /> },
    recordedColumn((e) => e.recorded_by),
  ];

  return (
    <div>
      <PageHeader
        title="Income/Expense"
        description="The rooms' money on the ledger: rent received, refunds, and deposits held and returned. Reverse a mistake under Income/Expenses › Transactions."
      />
      <Card className="mb-4 px-4 py-3" aria-busy={totals.isFetching || undefined}>
        {totals.isPending ? (
          <Skeleton className="h-11" />
        ) : totals.isError || !t ? (
          <p className="text-sm text-danger-text">Totals could not be loaded: {errorMessage(totals.error)}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4" aria-label="Totals of the filtered rows">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted">Income</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular text-success">{formatMoney(t.income)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted">Expense</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular text-danger-text">{formatMoney(t.expense)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted">Net</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular">{formatMoney(t.net)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted">Movements</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular">{t.count}</dd>
            </div>
          </dl>
        )}
      </Card>
      <DataTable
        title="Accommodation transactions"
        queryKey={accommodationKeys.ledger}
        fetchPage={fetchLedger}
        exportPath={ledgerExport}
        columns={columns}
        rowKey={(e) => e.id}
        searchPlaceholder="Search party, reference, invoice"
        filters={filters}
        filterControls={
          <>
            <FilterSelect label="Kind" value={kind} onChange={setKind} options={KIND_OPTIONS} />
            <FilterSelect
              label="Mode"
              value={mode}
              onChange={setMode}
              options={(modes.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            />
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
          </>
        }
        onClearFilters={() => {
          setKind('');
          setMode('');
          setCentre('');
          setFrom('');
          setTo('');
        }}
        empty={{ icon: Wallet, title: 'No money in or out yet', description: 'Rent, deposits and refunds of stays appear here.' }}
      />
    </div>
  );
}
