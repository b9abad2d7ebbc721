/**
 * Asset Management (issue 26): the register of a centre's equipment, its categories and vendors,
 * and its maintenance. Money is the money module's: a purchase bought now and a maintenance cost
 * post expenses through `payExpense` (the ledger row's id is kept here, no foreign key: the
 * ledger is the money module's).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { centre } from '../administrator/index.js';

export const assetCategory = tenantTable(
  'asset_category',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('asset_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

export const assetVendor = tenantTable(
  'asset_vendor',
  {
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    address: text('address').notNull().default(''),
    serviceContractEnd: date('service_contract_end'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('asset_vendor_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

export const asset = tenantTable(
  'asset',
  {
    /** `AST-0042`: taken from the organisation's `asset` counter in the create's transaction (gapless). */
    code: text('code'),
    name: text('name').notNull(),
    categoryId: ref('category_id').notNull(),
    centreId: ref('centre_id').notNull(),
    /** Where it stands: its floor (`2`, `Ground`) and zone (`Cardio zone`); '' when not said. */
    floor: text('floor').notNull().default(''),
    zone: text('zone').notNull().default(''),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    serialNo: text('serial_no').notNull().default(''),
    purchaseDate: date('purchase_date').notNull(),
    cost: money('cost').notNull(),
    vendorId: ref('vendor_id'),
    /** The purchase invoice: a private file (`private/org-{id}/asset-invoices/…`) and its name. */
    invoiceFile: text('invoice_file'),
    invoiceFileName: text('invoice_file_name').notNull().default(''),
    warrantyUntil: date('warranty_until'),
    amcUntil: date('amc_until'),
    condition: text('condition', { enum: ['good', 'fair', 'poor'] })
      .notNull()
      .default('good'),
    status: text('status', { enum: ['in_use', 'under_maintenance', 'retired', 'disposed'] })
      .notNull()
      .default('in_use'),
    usefulLifeYears: integer('useful_life_years').notNull().default(5),
    depreciationMethod: text('depreciation_method', { enum: ['straight_line', 'written_down_value'] })
      .notNull()
      .default('straight_line'),
    salvageValue: money('salvage_value').notNull().default('0'),
    depreciationRate: numeric('depreciation_rate', { precision: 5, scale: 2, mode: 'number' }),
    notes: text('notes').notNull().default(''),
    picture: text('picture'),
    /** The ledger's payment of its cost when bought now; null for an asset entered from the past. */
    expenseId: ref('expense_id'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.categoryId, () => assetCategory),
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.vendorId, () => assetVendor),
    uniqueIndex('asset_org_code_key').on(t.organisationId, t.code),
    index('asset_org_centre_idx').on(t.organisationId, t.centreId),
    index('asset_org_category_idx').on(t.organisationId, t.categoryId),
    check('asset_salvage', sql`${t.salvageValue} >= 0 and ${t.salvageValue} <= ${t.cost}`),
    check('asset_life', sql`${t.usefulLifeYears} between 1 and 50`),
    check('asset_rate', sql`${t.depreciationRate} is null or (${t.depreciationRate} > 0 and ${t.depreciationRate} <= 100)`),
  ],
);

export const assetMaintenance = tenantTable(
  'asset_maintenance',
  {
    assetId: ref('asset_id').notNull(),
    status: text('status', { enum: ['scheduled', 'done'] }).notNull(),
    date: date('date').notNull(),
    kind: text('kind', { enum: ['preventive', 'repair'] }).notNull(),
    vendorId: ref('vendor_id'),
    cost: money('cost').notNull().default('0'),
    notes: text('notes').notNull().default(''),
    everyDays: integer('every_days'),
    /** The entry this one scheduled when done (preventive with `every_days`). */
    nextId: ref('next_id'),
    expenseId: ref('expense_id'),
    reportedFault: boolean('reported_fault').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.assetId, () => asset),
    tenantRef(t, t.vendorId, () => assetVendor),
    index('asset_maintenance_org_asset_idx').on(t.organisationId, t.assetId, t.date),
    index('asset_maintenance_org_due_idx')
      .on(t.organisationId, t.date)
      .where(sql`${t.status} = 'scheduled'`),
    check('asset_maintenance_every', sql`${t.everyDays} is null or (${t.everyDays} between 1 and 3650 and ${t.kind} = 'preventive')`),
    check('asset_maintenance_cost', sql`${t.cost} >= 0`),
  ],
);
