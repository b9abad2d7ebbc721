import type { Batch, Product, StockMovement, SubProduct } from '@arena/contracts/store';
import clsx from 'clsx';
import { Boxes, History, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { actionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { OrgAvatar } from '../../components/Avatar';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { usePhoneLayout } from '../../components/usePhoneLayout';
import { StatCard } from '../../components/StatCard';
import { useCrumbName } from '../../lib/crumbs';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import { useSidebar } from '../../state/sidebar';
import {
  batchesExport,
  fetchBatches,
  fetchMovements,
  movementsExport,
  STORE_MODULE,
  STORE_PATHS,
  storeKeys,
  useProduct,
  useVariants,
} from './api';
import { BatchActionButtons, ExpiryCell, MOVEMENT_LABELS, UNIT_LABELS } from './parts';
import { ProductFormDialog, VariantFormDialog } from './ProductForm';

/** Store › Products › a product: its details, its variants (edit, add), each variant's batches with their actions, and the movements. */
export function ProductPage() {
  const id = Number(useParams().productId);
  const product = useProduct(Number.isInteger(id) && id > 0 ? id : null);
  useCrumbName(STORE_PATHS.product(id), product.data?.name);
  if (product.isPending)
    return (
      <div aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="mt-4 h-64" />
      </div>
    );
  if (product.error || !product.data)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void product.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(product.error)}
      </Alert>
    );
  return <ProductBody product={product.data} />;
}

function ProductBody({ product }: { product: Product }) {
  const canManage = useCan(STORE_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const variants = useVariants(product.id, centre);
  const [editing, setEditing] = useState(false);
  const [variantDialog, setVariantDialog] = useState<{ variant: SubProduct | null } | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const phone = usePhoneLayout();
  const list = variants.data ?? [];
  const selected = list.find((v) => v.id === chosen) ?? list[0] ?? null;
  const variantButtons = (v: SubProduct) => (
    <>
      <Button
        size="sm"
        variant={selected?.id === v.id ? 'secondary' : 'ghost'}
        aria-label={`Batches of ${v.name}`}
        aria-pressed={selected?.id === v.id}
        onClick={() => setChosen(v.id)}
      >
        Batches
      </Button>
      {canManage && (
        <Button size="sm" variant="ghost" aria-label={`Edit ${v.name}`} onClick={() => setVariantDialog({ variant: v })}>
          Edit
        </Button>
      )}
    </>
  );
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start gap-4">
        <OrgAvatar name={product.name} picture={product.picture} size="lg" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={product.name}
            description={[product.brand_name, product.category_name, product.sub_category_name].filter(Boolean).join(' · ')}
            actions={
              <>
                <Link to={`${STORE_PATHS.newPurchase}?product=${product.id}`} className={buttonClass('secondary')}>
                  <Boxes size={16} aria-hidden /> Purchase stock
                </Link>
                {canManage && (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    <Pencil size={16} aria-hidden /> Edit Product
                  </Button>
                )}
              </>
            }
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Stock"
          value={`${formatCount(product.stock)}`}
          sub={`${UNIT_LABELS[product.unit]} · reorder at ${formatCount(product.reorder_level)}`}
        />
        <StatCard label="Value at cost" value={formatMoney(product.value)} />
        <StatCard label="GST" value={`${product.gst_rate} %`} sub={`HSN ${product.hsn}`} />
        <StatCard
          label="Expiry"
          value={product.tracks_expiry ? 'Tracked' : 'Not tracked'}
          sub={product.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
        />
      </div>
      {product.gst_rates.length > 1 && (
        <p className="text-xs text-muted">
          GST history: {product.gst_rates.map((r) => `${r.rate} % from ${formatDate(r.from)}`).join(' · ')}
        </p>
      )}

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 className="text-sm font-semibold">Variants</h2>
          {canManage && (
            <Button size="sm" variant="secondary" onClick={() => setVariantDialog({ variant: null })}>
              <Plus size={14} aria-hidden /> Add Variant
            </Button>
          )}
        </div>
        {variants.isPending ? (
          <Skeleton className="m-4 h-24" />
        ) : list.length === 0 ? (
          <p className="px-4 py-6 text-sm text-muted">No variants yet: add one (a flavour or size) to sell and purchase this product.</p>
        ) : phone ? (
          <ul className="divide-y divide-line" aria-label={`Variants of ${product.name}`}>
            {list.map((v) => (
              <li key={v.id} className={clsx('space-y-1 px-4 py-3 text-sm', selected?.id === v.id && 'bg-accent-soft/40')}>
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">{v.name}</span>
                  <span className={clsx('tabular', v.stock <= v.reorder_level && 'font-medium text-danger-text')}>
                    {formatCount(v.stock)} in stock
                  </span>
                </div>
                <div className="text-xs text-muted">
                  {[v.sku, v.barcode].filter(Boolean).join(' · ') || 'No codes'}
                  {v.next_expiry ? ` · next expiry ${formatDate(v.next_expiry)}` : ''}
                  {v.sellable < v.stock ? ` · ${formatCount(v.stock - v.sellable)} expired` : ''}
                </div>
                <div className="tabular">
                  MRP {formatMoney(v.mrp)} · Price {formatMoney(v.price)} · Cost {formatMoney(v.cost)}
                </div>
                <div className="flex justify-end gap-1">{variantButtons(v)}</div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={`Variants of ${product.name}`}>
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="px-4 py-2 font-medium">Variant</th>
                  <th className="px-2 py-2 font-medium">SKU · Barcode</th>
                  <th className="px-2 py-2 text-right font-medium">MRP</th>
                  <th className="px-2 py-2 text-right font-medium">Price</th>
                  <th className="px-2 py-2 text-right font-medium">Cost</th>
                  <th className="px-2 py-2 text-right font-medium">Stock</th>
                  <th className="px-2 py-2 font-medium">Next expiry</th>
                  <th className="px-4 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.map((v) => (
                  <tr key={v.id} className={clsx(selected?.id === v.id && 'bg-accent-soft/40')}>
                    <td className="px-4 py-2">
                      <span className="font-medium">{v.name}</span>
                      {!v.is_active && (
                        <span className="ml-2">
                          <Badge>Inactive</Badge>
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-2 text-xs">
                      <span className="block font-mono">{v.sku || '—'}</span>
                      <span className="block font-mono text-muted">{v.barcode}</span>
                    </td>
                    <td className="px-2 py-2 text-right tabular">{formatMoney(v.mrp)}</td>
                    <td className="px-2 py-2 text-right tabular">{formatMoney(v.price)}</td>
                    <td className="px-2 py-2 text-right tabular">{formatMoney(v.cost)}</td>
                    <td className={clsx('px-2 py-2 text-right tabular', v.stock <= v.reorder_level && 'font-medium text-danger-text')}>
                      {formatCount(v.stock)}
                      {v.sellable < v.stock && (
                        <span className="block text-xs text-danger-text">{formatCount(v.stock - v.sellable)} expired</span>
                      )}
                    </td>
                    <td className="px-2 py-2">{v.next_expiry ? formatDate(v.next_expiry) : '—'}</td>
                    <td className="px-4 py-2">
                      <div className="flex justify-end gap-1">{variantButtons(v)}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {selected && <VariantStock variant={selected} />}

      <ProductFormDialog open={editing} onOpenChange={setEditing} product={product} />
      <VariantFormDialog
        open={!!variantDialog}
        onOpenChange={(open) => !open && setVariantDialog(null)}
        product={product}
        variant={variantDialog?.variant ?? null}
      />
    </div>
  );
}

const STATE_OPTIONS = [
  { value: 'ok', label: 'In date' },
  { value: 'near_expiry', label: 'Near expiry' },
  { value: 'expired', label: 'Expired' },
  { value: 'empty', label: 'Empty' },
];

/** A variant's batches (with their actions) and its stock movements. */
function VariantStock({ variant }: { variant: SubProduct }) {
  const canOperate = useCan(STORE_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const [state, setState] = useState('');
  const batchColumns: Column<Batch>[] = [
    { id: 'batch_no', header: 'Batch', cell: (b) => <span className="font-mono">{b.batch_no || '—'}</span>, mobile: 'title' },
    { id: 'expiry_date', header: 'Expiry', sortKey: 'expiry_date', cell: (b) => <ExpiryCell batch={b} />, mobile: 'badge' },
    { id: 'centre', header: 'Centre', cell: (b) => b.centre_name },
    {
      id: 'quantity',
      header: 'On hand',
      align: 'right',
      cell: (b) => `${formatCount(b.quantity)} of ${formatCount(b.received)}`,
    },
    { id: 'cost', header: 'Cost', align: 'right', cell: (b) => formatMoney(b.cost) },
    { id: 'value', header: 'Value', align: 'right', cell: (b) => formatMoney(b.value), mobile: false },
    { id: 'received_on', header: 'Received', cell: (b) => formatDate(b.received_on), mobile: 'subtitle' },
    { id: 'supplier', header: 'Supplier', cell: (b) => b.supplier_name || '—', defaultHidden: true },
    ...(canOperate ? [actionsColumn<Batch>((b) => <BatchActionButtons batch={b} />)] : []),
  ];
  const movementColumns: Column<StockMovement>[] = [
    {
      id: 'at',
      header: 'When',
      cell: (m) => <span className="whitespace-nowrap">{formatDateTime(m.at)}</span>,
      mobile: 'subtitle',
    },
    { id: 'kind', header: 'Movement', cell: (m) => MOVEMENT_LABELS[m.kind], mobile: 'title' },
    {
      id: 'quantity',
      header: 'Units',
      align: 'right',
      cell: (m) => (
        <span className={m.quantity < 0 ? 'text-danger-text' : 'text-success'}>
          {m.quantity > 0 ? '+' : '−'}
          {formatCount(Math.abs(m.quantity))}
        </span>
      ),
    },
    { id: 'batch', header: 'Batch', cell: (m) => <span className="font-mono">{m.batch_no || '—'}</span> },
    { id: 'centre', header: 'Centre', cell: (m) => m.centre_name, mobile: false },
    { id: 'reference', header: 'Reference', cell: (m) => [m.reference, m.reason].filter(Boolean).join(' · ') || '—' },
    { id: 'by', header: 'By', cell: (m) => m.by || '—', mobile: false },
  ];
  return (
    <>
      <section aria-labelledby="batches-heading" className="space-y-2">
        <h2 id="batches-heading" className="text-sm font-semibold">
          Batches of {variant.name}
        </h2>
        <DataTable
          title={`Batches of ${variant.label}`}
          queryKey={[...storeKeys.batches, 'of', variant.id]}
          fetchPage={fetchBatches}
          exportPath={batchesExport}
          columns={batchColumns}
          rowKey={(b) => b.id}
          searchPlaceholder="Search batch number"
          scope={{ sub_product: String(variant.id), centre: centre || undefined }}
          filters={{ state: state || undefined }}
          onClearFilters={() => setState('')}
          filterControls={<FilterSelect label="State" value={state} onChange={setState} options={STATE_OPTIONS} />}
          empty={{
            icon: Boxes,
            title: 'No batches yet',
            description: (
              <>
                Stock comes in through a supplier’s bill:{' '}
                <Link to={`${STORE_PATHS.newPurchase}?sub_product=${variant.id}`} className="text-accent-text hover:underline">
                  enter a purchase
                </Link>
                .
              </>
            ),
          }}
        />
      </section>
      <section aria-labelledby="movements-heading" className="space-y-2">
        <h2 id="movements-heading" className="text-sm font-semibold">
          Movements of {variant.name}
        </h2>
        <DataTable
          title={`Stock movements of ${variant.label}`}
          queryKey={[...storeKeys.movements, 'of', variant.id]}
          fetchPage={fetchMovements}
          exportPath={movementsExport}
          columns={movementColumns}
          rowKey={(m) => m.id}
          searchPlaceholder="Search reference, reason"
          scope={{ sub_product: String(variant.id), centre: centre || undefined }}
          empty={{
            icon: History,
            title: 'No movements yet',
            description: 'Purchases, sales, returns, write-offs and adjustments appear here.',
          }}
        />
      </section>
    </>
  );
}
