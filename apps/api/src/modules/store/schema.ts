/**
 * Store Management (issue 24). Stock is never a typed number: every change is a `store_movement`
 * row, and a batch's `quantity` is their sum, kept in the same statement as each movement and held
 * at zero or more by a CHECK, so parallel sales can never take a batch below nothing. Money is the
 * money module's: a sale's invoice and receipts come from `sell`/`numberSales`, a purchase's expense
 * from `payExpense`.
 */
import type { GstRatePeriod } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { centre } from '../administrator/index.js';
import { referencesMember } from '../membership/index.js';
import { referencesStaff } from '../staff/index.js';

const lookup = () => ({
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps(),
});

export const brand = tenantTable('store_brand', lookup(), (t) => [
  uniqueIndex('store_brand_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
]);

export const category = tenantTable('store_category', lookup(), (t) => [
  uniqueIndex('store_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
]);

export const subCategory = tenantTable('store_sub_category', { categoryId: ref('category_id').notNull(), ...lookup() }, (t) => [
  tenantRef(t, t.categoryId, () => category),
  uniqueIndex('store_sub_category_org_name_key').on(t.organisationId, t.categoryId, sql`lower(${t.name})`),
]);

export const supplier = tenantTable(
  'store_supplier',
  {
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    state: text('state').notNull().default(''),
    address: text('address').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('store_supplier_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('store_supplier_terms', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

export const customer = tenantTable(
  'store_customer',
  {
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    memberId: ref('member_id'),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    referencesMember(t, t.memberId),
    /** One phone is one customer. */
    uniqueIndex('store_customer_org_phone_key')
      .on(t.organisationId, t.phone)
      .where(sql`${t.phone} <> ''`),
    uniqueIndex('store_customer_org_member_key')
      .on(t.organisationId, t.memberId)
      .where(sql`${t.memberId} is not null`),
    index('store_customer_org_name_idx').on(t.organisationId, sql`lower(${t.name})`),
  ],
);

export const product = tenantTable(
  'store_product',
  {
    name: text('name').notNull(),
    brandId: ref('brand_id'),
    categoryId: ref('category_id').notNull(),
    subCategoryId: ref('sub_category_id'),
    hsn: text('hsn').notNull(),
    /** Rate periods (`[{rate, from}]`): the latest `from` on or before an invoice's date applies. */
    gstRates: jsonb('gst_rates').$type<GstRatePeriod[]>().notNull(),
    unit: text('unit', { enum: ['piece', 'kg', 'g', 'l', 'ml'] })
      .notNull()
      .default('piece'),
    reorderLevel: integer('reorder_level').notNull().default(0),
    tracksExpiry: boolean('tracks_expiry').notNull().default(false),
    description: text('description').notNull().default(''),
    /** The stored picture's path (uploads), or null. */
    picture: text('picture'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.brandId, () => brand),
    tenantRef(t, t.categoryId, () => category),
    tenantRef(t, t.subCategoryId, () => subCategory),
    uniqueIndex('store_product_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    index('store_product_org_category_idx').on(t.organisationId, t.categoryId),
    check('store_product_hsn', sql`${t.hsn} ~ '^[0-9]{4,8}$'`),
    check('store_product_reorder', sql`${t.reorderLevel} >= 0`),
  ],
);

export const subProduct = tenantTable(
  'store_sub_product',
  {
    productId: ref('product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    barcode: text('barcode').notNull().default(''),
    mrp: money('mrp').notNull(),
    price: money('price').notNull(),
    cost: money('cost').notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.productId, () => product, { onDelete: 'cascade' }),
    uniqueIndex('store_sub_product_org_barcode_key')
      .on(t.organisationId, t.barcode)
      .where(sql`${t.barcode} <> ''`),
    uniqueIndex('store_sub_product_org_sku_key')
      .on(t.organisationId, t.sku)
      .where(sql`${t.sku} <> ''`),
    uniqueIndex('store_sub_product_product_name_key').on(t.organisationId, t.productId, sql`lower(${t.name})`),
    /** Selling above the MRP is an offence in India: the database refuses it too. */
    check('store_sub_product_price_mrp', sql`${t.price} > 0 and ${t.price} <= ${t.mrp}`),
    check('store_sub_product_cost', sql`${t.cost} >= 0`),
  ],
);

export const purchase = tenantTable(
  'store_purchase',
  {
    supplierId: ref('supplier_id').notNull(),
    centreId: ref('centre_id').notNull(),
    billNo: text('bill_no').notNull(),
    billDate: date('bill_date').notNull(),
    dueDate: date('due_date').notNull(),
    taxable: money('taxable').notNull(),
    gst: money('gst').notNull(),
    total: money('total').notNull(),
    /** Credit for goods returned to the supplier (GST included). */
    returned: money('returned').notNull().default('0'),
    status: text('status', { enum: ['paid', 'payable'] }).notNull(),
    paidOn: date('paid_on'),
    /** The ledger's payment of the bill (null while payable). */
    ledgerEntryId: ref('ledger_entry_id'),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.supplierId, () => supplier),
    tenantRef(t, t.centreId, () => centre),
    uniqueIndex('store_purchase_supplier_bill_key').on(t.organisationId, t.supplierId, sql`lower(${t.billNo})`),
    index('store_purchase_org_date_idx').on(t.organisationId, t.billDate),
    check('store_purchase_returned', sql`${t.returned} >= 0 and ${t.returned} <= ${t.total}`),
    check('store_purchase_paid', sql`(${t.status} = 'paid') = (${t.paidOn} is not null)`),
  ],
);

/**
 * A batch of a variant at a centre: what one stock-in brought. `quantity` is the sum of its
 * movements (kept with each), never below zero.
 */
export const batch = tenantTable(
  'store_batch',
  {
    subProductId: ref('sub_product_id').notNull(),
    centreId: ref('centre_id').notNull(),
    batchNo: text('batch_no').notNull().default(''),
    expiryDate: date('expiry_date'),
    receivedOn: date('received_on').notNull(),
    /** Units received into it (a purchase's, or a transfer's). */
    received: integer('received').notNull(),
    quantity: integer('quantity').notNull(),
    /** A unit's cost before GST. */
    cost: money('cost').notNull(),
    supplierId: ref('supplier_id'),
    purchaseId: ref('purchase_id'),
    /** The batch it was transferred from. */
    fromBatchId: ref('from_batch_id'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.subProductId, () => subProduct),
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.supplierId, () => supplier),
    tenantRef(t, t.purchaseId, () => purchase),
    /** FEFO: a variant's batches at a centre by expiry, then by arrival. */
    index('store_batch_fefo_idx').on(t.organisationId, t.subProductId, t.centreId, t.expiryDate, t.receivedOn, t.id),
    index('store_batch_org_expiry_idx')
      .on(t.organisationId, t.expiryDate)
      .where(sql`${t.quantity} > 0 and ${t.expiryDate} is not null`),
    check('store_batch_quantity', sql`${t.quantity} >= 0`),
    check('store_batch_received', sql`${t.received} >= 0`),
  ],
);

export const purchaseLine = tenantTable(
  'store_purchase_line',
  {
    purchaseId: ref('purchase_id').notNull(),
    subProductId: ref('sub_product_id').notNull(),
    batchId: ref('batch_id').notNull(),
    quantity: integer('quantity').notNull(),
    returned: integer('returned').notNull().default(0),
    cost: money('cost').notNull(),
    gstRate: integer('gst_rate').notNull(),
    taxable: money('taxable').notNull(),
    gst: money('gst').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    tenantRef(t, t.purchaseId, () => purchase, { onDelete: 'cascade' }),
    tenantRef(t, t.subProductId, () => subProduct),
    tenantRef(t, t.batchId, () => batch),
    check('store_purchase_line_quantity', sql`${t.quantity} > 0`),
    /** Never more returned than was bought on the line. */
    check('store_purchase_line_returned', sql`${t.returned} between 0 and ${t.quantity}`),
  ],
);

/** A sale at the counter: the money module's sale source `store_sale` (its invoice and receipts). */
export const sale = tenantTable(
  'store_sale',
  {
    /** "POS-2026-000012", given with the invoice. */
    number: text('number').notNull().default(''),
    date: date('date').notNull(),
    centreId: ref('centre_id').notNull(),
    customerId: ref('customer_id'),
    customerName: text('customer_name').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    total: money('total').notNull(),
    paid: money('paid').notNull().default('0'),
    /** Credited back by returns (tax-inclusive). */
    returned: money('returned').notNull().default('0'),
    /** The FEFO cost of what was sold (less what came back). */
    cost: money('cost').notNull().default('0'),
    soldBy: ref('sold_by'),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.customerId, () => customer),
    referencesStaff(t, t.soldBy),
    index('store_sale_org_date_idx').on(t.organisationId, t.date),
    index('store_sale_org_customer_idx').on(t.organisationId, t.customerId),
    check('store_sale_paid', sql`${t.paid} >= 0`),
    check('store_sale_returned', sql`${t.returned} >= 0 and ${t.returned} <= ${t.total}`),
  ],
);

export const saleLine = tenantTable(
  'store_sale_line',
  {
    saleId: ref('sale_id').notNull(),
    subProductId: ref('sub_product_id').notNull(),
    position: integer('position').notNull(),
    /** The invoice's text of the line ("Brand Product, Variant"). */
    label: text('label').notNull(),
    hsn: text('hsn').notNull(),
    quantity: integer('quantity').notNull(),
    returned: integer('returned').notNull().default(0),
    /** A unit's tax-inclusive price. */
    price: money('price').notNull(),
    discount: money('discount').notNull().default('0'),
    gstRate: integer('gst_rate').notNull(),
    total: money('total').notNull(),
    /** The FEFO cost of the units sold. */
    cost: money('cost').notNull(),
  },
  (t) => [
    tenantRef(t, t.saleId, () => sale, { onDelete: 'cascade' }),
    tenantRef(t, t.subProductId, () => subProduct),
    index('store_sale_line_org_sub_product_idx').on(t.organisationId, t.subProductId),
    check('store_sale_line_quantity', sql`${t.quantity} > 0`),
    /** Never more returned than was sold on the line, whatever runs at once. */
    check('store_sale_line_returned', sql`${t.returned} between 0 and ${t.quantity}`),
  ],
);

/** The batches a sale's line took (FEFO), so a return goes back into its own batch. */
export const salePick = tenantTable(
  'store_sale_pick',
  {
    saleLineId: ref('sale_line_id').notNull(),
    batchId: ref('batch_id').notNull(),
    quantity: integer('quantity').notNull(),
    returned: integer('returned').notNull().default(0),
    cost: money('cost').notNull(),
  },
  (t) => [
    tenantRef(t, t.saleLineId, () => saleLine, { onDelete: 'cascade' }),
    tenantRef(t, t.batchId, () => batch),
    check('store_sale_pick_returned', sql`${t.returned} between 0 and ${t.quantity}`),
  ],
);

/** Every change of stock, kept: a batch's quantity is the sum of its rows. */
export const movement = tenantTable(
  'store_movement',
  {
    batchId: ref('batch_id').notNull(),
    subProductId: ref('sub_product_id').notNull(),
    centreId: ref('centre_id').notNull(),
    kind: text('kind', {
      enum: ['purchase', 'sale', 'return', 'purchase_return', 'write_off', 'adjustment', 'transfer_in', 'transfer_out'],
    }).notNull(),
    /** Signed: + in, − out. */
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull().default(''),
    /** What made it: "POS-2026-000012", a bill's number. */
    reference: text('reference').notNull().default(''),
    saleId: ref('sale_id'),
    purchaseId: ref('purchase_id'),
    date: date('date').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.batchId, () => batch),
    tenantRef(t, t.subProductId, () => subProduct),
    tenantRef(t, t.centreId, () => centre),
    index('store_movement_org_batch_idx').on(t.organisationId, t.batchId),
    index('store_movement_org_created_idx').on(t.organisationId, t.createdAt),
    check('store_movement_quantity', sql`${t.quantity} <> 0`),
    check(
      'store_movement_sign',
      sql`(${t.kind} in ('purchase', 'return', 'transfer_in') and ${t.quantity} > 0) or (${t.kind} in ('sale', 'purchase_return', 'write_off', 'transfer_out') and ${t.quantity} < 0) or ${t.kind} = 'adjustment'`,
    ),
  ],
);

export type BatchRow = typeof batch.$inferSelect;
export type SaleRow = typeof sale.$inferSelect;
export type PurchaseRow = typeof purchase.$inferSelect;
