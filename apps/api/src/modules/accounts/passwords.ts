import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummy: Promise<string> | null = null;

/** Verifies a password; with no stored hash it still spends the same time, so timing does not reveal accounts. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('timing-equaliser-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
