import type { z } from 'zod';
import { badRequest, zodToFieldErrors } from './errors.js';

/** Validates a value with a contracts schema; failures become a DRF-shaped 400. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(zodToFieldErrors(result.error.issues));
  return result.data;
}
