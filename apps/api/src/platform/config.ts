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
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_SIZE: intFromEnv(10, 1, 200),
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
  WEB_DIST: z.string().optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: URL;
  /** host:port part of PUBLIC_URL, the provider host as the browser sends it */
  providerHost: string;
};

export class ConfigError extends Error {}

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
