/** Store reports (`/api/store/reports/…`): sales, stock, expired, purchase and profit; chart, table, filters, CSV/XLSX. */
import { z } from '../zod-config.js';
import { idSchema } from '../common.js';

/** The filters every store report takes besides the window and centre. */
export const storeReportFilters = {
  category: idSchema.optional(),
  brand: idSchema.optional(),
};

const money = z.string();
export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One row a day (a window up to 62 days) or a month. */
  period: z.enum(['day', 'month']),
  rows: z.array(z.object({ period: z.string(), sales: z.number(), quantity: z.number(), taxable: money, gst: money, total: money })),
  total: z.object({ sales: z.number(), quantity: z.number(), taxable: money, gst: money, total: money }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const stockReportSchema = z.object({
  /** Stock as it stands (no window). */
  rows: z.array(
    z.object({
      sub_product: z.number(),
      label: z.string(),
      category_name: z.string(),
      brand_name: z.string(),
      stock: z.number(),
      reorder_level: z.number(),
      cost_value: money,
      mrp_value: money,
    }),
  ),
  total: z.object({ stock: z.number(), cost_value: money, mrp_value: money }),
});
export type StockReport = z.infer<typeof stockReportSchema>;

export const expiredReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Batches whose expiry falls in the window: what was left at expiry and what was written off. */
  rows: z.array(
    z.object({
      batch: z.number(),
      label: z.string(),
      batch_no: z.string(),
      expiry_date: z.string(),
      centre_name: z.string(),
      quantity: z.number(),
      written_off: z.number(),
      value: money,
    }),
  ),
  total: z.object({ quantity: z.number(), written_off: z.number(), value: money }),
});
export type ExpiredReport = z.infer<typeof expiredReportSchema>;

export const purchaseReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      supplier: z.number(),
      supplier_name: z.string(),
      bills: z.number(),
      quantity: z.number(),
      taxable: money,
      gst: money,
      total: money,
      payable: money,
    }),
  ),
  total: z.object({ bills: z.number(), quantity: z.number(), taxable: money, gst: money, total: money, payable: money }),
});
export type PurchaseReport = z.infer<typeof purchaseReportSchema>;

export const profitReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Profit = taxable value sold − the FEFO cost of the batches sold (returns net off). */
  rows: z.array(
    z.object({
      sub_product: z.number(),
      label: z.string(),
      category_name: z.string(),
      quantity: z.number(),
      taxable: money,
      cost: money,
      profit: money,
      margin: z.number(),
    }),
  ),
  total: z.object({ quantity: z.number(), taxable: money, cost: money, profit: money, margin: z.number() }),
});
export type ProfitReport = z.infer<typeof profitReportSchema>;
