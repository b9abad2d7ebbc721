import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { appUser, authToken } from '../../platform/db/schema.js';
import type { UserRow } from '../../platform/context.js';

export interface Device {
  userAgent: string;
  ip: string;
}

/**
 * Issues a key for one login on one device, bound to the user's organisation. `createdAt` is
 * the login the key's absolute lifetime counts from: now, or the original login's when a key
 * is exchanged for a fresh one (so exchanging cannot extend a key's life).
 */
export async function issueSessionKey(db: Queryable, user: UserRow, remember: boolean, device: Device, createdAt?: Date): Promise<string> {
  const key = newSecret();
  await db.insert(authToken).values({
    keyHash: hashSecret(key),
    userId: user.id,
    organisationId: user.organisationId,
    remember,
    userAgent: device.userAgent.slice(0, 500),
    ip: device.ip,
    ...(createdAt ? { createdAt } : {}),
  });
  await db
    .update(appUser)
    .set({ lastLogin: sql`now()` })
    .where(eq(appUser.id, user.id));
  return key;
}

/**
 * Revokes a key. Returns the key as it was when this call revoked it, or null when it was
 * already revoked (e.g. by a concurrent request), so only one caller can act on a revocation.
 */
export async function revokeKey(db: Queryable, tokenId: number): Promise<{ createdAt: Date; lastUsedAt: Date; remember: boolean } | null> {
  const [row] = await db
    .update(authToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authToken.id, tokenId), isNull(authToken.revokedAt)))
    .returning({ createdAt: authToken.createdAt, lastUsedAt: authToken.lastUsedAt, remember: authToken.remember });
  return row ?? null;
}

/** Revokes every key of a user, except one when given (the device that made the change). */
export async function revokeUserKeys(db: Queryable, userId: number, exceptTokenId?: number): Promise<void> {
  await db
    .update(authToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authToken.userId, userId), isNull(authToken.revokedAt), exceptTokenId ? ne(authToken.id, exceptTokenId) : undefined));
}
