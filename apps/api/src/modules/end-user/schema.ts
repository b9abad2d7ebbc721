/**
 * End User Login (issue 27): a member's own account (`end_user`), its sessions (member keys, only
 * their hashes), the one-time codes and links asked for (also what the per-phone and per-address
 * limits count), and the organisation's settings of the member app.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { referencesMember, referencesMembership } from '../membership/index.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const endUser = tenantTable(
  'end_user',
  {
    memberId: ref('member_id').notNull(),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    /** When the desk gave access (the "invited" mode); null for one made at a first sign-in. */
    invitedAt: at('invited_at'),
    blockedAt: at('blocked_at'),
    lastLoginAt: at('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    referencesMember(t, t.memberId, 'cascade'),
    uniqueIndex('end_user_org_member_key').on(t.organisationId, t.memberId),
    index('end_user_org_status_idx').on(t.organisationId, t.status),
  ],
);

export const endUserSession = tenantTable(
  'end_user_session',
  {
    endUserId: ref('end_user_id').notNull(),
    /** SHA-256 of the member key (`m_…`); the key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    tenantRef(t, t.endUserId, () => endUser, { onDelete: 'cascade' }),
    uniqueIndex('end_user_session_key_hash_key').on(t.keyHash),
    index('end_user_session_org_user_idx').on(t.organisationId, t.endUserId),
  ],
);

/**
 * Every code or link asked for, whoever asked (a member or not): written by the request, its hash
 * filled by the job when the phone or address is a member's who may sign in ('' otherwise, which
 * nothing matches). The per-address and per-IP limits count these rows.
 */
export const endUserCode = tenantTable(
  'end_user_code',
  {
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** The 10-digit phone or the lower-cased e-mail. */
    address: text('address').notNull(),
    /** HMAC-SHA256 of the code (with the address) or of the link's token, with a server secret. */
    codeHash: text('code_hash').notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('end_user_code_org_address_idx').on(t.organisationId, t.channel, t.address, t.createdAt),
    index('end_user_code_org_ip_idx').on(t.organisationId, t.ip, t.createdAt),
    index('end_user_code_hash_idx')
      .on(t.organisationId, t.codeHash)
      .where(sql`${t.codeHash} <> ''`),
  ],
);

/** The organisation's settings of the member app (one row, its defaults until first saved). */
export const endUserSettings = tenantTable(
  'end_user_settings',
  {
    loginMode: text('login_mode', { enum: ['off', 'everyone', 'invited'] })
      .notNull()
      .default('off'),
    payDues: boolean('pay_dues').notNull().default(true),
    renew: boolean('renew').notNull().default(true),
    invoices: boolean('invoices').notNull().default(true),
    checkIn: boolean('check_in').notNull().default(true),
    freezeRequest: boolean('freeze_request').notNull().default(true),
    cancelRequest: boolean('cancel_request').notNull().default(true),
    book: boolean('book').notNull().default(true),
    plans: boolean('plans').notNull().default(true),
    editProfile: boolean('edit_profile').notNull().default(true),
    announcements: boolean('announcements').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('end_user_settings_org_key').on(t.organisationId)],
);

/**
 * A member's request from the app to freeze or cancel a membership, which the desk approves (the
 * freeze or the cancellation is then made by the membership module) or rejects with a reason. One
 * pending request per membership and kind: `end_user_request_pending_key`.
 */
export const endUserRequest = tenantTable(
  'end_user_request',
  {
    memberId: ref('member_id').notNull(),
    membershipId: ref('membership_id').notNull(),
    kind: text('kind', { enum: ['freeze', 'cancel'] }).notNull(),
    fromDate: date('from_date'),
    days: integer('days'),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decisionNote: text('decision_note').notNull().default(''),
    decidedAt: at('decided_at'),
    decidedBy: integer('decided_by'),
    ...timestamps(),
  },
  (t) => [
    referencesMember(t, t.memberId, 'cascade'),
    referencesMembership(t, t.membershipId, 'cascade'),
    uniqueIndex('end_user_request_pending_key')
      .on(t.organisationId, t.membershipId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('end_user_request_org_member_idx').on(t.organisationId, t.memberId, t.createdAt),
    index('end_user_request_org_status_idx').on(t.organisationId, t.status, t.createdAt),
    check('end_user_request_freeze', sql`${t.kind} <> 'freeze' or (${t.fromDate} is not null and ${t.days} between 1 and 365)`),
  ],
);

/** A member's own workout log from the app: an exercise's sets, reps and weight on a day. */
export const endUserWorkoutLog = tenantTable(
  'end_user_workout_log',
  {
    memberId: ref('member_id').notNull(),
    date: date('date').notNull(),
    exercise: text('exercise').notNull(),
    sets: integer('sets').notNull(),
    reps: integer('reps').notNull(),
    /** Kilograms, to 0.1 kg (stored in tenths). */
    weightTenths: integer('weight_tenths').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    referencesMember(t, t.memberId, 'cascade'),
    index('end_user_workout_log_org_member_idx').on(t.organisationId, t.memberId, t.date),
    check(
      'end_user_workout_log_bounds',
      sql`${t.sets} between 1 and 50 and ${t.reps} between 1 and 1000 and ${t.weightTenths} between 0 and 10000`,
    ),
  ],
);

/**
 * A member's change of phone or e-mail waiting for the code sent to the new address (HMAC of the
 * code, 10 minutes, 5 tries): the change applies only when the code comes back.
 */
export const endUserContactChange = tenantTable(
  'end_user_contact_change',
  {
    memberId: ref('member_id').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    referencesMember(t, t.memberId, 'cascade'),
    index('end_user_contact_change_org_member_idx').on(t.organisationId, t.memberId, t.createdAt),
  ],
);

/**
 * Announcements and feeds: an item for everyone, a centre, a plan's or a batch's members. `draft`
 * (members never see it), `active` (waiting for `publish_at`; the job publishes it then),
 * `published` (members of its audience see it until `expires_at`).
 */
export const endUserFeed = tenantTable(
  'end_user_feed',
  {
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The stored upload's path (public), or null. */
    picture: text('picture'),
    audienceKind: text('audience_kind', { enum: ['everyone', 'centre', 'plan', 'batch'] })
      .notNull()
      .default('everyone'),
    /** The centre, plan or batch (checked as the organisation's when written); null for everyone. */
    audienceId: ref('audience_id'),
    /** The centre's, plan's or batch's name when the item was last written ("Everyone" for everyone). */
    audienceName: text('audience_name').notNull().default('Everyone'),
    status: text('status', { enum: ['draft', 'active', 'published'] })
      .notNull()
      .default('draft'),
    publishAt: at('publish_at'),
    publishedAt: at('published_at'),
    expiresAt: at('expires_at'),
    pinned: boolean('pinned').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('end_user_feed_org_status_idx').on(t.organisationId, t.status, t.publishedAt),
    index('end_user_feed_due_idx')
      .on(t.publishAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Who has seen a published item in the app: one row per item and end user (the feed's reach). */
export const endUserFeedSeen = tenantTable(
  'end_user_feed_seen',
  {
    feedId: ref('feed_id').notNull(),
    endUserId: ref('end_user_id').notNull(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [
    tenantRef(t, t.feedId, () => endUserFeed, { onDelete: 'cascade' }),
    tenantRef(t, t.endUserId, () => endUser, { onDelete: 'cascade' }),
    uniqueIndex('end_user_feed_seen_key').on(t.organisationId, t.feedId, t.endUserId),
    index('end_user_feed_seen_user_idx').on(t.organisationId, t.endUserId),
  ],
);
