import { format, startOfMonth } from 'date-fns';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { actionsColumn, recordedColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import {
  fetchTransactions,
  incomeExpenseKeys,
  transactionsFile,
  useCategoryOptions,
  useReverseTransaction,
  useTransactionTotals,
  type LedgerEntry,
} from './api';
import { reverseWithReason } from './entry-actions';
import { KIND_OPTIONS, KindBadge, ledgerAmountColumn, LEDGER_TYPE_OPTIONS, LedgerTotalsStrip, TypeBadge } from '../money/public';
import { MODULE_OPTIONS, moduleLabel, partyOf } from './ledger';
import { todayDate } from '../../lib/today';

const options = (items: { id: number; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Income/Expenses › Transactions: the one ledger — every movement of money in or out, of every module. */
export function LedgerPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const reverse = useReverseTransaction();
  // A link may open the list filtered (the home's Collections: `?type=income&date_after=…&date_before=…`).
  const [params] = useSearchParams();
  const initial = (name: string, fallback = '') => params.get(name) ?? fallback;
  const [type, setType] = useState(() => initial('type'));
  const [kind, setKind] = useState(() => initial('kind'));
  const [module, setModule] = useState(() => initial('module'));
  const [mode, setMode] = useState(() => initial('payment_mode'));
  const [centre, setCentre] = useState(() => initial('centre', sidebarCentre));
  const [category, setCategory] = useState(() => initial('category'));
  const [from, setFrom] = useState(() => initial('date_after', iso(startOfMonth(todayDate()))));
  const [to, setTo] = useState(() => initial('date_before'));

  const categories = useCategoryOptions(type === 'income' || type === 'expense' ? type : '');
  const modes = usePaymentModes();

  // The table and its totals read the same filters.
  const filters = {
    type: type || undefined,
    kind: kind || undefined,
    module: module || undefined,
    payment_mode: mode || undefined,
    centre: centre || undefined,
    category: category || undefined,
    date_after: from || undefined,
    date_before: to || undefined,
  };
  const totals = useTransactionTotals(filters);

  const askReverse = (e: LedgerEntry) =>
    reverseWithReason({
      title: `Reverse ${e.direction === 'in' ? 'receipt' : 'payment'} of ${formatMoney(e.amount)}`,
      description: `${partyOf(e)} · ${formatDate(e.date)}. A movement of the same amount the other way cancels it; both stay on record and reports stop counting it.`,
      reverse: (reason) => reverse.mutateAsync({ id: e.id, reason }),
      done: 'The movement was reversed.',
    });

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
          <div className="font-medium">{partyOf(e)}</div>
          {e.party && e.source.label && <div className="text-xs text-muted">{e.source.label}</div>}
        </div>
      ),
    },
    { id: 'kind', header: 'Kind', mobile: 'badge', cell: (e) => <KindBadge entry={e} /> },
    { id: 'type', header: 'Type', mobile: false, cell: (e) => <TypeBadge type={e.type} /> },
    { id: 'module', header: 'Module', mobile: 'meta', cell: (e) => <span className="whitespace-nowrap">{moduleLabel(e.module)}</span> },
    { id: 'category', header: 'Category', mobile: 'meta', cell: (e) => e.category_name || '—' },
    { id: 'centre', header: 'Center', mobile: false, defaultHidden: true, cell: (e) => e.centre_name || '—' },
    { id: 'mode', header: 'Mode', mobile: 'meta', cell: (e) => <span className="whitespace-nowrap">{e.payment_mode_name || '—'}</span> },
    { id: 'reference', header: 'Reference', mobile: false, defaultHidden: true, cell: (e) => e.reference || '—' },
    { id: 'invoice', header: 'Invoice', mobile: false, defaultHidden: true, cell: (e) => e.invoice_number || '—' },
    ledgerAmountColumn,
    recordedColumn((e) => e.recorded_by),
    actionsColumn((e) =>
      e.kind !== 'reversal' && e.reversed_by === null ? (
        <Button
          size="sm"
          variant="ghost-danger"
          aria-label={`Reverse ${partyOf(e)}, ${formatMoney(e.amount)} on ${formatDate(e.date)}`}
          onClick={() => void askReverse(e)}
        >
          Reverse
        </Button>
      ) : null,
    ),
  ];

  const clearFilters = () => {
    setType('');
    setKind('');
    setModule('');
    setMode('');
    setCentre('');
    setCategory('');
    setFrom('');
    setTo('');
  };

  return (
    <div>
      <PageHeader
        title="Transactions"
        description="The ledger: every rupee received or paid — bookings, memberships, the store and manual entries. Movements are never edited; a mistake is reversed."
      />
      <LedgerTotalsStrip query={totals} label="Totals of the filtered transactions" />
      <DataTable
        title="Ledger transactions"
        queryKey={incomeExpenseKeys.transactions}
        fetchPage={fetchTransactions}
        exportPath={transactionsFile}
        columns={columns}
        rowKey={(e) => e.id}
        searchPlaceholder="Search party, reference, source"
        filters={filters}
        filterControls={
          <>
            <FilterSelect
              label="Type"
              value={type}
              onChange={(v) => {
                setType(v);
                setCategory('');
              }}
              options={LEDGER_TYPE_OPTIONS}
            />
            <FilterSelect label="Kind" value={kind} onChange={setKind} options={KIND_OPTIONS} />
            <FilterSelect label="Module" value={module} onChange={setModule} options={MODULE_OPTIONS} />
            <FilterSelect label="Mode" value={mode} onChange={setMode} options={options(modes.data)} />
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Category" value={category} onChange={setCategory} options={options(categories.data)} />
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
          </>
        }
        onClearFilters={clearFilters}
        empty={{
          icon: Wallet,
          title: 'No money in or out yet',
          description: 'Payments for bookings, memberships and store sales, and the income and expenses you record, appear here.',
        }}
      />
    </div>
  );
}
