/** The endpoints of Asset Management (`/api/asset/`, module "Asset Management"). */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, paginatedSchema } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint } from '../endpoint.js';
import { ledgerEntrySchema } from '../money/invoice.js';
import {
  assetCategoryInputSchema,
  assetCategorySchema,
  assetDashboardSchema,
  assetInputSchema,
  assetSchema,
  assetVendorInputSchema,
  assetVendorSchema,
  LABELS_MAX,
  maintenanceDoneInputSchema,
  maintenanceInputSchema,
  maintenanceSchema,
  reportFaultInputSchema,
} from './asset.js';

const BASE = '/api/asset/' as const;

/** List filter: `is_active`. */
export const assetCategoryEndpoints = crudEndpoints(`${BASE}asset-category/`, assetCategorySchema, assetCategoryInputSchema, {
  dropdown: true,
});
/** List filter: `is_active`. */
export const assetVendorEndpoints = crudEndpoints(`${BASE}asset-vendor/`, assetVendorSchema, assetVendorInputSchema, { dropdown: true });
/**
 * List filters: `category`, `centre`, `vendor`, `status`, `condition`, `floor`, `zone` (as entered, any case),
 * `warranty_ending` (within 30 days); search by code, name, serial number, make, model, floor, zone.
 */
export const assetEndpoints = crudEndpoints(`${BASE}asset/`, assetSchema, assetInputSchema, { dropdown: true });
/** The floors and zones the register names, each at most LOCATIONS_MAX (the filters' options, the form's suggestions). */
export const assetLocationsEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}locations/`,
  query: z.object({ centre: idSchema.optional() }),
  response: z.object({ floors: z.array(z.string()), zones: z.array(z.string()) }),
});

const maintenanceParams = z.object({ id: idSchema, maintenance: idSchema });
export const maintenanceEndpoints = {
  /** An asset's maintenance, latest first. */
  list: endpoint({
    method: 'GET',
    path: `${BASE}asset/:id/maintenance/`,
    params: idParamsSchema,
    query: z.object({
      page: z.coerce.number().int().min(1).max(1_000_000).optional(),
      page_size: z.coerce.number().int().min(1).max(500).optional(),
    }),
    response: paginatedSchema(maintenanceSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: `${BASE}asset/:id/maintenance/`,
    params: idParamsSchema,
    body: maintenanceInputSchema,
    response: maintenanceSchema,
    status: 201,
  }),
  /** A scheduled entry done: posts its cost, schedules the next (preventive), ends the repair. */
  done: endpoint({
    method: 'POST',
    path: `${BASE}asset/:id/maintenance/:maintenance/done/`,
    params: maintenanceParams,
    body: maintenanceDoneInputSchema,
    response: maintenanceSchema,
  }),
  /** A scheduled entry removed (a done one is history and stays). */
  remove: endpoint({ method: 'DELETE', path: `${BASE}asset/:id/maintenance/:maintenance/`, params: maintenanceParams, status: 204 }),
  /** "Report a fault" (the QR page): a repair entry for today and the asset under maintenance. */
  reportFault: endpoint({
    method: 'POST',
    path: `${BASE}asset/:id/report-fault/`,
    params: idParamsSchema,
    body: reportFaultInputSchema,
    response: maintenanceSchema,
    status: 201,
  }),
};
/** Every maintenance entry, for the lists and exports. Filters: `asset`, `status`, `kind`, `centre`, `date_after`, `date_before`. */
export const maintenanceListEndpoint = listEndpoint(`${BASE}maintenance/`, maintenanceSchema);

export const assetFileEndpoints = {
  /** The QR label (PDF); the QR opens the asset's page in the web app. */
  label: endpoint({ method: 'GET', path: `${BASE}asset/:id/label.pdf`, params: idParamsSchema, file: true }),
  /** A sheet of labels: `ids=1,2,3` (at most LABELS_MAX). */
  labels: endpoint({
    method: 'GET',
    path: `${BASE}asset/labels.pdf`,
    query: z.object({
      ids: z
        .string()
        .regex(/^\d{1,15}(,\d{1,15})*$/, 'Choose the assets to print.')
        .transform((v) => [...new Set(v.split(',').map(Number))])
        .refine((v) => v.length <= LABELS_MAX, `Print at most ${LABELS_MAX} labels at once.`),
    }),
    file: true,
  }),
  pictureUpload: endpoint({ method: 'POST', path: `${BASE}asset/:id/picture/`, params: idParamsSchema, form: true, response: assetSchema }),
  pictureRemove: endpoint({ method: 'DELETE', path: `${BASE}asset/:id/picture/`, params: idParamsSchema, response: assetSchema }),
  /** The purchase invoice (PDF or image, at most 5 MB): kept private, served by `invoice`. */
  invoiceUpload: endpoint({
    method: 'POST',
    path: `${BASE}asset/:id/invoice-file/`,
    params: idParamsSchema,
    form: true,
    response: assetSchema,
  }),
  invoiceRemove: endpoint({ method: 'DELETE', path: `${BASE}asset/:id/invoice-file/`, params: idParamsSchema, response: assetSchema }),
  invoice: endpoint({ method: 'GET', path: `${BASE}asset/:id/invoice-file/`, params: idParamsSchema, file: true }),
};

export const assetDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ centre: idSchema.optional() }),
  response: assetDashboardSchema,
});
/** The module's ledger rows: purchases (Equipment) and maintenance (Maintenance). Filters: `centre`, `category`, `date_after`, `date_before`. */
export const assetTransactionsEndpoint = listEndpoint(`${BASE}transactions/`, ledgerEntrySchema);
export const assetLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);
