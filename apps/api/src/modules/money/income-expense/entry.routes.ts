import {
  ATTACHMENT_MAX_BYTES,
  ENTRY_TYPE_LABELS,
  ENTRY_TYPES,
  idSchema,
  incomeExpenseEntryEndpoints as e,
  isoDateSchema,
  z,
  type EntryType,
  type IncomeExpense,
} from '@arena/contracts';
import { and, desc, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../../platform/errors.js';
import { readFormBody, type FormBody } from '../../../platform/files.js';
import { listRoute, showName, type ListDefinition } from '../../../platform/list.js';
import { inTenant } from '../../../platform/request-context.js';
import { route } from '../../../platform/route.js';
import { displayDate } from '../../../platform/time.js';
import { parseOrThrow } from '../../../platform/validate.js';
import { centre, paymentMode } from '../../administrator/index.js';
import { ledgerEntry, moneyCategory } from '../schema.js';
import { ATTACHMENT_MESSAGE, readAttachment, removeAttachment, saveAttachment } from './attachment.js';
import { MODULE } from './constants.js';
import { entryFields, entryFrom, entryJson, loadEntryJson, type EntryRow } from './entry.queries.js';
import { correctEntry, createEntry, reverseEntry, type AttachmentChange } from './entry.service.js';
import { incomeExpense, vendor } from '../schema.js';

const tags = ['income-expense'];
const STATUSES = ['active', 'reversed'] as const;
type Status = (typeof STATUSES)[number];

const entryList: ListDefinition<EntryRow, IncomeExpense> = {
  from: entryFrom,
  fields: entryFields,
  where: (ctx) => eq(incomeExpense.organisationId, ctx.organisationId),
  search: [incomeExpense.title, incomeExpense.notes, incomeExpense.reference, vendor.name],
  filters: {
    type: {
      schema: z.enum(ENTRY_TYPES),
      where: (v: EntryType) => eq(incomeExpense.type, v),
      label: 'Type',
      show: (v: EntryType) => ENTRY_TYPE_LABELS[v],
    },
    category: { schema: idSchema, where: (v: number) => eq(incomeExpense.categoryId, v), label: 'Category', show: showName(moneyCategory) },
    vendor: { schema: idSchema, where: (v: number) => eq(incomeExpense.vendorId, v), label: 'Vendor', show: showName(vendor) },
    centre: { schema: idSchema, where: (v: number) => eq(incomeExpense.centreId, v), label: 'Center', show: showName(centre) },
    payment_mode: {
      schema: idSchema,
      where: (v: number) => eq(incomeExpense.paymentModeId, v),
      label: 'Payment mode',
      show: showName(paymentMode),
    },
    // Active entries unless asked otherwise: a removed entry is history.
    status: {
      schema: z.enum(STATUSES).default('active'),
      where: (v: Status) => (v === 'active' ? isNull(ledgerEntry.reversedBy) : isNotNull(ledgerEntry.reversedBy)),
      label: 'Status',
      show: (v: Status) => (v === 'active' ? 'Active' : 'Reversed'),
    },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(incomeExpense.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(incomeExpense.date, v), label: 'To', show: displayDate },
  },
  ordering: {
    date: incomeExpense.date,
    amount: incomeExpense.amount,
    title: incomeExpense.title,
    type: incomeExpense.type,
    category_name: moneyCategory.name,
    vendor_name: vendor.name,
    created_at: incomeExpense.createdAt,
  },
  defaultOrdering: [desc(incomeExpense.date), desc(incomeExpense.id)],
  tiebreak: incomeExpense.id,
  map: (_tx, _ctx, rows) => rows.map(entryJson),
  export: {
    filename: 'income-expenses',
    title: 'Income and expenses',
    columns: [
      { header: 'Date', value: (e) => e.date, type: 'date' },
      { header: 'Type', value: (e) => ENTRY_TYPE_LABELS[e.type] },
      { header: 'Title', value: (e) => e.title },
      { header: 'Category', value: (e) => e.category_name },
      { header: 'Vendor', value: (e) => e.vendor_name },
      { header: 'Center', value: (e) => e.centre_name },
      { header: 'Payment mode', value: (e) => e.payment_mode_name },
      { header: 'Reference', value: (e) => e.reference },
      { header: 'Amount', value: (e) => e.amount, type: 'money', total: true },
      { header: 'GST %', value: (e) => e.gst_rate, type: 'number' },
      { header: 'GST', value: (e) => e.gst_amount, type: 'money', total: true },
      { header: 'Status', value: (e) => (e.status === 'active' ? 'Active' : 'Reversed') },
      { header: 'Notes', value: (e) => e.notes },
      { header: 'Recorded by', value: (e) => e.created_by_name },
      { header: 'Recorded at', value: (e) => e.created_at, type: 'datetime' },
    ],
  },
};

const TEXT_FIELDS = new Set(['title', 'reference', 'notes']);
const NULLABLE_FIELDS = new Set(['vendor', 'centre']);

/**
 * Multipart parts arrive as text, an empty part as null: an empty title, reference or notes is
 * '' (so a correction can clear it), an empty vendor or centre is null ("none"), and any other
 * empty field is absent (its default, or unchanged in a correction). Numbers are coerced by the
 * schema itself. JSON bodies are taken as sent.
 */
function bodyFields(form: FormBody, multipart: boolean): Record<string, unknown> {
  const fields = { ...form.fields };
  delete fields.attachment;
  if (!multipart) return fields;
  for (const [key, value] of Object.entries(fields))
    if (value === null) {
      if (TEXT_FIELDS.has(key)) fields[key] = '';
      else if (!NULLABLE_FIELDS.has(key)) delete fields[key];
    }
  return fields;
}

/** Reads an entry's body (JSON, or multipart with a bill of at most 5 MB in `attachment`). */
async function readEntryBody(request: FastifyRequest) {
  const form = await readFormBody(request, { maxFileBytes: ATTACHMENT_MAX_BYTES, tooLarge: ATTACHMENT_MESSAGE });
  return { form, fields: bodyFields(form, request.isMultipart()) };
}

/** Stores the bill of a request, if it sent one, before the transaction; `null` when the body asks to remove it. */
async function attachmentOf(app: FastifyInstance, organisationId: number, form: FormBody): Promise<AttachmentChange> {
  const file = form.files.attachment;
  if (file) return saveAttachment(app.config, organisationId, file);
  return form.fields.attachment === null ? null : undefined;
}

export async function entryRoutes(app: FastifyInstance): Promise<void> {
  const bodyNote =
    'JSON, or multipart/form-data with the same fields as text parts and the bill (PDF, PNG, JPEG or WebP, at most 5 MB) in `attachment`.';

  listRoute(app, e.list, {
    module: MODULE,
    tags,
    summary: 'Manual income and expense entries (active ones unless `status=reversed`)',
    list: entryList,
  });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Record an income or an expense (a receipt or payment on the ledger)',
    description: bodyNote,
    handler: async (request, reply) => {
      const { form, fields } = await readEntryBody(request);
      const input = parseOrThrow(e.create.body, fields);
      const orgId = request.organisation!.id;
      const stored = (await attachmentOf(app, orgId, form)) ?? undefined;
      try {
        const out = await inTenant(request, async (tx, ctx) => loadEntryJson(tx, ctx, (await createEntry(tx, ctx, input, stored)).id));
        return reply.status(201).send(out);
      } catch (err) {
        if (stored) await removeAttachment(app.config, orgId, stored.path);
        throw err;
      }
    },
  });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'An income or expense entry',
    handler: async (request) => inTenant(request, (tx, ctx) => loadEntryJson(tx, ctx, request.params.id)),
  });

  route(app, e.correct, {
    module: MODULE,
    tags,
    summary: 'Correct an entry: its movement is reversed and a new one recorded',
    description: `${bodyNote} Send \`attachment: null\` to remove the bill.`,
    handler: async (request) => {
      const { form, fields } = await readEntryBody(request);
      const changes = parseOrThrow(e.correct.body, fields);
      const orgId = request.organisation!.id;
      const attachment = await attachmentOf(app, orgId, form);
      let result: { json: IncomeExpense; replaced: string | null };
      try {
        result = await inTenant(request, async (tx, ctx) => {
          const { row, replaced } = await correctEntry(tx, ctx, request.params.id, changes, attachment);
          return { json: await loadEntryJson(tx, ctx, row.id), replaced };
        });
      } catch (err) {
        if (attachment) await removeAttachment(app.config, orgId, attachment.path);
        throw err;
      }
      // The bill the entry no longer has goes once the change is committed.
      if (result.replaced && result.replaced !== attachment?.path) await removeAttachment(app.config, orgId, result.replaced);
      return result.json;
    },
  });

  route(app, e.reverse, {
    module: MODULE,
    tags,
    summary: 'Remove an entry: its movement is reversed with a reason (the entry reads "reversed")',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await reverseEntry(tx, ctx, request.params.id, request.body.reason);
        return loadEntryJson(tx, ctx, request.params.id);
      }),
  });

  route(app, e.attachment, {
    module: MODULE,
    tags,
    summary: "The entry's bill: a PDF as a download, an image inline",
    handler: async (request, reply) => {
      const entry = await inTenant(request, async (tx, ctx) => {
        const [row] = await tx
          .select({ path: incomeExpense.attachment, name: incomeExpense.attachmentName })
          .from(incomeExpense)
          .where(and(eq(incomeExpense.organisationId, ctx.organisationId), eq(incomeExpense.id, request.params.id)));
        return row;
      });
      if (!entry?.path) throw notFound();
      const file = await readAttachment(app.config, request.organisation!.id, entry.path);
      if (!file) throw notFound();
      const name = downloadName(entry.name, file.kind);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${file.kind === 'pdf' ? 'attachment' : 'inline'}; ${name}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  });
}

/** `filename="bill.pdf"; filename*=UTF-8''…`: an ASCII fallback and the real name, with the extension of what the bytes are. */
function downloadName(stored: string, kind: string): string {
  const base = (stored || 'bill').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const name = `${base}.${kind}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
