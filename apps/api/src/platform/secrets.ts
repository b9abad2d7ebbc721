/**
 * Secrets stored in the database (a provider's auth key, an access token) are sealed with
 * AES-256-GCM: `v1:<iv>:<tag>:<ciphertext>` in base64. The key is SECRETS_KEY, or a key made once
 * in DATA_DIR/secrets.key (mode 0600). A sealed value is never answered by the API: `maskSecret`
 * shows its last four characters.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

const keys = new Map<string, Buffer>();

function keyOf(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>): Buffer {
  if (config.SECRETS_KEY) {
    const v = config.SECRETS_KEY;
    return /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  }
  const file = path.join(config.DATA_DIR, 'secrets.key');
  const cached = keys.get(file);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    key = randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch {
      key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'); // another process made it first
    }
  }
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  keys.set(file, key);
  return key;
}

/** Seals a secret; '' stays ''. */
export function sealSecret(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, plain: string): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** Opens a sealed secret; '' stays ''. Throws when the key is not the one it was sealed with. */
export function openSecret(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, sealed: string): string {
  if (!sealed) return '';
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** How the API shows a stored secret: `••••1234`, or '' when none is stored. */
export function maskSecret(plain: string): string {
  return plain ? `••••${plain.slice(-4)}` : '';
}

/** A secret derived from the sealing key for a fixed purpose (the provider's sandbox gateway keys): stable across restarts and instances sharing the key. */
export function derivedSecret(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, label: string): string {
  return createHmac('sha256', keyOf(config)).update(label).digest('hex');
}

/** How the API shows a sealed secret: `••••1234`; `••••` when it was sealed with another key; '' when none. */
export function maskSealed(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, sealed: string): string {
  try {
    return maskSecret(openSecret(config, sealed));
  } catch {
    return sealed ? '••••' : '';
  }
}
