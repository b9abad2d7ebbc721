import type { LowStock } from '@arena/contracts/store';
import { PackageCheck, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { formatCount, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import { useSidebar } from '../../state/sidebar';
import { fetchLowStock, lowStockExport, STORE_MODULE, STORE_PATHS, storeKeys, useBrandOptions, useCategoryOptions } from './api';
import type { PurchaseDraft } from './PurchaseForm';

/**
 * Store › Low Stock: variants at or below their reorder level, with the supplier they came from
 * last and the units that bring them to twice the level. Tick rows and Create purchase opens a bill
 * with those lines filled in (the one-click purchase draft).
 */
export function LowStockPage() {
  const navigate = useNavigate();
  const canManage = useCan(STORE_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const categories = useCategoryOptions();
  const brands = useBrandOptions();
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [picked, setPicked] = useState<Map<number, LowStock>>(new Map());
  const toggle = (row: LowStock, on: boolean) =>
    setPicked((m) => {
      const next = new Map(m);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const rows = [...picked.values()];
  const suppliersPicked = new Set(rows.map((r) => r.last_supplier));
  const createPurchase = () => {
    const draft: PurchaseDraft = {
      supplier: suppliersPicked.size === 1 ? rows[0].last_supplier : null,
      lines: rows.map((r) => ({
        sub_product: r.id,
        label: r.label,
        tracks_expiry: r.tracks_expiry,
        quantity: Math.max(r.suggested, 1),
        cost: Number(r.last_cost) > 0 ? r.last_cost : r.cost,
        gst_rate: r.last_gst_rate ?? r.gst_rate,
      })),
    };
    void navigate(STORE_PATHS.newPurchase, { state: { draft } });
  };
  const columns: Column<LowStock>[] = [
    ...(canManage
      ? [
          {
            id: 'pick',
            header: 'Pick',
            alwaysVisible: true,
            mobile: 'badge' as const,
            cell: (r: LowStock) => (
              <input
                type="checkbox"
                className="h-4 w-4 cursor-pointer accent-[var(--color-accent)]"
                aria-label={`Add ${r.label} to the purchase`}
                checked={picked.has(r.id)}
                onChange={(e) => toggle(r, e.target.checked)}
              />
            ),
          },
        ]
      : []),
    {
      id: 'label',
      header: 'Variant',
      alwaysVisible: true,
      mobile: 'title',
      cell: (r) => (
        <span className="block min-w-[180px]">
          <span className="block font-medium">{r.label}</span>
          <span className="block text-xs text-muted">{[r.sku, r.category_name].filter(Boolean).join(' · ')}</span>
        </span>
      ),
    },
    {
      id: 'stock',
      header: 'Stock',
      align: 'right',
      cell: (r) => <span className={r.stock === 0 ? 'font-medium text-danger-text' : 'text-warning-text'}>{formatCount(r.stock)}</span>,
    },
    { id: 'reorder_level', header: 'Reorder at', align: 'right', cell: (r) => formatCount(r.reorder_level) },
    {
      id: 'suggested',
      header: 'Suggested order',
      align: 'right',
      cell: (r) => <span className="font-medium">{formatCount(r.suggested)}</span>,
    },
    { id: 'supplier', header: 'Last supplier', cell: (r) => r.last_supplier_name || '—', mobile: 'subtitle' },
    { id: 'last_cost', header: 'Last cost', align: 'right', cell: (r) => (Number(r.last_cost) > 0 ? formatMoney(r.last_cost) : '—') },
  ];
  return (
    <div>
      <PageHeader
        title="Low Stock"
        description="Variants at or below their reorder level. Tick the ones to reorder and Create purchase starts the supplier’s bill with them, at the suggested quantity and last cost."
        actions={
          canManage && (
            <Button onClick={createPurchase} disabled={rows.length === 0}>
              <ShoppingCart size={16} aria-hidden /> Create purchase{rows.length > 0 ? ` (${rows.length})` : ''}
            </Button>
          )
        }
      />
      {rows.length > 0 && suppliersPicked.size > 1 && (
        <p className="mb-3 text-sm text-muted">
          The ticked variants came from different suppliers: the purchase will ask which one this bill is from.
        </p>
      )}
      <DataTable
        title="Low stock"
        queryKey={storeKeys.lowStock}
        fetchPage={fetchLowStock}
        exportPath={lowStockExport}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Search name, SKU, barcode"
        scope={{ centre: centre || undefined }}
        filters={{ category: category || undefined, brand: brand || undefined }}
        onClearFilters={() => {
          setCategory('');
          setBrand('');
        }}
        filterControls={
          <>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            <FilterSelect label="Brand" value={brand} onChange={setBrand} options={optionsOf(brands.data)} />
          </>
        }
        empty={{ icon: PackageCheck, title: 'Nothing is low', description: 'Every variant is above its reorder level.' }}
      />
    </div>
  );
}
