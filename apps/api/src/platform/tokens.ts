import { createHash, randomBytes } from 'node:crypto';

/** A new secret: 32 random bytes, hex encoded for the client. Only its hash is stored. */
export const newSecret = (): string => randomBytes(32).toString('hex');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const IDLE_LIFETIME_MS = { remembered: 30 * 24 * 3600_000, session: 12 * 3600_000 } as const;

/** A key expires after 30 idle days when the login asked to be remembered, else after 12 idle hours. */
export function isExpired(lastUsedAt: Date, remember: boolean, now = new Date()): boolean {
  const lifetime = remember ? IDLE_LIFETIME_MS.remembered : IDLE_LIFETIME_MS.session;
  return now.getTime() - lastUsedAt.getTime() > lifetime;
}
