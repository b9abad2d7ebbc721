import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const intFromEnv = (fallback: number, min = 0, max = 10_000_000) => z.coerce.number().int().min(min).max(max).default(fallback);

const configSchema = z.object({
  PORT: intFromEnv(3000, 1, 65535),
  HOST: z.string().default('0.0.0.0'),
  APP_DOMAIN: z
    .string()
    .default('localhost')
    .refine((v) => /^[a-z0-9.-]+$/i.test(v), 'must be a host name such as "localhost" or "arena.example.com"'),
  PUBLIC_URL: z
    .string()
    .default('http://localhost:3000')
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname === '/';
      } catch {
        return false;
      }
    }, 'must be an http(s) origin such as "http://localhost:3000" (no path)'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Arena <no-reply@arena.local>'),
  SEED_DEMO: z.enum(['0', '1', 'auto']).default('auto'),
  /**
   * Which proxies in front of the app may tell the client's address (X-Forwarded-For) and the
   * request id (X-Request-Id): `0` nobody, `N` the N proxies nearest the app, or their addresses.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      const setting = parseTrustProxy(value);
      if (typeof setting === 'string') {
        ctx.addIssue({ code: 'custom', message: setting });
        return z.NEVER;
      }
      return setting;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_SIZE: intFromEnv(10, 1, 200),
  /** URL of the login role the pool connects as (only a member of arena_app); unset = derived from DATABASE_URL by the migration step. */
  DATABASE_APP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  /** A statement running longer is cancelled and answered 503 with Retry-After. */
  DB_STATEMENT_TIMEOUT_MS: intFromEnv(15_000, 100, 600_000),
  /** A wait for a row or table lock longer than this is cancelled and answered 503. */
  DB_LOCK_TIMEOUT_MS: intFromEnv(5_000, 100, 600_000),
  /** Most tenant transactions one organisation may run at once per instance; 0 = 60 % of the pool. */
  DB_MAX_PER_ORGANISATION: intFromEnv(0, 0, 200),
  /** Redis for rate limits shared by every instance; unset = PostgreSQL (or in process on the embedded database). */
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^rediss?:\/\//.test(v), 'must start with redis:// or rediss://'),
  /** Requests per minute per IP on login, registration and password-reset endpoints. */
  RATE_LIMIT_AUTH_PER_MINUTE: intFromEnv(30, 1),
  /** Failed logins of one account within 15 minutes after which it is locked for the rest of the window. */
  LOGIN_MAX_FAILURES: intFromEnv(10, 1, 1000),
  /** Password-reset mails per account per hour. */
  RESET_MAX_PER_HOUR: intFromEnv(5, 1, 1000),
  /** Online booking requests per minute per IP on the public portal. */
  BOOKING_RATE_LIMIT_PER_MINUTE: intFromEnv(20, 1),
  /** Most slots one online booking may hold. */
  BOOKING_MAX_SLOTS: intFromEnv(8, 1, 96),
  /** Most open online bookings one phone number may hold for one date. */
  BOOKING_MAX_PER_PHONE_PER_DAY: intFromEnv(3, 1, 1000),
  /** Most slots one booking subscription request may book (dates × slots); larger ones are refused before any work. */
  SUBSCRIPTION_MAX_SLOTS: intFromEnv(2000, 1, 100000),
  WEB_DIST: z.string().optional(),
  /**
   * The provider's own gateway (issue 23): what organisations pay their subscription through.
   * `sandbox` (default) is the built-in offline gateway; `razorpay` needs the three keys below.
   */
  PROVIDER_GATEWAY: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  PROVIDER_RAZORPAY_KEY_ID: z.string().default(''),
  PROVIDER_RAZORPAY_KEY_SECRET: z.string().default(''),
  PROVIDER_RAZORPAY_WEBHOOK_SECRET: z.string().default(''),
  /** The provider's name on its checkout pages and invoices. */
  PROVIDER_NAME: z.string().default('Arena'),
  /** Razorpay's API base (tests point it at recorded fixtures; never the network in tests). */
  RAZORPAY_API_URL: z.string().default('https://api.razorpay.com'),
  /**
   * The key that seals stored secrets (messaging providers' tokens): 32 bytes as 64 hex digits or
   * base64. Unset = a key generated once in DATA_DIR/secrets.key (one instance; several instances
   * must share this variable).
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes as 64 hex digits or base64',
    ),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: URL;
  /** host:port part of PUBLIC_URL, the provider host as the browser sends it */
  providerHost: string;
};

export class ConfigError extends Error {}

/**
 * TRUST_PROXY parsed: trust nobody; trust the N proxies nearest the app (the client address is
 * the Nth entry from the right of X-Forwarded-For); or trust the proxies at these addresses.
 */
export type TrustProxySetting =
  | { mode: 'none' }
  | { mode: 'hops'; hops: number }
  /** Single addresses ("10.0.0.5") and CIDR ranges ("10.0.0.0/8"), keywords expanded. */
  | { mode: 'addresses'; addresses: string[] };

export const MAX_TRUSTED_HOPS = 20;

/** The keywords of proxy-addr (and so of Express and Fastify) for well-known ranges. */
const ADDRESS_KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const TRUST_PROXY_FORMAT =
  'use 0 (trust no proxy), the number of proxies in front of the app (e.g. 1), or a comma-separated list of proxy addresses or CIDR ranges (e.g. "10.0.0.0/8,192.168.1.7")';

/** An address or CIDR range in canonical form, or null when `entry` is neither. */
function addressOrRange(entry: string): string | null {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || address.includes('%')) return null;
  const family = net.isIP(address);
  if (!family) return null;
  if (prefix === undefined) return address;
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128) ? `${address}/${bits}` : null;
}

/** Parses TRUST_PROXY; a string is the reason it is refused. */
export function parseTrustProxy(raw: string): TrustProxySetting | string {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false') return { mode: 'none' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return { mode: 'none' };
    return hops <= MAX_TRUSTED_HOPS
      ? { mode: 'hops', hops }
      : `at most ${MAX_TRUSTED_HOPS} proxies can be trusted by count; ${TRUST_PROXY_FORMAT}`;
  }
  if (value === 'true' || value === '*') return `trusting every proxy would let any client choose its own address; ${TRUST_PROXY_FORMAT}`;
  const addresses: string[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    if (!entry) continue;
    if (Object.hasOwn(ADDRESS_KEYWORDS, entry)) {
      addresses.push(...ADDRESS_KEYWORDS[entry]);
      continue;
    }
    const canonical = addressOrRange(entry);
    if (!canonical) return `"${entry}" is not an IP address or CIDR range (with a prefix of at least 1); ${TRUST_PROXY_FORMAT}`;
    addresses.push(canonical);
  }
  return addresses.length ? { mode: 'addresses', addresses } : `no proxy address given; ${TRUST_PROXY_FORMAT}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const publicUrl = new URL(parsed.data.PUBLIC_URL);
  return {
    ...parsed.data,
    APP_DOMAIN: parsed.data.APP_DOMAIN.toLowerCase(),
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    PUBLIC_URL: publicUrl,
    providerHost: publicUrl.host,
  };
}

/** The public origin of an organisation: PUBLIC_URL with `{slug}.` before its host. */
export function organisationOrigin(config: Config, subdomain: string | null): string {
  const url = new URL(config.PUBLIC_URL);
  if (subdomain) url.hostname = `${subdomain}.${url.hostname}`;
  return url.origin;
}
