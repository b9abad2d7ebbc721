import type { EntryType, IncomeExpense } from '@arena/contracts/income-expense';
import { Paperclip, Plus, ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { actionsColumn, recordedColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { usePaymentModes } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { entriesFile, fetchEntries, incomeExpenseKeys, useCategoryOptions, useEntryMutations, useVendorOptions } from './api';
import { entryName, reverseWithReason } from './entry-actions';
import { EntryDetailDialog } from './EntryDetailDialog';
import { EntryFormDialog } from './EntryForm';
import { SignedAmount, TypeBadge } from '../money/public';
import { TYPE_OPTIONS } from './ledger';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'reversed', label: 'Removed (reversed)' },
];
const options = (items: { id: number; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

/** Income/Expenses › Income/Expenses: the manual entries, with the form to add or correct one and the reason to remove one. */
export function EntriesPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const { reverse } = useEntryMutations();
  const [type, setType] = useState<EntryType | ''>('');
  const [category, setCategory] = useState('');
  const [vendor, setVendor] = useState('');
  const [centre, setCentre] = useState(sidebarCentre);
  const [mode, setMode] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState('active');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<IncomeExpense | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const categories = useCategoryOptions(type);
  const vendors = useVendorOptions();
  const modes = usePaymentModes();

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (e: IncomeExpense) => {
    setViewing(null);
    setEditing(e);
    setFormOpen(true);
  };
  const remove = async (e: IncomeExpense) => {
    const removed = await reverseWithReason({
      title: `Remove ${entryName(e)}`,
      description:
        'A reversing movement cancels it in the ledger, so totals and reports no longer count it. The entry and its reversal stay on record.',
      reverse: (reason) => reverse.mutateAsync({ id: e.id, reason }),
      done: `${entryName(e)} was removed.`,
    });
    if (removed) setViewing(null);
  };

  const columns: Column<IncomeExpense>[] = [
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      mobile: 'subtitle',
      cell: (e) => <span className="whitespace-nowrap">{formatDate(e.date)}</span>,
    },
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      alwaysVisible: true,
      mobile: 'title',
      cell: (e) => (
        <button type="button" onClick={() => setViewing(e.id)} className="min-w-[10rem] text-left hover:underline">
          <span className="font-medium text-fg">{entryName(e)}</span>
          {e.attachment && (
            <>
              <Paperclip size={12} className="ml-1 inline text-muted" aria-hidden />
              <span className="sr-only"> (bill attached)</span>
            </>
          )}
          <span className="block text-xs text-muted">{e.category_name}</span>
        </button>
      ),
    },
    { id: 'type', header: 'Type', sortKey: 'type', mobile: 'badge', cell: (e) => <TypeBadge type={e.type} /> },
    { id: 'vendor', header: 'Vendor', sortKey: 'vendor_name', mobile: 'meta', cell: (e) => e.vendor_name || '—' },
    { id: 'centre', header: 'Center', mobile: false, defaultHidden: true, cell: (e) => e.centre_name || '—' },
    { id: 'mode', header: 'Mode', mobile: 'meta', cell: (e) => <span className="whitespace-nowrap">{e.payment_mode_name}</span> },
    { id: 'reference', header: 'Reference', mobile: false, defaultHidden: true, cell: (e) => e.reference || '—' },
    {
      id: 'gst',
      header: 'GST',
      align: 'right',
      mobile: false,
      defaultHidden: true,
      cell: (e) => (e.gst_rate ? <span className="tabular">{e.gst_rate} %</span> : '—'),
    },
    {
      id: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      mobile: 'amount',
      cell: (e) => (
        <span className="inline-flex flex-col items-end gap-0.5">
          <SignedAmount
            direction={e.type === 'income' ? 'in' : 'out'}
            amount={e.amount}
            className={e.status === 'reversed' ? 'line-through opacity-70' : undefined}
          />
          {e.status === 'reversed' && <Badge tone="danger">Reversed</Badge>}
        </span>
      ),
    },
    recordedColumn((e) => e.created_by_name),
    actionsColumn((e) => (
      <>
        <Button size="sm" variant="ghost" aria-label={`View ${entryName(e)}`} onClick={() => setViewing(e.id)}>
          View
        </Button>
        {e.status === 'active' && (
          <>
            <Button size="sm" variant="ghost" aria-label={`Edit ${entryName(e)}`} onClick={() => openEdit(e)}>
              Edit
            </Button>
            <Button size="sm" variant="ghost-danger" aria-label={`Remove ${entryName(e)}`} onClick={() => void remove(e)}>
              Remove
            </Button>
          </>
        )}
      </>
    )),
  ];

  const clearFilters = () => {
    setType('');
    setCategory('');
    setVendor('');
    setCentre('');
    setMode('');
    setFrom('');
    setTo('');
    setStatus('active');
  };

  return (
    <div>
      <PageHeader
        title="Income/Expenses"
        description="Money received or paid outside bookings, memberships and the store. Each entry is a movement of the ledger."
        actions={
          <Button onClick={openAdd}>
            <Plus size={16} aria-hidden /> Add Income/Expense
          </Button>
        }
      />
      <DataTable
        title="Income and expense entries"
        queryKey={incomeExpenseKeys.entries}
        fetchPage={fetchEntries}
        exportPath={entriesFile}
        columns={columns}
        rowKey={(e) => e.id}
        searchPlaceholder="Search title, vendor, reference"
        filters={{
          type: type || undefined,
          category: category || undefined,
          vendor: vendor || undefined,
          centre: centre || undefined,
          payment_mode: mode || undefined,
          date_after: from || undefined,
          date_before: to || undefined,
          // 'active' is the API's default: only a different choice counts as a filter.
          status: status === 'active' ? undefined : status,
        }}
        filterControls={
          <>
            <FilterSelect
              label="Type"
              value={type}
              onChange={(v) => {
                setType(v as EntryType | '');
                setCategory('');
              }}
              options={TYPE_OPTIONS}
            />
            <FilterSelect label="Category" value={category} onChange={setCategory} options={options(categories.data)} />
            <FilterSelect label="Vendor" value={vendor} onChange={setVendor} options={options(vendors.data)} />
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Mode" value={mode} onChange={setMode} options={options(modes.data)} />
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
            <FilterSelect label="Status" value={status} onChange={setStatus} allLabel={false} options={STATUS_OPTIONS} />
          </>
        }
        onClearFilters={clearFilters}
        empty={{
          icon: ReceiptIndianRupee,
          title: 'No income or expenses yet',
          description: 'Record rent, salaries, bills and other money in or out that no booking, membership or sale brings.',
          action: (
            <Button onClick={openAdd}>
              <Plus size={16} aria-hidden /> Add Income/Expense
            </Button>
          ),
        }}
      />
      <EntryFormDialog open={formOpen} onOpenChange={setFormOpen} entry={editing} />
      <EntryDetailDialog
        entryId={viewing}
        onClose={() => setViewing(null)}
        actions={(e) => (
          <>
            <Button variant="secondary" onClick={() => openEdit(e)}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => void remove(e)}>
              Remove
            </Button>
          </>
        )}
      />
    </div>
  );
}
