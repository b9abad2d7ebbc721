import type { Product } from '@arena/contracts/store';
import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { ACTIVE_OPTIONS, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { OrgAvatar } from '../../components/Avatar';
import { PageHeader } from '../../components/PageHeader';
import { formatCount, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import {
  fetchProducts,
  productsExport,
  STORE_MODULE,
  STORE_PATHS,
  storeKeys,
  useBrandOptions,
  useCategoryOptions,
  useSubCategoryOptions,
} from './api';
import { ProductFormDialog } from './ProductForm';

const priceRange = (p: Product) =>
  !p.price_from
    ? '—'
    : p.price_from === p.price_to
      ? formatMoney(p.price_from)
      : `${formatMoney(p.price_from)} – ${formatMoney(p.price_to)}`;

const columns: Column<Product>[] = [
  {
    id: 'name',
    header: 'Product',
    sortKey: 'name',
    alwaysVisible: true,
    mobile: 'title',
    cell: (p) => (
      <Link to={STORE_PATHS.product(p.id)} className="flex min-w-[180px] items-center gap-3 hover:underline">
        <OrgAvatar name={p.name} picture={p.picture} size="sm" />
        <span>
          <span className="block font-medium">{p.name}</span>
          <span className="block text-xs text-muted">
            {[p.brand_name, p.sub_category_name || p.category_name].filter(Boolean).join(' · ')}
          </span>
        </span>
      </Link>
    ),
  },
  { id: 'category', header: 'Category', cell: (p) => p.category_name, defaultHidden: true },
  { id: 'variants', header: 'Variants', align: 'right', cell: (p) => formatCount(p.variants), mobile: 'meta' },
  { id: 'price', header: 'Price', align: 'right', cell: priceRange, mobile: 'meta' },
  { id: 'gst_rate', header: 'GST', align: 'right', cell: (p) => `${p.gst_rate} %`, mobile: false },
  { id: 'hsn', header: 'HSN', cell: (p) => <span className="tabular">{p.hsn}</span>, defaultHidden: true },
  {
    id: 'stock',
    header: 'Stock',
    align: 'right',
    cell: (p) => (
      <span className={p.stock <= p.reorder_level ? 'font-medium text-danger-text' : undefined}>
        {formatCount(p.stock)} {p.unit === 'piece' ? '' : p.unit}
      </span>
    ),
  },
  { id: 'value', header: 'Value at cost', align: 'right', cell: (p) => formatMoney(p.value), mobile: false },
  statusColumn(),
];

/** Store › Products: every product with its variants' prices and its stock; Add Product. */
export function ProductsPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const canManage = useCan(STORE_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const [category, setCategory] = useState('');
  const [subCategory, setSubCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [active, setActive] = useState('true');
  const categories = useCategoryOptions();
  const subCategories = useSubCategoryOptions(category);
  const brands = useBrandOptions();
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <PageHeader
        title="Products"
        description="What the store sells, with its variants (flavour, size), prices and stock. Open a product for its batches, expiry dates and movements."
        actions={
          canManage && (
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden /> Add Product
            </Button>
          )
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title="Products"
        queryKey={storeKeys.products}
        fetchPage={fetchProducts}
        exportPath={productsExport}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search name, SKU, barcode"
        scope={{ centre: centre || undefined }}
        filters={{
          category: category || undefined,
          sub_category: subCategory || undefined,
          brand: brand || undefined,
          is_active: active || undefined,
        }}
        onClearFilters={() => {
          setCategory('');
          setSubCategory('');
          setBrand('');
          setActive('');
        }}
        filterControls={
          <>
            <FilterSelect
              label="Category"
              value={category}
              onChange={(v) => {
                setCategory(v);
                setSubCategory('');
              }}
              options={optionsOf(categories.data)}
            />
            <FilterSelect label="Sub category" value={subCategory} onChange={setSubCategory} options={optionsOf(subCategories.data)} />
            <FilterSelect label="Brand" value={brand} onChange={setBrand} options={optionsOf(brands.data)} />
            <FilterSelect label="Status" value={active} onChange={setActive} options={ACTIVE_OPTIONS} />
          </>
        }
        empty={{
          icon: Package,
          title: 'No products yet',
          description: 'Add what the store sells with its variants, then enter a supplier’s bill under Purchases to bring in stock.',
          action: canManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden /> Add Product
            </Button>
          ) : undefined,
        }}
      />
      <ProductFormDialog
        open={adding}
        onOpenChange={setAdding}
        product={null}
        onCreated={(p) => void navigate(STORE_PATHS.product(p.id))}
      />
    </div>
  );
}
