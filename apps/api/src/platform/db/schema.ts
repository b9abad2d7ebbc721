/**
 * Platform tables: shared by every organisation and not under row-level security. Access to
 * them is always filtered by the code (by user, by organisation) — keep that list short.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const subscriptionPlan = pgTable('subscription_plan', {
  id: id(),
  name: text('name').notNull().unique(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  durationDays: integer('duration_days').notNull(),
  modules: text('modules').array().notNull(),
  isTrial: boolean('is_trial').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  /** The provider's catalogue (issue 23): `price` is the monthly price; the yearly one is its own. */
  priceYearly: numeric('price_yearly', { precision: 12, scale: 2 }).notNull().default('0'),
  /** Limits: centres and logins (the owner included), and the SMS credits given each month. */
  maxCentres: integer('max_centres').notNull().default(1),
  maxUsers: integer('max_users').notNull().default(3),
  smsCreditsPerMonth: integer('sms_credits_per_month').notNull().default(0),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The provider's add-ons (issue 23): an extra centre, 1,000 SMS credits, WhatsApp. `recurring`
 * ones are billed each month with the plan; the SMS pack is bought once and adds credits.
 */
export const subscriptionAddonCatalogue = pgTable('addon', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** `centre` (raises the centre limit by `quantity`), `sms` (adds `quantity` credits), `whatsapp` (a channel). */
  kind: text('kind').notNull(),
  quantity: integer('quantity').notNull().default(1),
  /** Rupees: a month of a recurring add-on, or the price of one pack. */
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  recurring: boolean('recurring').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** Source of organisation account numbers (ARN100001, ARN100002 …). */
export const organisationAccountSeq = pgSequence('organisation_account_seq', { startWith: 100001 });

export const organisation = pgTable(
  'organisation',
  {
    id: id(),
    subdomain: text('subdomain').notNull().unique(),
    displayName: text('display_name').notNull(),
    displayPicture: text('display_picture'),
    accountNumber: text('account_number').notNull().unique(),
    legalName: text('legal_name').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    /** The state of the organisation's GST registration (the seller's state on its invoices). */
    state: text('state').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /**
     * The books are closed up to and including this day (Accounts › Close books, usually the last
     * filed month's end): no ledger movement nor GST document may be dated on or before it (a
     * trigger refuses them). Null: nothing is closed.
     */
    booksLockedUntil: date('books_locked_until', { mode: 'string' }),
    /** The largest discount, in percent of the price, a user with `operate` may give on a sale (issue 21); `manage` is not capped. */
    operateDiscountCapPercent: numeric('operate_discount_cap_percent', { precision: 5, scale: 2 }).notNull().default('10'),
    /** Origins allowed to embed the public portal in an iframe (CSP frame-ancestors), e.g. https://club.example.com. */
    embedOrigins: text('embed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subscriptionPlanId: bigint('subscription_plan_id', { mode: 'number' }).references(() => subscriptionPlan.id),
    dueDate: date('due_date'),
    /** The organisation's refer-and-earn code (`{PUBLIC_URL}/?ref=CODE`, issue 23 §3); made by the referral module's setup hook. */
    referralCode: text('referral_code').unique(),
    /** The organisation whose referral link this one registered through. */
    referredById: bigint('referred_by_id', { mode: 'number' }).references((): AnyPgColumn => organisation.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A referrer's list of the organisations registered through its link.
  (t) => [
    index('organisation_referred_by_idx')
      .on(t.referredById)
      .where(sql`${t.referredById} is not null`),
  ],
);

export const appUser = pgTable(
  'app_user',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roleName: text('role_name'),
    organisationId: bigint('organisation_id', { mode: 'number' }).references(() => organisation.id),
    isOwner: boolean('is_owner').notNull().default(false),
    /** Modules granted to a non-owner user; bounded by the organisation's plan. */
    grantedModules: text('granted_modules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The level within each granted module (`view` | `operate` | `manage`); a granted module missing here is `operate`. */
    moduleLevels: jsonb('module_levels')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The centre the user works in; null = all centres. Not a foreign key: centres are tenant rows. */
    centerId: bigint('center_id', { mode: 'number' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('app_user_email_key').on(sql`lower(${t.email})`),
    index('app_user_organisation_idx').on(t.organisationId),
    // The target of a tenant table's composite reference to its login (staff.user_id).
    uniqueIndex('app_user_organisation_id_key').on(t.organisationId, t.id),
  ],
);

export const authToken = pgTable(
  'auth_token',
  {
    id: id(),
    keyHash: text('key_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    organisationId: bigint('organisation_id', { mode: 'number' }).references(() => organisation.id),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_token_user_idx').on(t.userId)],
);

/** One-time keys: e-mail verification and password reset. Only hashes are stored. */
export const oneTimeKey = pgTable(
  'one_time_key',
  {
    id: id(),
    purpose: text('purpose', { enum: ['verify_email', 'password_reset', 'invite'] }).notNull(),
    keyHash: text('key_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_key_user_idx').on(t.userId, t.purpose)],
);

/**
 * Events counted by the per-account limits (failed logins, reset requests), kept in the database
 * so every instance of the API sees the same counts. `bucket` is e.g. `login:asha@example.com`.
 */
export const throttleEvent = pgTable(
  'throttle_event',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_event_bucket_idx').on(t.bucket, t.createdAt)],
);

/**
 * Per-IP request counters of the rate-limited endpoints (login, registration, reset, portal
 * bookings), shared by every instance on PostgreSQL: one row per key and window, counted with an
 * atomic upsert. Rows past `expires_at` are reused or pruned hourly.
 */
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The audit trail. The application role may insert and read rows, never change or delete them. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    module: text('module').notNull(),
    resource: text('resource').notNull(),
    objectId: text('object_id'),
    /** What a person calls the object ("Court 1", "BK-2026-000311"), so logs and exports read without ids. */
    objectLabel: text('object_label'),
    action: text('action', { enum: ['create', 'update', 'delete', 'login', 'logout', 'action'] }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorEmail: text('actor_email'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_org_module_idx').on(t.organisationId, t.module, t.createdAt)],
);

/** Per-organisation counters for readable codes (BK-2026-000311, MEM-00042 …); gapless because they roll back with the transaction. */
export const documentSequence = pgTable(
  'document_sequence',
  {
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    name: text('name').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('document_sequence_key').on(t.organisationId, t.name)],
);
