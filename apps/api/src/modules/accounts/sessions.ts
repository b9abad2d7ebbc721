import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { appUser, authToken } from '../../platform/db/schema.js';
import type { UserRow } from '../../platform/context.js';

export interface Device {
  userAgent: string;
  ip: string;
}

/** Issues a key for one login on one device, bound to the user's organisation. */
export async function issueSessionKey(db: Queryable, user: UserRow, remember: boolean, device: Device): Promise<string> {
  const key = newSecret();
  await db.insert(authToken).values({
    keyHash: hashSecret(key),
    userId: user.id,
    organisationId: user.organisationId,
    remember,
    userAgent: device.userAgent.slice(0, 500),
    ip: device.ip,
  });
  await db
    .update(appUser)
    .set({ lastLogin: sql`now()` })
    .where(eq(appUser.id, user.id));
  return key;
}

export async function revokeKey(db: Queryable, tokenId: number): Promise<void> {
  await db
    .update(authToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authToken.id, tokenId), isNull(authToken.revokedAt)));
}

/** Revokes every key of a user, except one when given (the device that made the change). */
export async function revokeUserKeys(db: Queryable, userId: number, exceptTokenId?: number): Promise<void> {
  await db
    .update(authToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authToken.userId, userId), isNull(authToken.revokedAt), exceptTokenId ? ne(authToken.id, exceptTokenId) : undefined));
}
