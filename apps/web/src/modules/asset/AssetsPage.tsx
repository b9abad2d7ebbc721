import { ASSET_CONDITIONS, ASSET_STATUS_LABELS, ASSET_STATUSES, floorText, locationText, type Asset } from '@arena/contracts/asset';
import { Package, Plus, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { OrgAvatar } from '../../components/Avatar';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { capitalise, formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import { useSidebar } from '../../state/sidebar';
import {
  ASSET_MODULE,
  ASSET_PATHS,
  assetKeys,
  assetsExport,
  downloadLabels,
  fetchAssets,
  useAssetCategoryOptions,
  useAssetLocations,
  useAssetVendorOptions,
} from './api';
import { AssetFormDialog } from './AssetForm';
import { AssetStatusBadge } from './parts';

const columns: Column<Asset>[] = [
  {
    id: 'name',
    header: 'Asset',
    sortKey: 'name',
    alwaysVisible: true,
    mobile: 'title',
    cell: (a) => (
      <Link to={ASSET_PATHS.asset(a.id)} className="flex min-w-[200px] items-center gap-3 hover:underline">
        <OrgAvatar name={a.name} picture={a.picture} size="sm" />
        <span>
          <span className="block font-medium">{a.name}</span>
          <span className="block text-xs text-muted tabular">
            {a.code} · {a.category_name}
          </span>
        </span>
      </Link>
    ),
  },
  { id: 'centre', header: 'Center', sortKey: 'centre', mobile: 'subtitle', cell: (a) => a.centre_name },
  { id: 'location', header: 'Location', cell: (a) => locationText(a.location) || '—', defaultHidden: true },
  { id: 'make', header: 'Make and model', cell: (a) => [a.make, a.model].filter(Boolean).join(' ') || '—', defaultHidden: true },
  {
    id: 'purchase_date',
    header: 'Bought',
    sortKey: 'purchase_date',
    cell: (a) => <span className="whitespace-nowrap">{formatDate(a.purchase_date)}</span>,
  },
  { id: 'cost', header: 'Cost', sortKey: 'cost', align: 'right', mobile: 'meta', cell: (a) => formatMoney(a.cost) },
  { id: 'book_value', header: 'Book value', align: 'right', mobile: 'amount', cell: (a) => formatMoney(a.book_value) },
  {
    id: 'warranty_until',
    header: 'Warranty',
    sortKey: 'warranty_until',
    cell: (a) => <span className="whitespace-nowrap">{a.warranty_until ? formatDate(a.warranty_until) : '—'}</span>,
  },
  {
    id: 'next_maintenance',
    header: 'Next service',
    cell: (a) => <span className="whitespace-nowrap">{a.next_maintenance ? formatDate(a.next_maintenance) : '—'}</span>,
    defaultHidden: true,
  },
  { id: 'condition', header: 'Condition', cell: (a) => capitalise(a.condition), defaultHidden: true },
  { id: 'status', header: 'Status', sortKey: 'status', mobile: 'meta', cell: (a) => <AssetStatusBadge status={a.status} /> },
];

const STATUS_OPTIONS = ASSET_STATUSES.map((s) => ({ value: s, label: ASSET_STATUS_LABELS[s] }));
const CONDITION_OPTIONS = ASSET_CONDITIONS.map((c) => ({ value: c, label: capitalise(c) }));
const WARRANTY_OPTIONS = [{ value: 'true', label: 'Ending in 30 days' }];

/** Asset Management › My Assets: the register with its filters, export and QR labels; Add Asset. */
export function AssetsPage() {
  const navigate = useNavigate();
  const canManage = useCan(ASSET_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const [category, setCategory] = useState('');
  const [vendor, setVendor] = useState('');
  const [status, setStatus] = useState('');
  const [condition, setCondition] = useState('');
  const [warranty, setWarranty] = useState('');
  const [floor, setFloor] = useState('');
  const [zone, setZone] = useState('');
  const [adding, setAdding] = useState(false);
  const [printing, setPrinting] = useState(false);
  const categories = useAssetCategoryOptions();
  const vendors = useAssetVendorOptions();
  const locations = useAssetLocations(centre);
  const filters = {
    floor: floor || undefined,
    zone: zone || undefined,
    category: category || undefined,
    vendor: vendor || undefined,
    status: status || undefined,
    condition: condition || undefined,
    warranty_ending: warranty || undefined,
  };
  const printLabels = async () => {
    setPrinting(true);
    try {
      const page = await fetchAssets({ page: 1, page_size: 100, ...filters, centre: centre || undefined } as never);
      if (!page.results.length) notify.error('No assets match these filters.');
      else await downloadLabels(page.results.map((a) => a.id));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <div>
      <PageHeader
        title="My Assets"
        description="Every machine, net and air conditioner by center and place, with its cost, book value, warranty and condition. Open one for its depreciation, maintenance and QR label."
        actions={
          <>
            <Button variant="secondary" onClick={() => void printLabels()} disabled={printing}>
              <Printer size={16} aria-hidden /> {printing ? 'Preparing…' : 'Print Labels'}
            </Button>
            {canManage && (
              <Button onClick={() => setAdding(true)}>
                <Plus size={16} aria-hidden /> Add Asset
              </Button>
            )}
          </>
        }
      />
      <DataTable
        title="Assets"
        queryKey={assetKeys.assets}
        fetchPage={fetchAssets}
        exportPath={assetsExport}
        columns={columns}
        rowKey={(a) => a.id}
        searchPlaceholder="Search code, name, serial no., zone"
        scope={{ centre: centre || undefined }}
        filters={filters}
        onClearFilters={() => {
          setCategory('');
          setVendor('');
          setStatus('');
          setCondition('');
          setWarranty('');
          setFloor('');
          setZone('');
        }}
        filterControls={
          <>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
            <FilterSelect
              label="Floor"
              value={floor}
              onChange={setFloor}
              options={(locations.data?.floors ?? []).map((f) => ({ value: f, label: floorText(f) }))}
            />
            <FilterSelect
              label="Zone"
              value={zone}
              onChange={setZone}
              options={(locations.data?.zones ?? []).map((z) => ({ value: z, label: z }))}
            />
            <FilterSelect label="Condition" value={condition} onChange={setCondition} options={CONDITION_OPTIONS} />
            <FilterSelect label="Vendor" value={vendor} onChange={setVendor} options={optionsOf(vendors.data)} />
            <FilterSelect label="Warranty" value={warranty} onChange={setWarranty} options={WARRANTY_OPTIONS} />
          </>
        }
        empty={{
          icon: Package,
          title: 'No assets yet',
          description: 'Add your machines and equipment: each gets a code and a QR label to stick on it.',
          action: canManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden /> Add Asset
            </Button>
          ) : undefined,
        }}
      />
      <AssetFormDialog open={adding} onOpenChange={setAdding} asset={null} onSaved={(a) => void navigate(ASSET_PATHS.asset(a.id))} />
    </div>
  );
}
