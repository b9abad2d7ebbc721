/**
 * Store Management (issue 24): lookups (brands, categories, sub-categories, suppliers,
 * customers), products and their variants (sub-products), batches and the stock movements they
 * are the sum of, purchases (suppliers' bills), the point of sale (checkout, sales, returns),
 * write-offs, transfers, and the low-stock and near-expiry lists.
 */
import { z } from '../zod-config.js';
import {
  idSchema,
  isoDateSchema,
  moneySchema,
  namedLookupInputSchema,
  namedLookupSchema,
  optionalPhoneSchema,
  priceSchema,
  requiredSingleLineText,
  singleLine,
  singleLineText,
  text,
} from '../common.js';
import { toPaise } from '../money.js';
import { GST_STATES, gstinSchema, gstinState } from '../tax.js';

/** The GST rates goods of a store are taxed at (GST 2.0, from 22 September 2025). */
export const STORE_GST_RATES = [0, 5, 18, 40] as const;
export const STORE_GST_RATE_MESSAGE = 'GST rate must be 0, 5, 18 or 40 %.';
export const storeGstRateSchema = z.coerce
  .number()
  .refine((v) => (STORE_GST_RATES as readonly number[]).includes(v), STORE_GST_RATE_MESSAGE);

export const PRODUCT_UNITS = ['piece', 'kg', 'g', 'l', 'ml'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** Days ahead a batch is "near to expire" unless the server's STORE_NEAR_EXPIRY_DAYS says otherwise. */
export const NEAR_EXPIRY_DAYS_DEFAULT = 30;
/** The most units of one line, one batch or one movement. */
export const QUANTITY_MAX = 100_000;
/** The most lines of one cart, purchase or return. */
export const LINES_MAX = 100;
/** The most payments of one sale (split payment). */
export const PAYMENTS_MAX = 5;

const quantitySchema = z.coerce
  .number({ error: 'Enter a whole number of units.' })
  .int('Enter a whole number of units.')
  .min(1, 'Quantity must be at least 1.')
  .max(QUANTITY_MAX, `Quantity can be at most ${QUANTITY_MAX.toLocaleString('en-IN')}.`);

const optionalEmail = z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]);

const storeDate = isoDateSchema;

// ---- lookups ----
export const brandInputSchema = namedLookupInputSchema('Name is required');
export const brandSchema = namedLookupSchema.extend({ products: z.number() });
export type Brand = z.infer<typeof brandSchema>;

export const categoryInputSchema = namedLookupInputSchema('Name is required');
export const categorySchema = namedLookupSchema.extend({ products: z.number(), sub_categories: z.number() });
export type StoreCategory = z.infer<typeof categorySchema>;

export const subCategoryInputSchema = namedLookupInputSchema('Name is required').extend({ category: idSchema });
export const subCategorySchema = namedLookupSchema.extend({ category: z.number(), category_name: z.string(), products: z.number() });
export type SubCategory = z.infer<typeof subCategorySchema>;

/** A supplier: GSTIN checked with its checksum; its state follows the GSTIN when one is given. */
export const supplierInputSchema = z
  .object({
    name: requiredSingleLineText(120, 'Name is required'),
    contact_person: singleLineText(120).default(''),
    phone: optionalPhoneSchema.default(''),
    email: optionalEmail.default(''),
    gstin: gstinSchema.default(''),
    state: z
      .union([z.literal(''), z.enum(Object.values(GST_STATES) as [string, ...string[]], { error: 'Choose a state of India.' })])
      .default(''),
    address: text(500).default(''),
    /** Days the supplier gives to pay a bill. */
    payment_terms_days: z.coerce.number().int().min(0, 'Enter 0 to 365 days.').max(365, 'Enter 0 to 365 days.').default(0),
    notes: text(1000).default(''),
    is_active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.gstin && v.state && gstinState(v.gstin) !== v.state)
      ctx.addIssue({ code: 'custom', path: ['state'], message: `This GSTIN is registered in ${gstinState(v.gstin)}.` });
  });
export const supplierSchema = z.object({
  id: z.number(),
  name: z.string(),
  contact_person: z.string(),
  phone: z.string(),
  email: z.string(),
  gstin: z.string(),
  state: z.string(),
  address: z.string(),
  payment_terms_days: z.number(),
  notes: z.string(),
  is_active: z.boolean(),
  /** What is still owed on its bills (payable purchases). */
  payable: z.string(),
  purchases: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** A customer: a walk-in by name and phone, or a member. One phone is one customer. */
export const customerInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  phone: optionalPhoneSchema.default(''),
  email: optionalEmail.default(''),
  member: idSchema.nullable().default(null),
  notes: text(1000).default(''),
  is_active: z.boolean().default(true),
});
export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  member: z.number().nullable(),
  member_name: z.string(),
  notes: z.string(),
  is_active: z.boolean(),
  purchases: z.number(),
  spent: z.string(),
  /** What the customer still owes on part-paid sales. */
  due: z.string(),
  last_purchase: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

// ---- products and variants ----
const hsnSchema = singleLine(z.string())
  .trim()
  .regex(/^\d{4,8}$/, 'HSN code must be 4 to 8 digits.');

/** A variant's own fields (flavour, size, codes, prices). */
const variantShape = {
  /** "Chocolate, 1 kg". */
  name: requiredSingleLineText(120, 'Name the variant (flavour, size).'),
  sku: singleLine(z.string()).trim().toUpperCase().max(40, 'SKU can be at most 40 characters.').default(''),
  /** EAN-13 (checked) or any code a scanner reads, unique in the organisation. */
  barcode: singleLine(z.string()).trim().max(48, 'Barcode can be at most 48 characters.').default(''),
  mrp: priceSchema.refine((v) => toPaise(v)! > 0, 'MRP must be more than 0.'),
  price: priceSchema.refine((v) => toPaise(v)! > 0, 'Price must be more than 0.'),
  /** What a unit costs the store (the last purchase's, a default for new bills). */
  cost: priceSchema.default('0.00'),
  is_active: z.boolean().default(true),
};
/** A variant (flavour, size) and its prices: tax-inclusive price ≤ MRP. */
export const subProductInputSchema = z.object({ product: idSchema, ...variantShape }).superRefine(variantRules);
export const EAN13_MESSAGE = 'This EAN-13 barcode’s check digit does not match: check it for a typing mistake.';
function variantRules(v: { price?: string; mrp?: string; barcode?: string }, ctx: z.RefinementCtx) {
  if (v.price !== undefined && v.mrp !== undefined && toPaise(v.price)! > toPaise(v.mrp)!)
    ctx.addIssue({ code: 'custom', path: ['price'], message: MRP_MESSAGE });
  if (v.barcode && /^\d{13}$/.test(v.barcode) && !ean13Valid(v.barcode))
    ctx.addIssue({ code: 'custom', path: ['barcode'], message: EAN13_MESSAGE });
}
export const MRP_MESSAGE = 'The price cannot be above the MRP: selling above the MRP is an offence in India.';

/** EAN-13's check digit: weights 1 and 3 in turn over the first 12 digits. */
export function ean13Valid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

export const subProductSchema = z.object({
  id: z.number(),
  product: z.number(),
  product_name: z.string(),
  brand_name: z.string(),
  category_name: z.string(),
  name: z.string(),
  /** "Optimum Nutrition Gold Standard Whey, Chocolate 1 kg". */
  label: z.string(),
  sku: z.string(),
  barcode: z.string(),
  mrp: z.string(),
  price: z.string(),
  cost: z.string(),
  gst_rate: z.number(),
  hsn: z.string(),
  unit: z.enum(PRODUCT_UNITS),
  tracks_expiry: z.boolean(),
  reorder_level: z.number(),
  is_active: z.boolean(),
  /** Units on hand: the sum of its batches (the query's `centre`, or every centre). */
  stock: z.number(),
  /** Units that may be sold today: on hand less expired. */
  sellable: z.number(),
  /** Stock at cost. */
  value: z.string(),
  /** The earliest expiry among batches with stock (null without expiry or stock). */
  next_expiry: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubProduct = z.infer<typeof subProductSchema>;

/** The product's fields; on create, `variants` makes its first sub-products in the same write. */
const productFields = {
  name: requiredSingleLineText(160, 'Name is required'),
  brand: idSchema.nullable().default(null),
  category: idSchema,
  sub_category: idSchema.nullable().default(null),
  hsn: hsnSchema,
  gst_rate: storeGstRateSchema,
  unit: z.enum(PRODUCT_UNITS, { error: `Unit must be one of ${PRODUCT_UNITS.join(', ')}.` }).default('piece'),
  reorder_level: z.coerce.number().int().min(0, 'Enter 0 or more.').max(QUANTITY_MAX).default(0),
  tracks_expiry: z.boolean().default(false),
  description: text(1000).default(''),
  is_active: z.boolean().default(true),
};
export const productInputSchema = z.object({
  ...productFields,
  variants: z.array(z.object(variantShape).superRefine(variantRules)).max(50, 'At most 50 variants at once.').default([]),
});
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.number().nullable(),
  brand_name: z.string(),
  category: z.number(),
  category_name: z.string(),
  sub_category: z.number().nullable(),
  sub_category_name: z.string(),
  hsn: z.string(),
  /** The rate in force today and its history (the money module's rate periods). */
  gst_rate: z.number(),
  gst_rates: z.array(z.object({ rate: z.number(), from: z.string() })),
  unit: z.enum(PRODUCT_UNITS),
  reorder_level: z.number(),
  tracks_expiry: z.boolean(),
  description: z.string(),
  is_active: z.boolean(),
  /** URL of its picture, or null. */
  picture: z.string().nullable(),
  variants: z.number(),
  stock: z.number(),
  value: z.string(),
  /** The lowest and highest price among its variants ("" without variants). */
  price_from: z.string(),
  price_to: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

// ---- batches and movements ----
export const MOVEMENT_KINDS = [
  'purchase',
  'sale',
  'return',
  'purchase_return',
  'write_off',
  'adjustment',
  'transfer_in',
  'transfer_out',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const BATCH_STATES = ['ok', 'near_expiry', 'expired', 'empty'] as const;
export const batchSchema = z.object({
  id: z.number(),
  sub_product: z.number(),
  label: z.string(),
  sku: z.string(),
  barcode: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  batch_no: z.string(),
  expiry_date: z.string().nullable(),
  received_on: z.string(),
  /** Units on hand: the sum of the batch's movements. */
  quantity: z.number(),
  received: z.number(),
  cost: z.string(),
  value: z.string(),
  supplier: z.number().nullable(),
  supplier_name: z.string(),
  /** Days to expiry (negative once expired; null without expiry). */
  days_to_expiry: z.number().nullable(),
  state: z.enum(BATCH_STATES),
});
export type Batch = z.infer<typeof batchSchema>;

export const movementSchema = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed: + in, − out. */
  quantity: z.number(),
  batch: z.number(),
  batch_no: z.string(),
  sub_product: z.number(),
  label: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  reason: z.string(),
  /** What made it ("POS-2026-000012", a bill's number). */
  reference: z.string(),
  by: z.string(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof movementSchema>;

/** A write-off of an expired, damaged or lost batch: at cost, an expense. Without `quantity`, all that is left. */
export const writeOffInputSchema = z.object({
  quantity: quantitySchema.optional(),
  reason: requiredSingleLineText(200, 'Give a reason (expired, damaged, lost).'),
});
/** A count correction: + found, − missing, with a reason. */
export const adjustInputSchema = z.object({
  quantity: z.coerce
    .number()
    .int('Enter a whole number of units.')
    .min(-QUANTITY_MAX)
    .max(QUANTITY_MAX)
    .refine((v) => v !== 0, 'Enter the units found (+) or missing (−), not 0.'),
  reason: requiredSingleLineText(200, 'Give a reason for the correction.'),
});
/** Moves units of a batch to another centre: two movements in one transaction. */
export const transferInputSchema = z.object({
  centre: idSchema,
  quantity: quantitySchema,
  reason: singleLineText(200).default(''),
});

// ---- purchases ----
export const purchaseLineInputSchema = z.object({
  sub_product: idSchema,
  batch_no: singleLine(z.string()).trim().max(40, 'Batch number can be at most 40 characters.').default(''),
  expiry_date: storeDate.nullable().default(null),
  quantity: quantitySchema,
  /** A unit's cost before GST. */
  cost: priceSchema,
  gst_rate: storeGstRateSchema,
});
export const PURCHASE_PAYMENT = ['paid', 'payable'] as const;
export const purchaseInputSchema = z
  .object({
    supplier: idSchema,
    centre: idSchema,
    bill_no: requiredSingleLineText(40, "Enter the supplier's bill number."),
    bill_date: storeDate,
    lines: z.array(purchaseLineInputSchema).min(1, 'Add at least one line.').max(LINES_MAX, `At most ${LINES_MAX} lines.`),
    /** Paid now (by `payment_mode`), or payable by the supplier's terms. */
    payment: z.enum(PURCHASE_PAYMENT).default('payable'),
    payment_mode: idSchema.nullable().default(null),
    reference: singleLineText(100).default(''),
    notes: text(1000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.payment === 'paid' && !v.payment_mode)
      ctx.addIssue({ code: 'custom', path: ['payment_mode'], message: 'Choose how the bill was paid.' });
  });
export type PurchaseInput = z.infer<typeof purchaseInputSchema>;

export const purchaseLineSchema = z.object({
  id: z.number(),
  sub_product: z.number(),
  label: z.string(),
  batch: z.number(),
  batch_no: z.string(),
  expiry_date: z.string().nullable(),
  quantity: z.number(),
  returned: z.number(),
  cost: z.string(),
  gst_rate: z.number(),
  taxable: z.string(),
  gst: z.string(),
  amount: z.string(),
});
export const purchaseSchema = z.object({
  id: z.number(),
  supplier: z.number(),
  supplier_name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  bill_no: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  taxable: z.string(),
  gst: z.string(),
  total: z.string(),
  /** What was returned to the supplier (credit, GST included). */
  returned: z.string(),
  status: z.enum(['paid', 'payable']),
  paid_on: z.string().nullable(),
  notes: z.string(),
  lines: z.array(purchaseLineSchema),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListItemSchema = purchaseSchema.omit({ lines: true }).extend({ line_count: z.number() });
export type PurchaseListItem = z.infer<typeof purchaseListItemSchema>;

export const purchasePayInputSchema = z.object({
  payment_mode: idSchema,
  date: storeDate.optional(),
  reference: singleLineText(100).default(''),
});
export const purchaseReturnInputSchema = z.object({
  lines: z
    .array(z.object({ purchase_line: idSchema, quantity: quantitySchema }))
    .min(1, 'Choose at least one line to return.')
    .max(LINES_MAX),
  reason: requiredSingleLineText(200, 'Give a reason for the return.'),
  /** How the supplier refunded a paid bill (a payable bill's return lowers what is owed). */
  payment_mode: idSchema.nullable().default(null),
});

// ---- the point of sale ----
export const cartLineInputSchema = z.object({
  sub_product: idSchema,
  quantity: quantitySchema,
  /** Off the line's total, tax-inclusive. */
  discount: moneySchema.default('0.00'),
});
export const checkoutPaymentSchema = z.object({
  payment_mode: idSchema,
  amount: moneySchema.refine((v) => toPaise(v)! > 0, 'Amount must be more than 0.'),
  reference: singleLineText(100).default(''),
});
export const checkoutInputSchema = z.object({
  centre: idSchema.optional(),
  customer: idSchema.nullable().default(null),
  /** A walk-in without a saved customer: the name printed on the invoice. */
  customer_name: singleLineText(120).default(''),
  customer_phone: optionalPhoneSchema.default(''),
  lines: z.array(cartLineInputSchema).min(1, 'The cart is empty: add a product.').max(LINES_MAX, `At most ${LINES_MAX} lines in one sale.`),
  payments: z.array(checkoutPaymentSchema).max(PAYMENTS_MAX, `At most ${PAYMENTS_MAX} payments.`).default([]),
  /** The staff member credited with the sale. */
  sold_by: idSchema.nullable().default(null),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** What `quote/` answers: the cart priced as the invoice would be, with what stock allows. */
export const quoteSchema = z.object({
  lines: z.array(
    z.object({
      sub_product: z.number(),
      label: z.string(),
      hsn: z.string(),
      quantity: z.number(),
      price: z.string(),
      mrp: z.string(),
      discount: z.string(),
      gst_rate: z.number(),
      total: z.string(),
      sellable: z.number(),
      /** Why the line cannot be sold as it is, or "". */
      problem: z.string(),
    }),
  ),
  taxable: z.string(),
  cgst: z.string(),
  sgst: z.string(),
  igst: z.string(),
  round_off: z.string(),
  total: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const SALE_STATUSES = ['paid', 'partially_paid', 'unpaid'] as const;
export const saleLineSchema = z.object({
  id: z.number(),
  sub_product: z.number(),
  label: z.string(),
  hsn: z.string(),
  quantity: z.number(),
  returned: z.number(),
  price: z.string(),
  discount: z.string(),
  gst_rate: z.number(),
  total: z.string(),
  /** The FEFO cost of the batches it took. */
  cost: z.string(),
  batches: z.array(z.object({ batch: z.number(), batch_no: z.string(), expiry_date: z.string().nullable(), quantity: z.number() })),
});
export const saleSchema = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  customer: z.number().nullable(),
  customer_name: z.string(),
  customer_phone: z.string(),
  total: z.string(),
  paid: z.string(),
  due: z.string(),
  /** Credited back by returns. */
  returned: z.string(),
  cost: z.string(),
  status: z.enum(SALE_STATUSES),
  sold_by: z.number().nullable(),
  sold_by_name: z.string(),
  invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
  lines: z.array(saleLineSchema),
  payments: z.array(z.object({ mode: z.string(), amount: z.string(), reference: z.string(), date: z.string() })),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;
export const saleListItemSchema = saleSchema.omit({ lines: true, payments: true }).extend({ items: z.number(), summary: z.string() });
export type SaleListItem = z.infer<typeof saleListItemSchema>;

/** A line of a sale sold, one row per line (the "Sold" screen). */
export const soldLineSchema = z.object({
  id: z.number(),
  sale: z.number(),
  number: z.string(),
  date: z.string(),
  customer_name: z.string(),
  sub_product: z.number(),
  label: z.string(),
  quantity: z.number(),
  returned: z.number(),
  price: z.string(),
  discount: z.string(),
  total: z.string(),
  cost: z.string(),
  centre_name: z.string(),
});
export type SoldLine = z.infer<typeof soldLineSchema>;

export const saleReturnInputSchema = z.object({
  lines: z
    .array(z.object({ sold_line: idSchema, quantity: quantitySchema }))
    .min(1, 'Choose at least one line to return.')
    .max(LINES_MAX),
  reason: singleLineText(200).default('Returned by the customer'),
  /** How money is given back (needed when what was paid exceeds what the sale now charges). */
  payment_mode: idSchema.nullable().default(null),
});
export const saleCollectInputSchema = z.object({
  payment_mode: idSchema,
  amount: moneySchema.refine((v) => toPaise(v)! > 0, 'Amount must be more than 0.'),
  reference: singleLineText(100).default(''),
});

// ---- lists: low stock, near to expire ----
export const lowStockSchema = subProductSchema.extend({
  /** The supplier of its last purchase and what it cost, for a purchase draft. */
  last_supplier: z.number().nullable(),
  last_supplier_name: z.string(),
  last_cost: z.string(),
  last_gst_rate: z.number(),
  /** Units to order to reach twice the reorder level. */
  suggested: z.number(),
});
export type LowStock = z.infer<typeof lowStockSchema>;

// ---- dashboard ----
export const storeDashboardSchema = z.object({
  today: z.object({ sales: z.number(), amount: z.string() }),
  month: z.object({ month: z.string(), sales: z.number(), amount: z.string(), taxable: z.string(), cost: z.string(), margin: z.string() }),
  stock_value: z.string(),
  low_stock: z.number(),
  near_expiry: z.number(),
  expired: z.number(),
  top_products: z.array(z.object({ sub_product: z.number(), label: z.string(), quantity: z.number(), amount: z.string() })),
  /** The last 12 months, oldest first (`YYYY-MM`). */
  monthly: z.array(z.object({ month: z.string(), sales: z.number(), amount: z.string(), margin: z.string() })),
});
export type StoreDashboard = z.infer<typeof storeDashboardSchema>;
