import type { LedgerEntry } from '@arena/contracts/money';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { CentreFilter } from '../../components/CentreFilter';
import { recordedColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { KIND_OPTIONS, KindBadge, ledgerAmountColumn, LedgerTotalsStrip, TypeBadge } from '../money/public';
import { accommodationKeys, fetchLedger, ledgerExport, useLedgerTotals } from './api';

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
    { id: 'kind', header: 'Kind', mobile: 'badge', cell: (e) => <KindBadge entry={e} /> },
    { id: 'type', header: 'Type', mobile: false, cell: (e) => <TypeBadge type={e.type} /> },
    { id: 'category', header: 'Category', mobile: 'meta', cell: (e) => e.category_name || '—' },
    { id: 'mode', header: 'Mode', mobile: 'meta', cell: (e) => <span className="whitespace-nowrap">{e.payment_mode_name || '—'}</span> },
    { id: 'invoice', header: 'Invoice', mobile: false, cell: (e) => e.invoice_number || '—' },
    { id: 'reference', header: 'Reference', mobile: false, defaultHidden: true, cell: (e) => e.reference || '—' },
    ledgerAmountColumn,
    recordedColumn((e) => e.recorded_by),
  ];

  return (
    <div>
      <PageHeader
        title="Income/Expense"
        description="The rooms' money on the ledger: rent received, refunds, and deposits held and returned (deposits are held money, not income). Reverse a mistake under Income/Expenses › Transactions."
      />
      <LedgerTotalsStrip query={totals} label="Totals of the filtered rows" />
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
