import { z } from './zod-config.js';
import { fromPaise, toPaise } from './money.js';

/** Characters PostgreSQL text cannot hold or that only arrive from broken clients. */
const UNSAFE_TEXT = /[\u0000]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const SINGLE_LINE_MESSAGE = 'This field must be a single line of text without control characters.';

/** C0 control characters (CR, LF, TAB, NUL, ESC, …) and DEL. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Whether a value holds no line break, tab or other control character. */
export const isSingleLine = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * Makes a string schema refuse control characters (CR, LF, TAB and the rest of C0, and DEL) with
 * SINGLE_LINE_MESSAGE. The check runs first, on the value as sent (before `.trim()`), and stops
 * the others, so "Name\r\n" is refused rather than trimmed into something that passes.
 */
export const singleLine = <S extends z.ZodString>(schema: S): S =>
  schema.refine(isSingleLine, { message: SINGLE_LINE_MESSAGE, abort: true });

/**
 * A trimmed text field with a maximum length that may span lines (notes, addresses, messages);
 * refuses NUL and lone surrogates. One-line inputs use `singleLineText`.
 */
export const text = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !UNSAFE_TEXT.test(v), { message: message ?? 'Contains characters that are not allowed.' });

/** A required multi-line text field: not blank after trimming. */
export const requiredText = (max: number, requiredMessage?: string) =>
  text(max).pipe(z.string().min(1, requiredMessage ? { message: requiredMessage } : undefined));

/** Multi-line text, by the name that says so. */
export const multilineText = text;
export const requiredMultilineText = requiredText;

/**
 * A trimmed one-line text field (names, titles, codes, …): refuses control characters with
 * SINGLE_LINE_MESSAGE, and lone surrogates.
 */
export const singleLineText = (max: number) =>
  singleLine(z.string())
    .trim()
    .max(max)
    .refine((v) => !UNSAFE_TEXT.test(v), { message: 'Contains characters that are not allowed.' });

/** A required one-line text field: not blank after trimming. */
export const requiredSingleLineText = (max: number, requiredMessage?: string) =>
  singleLineText(max).pipe(z.string().min(1, requiredMessage ? { message: requiredMessage } : undefined));

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema });

// ---- phone numbers ----
/**
 * What people put around the digits of a phone number when they paste or type it: spaces (the
 * non-breaking ones too), dashes, dots, brackets, and the invisible direction marks WhatsApp
 * wraps a copied contact's number in.
 */
const PHONE_PUNCTUATION = /[\s\-\u2010-\u2015.()[\]\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export const PHONE_MESSAGE = 'Phone number must be 10 digits';

/**
 * A phone number as Arena keeps it, from the number as people paste it: the punctuation removed,
 * then a leading "+91" (or "0091"), a "91" before 10 more digits, or a "0" before 10 more digits
 * dropped — "+91 98765 43210", "91-98765-43210", "098765 43210", "(98765) 43210" → "9876543210".
 * Anything else comes back with only the punctuation removed ("98765" → "98765", "+1 555…"
 * keeps its "+"), so a schema checking for 10 digits refuses it. Every phone field, search and
 * lookup uses this one function.
 */
export function normalisePhone(text: string): string {
  let t = text.replace(PHONE_PUNCTUATION, '');
  if (t.startsWith('+91')) t = t.slice(3);
  else if (/^0091\d{10}$/.test(t)) t = t.slice(4);
  else if (/^91\d{10}$/.test(t)) t = t.slice(2);
  if (/^0\d{10}$/.test(t)) t = t.slice(1);
  return t;
}

/** The 10 digits of an Indian mobile number as pasted or typed ("+91 98765 43210" → "9876543210"), or null. */
export function indianMobile(text: string): string | null {
  const t = normalisePhone(text);
  return /^\d{10}$/.test(t) ? t : null;
}

/**
 * The digits a search box's text matches phone numbers by ("+91 98765 43210" → "9876543210",
 * "98765 4" → "987654"), or null when the text is not a (part of a) phone number: letters, or
 * fewer than 3 digits.
 */
export function phoneSearchText(text: string): string | null {
  const t = normalisePhone(text.trim());
  return /^\d{3,}$/.test(t) ? t : null;
}

/** A required phone number: normalised (`normalisePhone`), then exactly 10 digits. */
export const phoneSchema = z
  .string()
  .transform(normalisePhone)
  .pipe(z.string().regex(/^\d{10}$/, PHONE_MESSAGE));

/** A phone number that may be left blank (''): normalised, then blank or exactly 10 digits. */
export const optionalPhoneSchema = z
  .string()
  .transform(normalisePhone)
  .pipe(z.union([z.literal(''), z.string().regex(/^\d{10}$/, PHONE_MESSAGE)]));

/** A required phone number with its own message when blank or missing (the portal's 'Phone number is required'). */
export const requiredPhoneSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .transform(normalisePhone)
    .pipe(
      z
        .string()
        .min(1, { message: requiredMessage, abort: true })
        .regex(/^\d{10}$/, PHONE_MESSAGE),
    );

export const emailSchema = singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email());

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
  search: singleLineText(200).optional(),
  ordering: singleLineText(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const dropdownSchema = z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) });

export const detailSchema = z.object({ detail: z.string() });

/**
 * The dates Arena accepts anywhere (a birth in 1900 to a plan ending in 2199): every date field and
 * filter has this bound, so no request can ask for a walk to year 9999.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';
export const DATE_RANGE_MESSAGE = 'Enter a date between 1900 and 2199.';

/**
 * A plain named lookup (a kind of staff, a performance category): a name, a description and
 * whether it is offered. `requiredMessage` is what a blank name says.
 */
export const namedLookupInputSchema = (requiredMessage?: string) =>
  z.object({
    name: requiredSingleLineText(100, requiredMessage),
    description: text(500).default(''),
    is_active: z.boolean().default(true),
  });
export const namedLookupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** PATCH bodies: every field optional and no defaults, so absent fields stay as they are. */
export function partialWithoutDefaults<S extends z.ZodObject>(schema: S): z.ZodType<Partial<z.output<S>>, Partial<z.input<S>>> {
  return z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([k, v]) => [
        k,
        (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
      ]),
    ),
  ) as unknown as z.ZodType<Partial<z.output<S>>, Partial<z.input<S>>>;
}

/** A JSON number as the text it was sent as (1.005 stays "1.005", never rounded to "1.00"). */
const sentAs = (v: string | number): string => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v);

/**
 * A non-negative amount with at most 2 decimals, as a string or number; normalised to "1500.00".
 * A number is read as the text it was sent as, so 1.005 is refused as "1.005" is, not rounded.
 */
export const moneySchema = z
  .union([z.string(), z.number()])
  .refine((v) => toPaise(sentAs(v)) !== null, 'Enter a valid amount (at most 2 decimals, not negative).')
  .transform((v) => fromPaise(toPaise(sentAs(v))!));

/** The most a price may be: ₹1,00,00,000.00. A sale of 100 lines of it with 28 % tax still fits the books' numeric(12,2). */
export const MAX_PRICE = '10000000.00';
/**
 * A price as it is entered (a plan, its joining fee, a service, a slot): an amount up to
 * `MAX_PRICE`, so no sale of it can overflow a total.
 */
export const priceSchema = moneySchema.refine((v) => toPaise(v)! <= toPaise(MAX_PRICE)!, 'Enter a price up to ₹1,00,00,000.00.');

/** "06:00" or "06:00:00" → "06:00:00" */
export const timeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Enter a time as HH:MM.')
  .transform((v) => (v.length === 5 ? `${v}:00` : v));

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a date as YYYY-MM-DD.', abort: true })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'Enter a valid date.',
    abort: true,
  })
  // One message per field: a date outside the bounds is not also told a narrower rule.
  .refine((v) => v >= DATE_MIN && v <= DATE_MAX, { message: DATE_RANGE_MESSAGE, abort: true });

/** The date `days` from now by this machine's clock in UTC (± 1 day of any organisation's date). */
const shiftUtc = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A date within `back` days before and `ahead` days after today (a day's leeway either side for the
 * organisation's zone): a sale's start, which is never years away.
 */
export const dateNearTodaySchema = (back: number, ahead: number, message: string) =>
  isoDateSchema.refine((v) => v >= shiftUtc(-back - 1) && v <= shiftUtc(ahead + 1), message);

/** A sale's start (a membership, a service): within a year back or ahead. */
export const saleStartSchema = dateNearTodaySchema(365, 365, 'Enter a start date within a year of today.');

/** A date of birth: from 1900 to today. */
export const birthDateSchema = isoDateSchema.refine((v) => v <= shiftUtc(1), 'A date of birth cannot be in the future.');
