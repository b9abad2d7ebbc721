import { z } from '../zod-config.js';
import { requiredSingleLineText, singleLine, singleLineText } from '../common.js';
import { MODULE_LEVELS, MODULES } from '../modules.js';

export const PASSWORD_MIN_LENGTH = 8;

const loginEmail = singleLine(z.string({ error: 'Email is required' }))
  .trim()
  .toLowerCase()
  .min(1, { message: 'Email is required', abort: true })
  .max(254)
  .pipe(z.email('Enter a valid email address.'));

/** Spec 5: the new-password pair of the reset-confirm and sign-up forms. */
const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, { message: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(128, 'Ensure this field has no more than 128 characters.');
const confirmPassword = z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');

/** `{email, password}` or `{token}` (a key exchanged for a fresh one, e.g. from `/login?token=`). */
export const loginSchema = z
  .object({
    email: singleLine(z.string()).trim().toLowerCase().max(254).optional(),
    password: z.string().max(128).optional(),
    token: singleLine(z.string()).max(200).optional(),
    remember: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.token) return;
    if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
  });
export type LoginInput = z.infer<typeof loginSchema>;

/** The web login form (spec 5): email and password required. */
export const loginFormSchema = z.object({
  email: singleLine(z.string()).trim().min(1, { message: 'Email is required', abort: true }),
  password: z.string().min(1, 'Password is required'),
  remember: z.boolean().optional(),
});

export const registrationSchema = z
  .object({
    email: loginEmail,
    password1: newPassword,
    password2: confirmPassword,
    first_name: requiredSingleLineText(150, 'First name is required'),
    last_name: singleLineText(150).default(''),
  })
  .refine((v) => v.password1 === v.password2, { path: ['password2'], message: 'Passwords do not match' });
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const verifyEmailSchema = z.object({ key: singleLine(z.string()).min(1).max(200) });

export const passwordResetSchema = z.object({ email: loginEmail });

export const passwordResetConfirmSchema = z
  .object({
    uid: singleLine(z.string()).min(1).max(100),
    token: singleLine(z.string()).min(1).max(200),
    new_password1: newPassword,
    new_password2: confirmPassword,
  })
  .refine((v) => v.new_password1 === v.new_password2, { path: ['new_password2'], message: 'Passwords do not match' });

/** Where an organisation's subscription stands (see `userSchema.subscription_state`). */
export const SUBSCRIPTION_STATES = ['active', 'grace', 'read_only'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
/** Days after the due date before the organisation turns read-only. */
export const SUBSCRIPTION_GRACE_DAYS = 7;
/** The 402 every write of a read-only organisation answers. */
export const SUBSCRIPTION_EXPIRED_DETAIL = 'Your subscription has expired. Renew it in Administrator › Subscription to make changes.';
export const SUBSCRIPTION_EXPIRED_CODE = 'subscription_expired';

export const userOrganisationSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  display_picture: z.string().nullable(),
  subdomain: z.string(),
  /** IANA zone the organisation keeps its days in: "today" on every screen is its today. */
  time_zone: z.string(),
});

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_name: z.string().nullable(),
  is_owner: z.boolean(),
  account_number: z.string().nullable(),
  due_date: z.string().nullable(),
  /**
   * The organisation's subscription (issue 23 §2): `active` up to the due date, `grace` for 7 days
   * after it (a banner), then `read_only` (writes answer 402, except Administrator › Subscription
   * and /payments). No due date: always `active`.
   */
  subscription_state: z.enum(SUBSCRIPTION_STATES),
  /** The last day of the grace (due date + 7 days); null without a due date. */
  grace_until: z.string().nullable(),
  center_id: z.number().nullable(),
  organisation: userOrganisationSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userUpdateSchema = z.object({
  first_name: requiredSingleLineText(150).optional(),
  last_name: singleLineText(150).optional(),
  center_id: z.number().int().positive().nullable().optional(),
});

export const loginResponseSchema = z.object({ key: z.string(), user: userSchema });

export const allowedModulesSchema = z.object({
  allowed_modules: z.array(z.enum(MODULES)),
  /** The level within each allowed module (issue 21): view < operate < manage. */
  module_levels: z.record(z.string(), z.enum(MODULE_LEVELS)),
});

export const organisationUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_name: z.string().nullable(),
  is_owner: z.boolean(),
  is_active: z.boolean(),
  modules: z.array(z.string()),
  last_login: z.string().nullable(),
});
