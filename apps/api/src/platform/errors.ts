import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { booksClosedMessage } from '@arena/contracts';

/** Field errors in DRF's shape: `{"field": ["message"], "non_field_errors": ["…"]}`. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (errors: FieldErrors | string) => new ApiError(400, typeof errors === 'string' ? { detail: errors } : errors);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') => new ApiError(401, { detail });
export const permissionDenied = (detail = 'You do not have permission to perform this action.') => new ApiError(403, { detail });
export const notFound = (detail = 'Not found.') => new ApiError(404, { detail });
export const conflict = (detail: string) => new ApiError(409, { detail });
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) =>
  new ApiError(429, retryAfterSeconds ? { detail, retry_after: retryAfterSeconds } : { detail });
export const serviceUnavailable = (detail: string, retryAfterSeconds: number) =>
  new ApiError(503, { detail, retry_after: retryAfterSeconds });

function addError(out: FieldErrors, key: string, message: string): void {
  const list = (out[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Turns zod issues into DRF field errors; issues without a path go to non_field_errors. */
export function zodToFieldErrors(issues: ZodError['issues']): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    addError(out, key, issue.message);
  }
  return out;
}

interface PgLikeError {
  code?: string;
  /** The column, where PostgreSQL names one (a NULL refused, a value of the wrong form). */
  column?: string;
  constraint?: string;
  constraint_name?: string;
  detail?: string;
}

/** PostgreSQL errors a client can provoke, mapped to client errors instead of 500s. */
function fromDatabaseError(err: PgLikeError): ApiError | null {
  const code = err.code;
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return conflict('A record with these values already exists.');
  // The books_open_on trigger: dated on or before the organisation's lock date (DETAIL).
  if (code === 'ZA001') return fieldError('date', booksClosedMessage(err.detail ?? ''));
  if (code === '23503') return foreignKeyError(err);
  if (code === '40001' || code === '40P01') return conflict('The record was changed by another request. Please try again.');
  // statement_timeout / lock_timeout: the database is busy; the client may retry shortly.
  if (code === '57014' || code === '55P03')
    return serviceUnavailable('The server is busy and could not finish this request in time. Please try again in a few seconds.', 5);
  // Never a bare "Invalid value.": the field where PostgreSQL names the column, else what went wrong.
  const on = (message: string) => badRequest({ [err.column ?? 'non_field_errors']: [message] });
  if (code === '22003') return on('A number here is too large to record (amounts and totals at most 9,999,999,999.99).');
  if (code === '23502') return on('This field is required.');
  if (code === '23514') return on(`This value breaks a rule of the record${err.constraint ? ` (${err.constraint})` : ''}.`);
  if (code.startsWith('22')) return on('This value is not valid for its field.');
  return null;
}

/**
 * A foreign key refused a value. Inserting or updating a reference to a row that is not there —
 * or is another organisation's, since references are composite `(organisation_id, x_id)` — is the
 * client's bad input (400 on the field); deleting a row others still refer to is a conflict (409).
 */
function foreignKeyError(err: PgLikeError): ApiError {
  const missing = /^Key \((?:organisation_id, )?(\w+)\)=\((?:\d+, )?([^)]*)\) is not present/.exec(err.detail ?? '');
  if (missing) return fieldError(missing[1].replace(/_id$/, ''), invalidPk(missing[2]));
  return conflict('This record is referenced by other records and cannot be changed or deleted.');
}

function cause(err: unknown): PgLikeError {
  // drizzle wraps driver errors in DrizzleQueryError with the original as `cause`
  let current = err as PgLikeError & { cause?: unknown };
  for (let i = 0; i < 3 && current; i++) {
    if (current.code && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as PgLikeError & { cause?: unknown };
  }
  return {};
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const sendApiError = (e: ApiError) => {
      // 429 and 503 tell the client when to come back.
      if (typeof e.body.retry_after === 'number') reply.header('retry-after', e.body.retry_after);
      return reply.status(e.statusCode).send(e.body);
    };
    if (err instanceof ApiError) return sendApiError(err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const out: FieldErrors = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = path || 'non_field_errors';
        addError(out, key, v.message ?? 'Invalid value.');
      }
      return reply.status(400).send(out);
    }
    const dbError = fromDatabaseError(cause(err));
    if (dbError) {
      request.log.info({ err }, 'database refused a client value');
      return sendApiError(dbError);
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ detail: 'Request body is too large.' });
    if (status === 415) return reply.status(415).send({ detail: 'Unsupported media type in request.' });
    if (status === 429) return reply.status(429).send({ detail: err.message });
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_LENGTH' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && err instanceof SyntaxError)
    )
      return reply.status(400).send({ detail: 'JSON parse error - the request body is not valid JSON.' });
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: err.message });
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'A server error occurred.' });
  });
}

/** The name of the unique constraint a (possibly driver-wrapped) error violated, if it is one. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = cause(err);
  return e.code === '23505' ? (e.constraint ?? e.constraint_name ?? '') : undefined;
}

/**
 * What a violated unique constraint means to the client: a field error, or any ApiError (409 …),
 * or a function making one (for hot paths: an error captures a stack trace when it is made).
 */
export type UniqueMeaning = { field: string; message: string } | ApiError | (() => ApiError);

/**
 * The one way to turn a unique violation into a client error: `.catch(onUnique({ centre_org_name_key:
 * { field: 'name', message: 'A center with this name already exists.' } }))`. Other errors pass through.
 */
export function onUnique(meanings: Record<string, UniqueMeaning>): (err: unknown) => never {
  return (err) => {
    const meaning = meanings[uniqueViolation(err) ?? ''];
    if (!meaning) throw err;
    throw meaning instanceof ApiError ? meaning : typeof meaning === 'function' ? meaning() : fieldError(meaning.field, meaning.message);
  };
}

/** DRF's wording for a reference to an object that does not exist (or belongs to another organisation). */
export const invalidPk = (id: unknown) => `Invalid pk "${String(id)}" - object does not exist.`;
