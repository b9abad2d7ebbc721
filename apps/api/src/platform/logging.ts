/**
 * Request logs without secrets. Fastify logs every request's URL; links people open carry keys
 * in their query (`/login?token=` of the provider hand-over) or path (the reset and
 * verification links of the mails), so the URL is logged with those parts replaced.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

export const REDACTED = '[REDACTED]';

/** Query parameters whose value is never logged: exact names, and names that end in one of them. */
const SECRET_PARAMS = ['token', 'key', 'password', 'passwd', 'uid', 'secret', 'signature'];
const SECRET_PARAM = new RegExp(`^(?:.*[_.-])?(?:${SECRET_PARAMS.join('|')})\\d*$`, 'i');

/** Web pages whose path holds a one-time key: the reset link (uid and token) and the e-mail verification link. */
const SECRET_PATHS: RegExp[] = [/^(\/password\/reset\/confirm\/)[^/?]+(?:\/[^/?]+)?/, /^(\/accounts\/confirm-email\/)[^/?]+/];

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
      .trim()
      .replace(/\[[^\]]*\]$/, ''); // token[]=… and key[0]=… are still a token and a key
  } catch {
    return raw;
  }
}

export function isSecretParam(name: string): boolean {
  const decoded = paramName(name);
  return SECRET_PARAM.test(decoded) || /password/i.test(decoded);
}

/** `/login?token=abc&x=1` → `/login?token=[REDACTED]&x=1`; the path's own keys likewise. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) {
    path = path.replace(pattern, (match, prefix: string) => {
      const segments = match.slice(prefix.length).split('/');
      return prefix + segments.map(() => REDACTED).join('/');
    });
  }
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    version: req.headers?.['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
export interface LogStream {
  write(line: string): void;
}

/**
 * The app's logger: LOG_LEVEL, the redacting request serializer, and the Authorization and
 * Cookie headers redacted wherever a request's headers get logged. `stream` is for tests.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: LogStream): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
