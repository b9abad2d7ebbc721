/**
 * Refer and earn (issue 23 §3).
 *
 * The code and the link between organisations live on the platform's `organisation` row
 * (`referral_code`, `referred_by_id`). `referral_reward` records the one free month both sides
 * got when the referred organisation paid its first subscription: one row per referred
 * organisation (unique), so the reward is given exactly once however many times, or however
 * concurrently, `rewardReferral` runs. It spans two organisations, so it has no `organisation_id`
 * (no row-level security): every read filters it by the organisation in code.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisation } from '../../platform/db/schema.js';

export const referralReward = pgTable(
  'referral_reward',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    referredId: bigint('referred_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    /** Each side's due date before and after its free month (for support and the audit). */
    referrerDueBefore: date('referrer_due_before', { mode: 'string' }),
    referrerDueAfter: date('referrer_due_after', { mode: 'string' }).notNull(),
    referredDueBefore: date('referred_due_before', { mode: 'string' }),
    referredDueAfter: date('referred_due_after', { mode: 'string' }).notNull(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_reward_referred_key').on(t.referredId),
    index('referral_reward_referrer_idx').on(t.referrerId),
    check('referral_reward_not_self', sql`${t.referrerId} <> ${t.referredId}`),
  ],
);
