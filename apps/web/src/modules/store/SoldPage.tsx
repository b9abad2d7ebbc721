import { clsx } from 'clsx';
import { Package, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { invoicePath, SALE_STATUS, SaleStatusBadge } from './InvoicePage';
import { fetchSales, fetchSoldLines, salesFile, salesKeys, soldLinesFile, type SaleListItem, type SoldLine } from './sales-api';

const STATUS_OPTIONS = Object.entries(SALE_STATUS).map(([value, s]) => ({ value, label: s.label }));
type View = 'sales' | 'products';

/**
 * Store › Sold: every sale (number, customer, items, total, paid, due) with its invoice a click
 * away, and the per-line "Sold products" list. `?search=` opens it filtered (a notification's link
 * names the sale's number); `?view=products` opens the lines.
 */
export function SoldPage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'products' ? 'products' : 'sales';
  const search = params.get('search') ?? '';
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [centre, setCentre] = useState(sidebarCentre);
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const setView = (next: View) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'products') q.set('view', 'products');
        else q.delete('view');
        return q;
      },
      { replace: true },
    );
  const clear = () => {
    setCentre('');
    setStatus('');
    setFrom('');
    setTo('');
  };
  const dates = (
    <>
      <FilterDate label="From" value={from} onChange={setFrom} />
      <FilterDate label="To" value={to} onChange={setTo} />
      <CentreFilter value={centre} onChange={setCentre} />
    </>
  );
  const period = { date_after: from || undefined, date_before: to || undefined, centre: centre || undefined };

  return (
    <div>
      <PageHeader
        title="Sold"
        description="Every sale at the counter, with its invoice, and every product line sold."
        actions={
          <Link to="/store/billing" className={buttonClass('primary')}>
            New sale
          </Link>
        }
      />
      <div className="mb-4 inline-flex rounded-md border border-line-strong bg-surface p-0.5 shadow-sm" role="group" aria-label="Show">
        {(
          [
            ['sales', 'Sales'],
            ['products', 'Sold products'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => setView(value)}
            className={clsx(
              'h-8 rounded px-3 text-sm font-medium transition-colors',
              view === value ? 'bg-accent text-accent-fg' : 'text-muted hover:bg-subtle hover:text-fg',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {view === 'sales' ? (
        <DataTable
          key={`sales-${search}`}
          title="Sales"
          initialSearch={search}
          queryKey={salesKeys.list}
          fetchPage={fetchSales}
          exportPath={salesFile}
          columns={saleColumns}
          rowKey={(s) => s.id}
          searchPlaceholder="Search number or customer"
          filters={{ ...period, status: status || undefined }}
          filterControls={
            <>
              <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
              {dates}
            </>
          }
          onClearFilters={clear}
          empty={{
            icon: ReceiptText,
            title: 'No sales yet',
            description: 'Sales made at Billing appear here, each with its GST invoice.',
            action: (
              <Link to="/store/billing" className={buttonClass('primary')}>
                Open Billing
              </Link>
            ),
          }}
        />
      ) : (
        <DataTable
          key={`lines-${search}`}
          title="Sold products"
          initialSearch={search}
          queryKey={salesKeys.sold}
          fetchPage={fetchSoldLines}
          exportPath={soldLinesFile}
          columns={lineColumns}
          rowKey={(l) => l.id}
          searchPlaceholder="Search product, number or customer"
          filters={period}
          filterControls={dates}
          onClearFilters={clear}
          compactCards
          empty={{ icon: Package, title: 'Nothing sold yet', description: 'Each product line of a sale appears here.' }}
        />
      )}
    </div>
  );
}

const openLink = (sale: number, number: string) => (
  <Link to={invoicePath(sale)} className="font-medium text-accent-text hover:underline" aria-label={`Open invoice of ${number}`}>
    {number}
  </Link>
);

const saleColumns: Column<SaleListItem>[] = [
  { id: 'number', header: 'Number', sortKey: 'number', mobile: 'title', alwaysVisible: true, cell: (s) => openLink(s.id, s.number) },
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    mobile: 'subtitle',
    cell: (s) => <span className="whitespace-nowrap">{formatDate(s.date)}</span>,
  },
  { id: 'customer', header: 'Customer', sortKey: 'customer_name', cell: (s) => s.customer_name || 'Walk-in' },
  {
    id: 'items',
    header: 'Items',
    mobile: false,
    cell: (s) => (
      <span className="line-clamp-1 max-w-xs" title={s.summary}>
        {s.summary || `${s.items}`}
      </span>
    ),
  },
  { id: 'status', header: 'Status', mobile: 'badge', cell: (s) => <SaleStatusBadge status={s.status} /> },
  { id: 'total', header: 'Total', sortKey: 'total', align: 'right', cell: (s) => formatMoney(s.total) },
  { id: 'paid', header: 'Paid', align: 'right', defaultHidden: true, cell: (s) => formatMoney(s.paid) },
  {
    id: 'due',
    header: 'Due',
    sortKey: 'due',
    align: 'right',
    cell: (s) => <span className={Number(s.due) > 0 ? 'font-medium text-warning-text' : 'text-muted'}>{formatMoney(s.due)}</span>,
  },
  { id: 'centre', header: 'Center', defaultHidden: true, mobile: false, cell: (s) => s.centre_name },
  { id: 'sold_by', header: 'Sold by', defaultHidden: true, mobile: false, cell: (s) => s.sold_by_name || '—' },
  {
    id: 'actions',
    header: 'Actions',
    alwaysVisible: true,
    align: 'right',
    mobile: 'actions',
    cell: (s) => (
      <Link to={invoicePath(s.id)} className={buttonClass('ghost', 'sm')} aria-label={`Open ${s.number}`}>
        Open
      </Link>
    ),
  },
];

const lineColumns: Column<SoldLine>[] = [
  { id: 'label', header: 'Product', sortKey: 'label', mobile: 'title', alwaysVisible: true, cell: (l) => l.label },
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    mobile: 'subtitle',
    cell: (l) => <span className="whitespace-nowrap">{formatDate(l.date)}</span>,
  },
  { id: 'number', header: 'Sale', cell: (l) => openLink(l.sale, l.number) },
  { id: 'customer', header: 'Customer', cell: (l) => l.customer_name || 'Walk-in' },
  {
    id: 'quantity',
    header: 'Qty',
    sortKey: 'quantity',
    align: 'right',
    cell: (l) => (
      <span className="tabular">
        {l.quantity}
        {l.returned ? <span className="ml-1 text-xs text-warning-text">({l.returned} back)</span> : null}
      </span>
    ),
  },
  { id: 'price', header: 'Price', align: 'right', mobile: false, cell: (l) => formatMoney(l.price) },
  { id: 'discount', header: 'Discount', align: 'right', defaultHidden: true, mobile: false, cell: (l) => formatMoney(l.discount) },
  { id: 'total', header: 'Total', sortKey: 'total', align: 'right', cell: (l) => formatMoney(l.total) },
  { id: 'cost', header: 'Cost', align: 'right', defaultHidden: true, mobile: false, cell: (l) => formatMoney(l.cost) },
  { id: 'centre', header: 'Center', defaultHidden: true, mobile: false, cell: (l) => l.centre_name },
];
