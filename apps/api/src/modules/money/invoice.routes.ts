import {
  fromPaise,
  idSchema,
  INVOICE_KINDS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  invoiceEndpoints as e,
  isoDateSchema,
  LEDGER_KIND_LABELS,
  MODULES,
  singleLineText,
  z,
  type Invoice,
  type InvoiceKind,
  type InvoiceListItem,
  type InvoiceStatus,
  type ModuleName,
  paise,
} from '@arena/contracts';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError, notFound, permissionDenied } from '../../platform/errors.js';
import { uploadsRoot } from '../../platform/files.js';
import { listRoute, showName, type ListDefinition } from '../../platform/list.js';
import { queueMail } from '../../platform/mail-queue.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { displayDate } from '../../platform/time.js';
import { centre, paymentMode, readSeal, sealPathOf } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { loadInvoice, totalInWords } from './invoice.service.js';
import { renderInvoicePdf } from './pdf.js';
import { invoice, invoiceLine, ledgerEntry, type InvoiceRow } from './schema.js';

const tags = ['accounts'];
/** What is still to pay: nothing on a credit note or a cancelled sale's invoice (its credit notes settle it). */
const due = (i: Pick<InvoiceRow, 'kind' | 'total' | 'credited' | 'paid' | 'status'>) =>
  i.kind === 'credit_note' || i.status === 'cancelled'
    ? '0.00'
    : fromPaise(Math.max(0, paise(i.total) - paise(i.credited) - paise(i.paid)));
const tax = (i: Pick<InvoiceRow, 'cgst' | 'sgst' | 'igst'>) => fromPaise(paise(i.cgst) + paise(i.sgst) + paise(i.igst));

export function documentTitle(i: Pick<InvoiceRow, 'kind' | 'billOfSupply'>): string {
  if (i.kind === 'credit_note') return 'Credit Note';
  return i.billOfSupply ? 'Bill of Supply' : 'Tax Invoice';
}

const list: ListDefinition<{ i: InvoiceRow; centreName: string | null }, InvoiceListItem> = {
  from: (tx, fields) => tx.select(fields).from(invoice).leftJoin(centre, eq(centre.id, invoice.centreId)).$dynamic(),
  fields: { i: invoice, centreName: centre.name },
  where: (ctx) => eq(invoice.organisationId, ctx.organisationId),
  search: [invoice.number, invoice.buyerName, invoice.buyerPhone, invoice.sourceLabel],
  filters: {
    module: { schema: z.enum(MODULES), where: (v: string) => eq(invoice.module, v), label: 'Module' },
    status: {
      schema: z.enum(INVOICE_STATUSES),
      where: (v: InvoiceStatus) => eq(invoice.status, v),
      label: 'Status',
      show: (v: InvoiceStatus) => INVOICE_STATUS_LABELS[v],
    },
    kind: {
      schema: z.enum(INVOICE_KINDS),
      where: (v: InvoiceKind) => eq(invoice.kind, v),
      label: 'Kind',
      show: (v: InvoiceKind) => (v === 'invoice' ? 'Invoice' : 'Credit note'),
    },
    centre: { schema: idSchema, where: (v: number) => eq(invoice.centreId, v), label: 'Center', show: showName(centre) },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(invoice.date, v), label: 'From', show: displayDate },
    date_before: { schema: isoDateSchema, where: (v: string) => lte(invoice.date, v), label: 'To', show: displayDate },
    source: { schema: singleLineText(40), where: (v: string) => eq(invoice.sourceType, v), label: 'Source' },
  },
  ordering: {
    date: invoice.date,
    number: invoice.number,
    total: invoice.total,
    paid: invoice.paid,
    buyer_name: invoice.buyerName,
    status: invoice.status,
    created_at: invoice.createdAt,
  },
  defaultOrdering: [desc(invoice.date), desc(invoice.id)],
  tiebreak: invoice.id,
  map: (_tx, _ctx, rows) =>
    rows.map(({ i, centreName }) => ({
      id: i.id,
      number: i.number,
      kind: i.kind,
      date: i.date,
      module: i.module,
      source: { type: i.sourceType, id: i.sourceId, label: i.sourceLabel },
      centre: i.centreId,
      centre_name: centreName ?? '',
      buyer_name: i.buyerName,
      buyer_phone: i.buyerPhone,
      taxable_value: i.taxableValue,
      tax: tax(i),
      total: i.total,
      paid: i.kind === 'credit_note' ? '0.00' : i.paid,
      due: due(i),
      status: i.status,
      bill_of_supply: i.billOfSupply,
    })),
  export: {
    filename: 'invoices',
    title: 'Invoices and credit notes',
    columns: [
      { header: 'Number', value: (i) => i.number },
      { header: 'Kind', value: (i) => (i.kind === 'invoice' ? 'Invoice' : 'Credit note') },
      { header: 'Date', value: (i) => i.date, type: 'date' },
      { header: 'Module', value: (i) => i.module },
      { header: 'Source', value: (i) => i.source.label },
      { header: 'Buyer', value: (i) => i.buyer_name },
      { header: 'Phone', value: (i) => i.buyer_phone },
      { header: 'Center', value: (i) => i.centre_name },
      { header: 'Taxable value', value: (i) => i.taxable_value, type: 'money' },
      { header: 'Tax', value: (i) => i.tax, type: 'money' },
      { header: 'Total', value: (i) => i.total, type: 'money' },
      { header: 'Paid', value: (i) => i.paid, type: 'money' },
      { header: 'Due', value: (i) => i.due, type: 'money' },
      { header: 'Status', value: (i) => INVOICE_STATUS_LABELS[i.status] },
    ],
  },
};

/** An invoice or credit note as the API shows it: everything printed on it, its payments and its credit notes. */
export async function invoiceJson(tx: Tx, ctx: Ctx, idOrRow: number | InvoiceRow): Promise<Invoice> {
  const i = typeof idOrRow === 'number' ? await loadInvoice(tx, ctx, idOrRow) : idOrRow;
  const org = ctx.organisationId;
  const [lines, notes, against, supplements, supplementary, payments, [c]] = await Promise.all([
    tx
      .select()
      .from(invoiceLine)
      .where(and(eq(invoiceLine.organisationId, org), eq(invoiceLine.invoiceId, i.id)))
      .orderBy(asc(invoiceLine.position)),
    tx
      .select()
      .from(invoice)
      .where(and(eq(invoice.organisationId, org), eq(invoice.againstId, i.id)))
      .orderBy(asc(invoice.id)),
    i.againstId
      ? tx
          .select({ id: invoice.id, number: invoice.number, date: invoice.date })
          .from(invoice)
          .where(and(eq(invoice.organisationId, org), eq(invoice.id, i.againstId)))
      : Promise.resolve([]),
    i.supplementsId
      ? tx
          .select({ id: invoice.id, number: invoice.number, date: invoice.date })
          .from(invoice)
          .where(and(eq(invoice.organisationId, org), eq(invoice.id, i.supplementsId)))
      : Promise.resolve([]),
    tx
      .select({ id: invoice.id, number: invoice.number, date: invoice.date, total: invoice.total })
      .from(invoice)
      .where(and(eq(invoice.organisationId, org), eq(invoice.supplementsId, i.id)))
      .orderBy(asc(invoice.id)),
    tx
      .select({ e: ledgerEntry, mode: paymentMode.name })
      .from(ledgerEntry)
      .leftJoin(paymentMode, eq(paymentMode.id, ledgerEntry.paymentModeId))
      .where(and(eq(ledgerEntry.organisationId, org), eq(ledgerEntry.invoiceId, i.id)))
      .orderBy(asc(ledgerEntry.id)),
    i.centreId
      ? tx
          .select({ name: centre.name })
          .from(centre)
          .where(and(eq(centre.organisationId, org), eq(centre.id, i.centreId)))
      : Promise.resolve([]),
  ]);
  // Refunds recorded against this invoice's credit notes are money of this sale too.
  const noteIds = notes.map((n) => n.id);
  const notePayments = noteIds.length
    ? await tx
        .select({ e: ledgerEntry, mode: paymentMode.name })
        .from(ledgerEntry)
        .leftJoin(paymentMode, eq(paymentMode.id, ledgerEntry.paymentModeId))
        .where(and(eq(ledgerEntry.organisationId, org), inArray(ledgerEntry.invoiceId, noteIds)))
        .orderBy(asc(ledgerEntry.id))
    : [];
  return {
    id: i.id,
    number: i.number,
    kind: i.kind,
    title: documentTitle(i),
    bill_of_supply: i.billOfSupply,
    date: i.date,
    module: i.module,
    source: { type: i.sourceType, id: i.sourceId, label: i.sourceLabel },
    centre: i.centreId,
    centre_name: c?.name ?? '',
    seller: { ...i.seller },
    buyer: { name: i.buyerName, phone: i.buyerPhone, email: i.buyerEmail, gstin: i.buyerGstin, address: i.buyerAddress },
    place_of_supply: i.placeOfSupply,
    lines: lines.map((l) => ({
      description: l.description,
      sac_code: l.sacCode,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      discount: l.discount,
      taxable_value: l.taxableValue,
      gst_rate: Number(l.gstRate),
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
      total: l.total,
    })),
    taxable_value: i.taxableValue,
    cgst: i.cgst,
    sgst: i.sgst,
    igst: i.igst,
    round_off: i.roundOff,
    total: i.total,
    amount_in_words: totalInWords(i.total),
    paid: i.kind === 'credit_note' ? '0.00' : i.paid,
    due: due(i),
    status: i.status,
    against: against[0] ?? null,
    supplements: supplements[0] ?? null,
    supplementary,
    reason: i.reason,
    credit_notes: notes.map((n) => ({ id: n.id, number: n.number, date: n.date, total: n.total, reason: n.reason })),
    payments: [...payments, ...notePayments].map(({ e, mode }) => ({
      id: e.id,
      date: e.date,
      kind: LEDGER_KIND_LABELS[e.kind],
      amount: e.direction === 'in' ? e.amount : `-${e.amount}`,
      payment_mode_name: mode ?? '',
      reference: e.reference,
    })),
    created_at: i.createdAt.toISOString(),
  };
}

/** The organisation's picture, for the PDF's header; null when it has none or it cannot be read. */
async function logoOf(app: FastifyInstance, picture: string | null): Promise<Buffer | null> {
  if (!picture) return null;
  try {
    const root = path.resolve(uploadsRoot(app.config));
    const file = path.resolve(root, picture);
    return file.startsWith(root + path.sep) ? await readFile(file) : null;
  } catch {
    return null;
  }
}

const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/**
 * One document may be read by users of Accounts (Invoice Management) and by users of the module
 * that sold it — the front desk prints a booking's invoice without seeing the whole books.
 */
async function readableInvoice(modules: readonly ModuleName[], tx: Tx, ctx: Ctx, id: number): Promise<InvoiceRow> {
  const row = await loadInvoice(tx, ctx, id);
  if (!modules.includes(MODULE) && !modules.includes(row.module as ModuleName))
    throw permissionDenied(`You do not have access to ${MODULE}.`);
  return row;
}

/** A document as the API shows it, read in one tenant transaction by a user who may read it. */
const readInvoice = async (app: FastifyInstance, request: FastifyRequest, id: number) => {
  // Before the transaction: the plan's modules may be read from the database, and on the embedded
  // database (one connection) a read outside the open transaction would wait for it for ever.
  const modules = await app.allowedModulesOf(request);
  return inTenant(request, async (tx, ctx) => invoiceJson(tx, ctx, await readableInvoice(modules, tx, ctx, id)));
};

/** The document and where its centre's seal is stored (null for none), read in one tenant transaction. */
const readPrintable = async (app: FastifyInstance, request: FastifyRequest, id: number) => {
  const modules = await app.allowedModulesOf(request);
  return inTenant(request, async (tx, ctx) => {
    const json = await invoiceJson(tx, ctx, await readableInvoice(modules, tx, ctx, id));
    return { json, seal: json.centre ? ((await sealPathOf(tx, ctx, json.centre)) ?? null) : null };
  });
};

/**
 * Draws the document as a PDF after its transaction has ended: rendering never holds a database
 * connection. The A4 layout carries the centre's seal above "Authorised Signatory".
 */
async function pdfOf(
  app: FastifyInstance,
  request: FastifyRequest,
  { json, seal }: { json: Invoice; seal: string | null },
  layout: 'a4' | 'receipt',
): Promise<Buffer> {
  const org = request.organisation!;
  const sealFile = layout === 'a4' ? await readSeal(app.config, org.id, seal).catch(() => null) : null;
  return renderInvoicePdf(json, {
    layout,
    logo: await logoOf(app, org.displayPicture),
    seal: sealFile?.data ?? null,
    organisationName: org.displayName,
  });
}

/**
 * The same PDF as the staff app's (A4), for a reader that is not a staff user (a member in their
 * app, issue 27): `may` says whether the document is theirs — a 404 otherwise.
 */
export async function invoicePdfFor(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  may: (tx: Tx, ctx: Ctx, row: InvoiceRow) => Promise<boolean>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const printable = await inTenant(request, async (tx, ctx) => {
    const row = await loadInvoice(tx, ctx, id);
    if (!(await may(tx, ctx, row))) throw notFound();
    const json = await invoiceJson(tx, ctx, row);
    return { json, seal: json.centre ? ((await sealPathOf(tx, ctx, json.centre)) ?? null) : null };
  });
  return { pdf: await pdfOf(app, request, printable, 'a4'), fileName: fileName(printable.json.number) };
}

export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Invoices and credit notes of every module', list });

  // The documents themselves: Accounts users, or users of the module that sold (see readableInvoice).
  route(app, e.retrieve, {
    tags,
    summary: 'An invoice or credit note',
    handler: async (request) => readInvoice(app, request, request.params.id),
  });

  route(app, e.pdf, {
    tags,
    summary: 'The invoice as a PDF: A4, or an 80 mm receipt with `layout=receipt`',
    handler: async (request, reply) => {
      const printable = await readPrintable(app, request, request.params.id);
      const pdf = await pdfOf(app, request, printable, request.query.layout);
      const name = fileName(printable.json.number);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${request.query.download ? 'attachment' : 'inline'}; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  route(app, e.email, {
    tags,
    summary: "Mail the invoice's PDF to the buyer (or another address)",
    handler: async (request) => {
      const modules = await app.allowedModulesOf(request);
      const { json, seal, to } = await inTenant(request, async (tx, ctx) => {
        const json = await invoiceJson(tx, ctx, await readableInvoice(modules, tx, ctx, request.params.id));
        const seal = json.centre ? ((await sealPathOf(tx, ctx, json.centre)) ?? null) : null;
        const to = request.body?.email || json.buyer.email;
        if (!to) throw fieldError('email', 'This buyer has no e-mail address; enter one.');
        await record(tx, ctx.actor, {
          module: MODULE,
          resource: json.kind,
          objectId: json.id,
          label: json.number,
          action: 'action',
          after: { emailed_to: to },
        });
        return { json, seal, to };
      });
      const pdf = await pdfOf(app, request, { json, seal }, 'a4');
      const org = request.organisation!;
      await queueMail(app, {
        to,
        subject: `${json.title} ${json.number} from ${org.displayName}`,
        text: [
          `Dear ${json.buyer.name || 'customer'},`,
          '',
          `Please find attached ${json.title.toLowerCase()} ${json.number} dated ${displayDate(json.date)} for ₹${json.total}.`,
          json.kind === 'invoice' && paise(json.due) > 0 ? `Amount due: ₹${json.due}.` : '',
          '',
          `Thank you,`,
          org.displayName,
        ]
          .filter((l, i, all) => l !== '' || all[i - 1] !== '')
          .join('\n'),
        attachments: [
          { filename: fileName(json.number), content: pdf.toString('base64'), encoding: 'base64', contentType: 'application/pdf' },
        ],
      });
      return { detail: `The ${json.title.toLowerCase()} was sent to ${to}.` };
    },
  });
}
