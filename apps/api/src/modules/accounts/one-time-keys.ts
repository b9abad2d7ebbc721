import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { oneTimeKey } from '../../platform/db/schema.js';

export type KeyPurpose = 'verify_email' | 'password_reset' | 'invite';

export const KEY_LIFETIME_MS: Record<KeyPurpose, number> = {
  verify_email: 3 * 24 * 3600_000,
  password_reset: 24 * 3600_000,
  /** A staff member's invitation to set their first password (issue 21). */
  invite: 7 * 24 * 3600_000,
};

/** Issues a single-use key; only its hash is stored. */
export async function issueKey(db: Queryable, userId: number, purpose: KeyPurpose): Promise<string> {
  const secret = newSecret();
  await db
    .insert(oneTimeKey)
    .values({ purpose, userId, keyHash: hashSecret(secret), expiresAt: new Date(Date.now() + KEY_LIFETIME_MS[purpose]) });
  return secret;
}

/**
 * Consumes a key: marks it used in the same statement that finds it, so two requests racing
 * with the same key cannot both succeed. Returns the user id, or null for a bad, used or expired key.
 */
export async function consumeKey(db: Queryable, secret: string, purpose: KeyPurpose, userId?: number): Promise<number | null> {
  const [row] = await db
    .update(oneTimeKey)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeKey.keyHash, hashSecret(secret)),
        eq(oneTimeKey.purpose, purpose),
        isNull(oneTimeKey.usedAt),
        gt(oneTimeKey.expiresAt, sql`now()`),
        userId === undefined ? undefined : eq(oneTimeKey.userId, userId),
      ),
    )
    .returning({ userId: oneTimeKey.userId });
  return row?.userId ?? null;
}

/** Retires every unused key of a purpose for a user (after a reset, older reset links die too). */
export async function retireKeys(db: Queryable, userId: number, purpose: KeyPurpose): Promise<void> {
  await db
    .update(oneTimeKey)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeKey.userId, userId), eq(oneTimeKey.purpose, purpose), isNull(oneTimeKey.usedAt)));
}
