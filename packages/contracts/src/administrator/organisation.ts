import { z } from '../zod-config.js';
import { optionalPhoneSchema, singleLine, requiredSingleLineText, singleLineText, text } from '../common.js';
import { gstinSchema } from '../tax.js';
import { embedOriginsSchema } from '../public/portal.js';

/** Subdomains that name the provider's own hosts or would mislead users. */
export const RESERVED_SUBDOMAINS = [
  'www',
  'api',
  'admin',
  'app',
  'apps',
  'mail',
  'smtp',
  'ftp',
  'static',
  'assets',
  'cdn',
  'media',
  'uploads',
  'docs',
  'help',
  'support',
  'status',
  'blog',
  'dev',
  'test',
  'staging',
  'demo-admin',
  'login',
  'signup',
  'auth',
  'accounts',
  'account',
  'billing',
  'payments',
  'dashboard',
  'portal',
  'arena',
  'root',
  'system',
  'localhost',
] as const;

export const subdomainSchema = singleLine(z.string({ error: 'This field is required.' }))
  .trim()
  .min(1, 'This field may not be blank.')
  .min(3, 'Subdomain must be 3 to 30 characters.')
  .max(30, 'Subdomain must be 3 to 30 characters.')
  .regex(/^[a-z0-9-]+$/, 'Use only lower-case letters, digits and hyphens.')
  .refine((v) => !v.startsWith('-') && !v.endsWith('-'), 'Subdomain cannot start or end with a hyphen.')
  .refine((v) => !(RESERVED_SUBDOMAINS as readonly string[]).includes(v), 'This subdomain is reserved.');

export const organisationCreateSchema = z.object({
  display_name: requiredSingleLineText(120),
  subdomain: subdomainSchema,
  /** The owner's phone (optional): the organisation's contact number. */
  phone: optionalPhoneSchema.optional(),
  /** The referrer's code, carried from `?ref=CODE` (issue 23 §3); blank: none. */
  referral_code: z
    .string()
    .trim()
    .max(20, 'Enter a valid referral code.')
    .regex(/^[A-Za-z0-9]*$/, 'Enter a valid referral code.')
    .transform((v) => v.toUpperCase())
    .optional(),
});

export const organisationUpdateSchema = z.object({
  display_name: requiredSingleLineText(120).optional(),
  legal_name: singleLineText(200).optional(),
  gstin: gstinSchema.optional(),
  state: singleLineText(100).optional(),
  address: text(500).optional(),
  phone: singleLineText(20).optional(),
  email: singleLineText(254).optional(),
  time_zone: singleLineText(64).optional(),
  /** Origins allowed to embed the portal in an iframe (one `https://host[:port]` each, at most 10). */
  embed_origins: embedOriginsSchema.optional(),
  /** The largest discount (percent of the price) a user with `operate` may give on a sale; `manage` is not capped (issue 21). */
  operate_discount_cap_percent: z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'Enter a percentage from 0 to 100 with at most 2 decimals.', abort: true })
        .refine((v) => Number(v) <= 100, 'Enter a percentage from 0 to 100 with at most 2 decimals.')
        .transform((v) => Number(v).toFixed(2)),
    )
    .optional(),
});

export const organisationPublicSchema = z.object({
  display_name: z.string(),
  display_picture: z.string().nullable(),
  /** The portal takes no bookings: the organisation's subscription expired past its grace (issue 23 §2). Anonymous answer only. */
  bookings_paused: z.boolean().optional(),
});

export const organisationSchema = organisationPublicSchema.extend({
  id: z.number(),
  subdomain: z.string(),
  account_number: z.string(),
  due_date: z.string().nullable(),
  legal_name: z.string(),
  gstin: z.string(),
  state: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  time_zone: z.string(),
  plan_name: z.string().nullable(),
  embed_origins: z.array(z.string()),
  operate_discount_cap_percent: z.string(),
  created_at: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const subdomainAvailabilitySchema = z.object({ subdomain: z.string(), available: z.boolean(), detail: z.string().nullable() });
