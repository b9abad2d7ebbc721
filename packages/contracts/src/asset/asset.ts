/**
 * Asset Management (issue 26): categories, vendors, the asset register (code `AST-0042`, book
 * value and a year-by-year depreciation schedule), maintenance (scheduled and done, preventive and
 * repair), QR labels, the dashboard.
 */
import { z } from '../zod-config.js';
import {
  idSchema,
  isoDateSchema,
  namedLookupInputSchema,
  namedLookupSchema,
  optionalPhoneSchema,
  priceSchema,
  requiredSingleLineText,
  singleLineText,
  text,
} from '../common.js';
import { toPaise } from '../money.js';
import { gstinSchema } from '../tax.js';

export const ASSET_CONDITIONS = ['good', 'fair', 'poor'] as const;
export type AssetCondition = (typeof ASSET_CONDITIONS)[number];
export const ASSET_STATUSES = ['in_use', 'under_maintenance', 'retired', 'disposed'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = {
  in_use: 'In use',
  under_maintenance: 'Under maintenance',
  retired: 'Retired',
  disposed: 'Disposed',
};
export const DEPRECIATION_METHODS = ['straight_line', 'written_down_value'] as const;
export type DepreciationMethod = (typeof DEPRECIATION_METHODS)[number];
export const DEPRECIATION_METHOD_LABELS: Record<DepreciationMethod, string> = {
  straight_line: 'Straight line',
  written_down_value: 'Written down value',
};
export const MAINTENANCE_STATUSES = ['scheduled', 'done'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_KINDS = ['preventive', 'repair'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

/** The longest useful life an asset may be given, in years. */
export const USEFUL_LIFE_MAX = 50;
/** Days ahead a scheduled maintenance raises its notification (and shows as due on the dashboard). */
export const MAINTENANCE_NOTICE_DAYS = 7;
/** The most labels one sheet prints. */
export const LABELS_MAX = 100;

// ---- location ----
/** Where an asset stands: its floor (`2`, `Ground`, `Terrace`) and zone (`Cardio zone`), each optional. */
export const assetLocationInputSchema = z.object({
  floor: singleLineText(40).default(''),
  zone: singleLineText(80).default(''),
});
export const assetLocationSchema = z.object({ floor: z.string(), zone: z.string() });
export type AssetLocation = z.infer<typeof assetLocationSchema>;
/** The most floors, or zones, the locations list names. */
export const LOCATIONS_MAX = 200;
export const NO_LOCATION: AssetLocation = { floor: '', zone: '' };

/** A floor as it reads: a number is "Floor 2", a name ("Ground", "Terrace") reads as entered. */
export const floorText = (floor: string) => (/^-?\d+$/.test(floor.trim()) ? `Floor ${floor.trim()}` : floor.trim());

/** "Floor 2 · Cardio zone", "Floor 2", "Cardio zone" or '' (the detail, the label, the exports). */
export const locationText = (l: AssetLocation) => [floorText(l.floor), l.zone.trim()].filter(Boolean).join(' · ');

// ---- lookups ----
export const assetCategoryInputSchema = namedLookupInputSchema('Name is required');
export const assetCategorySchema = namedLookupSchema.extend({ assets: z.number() });
export type AssetCategory = z.infer<typeof assetCategorySchema>;

/** A vendor (who sold or services assets): GSTIN checked with its checksum. */
export const assetVendorInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  phone: optionalPhoneSchema.default(''),
  gstin: gstinSchema.default(''),
  address: text(500).default(''),
  service_contract_end: isoDateSchema.nullable().default(null),
  is_active: z.boolean().default(true),
});
export const assetVendorSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  gstin: z.string(),
  address: z.string(),
  service_contract_end: z.string().nullable(),
  is_active: z.boolean(),
  assets: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssetVendor = z.infer<typeof assetVendorSchema>;

// ---- assets ----
const rateSchema = z.coerce
  .number({ error: 'Enter a rate in per cent.' })
  .gt(0, 'Enter a rate above 0 %.')
  .max(100, 'Enter a rate up to 100 %.')
  .refine((v) => Math.round(v * 100) === v * 100, 'Enter the rate with at most 2 decimals.');

export const assetInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  category: idSchema,
  centre: idSchema,
  /** Where it stands: floor and zone (a PATCH sending `location` replaces both). */
  location: assetLocationInputSchema.default(NO_LOCATION),
  make: singleLineText(80).default(''),
  model: singleLineText(80).default(''),
  serial_no: singleLineText(80).default(''),
  purchase_date: isoDateSchema,
  cost: priceSchema,
  vendor: idSchema.nullable().default(null),
  warranty_until: isoDateSchema.nullable().default(null),
  amc_until: isoDateSchema.nullable().default(null),
  condition: z.enum(ASSET_CONDITIONS).default('good'),
  status: z.enum(ASSET_STATUSES).default('in_use'),
  useful_life_years: z.coerce
    .number({ error: 'Enter the useful life in years.' })
    .int('Enter whole years.')
    .min(1, 'Enter at least 1 year.')
    .max(USEFUL_LIFE_MAX, `Enter at most ${USEFUL_LIFE_MAX} years.`)
    .default(5),
  depreciation_method: z.enum(DEPRECIATION_METHODS).default('straight_line'),
  salvage_value: priceSchema.default('0.00'),
  /** The written-down-value rate per year (per cent); empty works it out from the life and the salvage value. */
  depreciation_rate: rateSchema.nullable().default(null),
  notes: text(1000).default(''),
  /**
   * Bought now: its cost is paid today and posts an expense (category Equipment) by `payment_mode`.
   * An old asset entered into the register (false) posts nothing. Read on create only.
   */
  bought_now: z.boolean().default(false),
  payment_mode: idSchema.nullable().default(null),
});
export type AssetInput = z.input<typeof assetInputSchema>;

export const depreciationYearSchema = z.object({
  year: z.number(),
  start: z.string(),
  end: z.string(),
  opening: z.string(),
  depreciation: z.string(),
  closing: z.string(),
});
export type DepreciationYear = z.infer<typeof depreciationYearSchema>;

export const assetSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  category: z.number(),
  category_name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  location: assetLocationSchema,
  make: z.string(),
  model: z.string(),
  serial_no: z.string(),
  purchase_date: z.string(),
  cost: z.string(),
  vendor: z.number().nullable(),
  vendor_name: z.string(),
  invoice_file: z.string().nullable(),
  invoice_file_name: z.string(),
  warranty_until: z.string().nullable(),
  amc_until: z.string().nullable(),
  condition: z.enum(ASSET_CONDITIONS),
  status: z.enum(ASSET_STATUSES),
  useful_life_years: z.number(),
  depreciation_method: z.enum(DEPRECIATION_METHODS),
  salvage_value: z.string(),
  depreciation_rate: z.number().nullable(),
  notes: z.string(),
  picture: z.string().nullable(),
  /** The expense its purchase posted (bought now), or null. */
  expense: z.number().nullable(),
  book_value: z.string(),
  depreciation_schedule: z.array(depreciationYearSchema),
  /** The next preventive service scheduled, or null. */
  next_maintenance: z.string().nullable(),
  open_repairs: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

/** A rule across fields of an asset (checked on the row as written, create or update). */
export function assetFieldErrors(a: {
  cost: string;
  salvage_value: string;
  purchase_date: string;
  warranty_until: string | null;
  amc_until: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if ((toPaise(a.salvage_value) ?? 0) > (toPaise(a.cost) ?? 0)) errors.salvage_value = 'The salvage value cannot exceed the cost.';
  if (a.warranty_until && a.warranty_until < a.purchase_date) errors.warranty_until = 'The warranty cannot end before the purchase date.';
  if (a.amc_until && a.amc_until < a.purchase_date) errors.amc_until = 'The AMC cannot end before the purchase date.';
  return errors;
}

// ---- maintenance ----
const everyDaysSchema = z.coerce
  .number({ error: 'Enter a number of days.' })
  .int('Enter whole days.')
  .min(1, 'Enter 1 to 3,650 days.')
  .max(3650, 'Enter 1 to 3,650 days.');

export const maintenanceInputSchema = z
  .object({
    status: z.enum(MAINTENANCE_STATUSES).default('scheduled'),
    date: isoDateSchema,
    kind: z.enum(MAINTENANCE_KINDS).default('preventive'),
    vendor: idSchema.nullable().default(null),
    cost: priceSchema.default('0.00'),
    notes: text(1000).default(''),
    /** A preventive schedule: once done, the next entry is scheduled this many days later. */
    every_days: everyDaysSchema.nullable().default(null),
    /** How a done entry's cost was paid (posts the expense, category Maintenance). */
    payment_mode: idSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.every_days && v.kind !== 'preventive')
      ctx.addIssue({ code: 'custom', path: ['every_days'], message: 'Only preventive maintenance repeats.' });
    if (v.status === 'done' && (toPaise(v.cost) ?? 0) > 0 && !v.payment_mode)
      ctx.addIssue({ code: 'custom', path: ['payment_mode'], message: 'Choose how the cost was paid.' });
  });
export type MaintenanceInput = z.input<typeof maintenanceInputSchema>;

/** Marking a scheduled entry done: its date, cost, how it was paid, notes. */
export const maintenanceDoneInputSchema = z
  .object({
    date: isoDateSchema,
    cost: priceSchema.default('0.00'),
    vendor: idSchema.nullable().optional(),
    notes: text(1000).optional(),
    payment_mode: idSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((toPaise(v.cost) ?? 0) > 0 && !v.payment_mode)
      ctx.addIssue({ code: 'custom', path: ['payment_mode'], message: 'Choose how the cost was paid.' });
  });
export type MaintenanceDoneInput = z.input<typeof maintenanceDoneInputSchema>;

export const reportFaultInputSchema = z.object({
  notes: requiredSingleLineText(500, 'Say what is wrong.'),
});

export const maintenanceSchema = z.object({
  id: z.number(),
  asset: z.number(),
  asset_code: z.string(),
  asset_name: z.string(),
  /** The asset's centre and place, for a list across assets. */
  centre: z.number(),
  centre_name: z.string(),
  location: assetLocationSchema,
  status: z.enum(MAINTENANCE_STATUSES),
  date: z.string(),
  kind: z.enum(MAINTENANCE_KINDS),
  vendor: z.number().nullable(),
  vendor_name: z.string(),
  cost: z.string(),
  notes: z.string(),
  every_days: z.number().nullable(),
  /** The date of the entry this one scheduled next (preventive), or null. */
  next_due: z.string().nullable(),
  expense: z.number().nullable(),
  reported_fault: z.boolean(),
  /** Scheduled for a day before the organisation's today, and not done. */
  overdue: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

// ---- dashboard ----
const countValue = z.object({ id: z.number(), name: z.string(), count: z.number(), cost: z.string(), book_value: z.string() });
export const assetDashboardSchema = z.object({
  total: z.object({ count: z.number(), cost: z.string(), book_value: z.string() }),
  by_category: z.array(countValue),
  by_centre: z.array(countValue),
  due_maintenance: z.array(maintenanceSchema),
  under_repair: z.number(),
  warranties_ending: z.array(
    z.object({ id: z.number(), code: z.string(), name: z.string(), warranty_until: z.string(), centre_name: z.string() }),
  ),
  maintenance_spend: z.array(z.object({ month: z.string(), amount: z.string() })),
});
export type AssetDashboard = z.infer<typeof assetDashboardSchema>;
