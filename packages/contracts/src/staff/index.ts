/** `@arena/contracts/staff`: Staff Management — staff categories, staff, attendance (attendance.ts), payroll (payroll.ts). */
import { z } from '../zod-config.js';
import {
  birthDateSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  moneySchema,
  namedLookupInputSchema,
  namedLookupSchema,
  partialWithoutDefaults,
  phoneSchema,
  singleLine,
  singleLineText,
  requiredSingleLineText,
  text,
} from '../common.js';
import { crudEndpoints, endpoint } from '../endpoint.js';
import { toPaise } from '../money.js';

/** A kind of staff (Trainer, Coach, Receptionist, Manager …): what staff are filed under and paid by. */
export const staffCategoryInputSchema = namedLookupInputSchema().extend({
  /** Leave days a month that payroll pays like present days. */
  paid_leave_days: z.number().int().min(0).max(60).default(0),
});
export const staffCategorySchema = namedLookupSchema.extend({ paid_leave_days: z.number().int() });
export type StaffCategory = z.infer<typeof staffCategorySchema>;

export const staffCategoryEndpoints = crudEndpoints(
  '/api/staff-management/staff-category/',
  staffCategorySchema,
  staffCategoryInputSchema,
  {
    dropdown: true,
  },
);

// ---- staff ----
export const STAFF_GENDERS = ['male', 'female', 'other'] as const;
/** How `base_pay` reads: a monthly salary, or a rate per hour or per session. */
export const SALARY_TYPES = ['monthly', 'hourly', 'per_session'] as const;
export type SalaryType = (typeof SALARY_TYPES)[number];
export const STAFF_STATUSES = ['active', 'inactive'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** The most a base pay may be: ₹10,00,000 (a month's salary, or an hour's or a session's rate). */
export const BASE_PAY_MAX = 1_000_000;

/** The date `days` from now by this machine's clock in UTC (± 1 day of any organisation's date). */
const shiftUtc = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const optionalEmail = z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]);
/** An optional code, trimmed and upper-cased, blank or of `shape`. */
const optionalCode = (shape: RegExp, message: string) =>
  singleLine(z.string())
    .trim()
    .toUpperCase()
    .pipe(z.union([z.literal(''), z.string().regex(shape, message)]));

const basePaySchema = moneySchema.refine(
  (v) => {
    const paise = toPaise(v)!;
    return paise > 0 && paise <= BASE_PAY_MAX * 100;
  },
  { message: 'Base pay must be more than 0 and at most 1000000.' },
);

/** A percentage 0–100 with at most 2 decimals, as a string or number; normalised to "12.50". */
const percentSchema = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'Enter a percentage from 0 to 100 with at most 2 decimals.', abort: true })
      .refine((v) => Number(v) <= 100, 'Enter a percentage from 0 to 100 with at most 2 decimals.')
      .transform((v) => Number(v).toFixed(2)),
  );

const staffFields = {
  first_name: requiredSingleLineText(60, 'First name is required'),
  last_name: singleLineText(60).default(''),
  /** 10 digits, from the number as pasted (`normalisePhone`); one staff member per number in an organisation. */
  phone: phoneSchema,
  email: optionalEmail.default(''),
  gender: z.enum(STAFF_GENDERS, { error: 'Gender must be male, female or other.' }),
  date_of_birth: birthDateSchema.nullable().default(null),
  address: text(500).default(''),
  /** An active staff category of the organisation. */
  category: idSchema,
  /** The centres they work in: at least one. */
  centres: z
    .array(idSchema)
    .min(1, 'Choose at least one centre.')
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  /** Today when left out; at most a year ahead. */
  joining_date: isoDateSchema.refine((v) => v <= shiftUtc(366), 'A joining date can be at most a year from today.').optional(),
  salary_type: z.enum(SALARY_TYPES, { error: 'Salary type must be monthly, hourly or per_session.' }),
  /** The monthly salary, or the rate per hour or per session: more than 0, at most 10,00,000. */
  base_pay: basePaySchema,
  /** On the sales credited to them. */
  commission_percent: percentSchema.default('0.00'),
  bank_account: singleLine(z.string())
    .trim()
    .pipe(z.union([z.literal(''), z.string().regex(/^\d{9,18}$/, 'A bank account number is 9 to 18 digits.')]))
    .default(''),
  ifsc: optionalCode(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'Enter a valid IFSC (e.g. HDFC0001234).').default(''),
  upi_id: singleLine(z.string())
    .trim()
    .toLowerCase()
    .max(100)
    .pipe(z.union([z.literal(''), z.string().regex(/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,64}$/, 'Enter a UPI ID like name@bank.')]))
    .default(''),
  pan: optionalCode(/^[A-Z]{5}[0-9]{4}[A-Z]$/, 'Enter a valid PAN (e.g. ABCDE1234F).').default(''),
  status: z.enum(STAFF_STATUSES, { error: 'Status must be active or inactive.' }).default('active'),
  notes: text(1000).default(''),
};

/** `POST staff/`, `PUT staff/:id/`. */
export const staffInputSchema = z.object(staffFields);
export type StaffInput = z.infer<typeof staffInputSchema>;
/** `PATCH staff/:id/`: only the fields sent change. */
export const staffUpdateSchema = partialWithoutDefaults(staffInputSchema);
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffSchema = z.object({
  id: z.number(),
  /** STF-0007: the organisation's counter, consecutive. */
  staff_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** A stored photo's path; uploads come later (null until then). */
  photo: z.string().nullable(),
  gender: z.enum(STAFF_GENDERS),
  date_of_birth: z.string().nullable(),
  address: z.string(),
  category: z.number(),
  category_name: z.string(),
  centres: z.array(z.number()),
  centre_names: z.array(z.string()),
  joining_date: z.string(),
  salary_type: z.enum(SALARY_TYPES),
  base_pay: z.string(),
  commission_percent: z.string(),
  bank_account: z.string(),
  ifsc: z.string(),
  upi_id: z.string(),
  pan: z.string(),
  status: z.enum(STAFF_STATUSES),
  notes: z.string(),
  /** Whether the staff member signs in to Arena (a user of the organisation). */
  has_login: z.boolean(),
  user: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;

/** GET/POST …/, GET/PUT/PATCH/DELETE …/:id/, GET …/dropdown/ (active staff, "Asha Rao (STF-0003)"). */
export const staffEndpoints = crudEndpoints('/api/staff-management/staff/', staffSchema, staffInputSchema, { dropdown: true });

/**
 * A staff member's photo: `POST staff/:id/photo/` (multipart/form-data, the file in `photo`: PNG,
 * JPEG, GIF or WebP, at most 2 MB) replaces it; `DELETE` removes it. Both answer the staff member.
 */
export const staffPhotoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/staff-management/staff/:id/photo/',
    params: idParamsSchema,
    body: z.object({}),
    form: true,
    response: staffSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/staff-management/staff/:id/photo/', params: idParamsSchema, response: staffSchema }),
};

export * from './attendance.js';
export * from './login.js';
export * from './payroll.js';
