import type { Batch } from '@arena/contracts/store';
import clsx from 'clsx';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { actionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import { useSidebar } from '../../state/sidebar';
import { fetchNearToExpire, STORE_MODULE, STORE_PATHS, storeKeys } from './api';
import { BatchActionButtons, ExpiryCell } from './parts';

const DAY_OPTIONS = [7, 15, 30, 60, 90, 180].map((d) => ({ value: String(d), label: `${d} days` }));

/**
 * Store › Near To Expire: batches with stock that expire within the window (30 days unless the
 * server says otherwise), or already expired (`?expired=1`), with Write off per batch.
 */
export function NearToExpirePage() {
  const [params] = useSearchParams();
  const expired = params.get('expired') === '1';
  const canManage = useCan(STORE_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const [days, setDays] = useState('');
  const columns: Column<Batch>[] = [
    {
      id: 'label',
      header: 'Variant',
      alwaysVisible: true,
      mobile: 'title',
      cell: (b) => (
        <span className="block min-w-[180px]">
          <span className="block font-medium">{b.label}</span>
          <span className="block text-xs text-muted">
            Batch <span className="font-mono">{b.batch_no || '—'}</span>
            {b.supplier_name ? ` · ${b.supplier_name}` : ''}
          </span>
        </span>
      ),
    },
    { id: 'expiry_date', header: 'Expiry', cell: (b) => <ExpiryCell batch={b} />, mobile: 'badge' },
    { id: 'centre', header: 'Centre', cell: (b) => b.centre_name, mobile: 'subtitle' },
    { id: 'quantity', header: 'On hand', align: 'right', cell: (b) => formatCount(b.quantity) },
    { id: 'value', header: 'Value at cost', align: 'right', cell: (b) => formatMoney(b.value) },
    { id: 'received_on', header: 'Received', cell: (b) => formatDate(b.received_on), defaultHidden: true },
    ...(canManage
      ? [actionsColumn<Batch>((b) => <BatchActionButtons batch={b} only={expired ? ['write-off'] : ['write-off', 'transfer']} />)]
      : []),
  ];
  return (
    <div>
      <PageHeader
        title="Near To Expire"
        description={
          expired
            ? 'Batches past their expiry that still have stock: they are never sold. Write them off (an expense at cost) or return them to the supplier.'
            : 'Batches with stock that expire soon: sell them first (billing already picks the earliest expiry), move them to a busier centre, or write them off.'
        }
      />
      <nav aria-label="Near to expire sections" className="-mt-2 mb-5 flex gap-1 overflow-x-auto border-b border-line">
        {[
          { to: STORE_PATHS.nearToExpire, label: 'Near expiry', on: !expired },
          { to: `${STORE_PATHS.nearToExpire}?expired=1`, label: 'Expired', on: expired },
        ].map((tab) => (
          <Link
            key={tab.label}
            to={tab.to}
            aria-current={tab.on ? 'page' : undefined}
            className={clsx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              tab.on ? 'border-accent text-accent-text' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <DataTable
        key={expired ? 'expired' : 'near'}
        title={expired ? 'Expired batches' : 'Batches near expiry'}
        queryKey={storeKeys.nearToExpire}
        fetchPage={fetchNearToExpire}
        columns={columns}
        rowKey={(b) => b.id}
        searchPlaceholder="Search name, SKU, batch"
        scope={{ centre: centre || undefined, expired: expired ? 'true' : undefined }}
        filters={expired ? {} : { days: days || undefined }}
        onClearFilters={() => setDays('')}
        filterControls={
          !expired && <FilterSelect label="Within" value={days} onChange={setDays} options={DAY_OPTIONS} allLabel="Default window" />
        }
        empty={{
          icon: CalendarCheck,
          title: expired ? 'Nothing expired' : 'Nothing expires soon',
          description: expired ? 'No batch with stock is past its expiry.' : 'No batch with stock expires within this window.',
        }}
      />
    </div>
  );
}
