/**
 * The one ledger every module posts money to, in the caller's transaction:
 *
 * - `receive` — a payment against a sale (booking, membership, member service, store sale …):
 *   raises the sale's paid amount and its invoice's, writes the receipt and its audit row. One
 *   statement does the raise only when the new paid amount stays within the total, so 100
 *   concurrent payments can never overshoot (the row lock serialises them; the checks on the
 *   sale and the invoice hold it too).
 * - `refund` — money given back on a sale: never more than was paid; with a credit note when asked.
 * - `recordMovement` — a movement with no sale behind it (manual income, an expense, a salary).
 * - `reverse` — the only way to correct a movement: a reversing entry with a reason, which undoes
 *   the original's effect on its sale. Movements are never edited (a trigger refuses it).
 *
 * A sale's table is declared in its module's manifest (`saleSources`, typed columns the ledger keeps in step).
 */
import { fromPaise, toPaise, UTR_MESSAGE, type Direction, type LedgerKind } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { paymentMode } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { issueCreditNote, invoiceOfSource } from './invoice.service.js';
import { invoice, ledgerEntry, type InvoiceRow, type LedgerRow } from './schema.js';
import { followSet, hasSaleSource, saleSource, target } from './sources.js';

export interface MoneyInput {
  amount: string;
  paymentMode: number;
  reference?: string;
  date?: string;
  notes?: string;
}

/** The sale a receipt or refund is against. */
export interface SaleRef {
  type: string;
  id: number;
}

export interface SaleMoney {
  entry: LedgerRow;
  /** The sale's paid amount after the movement. */
  paid: string;
  total: string;
  invoice: { id: number; number: string } | null;
}

const utr = onUnique({ ledger_entry_utr_key: { field: 'reference', message: UTR_MESSAGE } });

/** The active payment mode, or a 400 on `payment_mode`. */
export async function activeMode(tx: Tx, ctx: Ctx, id: number): Promise<{ id: number; name: string }> {
  const [mode] = await tx
    .select({ id: paymentMode.id, name: paymentMode.name })
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, ctx.organisationId), eq(paymentMode.id, id), eq(paymentMode.isActive, true)));
  if (!mode) throw fieldError('payment_mode', invalidPk(id));
  return mode;
}

/** A sale's row as the ledger sees it. */
interface SaleState {
  id: number;
  label: string;
  party: string;
  centre_id: number | null;
  paid: string;
  total: string;
  open: boolean;
}

async function readSale(tx: Tx, ctx: Ctx, ref: SaleRef): Promise<SaleState | null> {
  const t = saleSource(ref.type);
  const [row] = await queryRows<SaleState>(
    tx,
    sql`select id, ${t.label} as label, ${t.party} as party, ${t.centre} as centre_id,
               ${t.paid}::text as paid, (${t.total})::text as total, (${t.open}) as open
        from ${t.table} where organisation_id = ${ctx.organisationId} and id = ${ref.id}`,
  );
  return row ? { ...row, id: Number(row.id), centre_id: row.centre_id === null ? null : Number(row.centre_id) } : null;
}

/**
 * Changes a sale's paid amount by `delta` paise, only if it stays within 0 … total (and, for a
 * receipt, the sale is open); the same for its invoice. Returns the sale after, or null when
 * the change was refused (the caller explains why from a fresh read).
 */
async function movePaid(tx: Tx, ctx: Ctx, ref: SaleRef, deltaPaise: number, requireOpen: boolean) {
  const t = saleSource(ref.type);
  const delta = fromPaise(deltaPaise);
  const paid = t.paid;
  const paidAfter = sql`(${paid} + ${delta}::numeric)`;
  const [row] = await queryRows<SaleState & { invoice_id: string | number | null; invoice_number: string | null }>(
    tx,
    sql`with s as (
          update ${t.table} set ${target(paid)} = ${paidAfter}, updated_at = now()${followSet(t, paidAfter)}
          where organisation_id = ${ctx.organisationId} and id = ${ref.id}
            and ${paidAfter} between 0 and (${t.total}) ${requireOpen ? sql`and (${t.open})` : sql``}
          returning id, ${t.label} as label, ${t.party} as party, ${t.centre} as centre_id,
                    ${paid}::text as paid, (${t.total})::text as total, true as open),
        i as (
          update invoice set paid = invoice.paid + ${delta}::numeric, updated_at = now(),
            status = case when invoice.status = 'cancelled' then 'cancelled'
                          when invoice.paid + ${delta}::numeric <= 0 then 'issued'
                          when invoice.paid + ${delta}::numeric >= invoice.total - invoice.credited then 'paid' else 'partially_paid' end
          where invoice.organisation_id = ${ctx.organisationId} and invoice.kind = 'invoice' and invoice.source_type = ${ref.type}
            and invoice.source_id = ${ref.id} and exists (select 1 from s)
          returning invoice.id, invoice.number)
        select s.*, (select id from i) as invoice_id, (select number from i) as invoice_number from s`,
  );
  if (!row) return null;
  return {
    sale: { ...row, id: Number(row.id), centre_id: row.centre_id === null ? null : Number(row.centre_id) },
    invoice: row.invoice_id === null ? null : { id: Number(row.invoice_id), number: row.invoice_number ?? '' },
  };
}

export interface Movement {
  kind: LedgerKind;
  direction: Direction;
  type: 'income' | 'expense';
  amount: string;
  paymentModeId: number | null;
  reference?: string;
  date?: string;
  module: string;
  source: { type: string; id: number | null; label: string };
  party?: string;
  invoiceId?: number | null;
  categoryId?: number | null;
  centreId?: number | null;
  reversalOf?: number | null;
  notes?: string;
}

/** Writes one ledger row (no sale to keep in step) and its audit row. */
export async function recordMovement(tx: Tx, ctx: Ctx, m: Movement, audit = true): Promise<LedgerRow> {
  const [entry] = await tx
    .insert(ledgerEntry)
    .values({
      organisationId: ctx.organisationId,
      date: m.date ?? ctx.now.today,
      kind: m.kind,
      direction: m.direction,
      type: m.type,
      amount: m.amount,
      paymentModeId: m.paymentModeId,
      reference: m.reference ?? '',
      module: m.module,
      sourceType: m.source.type,
      sourceId: m.source.id,
      sourceLabel: m.source.label,
      party: m.party ?? '',
      invoiceId: m.invoiceId ?? null,
      categoryId: m.categoryId ?? null,
      centreId: m.centreId ?? null,
      reversalOf: m.reversalOf ?? null,
      notes: m.notes ?? '',
      recordedBy: ctx.actor.actorId,
    })
    .returning()
    .catch(utr);
  if (audit)
    await record(tx, ctx.actor, {
      module: m.module,
      resource: 'ledger_entry',
      objectId: entry.id,
      label: m.source.label,
      action: 'create',
      after: { kind: m.kind, amount: m.amount, reference: entry.reference, source: m.source.label },
    });
  return entry;
}

/** A payment received against a sale. 400 beyond the due; 409 on a cancelled sale. */
export async function receive(tx: Tx, ctx: Ctx, ref: SaleRef, input: MoneyInput): Promise<SaleMoney> {
  const t = saleSource(ref.type);
  const amount = toPaise(input.amount) ?? 0;
  if (amount <= 0) throw fieldError('amount', 'Amount must be greater than 0.');
  const mode = await activeMode(tx, ctx, input.paymentMode);
  const moved = await movePaid(tx, ctx, ref, amount, true);
  if (!moved) {
    const sale = await readSale(tx, ctx, ref);
    if (!sale) throw notFound();
    if (!sale.open) throw conflict(`A cancelled ${t.noun} cannot take payments.`);
    const due = (toPaise(sale.total) ?? 0) - (toPaise(sale.paid) ?? 0);
    throw fieldError('amount', `The amount exceeds the due amount (${fromPaise(due)}).`);
  }
  const entry = await recordMovement(tx, ctx, {
    kind: 'receipt',
    direction: 'in',
    type: 'income',
    amount: fromPaise(amount),
    paymentModeId: mode.id,
    reference: input.reference,
    date: input.date,
    module: t.module,
    source: { type: ref.type, id: ref.id, label: moved.sale.label },
    party: moved.sale.party,
    invoiceId: moved.invoice?.id ?? null,
    centreId: moved.sale.centre_id,
    notes: input.notes,
  });
  return { entry, paid: moved.sale.paid, total: moved.sale.total, invoice: moved.invoice };
}

export interface RefundInput extends MoneyInput {
  reason: string;
  /** Issue a credit note for the refunded amount (a refund that reduces the sale, not one that returns an overpayment). */
  creditNote?: boolean;
}

/** Money given back on a sale: never more than was paid (400). */
export async function refund(tx: Tx, ctx: Ctx, ref: SaleRef, input: RefundInput): Promise<SaleMoney & { creditNote: InvoiceRow | null }> {
  const t = saleSource(ref.type);
  const amount = toPaise(input.amount) ?? 0;
  if (amount <= 0) throw fieldError('refund_amount', 'Amount must be greater than 0.');
  const mode = await activeMode(tx, ctx, input.paymentMode);
  const moved = await movePaid(tx, ctx, ref, -amount, false);
  if (!moved) {
    const sale = await readSale(tx, ctx, ref);
    if (!sale) throw notFound();
    throw fieldError('refund_amount', `The refund cannot exceed what was paid (${fromPaise(toPaise(sale.paid) ?? 0)}).`);
  }
  let creditNote: InvoiceRow | null = null;
  if (input.creditNote && moved.invoice) {
    const inv = await invoiceOfSource(tx, ctx, ref);
    if (inv) creditNote = await issueCreditNote(tx, ctx, inv, amount, input.reason, input.date ?? ctx.now.today);
  }
  const entry = await recordMovement(tx, ctx, {
    kind: 'refund',
    direction: 'out',
    type: 'income',
    amount: fromPaise(amount),
    paymentModeId: mode.id,
    reference: input.reference,
    date: input.date,
    module: t.module,
    source: { type: ref.type, id: ref.id, label: moved.sale.label },
    party: moved.sale.party,
    invoiceId: creditNote?.id ?? moved.invoice?.id ?? null,
    centreId: moved.sale.centre_id,
    notes: input.reason,
  });
  return { entry, paid: moved.sale.paid, total: moved.sale.total, invoice: moved.invoice, creditNote };
}

/**
 * Closes the books of a cancelled sale: its invoice becomes `cancelled`; when money was kept
 * (paid after any refund) the supply stands for that much, so a credit note is issued for the
 * rest of the invoice (total − kept), reversing its tax. An unpaid sale's invoice is simply void.
 */
export async function cancelSaleInvoice(tx: Tx, ctx: Ctx, ref: SaleRef, reason: string): Promise<InvoiceRow | null> {
  const inv = await invoiceOfSource(tx, ctx, ref, true);
  if (!inv || inv.status === 'cancelled') return null;
  const kept = toPaise(inv.paid) ?? 0;
  const total = toPaise(inv.total) ?? 0;
  const refundedBefore = await refundedOn(tx, ctx, ref);
  let creditNote: InvoiceRow | null = null;
  // Credit notes already issued (refunds, discounts) count towards what is given back.
  const rest = total - kept - (toPaise(inv.credited) ?? 0);
  if ((kept > 0 || refundedBefore > 0) && rest > 0) creditNote = await issueCreditNote(tx, ctx, inv, rest, reason);
  await tx
    .update(invoice)
    .set({ status: 'cancelled', reason, updatedAt: sql`now()` })
    .where(and(eq(invoice.organisationId, ctx.organisationId), eq(invoice.id, inv.id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'invoice',
    objectId: inv.id,
    label: inv.number,
    action: 'update',
    before: { status: inv.status },
    after: { status: 'cancelled', reason, credit_note: creditNote?.number ?? null },
  });
  return creditNote;
}

async function refundedOn(tx: Tx, ctx: Ctx, ref: SaleRef): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`select coalesce(sum(amount), 0)::text as n from ledger_entry
        where organisation_id = ${ctx.organisationId} and source_type = ${ref.type} and source_id = ${ref.id} and kind = 'refund' and reversed_by is null`,
  );
  return toPaise(row.n) ?? 0;
}

/**
 * Reverses a movement with a reason: a new entry the other way, linked both ways (the original's
 * `reversed_by` is the one change a movement ever takes). A receipt's reversal lowers its sale's
 * paid amount, a refund's raises it again — refused (400) when the sale no longer allows it.
 */
export async function reverse(tx: Tx, ctx: Ctx, id: number, reason: string, options: { date?: string } = {}): Promise<LedgerRow> {
  const [original] = await tx
    .select()
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.organisationId, ctx.organisationId), eq(ledgerEntry.id, id)))
    .for('update');
  if (!original) throw notFound();
  if (original.kind === 'reversal') throw badRequest('A reversal cannot itself be reversed; record the movement again instead.');
  if (original.reversedBy) throw badRequest('This movement has already been reversed.');
  const amount = toPaise(original.amount) ?? 0;
  if (original.sourceId !== null && hasSaleSource(original.sourceType) && (original.kind === 'receipt' || original.kind === 'refund')) {
    const delta = original.kind === 'receipt' ? -amount : amount;
    const moved = await movePaid(tx, ctx, { type: original.sourceType, id: original.sourceId }, delta, false);
    if (!moved)
      throw badRequest(
        original.kind === 'receipt'
          ? 'This receipt cannot be reversed: money has been refunded on the sale since. Reverse the refund first.'
          : 'This refund cannot be reversed: the sale would be paid beyond its total.',
      );
  }
  const entry = await recordMovement(
    tx,
    ctx,
    {
      kind: 'reversal',
      direction: original.direction === 'in' ? 'out' : 'in',
      type: original.type,
      amount: original.amount,
      paymentModeId: original.paymentModeId,
      reference: original.reference,
      module: original.module,
      source: { type: original.sourceType, id: original.sourceId, label: original.sourceLabel },
      party: original.party,
      invoiceId: original.invoiceId,
      categoryId: original.categoryId,
      centreId: original.centreId,
      reversalOf: original.id,
      notes: reason,
      date: options.date,
    },
    false,
  );
  await tx
    .update(ledgerEntry)
    .set({ reversedBy: entry.id })
    .where(and(eq(ledgerEntry.organisationId, ctx.organisationId), eq(ledgerEntry.id, original.id)));
  await record(tx, ctx.actor, {
    module: original.module,
    resource: 'ledger_entry',
    objectId: original.id,
    label: original.sourceLabel,
    action: 'update',
    before: { amount: original.amount, kind: original.kind },
    after: { reversed_by: entry.id, reason },
  });
  return entry;
}
