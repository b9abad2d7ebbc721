import type { LedgerEntry } from '@arena/contracts/money';
import { Banknote } from 'lucide-react';
import { AuditLogTable } from '../../components/AuditLogTable';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { assetKeys, assetLogsExport, assetTransactionsExport, fetchAssetLogs, fetchAssetTransactions } from './api';

const columns: Column<LedgerEntry>[] = [
  {
    id: 'date',
    header: 'Date',
    sortKey: 'date',
    mobile: 'subtitle',
    cell: (t) => <span className="whitespace-nowrap">{formatDate(t.date)}</span>,
  },
  { id: 'category', header: 'Category', mobile: 'meta', cell: (t) => t.category_name || '—' },
  { id: 'for', header: 'For', mobile: 'title', cell: (t) => <span className="font-medium">{t.notes || t.source.label}</span> },
  { id: 'party', header: 'Paid to', cell: (t) => t.party || '—' },
  { id: 'centre', header: 'Center', cell: (t) => t.centre_name || '—', defaultHidden: true },
  { id: 'mode', header: 'Mode', mobile: 'meta', cell: (t) => t.payment_mode_name || '—' },
  {
    id: 'amount',
    header: 'Amount',
    sortKey: 'amount',
    align: 'right',
    mobile: 'amount',
    cell: (t) => (
      <span className={t.kind === 'reversal' ? 'tabular text-muted line-through' : 'font-semibold tabular'}>{formatMoney(t.amount)}</span>
    ),
  },
];

/** Asset Management › Transactions: the purchases (Equipment) and maintenance (Maintenance) this module put on the books. */
export function AssetTransactionsPage() {
  const centre = useSidebar((s) => s.selectedCentre);
  return (
    <div>
      <PageHeader
        title="Transactions"
        description="What assets cost: purchases entered as bought now (Equipment) and maintenance paid (Maintenance). Each is an expense in Income/Expenses."
      />
      <DataTable
        title="Asset transactions"
        queryKey={assetKeys.transactions}
        fetchPage={fetchAssetTransactions}
        exportPath={assetTransactionsExport}
        columns={columns}
        rowKey={(t) => t.id}
        scope={{ centre: centre || undefined }}
        searchPlaceholder="Search asset, vendor, reference"
        empty={{
          icon: Banknote,
          title: 'No transactions yet',
          description: 'An asset added as bought now, or maintenance done with a cost, is listed here.',
        }}
      />
    </div>
  );
}

/** Asset Management › Logs: who changed the register, its lookups and maintenance, and when. */
export function AssetLogsPage() {
  return (
    <div>
      <PageHeader title="Logs" description="Every change to assets, categories, vendors and maintenance, with who made it and when." />
      <AuditLogTable title="Asset Management logs" queryKey={assetKeys.logs} fetchPage={fetchAssetLogs} exportPath={assetLogsExport} />
    </div>
  );
}
