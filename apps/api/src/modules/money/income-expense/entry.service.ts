/**
 * Manual income and expense entries. Each entry IS a movement of the one ledger: creating one
 * writes the entry and its receipt (income) or payment (expense) in one transaction; an edit
 * changes only what the books do not hold (title, vendor, reference, notes, bill); a removal
 * reverses the movement with a reason (the entry then reads "reversed"), and a mistake in the
 * amount, type, date, mode, category, centre or GST is put right by removing the entry and
 * recording it again. Entries are never deleted, movements never edited.
 */
import { fromPaise, splitInclusive, type IncomeExpenseInput, paise } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../../platform/audit.js';
import type { Tx } from '../../../platform/db/client.js';
import { badRequest, fieldError, invalidPk, notFound, type FieldErrors } from '../../../platform/errors.js';
import type { Ctx } from '../../../platform/request-context.js';
import { centre, paymentMode } from '../../administrator/index.js';
import { ledgerEntry, moneyCategory, type LedgerRow } from '../schema.js';
import { booksLockedUntil, checkMovementDate, recordMovement, reverse, type Movement } from '../ledger.service.js';
import type { StoredAttachment } from './attachment.js';
import { MODULE, SOURCE_TYPE } from './constants.js';
import type { IncomeExpenseRow } from './entry.queries.js';
import { incomeExpense, invoice, vendor } from '../schema.js';
import { issueCreditNote, issueInvoice, loadInvoice } from '../invoice.service.js';

/** A new bill (stored already), `null` to remove the entry's bill, `undefined` to keep it. */
export type AttachmentChange = StoredAttachment | null | undefined;

/** The input of an entry, every field resolved (what a correction merges into). */
type EntryValues = Omit<IncomeExpenseInput, 'gst_rate'> & { gst_rate: number };

/** The names behind an entry's ids, checked to be the organisation's. */
interface Names {
  category: string;
  vendor: string;
}

/** The input GST in a tax-inclusive amount (CGST + SGST), rounded to the paisa. */
export function gstIn(amount: string, rate: number): string {
  const split = splitInclusive(paise(amount), rate, true);
  return fromPaise(split.cgst + split.sgst);
}

/**
 * Checks every id an entry names, in one round of queries: the category must be the
 * organisation's and of the entry's type; vendor, centre and payment mode must exist (a new or
 * changed payment mode must also be active). One 400 with a field error per bad id.
 */
async function checkNames(tx: Tx, ctx: Ctx, v: EntryValues, newMode: boolean): Promise<Names> {
  const org = ctx.organisationId;
  const [[cat], [ven], [cen], [mode]] = await Promise.all([
    tx
      .select({ name: moneyCategory.name, type: moneyCategory.type })
      .from(moneyCategory)
      .where(and(eq(moneyCategory.organisationId, org), eq(moneyCategory.id, v.category))),
    v.vendor === null
      ? Promise.resolve([{ name: '' }])
      : tx
          .select({ name: vendor.name })
          .from(vendor)
          .where(and(eq(vendor.organisationId, org), eq(vendor.id, v.vendor))),
    v.centre === null
      ? Promise.resolve([{ id: 0 }])
      : tx
          .select({ id: centre.id })
          .from(centre)
          .where(and(eq(centre.organisationId, org), eq(centre.id, v.centre))),
    tx
      .select({ active: paymentMode.isActive })
      .from(paymentMode)
      .where(and(eq(paymentMode.organisationId, org), eq(paymentMode.id, v.payment_mode))),
  ]);
  const errors: FieldErrors = {};
  if (!cat) errors.category = [invalidPk(v.category)];
  else if (cat.type !== v.type) errors.category = [`“${cat.name}” is an ${cat.type} category; choose an ${v.type} category.`];
  if (!ven) errors.vendor = [invalidPk(v.vendor)];
  if (!cen) errors.centre = [invalidPk(v.centre)];
  if (!mode) errors.payment_mode = [invalidPk(v.payment_mode)];
  else if (newMode && !mode.active) errors.payment_mode = ['This payment mode is inactive.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { category: cat!.name, vendor: ven!.name };
}

/** What a person calls an entry: its title, else its category. */
const labelOf = (v: { title: string }, names: Pick<Names, 'category'>) => v.title || names.category;

/** The ledger movement an entry is: a receipt for income, a payment for an expense. */
function movementOf(id: number, v: EntryValues, names: Names): Movement {
  const income = v.type === 'income';
  return {
    kind: income ? 'receipt' : 'payment',
    direction: income ? 'in' : 'out',
    type: v.type,
    amount: v.amount,
    paymentModeId: v.payment_mode,
    reference: v.reference,
    date: v.date,
    module: MODULE,
    source: { type: SOURCE_TYPE, id, label: labelOf(v, names) },
    party: names.vendor,
    categoryId: v.category,
    centreId: v.centre,
    notes: v.notes,
  };
}

function columnsOf(v: EntryValues) {
  return {
    type: v.type,
    title: v.title,
    categoryId: v.category,
    vendorId: v.vendor,
    centreId: v.centre,
    amount: v.amount,
    gstRate: String(v.gst_rate),
    gstAmount: gstIn(v.amount, v.gst_rate),
    date: v.date,
    paymentModeId: v.payment_mode,
    reference: v.reference,
    notes: v.notes,
  };
}

function valuesOf(row: IncomeExpenseRow): EntryValues {
  return {
    type: row.type,
    title: row.title,
    category: row.categoryId,
    vendor: row.vendorId,
    centre: row.centreId,
    amount: row.amount,
    gst_rate: Number(row.gstRate),
    date: row.date,
    payment_mode: row.paymentModeId,
    reference: row.reference,
    notes: row.notes,
    // On the invoice, not the entry (fixed once recorded).
    buyer_name: '',
    buyer_gstin: '',
  };
}

/** What the audit log keeps of an entry. */
const auditView = (v: EntryValues, extra: Record<string, unknown> = {}) => ({
  ...v,
  gst_amount: gstIn(v.amount, v.gst_rate),
  ...extra,
});

/**
 * Records an income or expense: the entry and its ledger movement, in the caller's transaction.
 * Income with GST is an outward supply: it gets a tax invoice for the named buyer, paid by the
 * movement, so the GST summary counts its tax (a bill of supply cannot carry GST: 400 on `gst_rate`
 * for an organisation without a GSTIN).
 */
export async function createEntry(tx: Tx, ctx: Ctx, input: IncomeExpenseInput, attachment?: StoredAttachment): Promise<IncomeExpenseRow> {
  checkMovementDate(ctx, input.date);
  const values: EntryValues = { ...input, gst_rate: input.gst_rate };
  const sale = values.type === 'income' && values.gst_rate > 0;
  if (sale && !values.buyer_name.trim())
    throw fieldError('buyer_name', 'Name the buyer: income with GST is a sale, and its tax invoice names who bought.');
  const names = await checkNames(tx, ctx, values, true);
  const [row] = await tx
    .insert(incomeExpense)
    .values({
      organisationId: ctx.organisationId,
      ...columnsOf(values),
      attachment: attachment?.path ?? null,
      attachmentName: attachment?.name ?? '',
      createdBy: ctx.actor.actorId,
    })
    .returning();
  const sold = sale ? await invoiceIncome(tx, ctx, row.id, values, names) : null;
  const movement = await recordMovement(tx, ctx, { ...movementOf(row.id, values, names), invoiceId: sold?.id ?? null }, false);
  const [linked] = await tx
    .update(incomeExpense)
    .set({ ledgerEntryId: movement.id })
    .where(and(eq(incomeExpense.organisationId, ctx.organisationId), eq(incomeExpense.id, row.id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'income_expense',
    objectId: row.id,
    label: labelOf(values, names),
    action: 'create',
    after: auditView(values, { ledger_entry: movement.id, attachment: attachment?.name ?? null }),
  });
  return linked;
}

/** The tax invoice of income with GST, issued paid (the entry's movement is its receipt). */
async function invoiceIncome(tx: Tx, ctx: Ctx, id: number, v: EntryValues, names: Names) {
  const inv = await issueInvoice(tx, ctx, {
    module: MODULE,
    source: { type: SOURCE_TYPE, id, label: labelOf(v, names) },
    centreId: v.centre,
    date: v.date,
    buyer: { name: v.buyer_name.trim(), gstin: v.buyer_gstin },
    items: [{ description: labelOf(v, names), sacCode: '', unitPrice: v.amount, rates: [{ rate: v.gst_rate, from: '1900-01-01' }] }],
  });
  if (inv.billOfSupply) throw fieldError('gst_rate', 'The organisation has no GSTIN, so it cannot charge GST: record this income at 0 %.');
  await tx
    .update(invoice)
    .set({ paid: inv.total, status: 'paid' })
    .where(and(eq(invoice.organisationId, ctx.organisationId), eq(invoice.id, inv.id)));
  return inv;
}

/** The entry, locked for the write, and its current movement; 404 when it is not the organisation's. */
async function lockEntry(tx: Tx, ctx: Ctx, id: number): Promise<{ row: IncomeExpenseRow; movement: LedgerRow | undefined }> {
  const [row] = await tx
    .select()
    .from(incomeExpense)
    .where(and(eq(incomeExpense.organisationId, ctx.organisationId), eq(incomeExpense.id, id)))
    .for('update');
  if (!row) throw notFound();
  const [movement] = row.ledgerEntryId
    ? await tx
        .select()
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.organisationId, ctx.organisationId), eq(ledgerEntry.id, row.ledgerEntryId)))
    : [];
  return { row, movement };
}

/**
 * What the books hold of an entry: fixed once it is recorded. A mistake in one is put right by
 * removing the entry (its movement is reversed, with a reason) and recording it again.
 */
const FIXED_FIELDS = ['type', 'category', 'centre', 'amount', 'gst_rate', 'date', 'payment_mode'] as const;
const FIXED_MESSAGE = 'This cannot be changed once the entry is recorded; remove the entry (it is reversed) and record it again.';

/**
 * Edits what an entry's books do not hold: its title, vendor, reference, notes and bill. The
 * movement stays as recorded; a change to a fixed field (`FIXED_FIELDS`: type, category, centre,
 * amount, GST rate, date, payment mode) is a 400 naming each, and changes nothing. A removed
 * (reversed) entry cannot be edited (400). Returns the entry and the bill it no longer has.
 */
export async function correctEntry(
  tx: Tx,
  ctx: Ctx,
  id: number,
  changes: Partial<IncomeExpenseInput>,
  attachment: AttachmentChange,
): Promise<{ row: IncomeExpenseRow; replaced: string | null }> {
  const { row, movement } = await lockEntry(tx, ctx, id);
  if (!movement || movement.reversedBy !== null)
    throw badRequest('This entry has been removed (its movement is reversed) and cannot be edited.');
  const before = valuesOf(row);
  // The buyer is on the issued tax invoice: not an entry's to change.
  const buyer = (['buyer_name', 'buyer_gstin'] as const).filter((k) => changes[k]);
  if (buyer.length) throw badRequest(Object.fromEntries(buyer.map((k) => [k, [FIXED_MESSAGE]])));
  const { buyer_name: _name, buyer_gstin: _gstin, ...rest } = changes;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<EntryValues>;
  const after: EntryValues = { ...before, ...defined };
  const changed = (Object.keys(after) as (keyof EntryValues)[]).filter((k) => String(after[k]) !== String(before[k]));
  const fixed = changed.filter((k) => (FIXED_FIELDS as readonly string[]).includes(k));
  if (fixed.length) throw badRequest(Object.fromEntries(fixed.map((k) => [k, [FIXED_MESSAGE]])));
  if (!changed.length && attachment === undefined) return { row, replaced: null };
  const names = await checkNames(tx, ctx, after, false);
  const ledgerEntryId = movement.id;
  const [updated] = await tx
    .update(incomeExpense)
    .set({
      ...columnsOf(after),
      ...(attachment === undefined ? {} : { attachment: attachment?.path ?? null, attachmentName: attachment?.name ?? '' }),
      ledgerEntryId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(incomeExpense.organisationId, ctx.organisationId), eq(incomeExpense.id, row.id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'income_expense',
    objectId: row.id,
    label: labelOf(after, names),
    action: 'update',
    before: auditView(before, { ledger_entry: movement.id, attachment: row.attachment ? row.attachmentName : null }),
    after: auditView(after, {
      ledger_entry: ledgerEntryId,
      attachment: updated.attachment ? updated.attachmentName : null,
    }),
  });
  return { row: updated, replaced: attachment !== undefined ? row.attachment : null };
}

/** Removes an entry by reversing its movement with a reason; 400 when it is already reversed. */
export async function reverseEntry(tx: Tx, ctx: Ctx, id: number, reason: string): Promise<IncomeExpenseRow> {
  const { row, movement } = await lockEntry(tx, ctx, id);
  if (!movement || movement.reversedBy !== null) throw badRequest('This entry has already been reversed.');
  // Reversed on its own day so the entry leaves that period — unless the books are closed there: then today.
  const locked = await booksLockedUntil(tx, ctx);
  const reversal = await reverse(tx, ctx, movement.id, reason, { date: locked && movement.date <= locked ? ctx.now.today : movement.date });
  // Income with GST was a sale: its invoice is credited today (a credit note, never a void).
  if (movement.invoiceId) {
    const inv = await loadInvoice(tx, ctx, movement.invoiceId, true);
    const open = paise(inv.total) - paise(inv.credited);
    if (open > 0) await issueCreditNote(tx, ctx, inv, open, reason);
    await tx
      .update(invoice)
      .set({ status: 'cancelled', reason, updatedAt: sql`now()` })
      .where(and(eq(invoice.organisationId, ctx.organisationId), eq(invoice.id, inv.id)));
  }
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'income_expense',
    objectId: row.id,
    label: row.title || movement.sourceLabel,
    action: 'delete',
    before: auditView(valuesOf(row), { ledger_entry: movement.id }),
    after: { status: 'reversed', reason, reversal: reversal.id },
  });
  return row;
}

/**
 * Reverses any movement of the ledger (the Transactions screen). When it is a manual entry's
 * movement, the entry's own audit trail records the removal too.
 */
export async function reverseMovement(tx: Tx, ctx: Ctx, id: number, reason: string): Promise<LedgerRow> {
  const [entry] = await tx
    .select({ id: incomeExpense.id, title: incomeExpense.title })
    .from(incomeExpense)
    .where(and(eq(incomeExpense.organisationId, ctx.organisationId), eq(incomeExpense.ledgerEntryId, id)))
    .for('update');
  const reversal = await reverse(tx, ctx, id, reason);
  if (entry)
    await record(tx, ctx.actor, {
      module: MODULE,
      resource: 'income_expense',
      objectId: entry.id,
      label: entry.title || reversal.sourceLabel,
      action: 'delete',
      after: { status: 'reversed', reason, reversal: reversal.id },
    });
  return reversal;
}
