import { sql } from 'drizzle-orm';
import { boolean, date, index, numeric, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { centre, paymentMode } from '../administrator/index.js';
import { ledgerEntry, moneyCategory } from '../money/index.js';

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
