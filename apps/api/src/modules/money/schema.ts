import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { centre, paymentMode } from '../administrator/index.js';

/** Income and expense categories (Memberships, Bookings … Rent, Salaries …); manual entries and reports group by them. */
export const moneyCategory = tenantTable(
  'money_category',
  {
    name: text('name').notNull(),
    /** `liability`: money held for others (a hostel's deposits), a category a module makes. */
    type: text('type', { enum: ['income', 'expense', 'liability'] }).notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('money_category_org_type_name_key').on(t.organisationId, t.type, sql`lower(${t.name})`)],
);

/** The seller as printed on a document, frozen when it is issued. */
export interface SellerSnapshot {
  name: string;
  address: string;
  gstin: string;
  state: string;
  phone: string;
  email: string;
}

/**
 * Tax invoices (one per sale) and credit notes (against an invoice). Amounts are frozen at issue;
 * `paid` follows the ledger. The check keeps paid within the total whatever races happen.
 */
export const invoice = tenantTable(
  'invoice',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: text('number').notNull(),
    date: date('date').notNull(),
    module: text('module').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: ref('source_id'),
    sourceLabel: text('source_label').notNull().default(''),
    centreId: ref('centre_id'),
    againstId: ref('against_id'),
    /**
     * Of a supplementary invoice: the invoice of the same sale it adds to (a sale that grew after
     * it was invoiced — a booking moved to dearer slots). The issued invoice is never edited.
     */
    supplementsId: ref('supplements_id'),
    billOfSupply: boolean('bill_of_supply').notNull().default(false),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    buyerName: text('buyer_name').notNull().default(''),
    buyerPhone: text('buyer_phone').notNull().default(''),
    buyerEmail: text('buyer_email').notNull().default(''),
    buyerGstin: text('buyer_gstin').notNull().default(''),
    buyerAddress: text('buyer_address').notNull().default(''),
    placeOfSupply: text('place_of_supply').notNull().default(''),
    taxableValue: money('taxable_value').notNull(),
    cgst: money('cgst').notNull().default('0'),
    sgst: money('sgst').notNull().default('0'),
    igst: money('igst').notNull().default('0'),
    roundOff: money('round_off').notNull().default('0'),
    total: money('total').notNull(),
    paid: money('paid').notNull().default('0'),
    /** Of an invoice: the total of the credit notes against it (its due is total − credited − paid). */
    credited: money('credited').notNull().default('0'),
    status: text('status', { enum: ['issued', 'partially_paid', 'paid', 'cancelled'] })
      .notNull()
      .default('issued'),
    reason: text('reason').notNull().default(''),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.againstId, () => t),
    tenantRef(t, t.supplementsId, () => t),
    uniqueIndex('invoice_org_number_key').on(t.organisationId, t.number),
    uniqueIndex('invoice_org_source_key')
      .on(t.organisationId, t.sourceType, t.sourceId)
      .where(sql`${t.kind} = 'invoice' and ${t.supplementsId} is null`),
    index('invoice_org_supplements_idx').on(t.organisationId, t.supplementsId),
    index('invoice_org_date_idx').on(t.organisationId, t.date),
    index('invoice_org_against_idx').on(t.organisationId, t.againstId),
    check(
      'invoice_amounts_valid',
      // Paid may exceed what the invoice still charges: a cancelled booking's kept money is credited
      // (the supply did not happen) and stays paid as the client's credit for a later sale.
      sql`${t.total} >= 0 and ${t.paid} >= 0 and ${t.credited} >= 0 and ${t.credited} <= ${t.total} and ${t.paid} <= ${t.total}`,
    ),
  ],
);

export const invoiceLine = tenantTable(
  'invoice_line',
  {
    invoiceId: ref('invoice_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    sacCode: text('sac_code').notNull().default(''),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull().default('1'),
    unitPrice: money('unit_price').notNull(),
    discount: money('discount').notNull().default('0'),
    taxableValue: money('taxable_value').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    cgst: money('cgst').notNull().default('0'),
    sgst: money('sgst').notNull().default('0'),
    igst: money('igst').notNull().default('0'),
    total: money('total').notNull(),
  },
  (t) => [
    tenantRef(t, t.invoiceId, () => invoice, { onDelete: 'cascade' }),
    index('invoice_line_invoice_idx').on(t.organisationId, t.invoiceId),
  ],
);

/**
 * The one ledger: every movement of money of every module. Rows are never edited (a trigger
 * refuses it; only `reversed_by` is set once) nor deleted: a mistake is corrected by a reversal.
 * `type` is the side of the books a movement counts on (income or expense): a receipt adds to
 * income, a refund takes from it, a payment adds to expenses, a reversal undoes its original.
 * `liability` is money held for someone (a refundable deposit): its receipt and refund move the
 * cash (by payment mode, in the day book) but count in neither income nor expense.
 */
export const ledgerEntry = tenantTable(
  'ledger_entry',
  {
    date: date('date').notNull(),
    kind: text('kind', { enum: ['receipt', 'refund', 'payment', 'reversal'] }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    type: text('type', { enum: ['income', 'expense', 'liability'] }).notNull(),
    amount: money('amount').notNull(),
    paymentModeId: ref('payment_mode_id'),
    reference: text('reference').notNull().default(''),
    module: text('module').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: ref('source_id'),
    sourceLabel: text('source_label').notNull().default(''),
    party: text('party').notNull().default(''),
    invoiceId: ref('invoice_id'),
    categoryId: ref('category_id'),
    centreId: ref('centre_id'),
    reversalOf: ref('reversal_of'),
    reversedBy: ref('reversed_by'),
    notes: text('notes').notNull().default(''),
    recordedBy: ref('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.paymentModeId, () => paymentMode),
    tenantRef(t, t.invoiceId, () => invoice),
    tenantRef(t, t.categoryId, () => moneyCategory),
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.reversalOf, () => t),
    tenantRef(t, t.reversedBy, () => t),
    index('ledger_entry_org_date_idx').on(t.organisationId, t.date),
    index('ledger_entry_org_source_idx').on(t.organisationId, t.sourceType, t.sourceId),
    index('ledger_entry_org_invoice_idx').on(t.organisationId, t.invoiceId),
    uniqueIndex('ledger_entry_reversal_key').on(t.organisationId, t.reversalOf),
    // A UPI payment's 12-digit UTR is recorded once per organisation; a reversed receipt gives it back.
    uniqueIndex('ledger_entry_utr_key')
      .on(t.organisationId, t.reference)
      .where(sql`${t.kind} = 'receipt' and ${t.reference} ~ '^[0-9]{12}$' and ${t.reversedBy} is null`),
    check('ledger_entry_amount_positive', sql`${t.amount} > 0`),
    check(
      'ledger_entry_kind_direction',
      sql`(${t.kind} = 'receipt' and ${t.direction} = 'in') or (${t.kind} in ('refund', 'payment') and ${t.direction} = 'out') or ${t.kind} = 'reversal'`,
    ),
  ],
);

export type InvoiceRow = typeof invoice.$inferSelect;
export type LedgerRow = typeof ledgerEntry.$inferSelect;

// ---- Income/Expenses Management: vendors and manual entries (the money module serves its screens) ----

export const vendor = tenantTable(
  'vendor',
  {
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('vendor_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

/**
 * A manual income or expense. Its money is the ledger movement `ledger_entry_id`; a correction
 * reverses that movement and points the entry at a new one; a removal reverses it (the entry reads "reversed").
 */
export const incomeExpense = tenantTable(
  'income_expense',
  {
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    title: text('title').notNull().default(''),
    categoryId: ref('category_id').notNull(),
    vendorId: ref('vendor_id'),
    centreId: ref('centre_id'),
    amount: money('amount').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    gstAmount: money('gst_amount').notNull().default('0'),
    date: date('date').notNull(),
    paymentModeId: ref('payment_mode_id').notNull(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    attachment: text('attachment'),
    attachmentName: text('attachment_name').notNull().default(''),
    ledgerEntryId: ref('ledger_entry_id'),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.categoryId, () => moneyCategory),
    tenantRef(t, t.vendorId, () => vendor),
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.paymentModeId, () => paymentMode),
    tenantRef(t, t.ledgerEntryId, () => ledgerEntry),
    index('income_expense_org_date_idx').on(t.organisationId, t.date),
  ],
);
