/**
 * Store Management's queries and writes (`/api/store/`) for the catalogue side: the lookups
 * (brand, category, sub-category, supplier), products and their variants, batches and their
 * movements, purchases, the low-stock and near-expiry lists, the dashboard and the logs. Every
 * write refreshes everything under the module's key root (`storeKeys.all`): a purchase shows in
 * the product's stock, the low-stock list and the dashboard at once.
 */
import type {
  Batch,
  Brand,
  LowStock,
  Product,
  Purchase,
  PurchaseInput,
  PurchaseListItem,
  StockMovement,
  StoreCategory,
  SubCategory,
  SubProduct,
  Supplier,
  adjustInputSchema,
  brandInputSchema,
  categoryInputSchema,
  productInputSchema,
  purchasePayInputSchema,
  purchaseReturnInputSchema,
  subCategoryInputSchema,
  subProductInputSchema,
  supplierInputSchema,
  transferInputSchema,
  writeOffInputSchema,
} from '@arena/contracts/store';
import {
  batchEndpoints,
  brandEndpoints,
  categoryEndpoints,
  lowStockEndpoint,
  movementEndpoint,
  nearToExpireEndpoint,
  productEndpoints,
  productPictureEndpoints,
  purchaseEndpoints,
  storeDashboardEndpoint,
  storeLogsEndpoint,
  subCategoryEndpoints,
  subProductEndpoints,
  supplierEndpoints,
} from '@arena/contracts/store/routes';
import type { z } from '@arena/contracts/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export type {
  Batch,
  Brand,
  LowStock,
  Product,
  Purchase,
  PurchaseInput,
  PurchaseListItem,
  StockMovement,
  StoreCategory,
  SubCategory,
  SubProduct,
  Supplier,
};

export const STORE_MODULE = 'Store Management' as const;
/** Where the module's screens live (the spec's paths, `supplliers` spelled so). */
export const STORE_PATHS = {
  home: '/store',
  products: '/store/products',
  product: (id: number) => `/store/products/${id}`,
  purchases: '/store/products/purchases',
  newPurchase: '/store/products/purchases/new',
  lowStock: '/store/low-stock',
  nearToExpire: '/store/near-to-expire',
  suppliers: '/store/supplliers',
} as const;

export const storeKeys = {
  all: ['store'] as const,
  brands: ['store', 'brand'] as const,
  categories: ['store', 'category'] as const,
  subCategories: ['store', 'sub-category'] as const,
  suppliers: ['store', 'supplier'] as const,
  products: ['store', 'product'] as const,
  product: (id: number) => ['store', 'product', 'detail', id] as const,
  subProducts: ['store', 'sub-product'] as const,
  batches: ['store', 'batch'] as const,
  movements: ['store', 'movement'] as const,
  purchases: ['store', 'purchase'] as const,
  lowStock: ['store', 'low-stock'] as const,
  nearToExpire: ['store', 'near-to-expire'] as const,
  dashboard: ['store', 'dashboard'] as const,
  logs: ['store', 'logs'] as const,
  dropdown: (what: string) => ['store', what, 'dropdown'] as const,
};

// ---- lookups ----
/** Every lookup write refreshes the whole module (product lists show the names). */
const lookupOptions = { invalidates: [storeKeys.all] };
export const brands = lookupResource<Brand, z.input<typeof brandInputSchema>>(brandEndpoints, storeKeys.brands, lookupOptions);
export const categories = lookupResource<StoreCategory, z.input<typeof categoryInputSchema>>(
  categoryEndpoints,
  storeKeys.categories,
  lookupOptions,
);
export const subCategories = lookupResource<SubCategory, z.input<typeof subCategoryInputSchema>>(
  subCategoryEndpoints,
  storeKeys.subCategories,
  lookupOptions,
);
export const suppliers = lookupResource<Supplier, z.input<typeof supplierInputSchema>>(
  supplierEndpoints,
  storeKeys.suppliers,
  lookupOptions,
);

const results = (body: { results: { id: number; name: string }[] }) => body.results;
/** Active brands, categories, suppliers as `{id, name}` (their dropdowns). */
export const useBrandOptions = () =>
  useQuery({ queryKey: storeKeys.dropdown('brand'), queryFn: () => call(brandEndpoints.dropdown), select: results });
export const useCategoryOptions = () =>
  useQuery({ queryKey: storeKeys.dropdown('category'), queryFn: () => call(categoryEndpoints.dropdown), select: results });
export const useSupplierOptions = () =>
  useQuery({ queryKey: storeKeys.dropdown('supplier'), queryFn: () => call(supplierEndpoints.dropdown), select: results });
/** Active sub-categories, of one category when given (the list filtered, as the dropdown takes no filter). */
export const useSubCategoryOptions = (category = '') =>
  useQuery({
    queryKey: [...storeKeys.dropdown('sub-category'), category],
    queryFn: () =>
      call(subCategoryEndpoints.list, { query: { page: 1, page_size: 500, is_active: 'true', category: category || undefined } as never }),
    select: (page) =>
      page.results.map((s) => ({ id: s.id, name: category ? s.name : `${s.category_name} › ${s.name}`, category: s.category })),
  });

// ---- products and variants ----
export type ProductInput = z.input<typeof productInputSchema>;
export type SubProductInput = z.input<typeof subProductInputSchema>;
export const fetchProducts = (params: ListParams) => call(productEndpoints.list, { query: params });
export const productsExport: FileSource = { endpoint: productEndpoints.list };
export const useProduct = (id: number | null) =>
  useQuery({
    queryKey: storeKeys.product(id ?? 0),
    queryFn: () => call(productEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });
/** A product's variants (at most 200: a product has a handful). */
export const useVariants = (product: number | null, centre = '') =>
  useQuery({
    queryKey: [...storeKeys.subProducts, 'of', product, centre],
    queryFn: () =>
      call(subProductEndpoints.list, {
        query: { page: 1, page_size: 200, product: product!, centre: centre || undefined } as never,
      }),
    enabled: !!product,
    select: (page) => page.results,
  });
/** Variants whose name, SKU or barcode matches (the purchase form's picker). */
export const useVariantSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: [...storeKeys.subProducts, 'search', search],
    queryFn: () =>
      call(subProductEndpoints.list, { query: { page: 1, page_size: 8, search: search || undefined, is_active: 'true' } as never }),
    enabled,
    placeholderData: keepPreviousData,
    select: (page) => page.results,
  });

function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: storeKeys.all });
}

export function useProductMutations() {
  const settled = useSettled();
  return {
    create: useMutation({
      mutationFn: (input: ProductInput) => call(productEndpoints.create, { body: input as never }),
      onSuccess: settled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<ProductInput> }) =>
        call(productEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(productEndpoints.remove, { params: { id } }), onSuccess: settled }),
    uploadPicture: useMutation({
      mutationFn: ({ id, picture }: { id: number; picture: File }) => {
        const body = new FormData();
        body.set('picture', picture, picture.name);
        return call(productPictureEndpoints.upload, { params: { id }, body: body as never });
      },
      onSuccess: settled,
    }),
    removePicture: useMutation({
      mutationFn: (id: number) => call(productPictureEndpoints.remove, { params: { id } }),
      onSuccess: settled,
    }),
  };
}

export function useVariantMutations() {
  const settled = useSettled();
  return {
    create: useMutation({
      mutationFn: (input: SubProductInput) => call(subProductEndpoints.create, { body: input as never }),
      onSuccess: settled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<SubProductInput> }) =>
        call(subProductEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
  };
}

// ---- batches and movements ----
export const fetchBatches = (params: ListParams) => call(batchEndpoints.list, { query: params });
export const batchesExport: FileSource = { endpoint: batchEndpoints.list };
export const fetchMovements = (params: ListParams) => call(movementEndpoint, { query: params });
export const movementsExport: FileSource = { endpoint: movementEndpoint };

export function useBatchActions() {
  const settled = useSettled();
  return {
    writeOff: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.output<typeof writeOffInputSchema> }) =>
        call(batchEndpoints.writeOff, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    adjust: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.output<typeof adjustInputSchema> }) =>
        call(batchEndpoints.adjust, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    transfer: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.output<typeof transferInputSchema> }) =>
        call(batchEndpoints.transfer, { params: { id }, body: input }),
      onSuccess: settled,
    }),
  };
}

// ---- purchases ----
export const fetchPurchases = (params: ListParams) => call(purchaseEndpoints.list, { query: params });
export const purchasesExport: FileSource = { endpoint: purchaseEndpoints.list };
export const usePurchase = (id: number | null) =>
  useQuery({
    queryKey: [...storeKeys.purchases, 'detail', id],
    queryFn: () => call(purchaseEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });

export function usePurchaseMutations() {
  const settled = useSettled();
  return {
    create: useMutation({ mutationFn: (input: PurchaseInput) => call(purchaseEndpoints.create, { body: input }), onSuccess: settled }),
    pay: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.output<typeof purchasePayInputSchema> }) =>
        call(purchaseEndpoints.pay, { params: { id }, body: input }),
      onSuccess: settled,
    }),
    return: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.output<typeof purchaseReturnInputSchema> }) =>
        call(purchaseEndpoints.return, { params: { id }, body: input }),
      onSuccess: settled,
    }),
  };
}

// ---- lists, dashboard, logs ----
export const fetchLowStock = (params: ListParams) => call(lowStockEndpoint, { query: params });
export const lowStockExport: FileSource = { endpoint: lowStockEndpoint };
export const fetchNearToExpire = (params: ListParams) =>
  call(nearToExpireEndpoint, {
    query: {
      page: params.page,
      page_size: params.page_size,
      search: params.search || undefined,
      days: params.days ? Number(params.days) : undefined,
      expired: params.expired === 'true' ? 'true' : undefined,
      centre: params.centre ? Number(params.centre) : undefined,
    },
  });

export const useStoreDashboard = (centre: string) =>
  useQuery({
    queryKey: [...storeKeys.dashboard, centre],
    queryFn: () => call(storeDashboardEndpoint, { query: { centre: centre ? Number(centre) : undefined } }),
  });

export const fetchStoreLogs = (params: ListParams) => call(storeLogsEndpoint, { query: params });
export const storeLogsExport: FileSource = { endpoint: storeLogsEndpoint };

/** One variant (a purchase started from it). */
export const useSubProduct = (id: number | null) =>
  useQuery({
    queryKey: [...storeKeys.subProducts, 'detail', id],
    queryFn: () => call(subProductEndpoints.retrieve, { params: { id: id! } }),
    enabled: !!id,
  });
