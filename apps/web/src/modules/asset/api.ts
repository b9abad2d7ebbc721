/**
 * Asset Management's queries and writes (`/api/asset/`): the category and vendor lookups, the
 * register, an asset's maintenance and files, the dashboard, the transactions and the logs. Every
 * write refreshes everything under the module's key root (`assetKeys.all`).
 */
import type {
  Asset,
  AssetCategory,
  AssetDashboard,
  AssetVendor,
  Maintenance,
  assetCategoryInputSchema,
  assetInputSchema,
  assetVendorInputSchema,
  maintenanceDoneInputSchema,
  maintenanceInputSchema,
} from '@arena/contracts/asset';
import {
  assetCategoryEndpoints,
  assetDashboardEndpoint,
  assetEndpoints,
  assetFileEndpoints,
  assetLocationsEndpoint,
  assetLogsEndpoint,
  assetTransactionsEndpoint,
  assetVendorEndpoints,
  maintenanceEndpoints,
  maintenanceListEndpoint,
} from '@arena/contracts/asset/routes';
import type { z } from '@arena/contracts/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/DataTable';
import { call, fetchFile, saveBlob, type FileSource } from '../../lib/api';
import { lookupResource } from '../../lib/lookupResource';

export type { Asset, AssetCategory, AssetDashboard, AssetVendor, Maintenance };

export const ASSET_MODULE = 'Asset Management' as const;
export const ASSET_PATHS = {
  home: '/asset-management',
  assets: '/asset-management/my-assets',
  asset: (id: number) => `/asset-management/my-assets/${id}`,
  vendors: '/asset-management/vendor',
  categories: '/asset-management/category',
  transactions: '/asset-management/transactions',
  maintenance: '/asset-management/maintenance',
} as const;

export const assetKeys = {
  all: ['asset'] as const,
  categories: ['asset', 'category'] as const,
  vendors: ['asset', 'vendor'] as const,
  assets: ['asset', 'asset'] as const,
  asset: (id: number) => ['asset', 'asset', 'detail', id] as const,
  maintenance: (id: number) => ['asset', 'maintenance', id] as const,
  maintenanceList: ['asset', 'maintenance', 'list'] as const,
  dashboard: ['asset', 'dashboard'] as const,
  transactions: ['asset', 'transactions'] as const,
  logs: ['asset', 'logs'] as const,
  dropdown: (what: string) => ['asset', what, 'dropdown'] as const,
};

const lookupOptions = { invalidates: [assetKeys.all] };
export const assetCategories = lookupResource<AssetCategory, z.input<typeof assetCategoryInputSchema>>(
  assetCategoryEndpoints,
  assetKeys.categories,
  lookupOptions,
);
export const assetVendors = lookupResource<AssetVendor, z.input<typeof assetVendorInputSchema>>(
  assetVendorEndpoints,
  assetKeys.vendors,
  lookupOptions,
);

const results = (body: { results: { id: number; name: string }[] }) => body.results;
export const useAssetCategoryOptions = () =>
  useQuery({ queryKey: assetKeys.dropdown('category'), queryFn: () => call(assetCategoryEndpoints.dropdown), select: results });
export const useAssetVendorOptions = () =>
  useQuery({ queryKey: assetKeys.dropdown('vendor'), queryFn: () => call(assetVendorEndpoints.dropdown), select: results });

/** The floors and zones the register names (of the sidebar's centre, or all), for the filters. */
export const useAssetLocations = (centre: string) =>
  useQuery({
    queryKey: [...assetKeys.assets, 'locations', centre],
    queryFn: () => call(assetLocationsEndpoint, { query: { centre: centre ? Number(centre) : undefined } }),
  });

// ---- the register ----
export type AssetInput = z.input<typeof assetInputSchema>;
export const fetchAssets = (params: ListParams) => call(assetEndpoints.list, { query: params });
export const assetsExport: FileSource = { endpoint: assetEndpoints.list };
export const useAsset = (id: number) =>
  useQuery({ queryKey: assetKeys.asset(id), queryFn: () => call(assetEndpoints.retrieve, { params: { id } }) });
export const useAssetMaintenance = (id: number) =>
  useQuery({
    queryKey: assetKeys.maintenance(id),
    queryFn: () => call(maintenanceEndpoints.list, { params: { id }, query: { page: 1, page_size: 100 } }),
  });

/** Maintenance across assets (the Maintenance screen). */
export const fetchMaintenance = (params: ListParams) => call(maintenanceListEndpoint, { query: params });
export const maintenanceExport: FileSource = { endpoint: maintenanceListEndpoint };

function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
}

export function useAssetMutations() {
  const settled = useSettled();
  return {
    create: useMutation({ mutationFn: (input: AssetInput) => call(assetEndpoints.create, { body: input as never }), onSuccess: settled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<AssetInput> }) =>
        call(assetEndpoints.partialUpdate, { params: { id }, body: input as never }),
      onSuccess: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(assetEndpoints.remove, { params: { id } }), onSuccess: settled }),
    uploadPicture: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => {
        const body = new FormData();
        body.set('picture', file, file.name);
        return call(assetFileEndpoints.pictureUpload, { params: { id }, body: body as never });
      },
      onSuccess: settled,
    }),
    uploadInvoice: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => {
        const body = new FormData();
        body.set('invoice_file', file, file.name);
        return call(assetFileEndpoints.invoiceUpload, { params: { id }, body: body as never });
      },
      onSuccess: settled,
    }),
  };
}

export function useMaintenanceMutations(assetId: number) {
  const settled = useSettled();
  return {
    create: useMutation({
      mutationFn: (input: z.output<typeof maintenanceInputSchema>) =>
        call(maintenanceEndpoints.create, { params: { id: assetId }, body: input }),
      onSuccess: settled,
    }),
    done: useMutation({
      mutationFn: ({ id, input }: { id: number; input: z.output<typeof maintenanceDoneInputSchema> }) =>
        call(maintenanceEndpoints.done, { params: { id: assetId, maintenance: id }, body: input }),
      onSuccess: settled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(maintenanceEndpoints.remove, { params: { id: assetId, maintenance: id } }),
      onSuccess: settled,
    }),
    reportFault: useMutation({
      mutationFn: (notes: string) => call(maintenanceEndpoints.reportFault, { params: { id: assetId }, body: { notes } }),
      onSuccess: settled,
    }),
  };
}

/** Opens a PDF (a label, a sheet) the API makes, in a new tab when the browser allows, else as a download. */
async function openPdf(file: { blob: Blob; name: string | null }, fallback: string) {
  saveBlob(file.blob, file.name ?? fallback);
}
export const downloadLabel = async (id: number, code: string) =>
  openPdf(await fetchFile(assetFileEndpoints.label, { params: { id } }, 'application/pdf'), `${code}-label.pdf`);
export const downloadLabels = async (ids: number[]) =>
  openPdf(await fetchFile(assetFileEndpoints.labels, { query: { ids: ids.join(',') } }, 'application/pdf'), 'asset-labels.pdf');
export const downloadInvoice = async (id: number, name: string) =>
  saveBlob((await fetchFile(assetFileEndpoints.invoice, { params: { id } })).blob, name || 'invoice');

// ---- dashboard, transactions, logs ----
export const useAssetDashboard = (centre: string) =>
  useQuery({
    queryKey: [...assetKeys.dashboard, centre],
    queryFn: () => call(assetDashboardEndpoint, { query: { centre: centre ? Number(centre) : undefined } }),
  });
export const fetchAssetTransactions = (params: ListParams) => call(assetTransactionsEndpoint, { query: params });
export const assetTransactionsExport: FileSource = { endpoint: assetTransactionsEndpoint };
export const fetchAssetLogs = (params: ListParams) => call(assetLogsEndpoint, { query: params });
export const assetLogsExport: FileSource = { endpoint: assetLogsEndpoint };
