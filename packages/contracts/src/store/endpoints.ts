/** The endpoints of Store Management (`/api/store/`, module "Store Management"). */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, paginatedSchema, singleLineText } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint, listEndpoint, reportEndpoint } from '../endpoint.js';
import {
  adjustInputSchema,
  batchSchema,
  brandInputSchema,
  brandSchema,
  categoryInputSchema,
  categorySchema,
  checkoutInputSchema,
  customerInputSchema,
  customerSchema,
  lowStockSchema,
  movementSchema,
  productInputSchema,
  productSchema,
  purchaseInputSchema,
  purchaseListItemSchema,
  purchasePayInputSchema,
  purchaseReturnInputSchema,
  purchaseSchema,
  quoteSchema,
  saleCollectInputSchema,
  saleListItemSchema,
  saleReturnInputSchema,
  saleSchema,
  soldLineSchema,
  storeDashboardSchema,
  subCategoryInputSchema,
  subCategorySchema,
  subProductInputSchema,
  subProductSchema,
  supplierInputSchema,
  supplierSchema,
  transferInputSchema,
  writeOffInputSchema,
} from './store.js';
import {
  expiredReportSchema,
  profitReportSchema,
  purchaseReportSchema,
  salesReportSchema,
  stockReportSchema,
  storeReportFilters,
} from './reports.js';

const BASE = '/api/store/' as const;

// ---- lookups (the generic CRUD; list filters: `is_active`, and `category` for sub-categories) ----
export const brandEndpoints = crudEndpoints(`${BASE}brand/`, brandSchema, brandInputSchema, { dropdown: true });
export const categoryEndpoints = crudEndpoints(`${BASE}category/`, categorySchema, categoryInputSchema, { dropdown: true });
export const subCategoryEndpoints = crudEndpoints(`${BASE}sub-category/`, subCategorySchema, subCategoryInputSchema, { dropdown: true });
export const supplierEndpoints = crudEndpoints(`${BASE}supplier/`, supplierSchema, supplierInputSchema, { dropdown: true });
/** List filters: `is_active`, `has_due`, `member`; search by name, phone, e-mail. */
export const customerEndpoints = crudEndpoints(`${BASE}customer/`, customerSchema, customerInputSchema, { dropdown: true });

// ---- products and variants ----
/** List filters: `category`, `sub_category`, `brand`, `is_active`, `centre` (the stock figures'). */
export const productEndpoints = crudEndpoints(`${BASE}product/`, productSchema, productInputSchema, { dropdown: true });
/** List filters: `product`, `category`, `brand`, `is_active`, `centre`, `in_stock`; search by name, SKU, barcode. */
export const subProductEndpoints = crudEndpoints(`${BASE}sub-product/`, subProductSchema, subProductInputSchema);
export const productPictureEndpoints = {
  upload: endpoint({ method: 'POST', path: `${BASE}product/:id/picture/`, params: idParamsSchema, form: true, response: productSchema }),
  remove: endpoint({ method: 'DELETE', path: `${BASE}product/:id/picture/`, params: idParamsSchema, response: productSchema }),
  file: endpoint({ method: 'GET', path: `${BASE}product/:id/picture/`, params: idParamsSchema, file: true }),
};

// ---- batches and movements ----
/** List filters: `sub_product`, `product`, `centre`, `state` (ok, near_expiry, expired, empty), `in_stock`. */
export const batchEndpoints = {
  list: listEndpoint(`${BASE}batch/`, batchSchema),
  retrieve: endpoint({ method: 'GET', path: `${BASE}batch/:id/`, params: idParamsSchema, response: batchSchema }),
  writeOff: endpoint({
    method: 'POST',
    path: `${BASE}batch/:id/write-off/`,
    params: idParamsSchema,
    body: writeOffInputSchema,
    response: batchSchema,
  }),
  adjust: endpoint({
    method: 'POST',
    path: `${BASE}batch/:id/adjust/`,
    params: idParamsSchema,
    body: adjustInputSchema,
    response: batchSchema,
  }),
  transfer: endpoint({
    method: 'POST',
    path: `${BASE}batch/:id/transfer/`,
    params: idParamsSchema,
    body: transferInputSchema,
    response: z.object({ from: batchSchema, to: batchSchema }),
  }),
};
/** Every movement, newest first. Filters: `sub_product`, `batch`, `kind`, `centre`, `date_after`, `date_before`. */
export const movementEndpoint = listEndpoint(`${BASE}stock-movement/`, movementSchema);

// ---- purchases ----
/** List filters: `supplier`, `centre`, `status` (paid, payable), `date_after`, `date_before`; search by bill number, supplier. */
export const purchaseEndpoints = {
  list: listEndpoint(`${BASE}purchase/`, purchaseListItemSchema),
  create: endpoint({ method: 'POST', path: `${BASE}purchase/`, body: purchaseInputSchema, response: purchaseSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${BASE}purchase/:id/`, params: idParamsSchema, response: purchaseSchema }),
  pay: endpoint({
    method: 'POST',
    path: `${BASE}purchase/:id/pay/`,
    params: idParamsSchema,
    body: purchasePayInputSchema,
    response: purchaseSchema,
  }),
  return: endpoint({
    method: 'POST',
    path: `${BASE}purchase/:id/return/`,
    params: idParamsSchema,
    body: purchaseReturnInputSchema,
    response: purchaseSchema,
  }),
};

// ---- the point of sale ----
export const cartEndpoints = {
  /** A barcode or SKU as a scanner types it: the one active variant it names (404 otherwise). */
  scan: endpoint({
    method: 'GET',
    path: `${BASE}shopping-cart/scan/`,
    query: z.object({ code: singleLineText(48).pipe(z.string().min(1, 'Scan or type a code.')), centre: idSchema.optional() }),
    response: subProductSchema,
  }),
  /** The cart priced as its invoice would be, and what stock allows of each line (writes nothing). */
  quote: endpoint({ method: 'POST', path: `${BASE}shopping-cart/quote/`, body: checkoutInputSchema, response: quoteSchema }),
  /** The sale: FEFO batches, stock movements, the GST invoice and the receipts, in one transaction. */
  checkout: endpoint({
    method: 'POST',
    path: `${BASE}shopping-cart/checkout/`,
    body: checkoutInputSchema,
    response: saleSchema,
    status: 201,
  }),
};
/** Sales, newest first. Filters: `customer`, `centre`, `status`, `has_due`, `date_after`, `date_before`; search by number, customer. */
export const saleEndpoints = {
  list: listEndpoint(`${BASE}sale/`, saleListItemSchema),
  retrieve: endpoint({ method: 'GET', path: `${BASE}sale/:id/`, params: idParamsSchema, response: saleSchema }),
  /** Puts the units back into their batches and issues a credit note (and a refund of money paid beyond the new total). */
  return: endpoint({
    method: 'POST',
    path: `${BASE}sale/:id/return/`,
    params: idParamsSchema,
    body: saleReturnInputSchema,
    response: saleSchema,
  }),
  /** A payment against a part-paid sale's due. */
  collect: endpoint({
    method: 'POST',
    path: `${BASE}sale/:id/collect/`,
    params: idParamsSchema,
    body: saleCollectInputSchema,
    response: saleSchema,
  }),
};
/** Every line sold, newest first (the spec's sold products). Filters: `sub_product`, `customer`, `centre`, `date_after`, `date_before`. */
export const soldProductsEndpoint = listEndpoint(`${BASE}sold-products/`, soldLineSchema);

// ---- low stock, near to expire, dashboard, logs ----
/** Variants with stock ≤ reorder level. Filters: `centre`, `category`, `brand`. */
export const lowStockEndpoint = listEndpoint(`${BASE}low-stock/`, lowStockSchema);
/** Batches with stock expiring within `days` (default STORE_NEAR_EXPIRY_DAYS), or already expired with `expired=true`. */
export const nearToExpireEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}near-to-expire/`,
  query: z.object({
    days: z.coerce.number().int().min(1, 'Enter 1 to 365 days.').max(365, 'Enter 1 to 365 days.').optional(),
    expired: z.stringbool().optional(),
    centre: idSchema.optional(),
    search: singleLineText(200).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    page_size: z.coerce.number().int().min(1).max(500).optional(),
  }),
  response: paginatedSchema(batchSchema).extend({ days: z.number() }),
});
export const storeDashboardEndpoint = endpoint({
  method: 'GET',
  path: `${BASE}dashboard/`,
  query: z.object({ centre: idSchema.optional() }),
  response: storeDashboardSchema,
});
export const storeLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);

// ---- reports ----
const REPORTS = `${BASE}reports/` as const;
export const storeReportEndpoints = {
  sales: reportEndpoint(`${REPORTS}sales/`, salesReportSchema, { query: storeReportFilters }),
  stock: reportEndpoint(`${REPORTS}stock/`, stockReportSchema, { query: storeReportFilters, window: false }),
  expired: reportEndpoint(`${REPORTS}product-expired/`, expiredReportSchema, { query: storeReportFilters }),
  purchase: reportEndpoint(`${REPORTS}purchase/`, purchaseReportSchema, { query: storeReportFilters }),
  profit: reportEndpoint(`${REPORTS}profit/`, profitReportSchema, { query: storeReportFilters }),
};
