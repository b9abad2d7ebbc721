import { z } from './zod-config.js';

/** Characters PostgreSQL text cannot hold or that only arrive from broken clients. */
const UNSAFE_TEXT = /[\u0000]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A trimmed single-line text field with a maximum length; refuses NUL and lone surrogates. */
export const text = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !UNSAFE_TEXT.test(v), { message: message ?? 'Contains characters that are not allowed.' });

/** A required text field: not blank after trimming. */
export const requiredText = (max: number, requiredMessage?: string) =>
  text(max).pipe(z.string().min(1, requiredMessage ? { message: requiredMessage } : undefined));

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema });

export const phoneSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, 'Phone number must be 10 digits'));

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const paginatedSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/** A page of a list of `T`: the response of every list endpoint, as `paginatedSchema` describes it. */
export type Paginated<T> = Omit<z.infer<ReturnType<typeof paginatedSchema<z.ZodUnknown>>>, 'results'> & { results: T[] };

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  page_size: z.coerce.number().int().min(1).max(500).optional(),
  search: text(200).optional(),
  ordering: text(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const dropdownSchema = z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) });

export const detailSchema = z.object({ detail: z.string() });
