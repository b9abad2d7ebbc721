import { createHash, randomBytes } from 'node:crypto';

/** A new secret: 32 random bytes, hex encoded for the client. Only its hash is stored. */
export const newSecret = (): string => randomBytes(32).toString('hex');

/** A member's session key (End User Login): `m_` and 64 hex digits; staff keys are bare hex. */
export const newMemberKey = (): string => `m_${newSecret()}`;
export const isMemberKey = (key: string): boolean => key.startsWith('m_');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const IDLE_LIFETIME_MS = { remembered: 30 * 24 * 3600_000, session: 12 * 3600_000 } as const;

/** However busy a key is, it dies this long after it was issued: 90 days when remembered, else 7 days. */
export const ABSOLUTE_LIFETIME_MS = { remembered: 90 * 24 * 3600_000, session: 7 * 24 * 3600_000 } as const;

/**
 * A key expires after 30 idle days when the login asked to be remembered, else after 12 idle hours.
 * Idle time only: new code uses {@link keyExpired}, which also enforces the absolute lifetime.
 */
export function isExpired(lastUsedAt: Date, remember: boolean, now = new Date()): boolean {
  const lifetime = remember ? IDLE_LIFETIME_MS.remembered : IDLE_LIFETIME_MS.session;
  return now.getTime() - lastUsedAt.getTime() > lifetime;
}

/**
 * Whether a key is dead by age: idle past {@link IDLE_LIFETIME_MS}, or older than
 * {@link ABSOLUTE_LIFETIME_MS} since it was issued, however recently it was used.
 */
export function keyExpired(token: { lastUsedAt: Date; createdAt: Date; remember: boolean }, now = new Date()): boolean {
  const absolute = token.remember ? ABSOLUTE_LIFETIME_MS.remembered : ABSOLUTE_LIFETIME_MS.session;
  return isExpired(token.lastUsedAt, token.remember, now) || now.getTime() - token.createdAt.getTime() > absolute;
}
