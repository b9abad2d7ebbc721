import { INVOICE_STATUSES } from '@arena/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { actionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { CloseBooks } from './CloseBooks';
import { countInvoices, fetchInvoices, invoiceKeys, invoicesFile, type InvoiceListItem } from './api';
import { EmailInvoiceDialog, InvoiceActionMenu, InvoiceKindBadge, InvoiceStatusBadge, type InvoiceRef } from './InvoiceActions';
import { KIND_LABELS, moduleLabel, paiseOf, SELLING_MODULES, statusLabel } from './invoice-format';

const FILTERS = ['module', 'status', 'kind', 'centre', 'date_after', 'date_before'] as const;
type FilterName = (typeof FILTERS)[number];

const money = (value: string) => <span className="whitespace-nowrap">{formatMoney(value)}</span>;

/** /accounts: every module's invoices and credit notes, with their PDFs, receipts and e-mail. */
export function AccountsPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  // The filters live in the address, so coming back from an invoice finds the list as it was.
  const [params, setParams] = useSearchParams();
  const filter = (name: FilterName) => (name === 'centre' ? (params.get('centre') ?? sidebarCentre) : (params.get(name) ?? ''));
  const setFilter = (name: FilterName) => (value: string) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value || (name === 'centre' && sidebarCentre)) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const [emailing, setEmailing] = useState<InvoiceRef | null>(null);

  const filters = Object.fromEntries(FILTERS.map((f) => [f, filter(f) || undefined])) as Record<FilterName, string | undefined>;
  // The counts on top follow the filters that do not split them (centre, module, dates).
  const countScope = { module: filters.module, centre: filters.centre, date_after: filters.date_after, date_before: filters.date_before };
  const counts = useQuery({
    queryKey: [...invoiceKeys.counts, countScope],
    queryFn: async () => {
      const [invoices, creditNotes, issued, partial] = await Promise.all([
        countInvoices({ ...countScope, kind: 'invoice' }),
        countInvoices({ ...countScope, kind: 'credit_note' }),
        countInvoices({ ...countScope, kind: 'invoice', status: 'issued' }),
        countInvoices({ ...countScope, kind: 'invoice', status: 'partially_paid' }),
      ]);
      return { invoices, creditNotes, awaiting: issued + partial, partial };
    },
  });

  const columns: Column<InvoiceListItem>[] = [
    {
      id: 'number',
      header: 'Number',
      sortKey: 'number',
      alwaysVisible: true,
      mobile: 'title',
      cell: (i) => (
        <Link to={`/accounts/${i.id}`} className="whitespace-nowrap font-medium text-accent-text hover:underline">
          {i.number}
        </Link>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      mobile: 'badge',
      cell: (i) => (
        <span className="whitespace-nowrap">
          <InvoiceKindBadge kind={i.kind} />
        </span>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      sortKey: 'date',
      mobile: 'subtitle',
      cell: (i) => <span className="whitespace-nowrap">{formatDate(i.date)}</span>,
    },
    {
      id: 'source',
      header: 'Source',
      mobile: 'meta',
      cell: (i) => (
        <div className="whitespace-nowrap">
          <div>{i.source.label || '—'}</div>
          <div className="text-xs text-muted">{moduleLabel(i.module)}</div>
        </div>
      ),
    },
    {
      id: 'buyer',
      header: 'Buyer',
      sortKey: 'buyer_name',
      mobile: 'subtitle',
      cell: (i) => (
        <div className="min-w-[8rem]">
          <div>{i.buyer_name || '—'}</div>
          {i.buyer_phone && <div className="text-xs text-muted tabular">{i.buyer_phone}</div>}
        </div>
      ),
    },
    // Off at first (the Center filter and the Columns menu bring it back), so the row fits a laptop's width.
    {
      id: 'centre',
      header: 'Center',
      mobile: false,
      defaultHidden: true,
      cell: (i) => <span className="whitespace-nowrap">{i.centre_name || '—'}</span>,
    },
    { id: 'total', header: 'Total', sortKey: 'total', align: 'right', mobile: 'amount', cell: (i) => money(i.total) },
    { id: 'paid', header: 'Paid', sortKey: 'paid', align: 'right', mobile: 'amount', cell: (i) => money(i.paid) },
    {
      id: 'due',
      header: 'Due',
      align: 'right',
      mobile: 'amount',
      cell: (i) =>
        paiseOf(i.due) > 0 && i.status !== 'cancelled' ? (
          <span className="whitespace-nowrap font-medium text-danger-text">{formatMoney(i.due)}</span>
        ) : (
          <span className="whitespace-nowrap text-muted">{formatMoney(i.due)}</span>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      mobile: 'badge',
      cell: (i) => (
        <span className="whitespace-nowrap">
          <InvoiceStatusBadge status={i.status} />
        </span>
      ),
    },
    actionsColumn((i) => (
      <>
        <Link to={`/accounts/${i.id}`} className={buttonClass('ghost', 'sm')} aria-label={`Open ${i.number}`}>
          Open
        </Link>
        <InvoiceActionMenu invoice={i} onEmail={setEmailing} />
      </>
    )),
  ];

  const clearFilters = () => setParams(sidebarCentre ? { centre: '' } : {}, { replace: true });
  const countText = (n: number | undefined) => (n === undefined ? '…' : formatCount(n));

  return (
    <div>
      <PageHeader
        title="Accounts"
        description="The tax invoices and credit notes of every module: open, print, download or e-mail any of them."
        actions={<CloseBooks />}
      />
      <div className="mb-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard label="Invoices" value={countText(counts.data?.invoices)} sub={periodText(filters.date_after, filters.date_before)} />
        <StatCard
          label="Awaiting payment"
          value={countText(counts.data?.awaiting)}
          sub={counts.data ? `${formatCount(counts.data.partial)} partially paid` : undefined}
        />
        <StatCard className="max-lg:col-span-2" label="Credit notes" value={countText(counts.data?.creditNotes)} />
      </div>
      <DataTable
        title="Invoices"
        queryKey={invoiceKeys.list}
        fetchPage={fetchInvoices}
        exportPath={invoicesFile}
        columns={columns}
        rowKey={(i) => i.id}
        searchPlaceholder="Search number or buyer"
        filters={filters}
        filterControls={
          <>
            <FilterSelect
              label="Module"
              value={filter('module')}
              onChange={setFilter('module')}
              options={SELLING_MODULES.map((m) => ({ value: m, label: moduleLabel(m) }))}
            />
            <FilterSelect
              label="Kind"
              value={filter('kind')}
              onChange={setFilter('kind')}
              options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
            />
            <FilterSelect
              label="Status"
              value={filter('status')}
              onChange={setFilter('status')}
              options={INVOICE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            />
            <CentreFilter value={filter('centre')} onChange={setFilter('centre')} />
            <FilterDate label="From" value={filter('date_after')} onChange={setFilter('date_after')} />
            <FilterDate label="To" value={filter('date_before')} onChange={setFilter('date_before')} />
          </>
        }
        onClearFilters={clearFilters}
        empty={{
          icon: FileText,
          title: 'No invoices yet',
          description: 'Every sale of every module — bookings, memberships, the store — gets a tax invoice, and it appears here.',
        }}
      />
      <EmailInvoiceDialog invoice={emailing} onClose={() => setEmailing(null)} />
    </div>
  );
}

function periodText(from: string | undefined, to: string | undefined): string {
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`;
  if (from) return `From ${formatDate(from)}`;
  if (to) return `Up to ${formatDate(to)}`;
  return 'All dates';
}
