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
import { registeredModules } from '../../platform/module.js';
import {
  creditNoteTooLate,
  formatInr,
  fromPaise,
  shiftDays,
  toPaise,
  UTR_MESSAGE,
  type Direction,
  type LedgerKind,
  type LedgerType,
} from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { paymentMode } from '../administrator/index.js';
import { notify } from '../notifications/index.js';
import { organisation } from '../../platform/db/schema.js';
import { MODULE } from './constants.js';
import { chargedBy, creditSale, invoicesOfSource, issueCreditNote } from './invoice.service.js';
import { invoice, ledgerEntry, moneyCategory, type InvoiceRow, type LedgerRow } from './schema.js';
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
 * receipt, the sale is open); its invoices' paid amounts move with it in the same statement.
 * Returns the sale after, or null when the change was refused (the caller explains why from a
 * fresh read).
 *
 * A sale has one invoice, or more when it grew after it was invoiced (a supplementary invoice,
 * `supplements_id`). The sale's paid amount is the one truth; the invoices' paid amounts always
 * add up to it, and each stays within `paid <= total`: money received fills the invoices in order
 * of issue, each up to what it still charges (total − credited − paid; the last takes any rest),
 * and money given back (a refund, a reversed receipt) empties them the other way, the latest
 * first. The ledger row names the invoice that took the largest part.
 */
async function movePaid(tx: Tx, ctx: Ctx, ref: SaleRef, deltaPaise: number, requireOpen: boolean) {
  const t = saleSource(ref.type);
  const delta = fromPaise(deltaPaise);
  const paid = t.paid;
  const paidAfter = sql`(${paid} + ${delta}::numeric)`;
  const amount = fromPaise(Math.abs(deltaPaise));
  const sign = deltaPaise < 0 ? sql`-1` : sql`1`;
  // Receipts fill the room each invoice has left, the first first; refunds take back what each holds, the latest first.
  const room = deltaPaise < 0 ? sql`v.paid` : sql`greatest(0, v.total - v.credited - v.paid)`;
  const order = deltaPaise < 0 ? sql`v.id desc` : sql`v.id`;
  const [row] = await queryRows<SaleState & { invoice_id: string | number | null; invoice_number: string | null }>(
    tx,
    sql`with s as (
          update ${t.table} set ${target(paid)} = ${paidAfter}, updated_at = now()${followSet(t, paidAfter)}
          where organisation_id = ${ctx.organisationId} and id = ${ref.id}
            and ${paidAfter} between 0 and (${t.total}) ${requireOpen ? sql`and (${t.open})` : sql``}
          returning id, ${t.label} as label, ${t.party} as party, ${t.centre} as centre_id,
                    ${paid}::text as paid, (${t.total})::text as total, true as open),
        v as (
          select v.id, ${room} as room, row_number() over (order by ${order}) as n, count(*) over () as c,
                 coalesce(sum(${room}) over (order by ${order} rows between unbounded preceding and 1 preceding), 0) as before
          from invoice v
          where v.organisation_id = ${ctx.organisationId} and v.kind = 'invoice' and v.source_type = ${ref.type}
            and v.source_id = ${ref.id} and exists (select 1 from s)),
        a as (
          select v.id, ${sign} * (case when v.n = v.c then greatest(0, ${amount}::numeric - v.before)
                                       else least(v.room, greatest(0, ${amount}::numeric - v.before)) end) as take
          from v),
        i as (
          update invoice set paid = invoice.paid + a.take, updated_at = now(),
            status = case when invoice.status = 'cancelled' then 'cancelled'
                          when invoice.paid + a.take <= 0 then 'issued'
                          when invoice.paid + a.take >= invoice.total - invoice.credited then 'paid' else 'partially_paid' end
          from a
          where invoice.organisation_id = ${ctx.organisationId} and invoice.id = a.id and a.take <> 0
          returning invoice.id, invoice.number, abs(a.take) as part)
        select s.*, (select id from i order by part desc, id limit 1) as invoice_id,
               (select number from i order by part desc, id limit 1) as invoice_number from s`,
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
  /** `liability`: money held for someone (a deposit) — in the cash, never in income or expense. */
  type: LedgerType;
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

/** The organisation's lock date (Accounts › Close books), or null when nothing is closed. */
export async function booksLockedUntil(tx: Tx, ctx: Ctx): Promise<string | null> {
  const [row] = await tx.select({ until: organisation.booksLockedUntil }).from(organisation).where(eq(organisation.id, ctx.organisationId));
  return row?.until ?? null;
}

/**
 * Money moves when it moves: a day ahead at most (a cheque dated tomorrow), never next month (400
 * on `field`). The other bound — not on or before the books' lock date — is the database's
 * `books_open_on` trigger.
 */
export function checkMovementDate(ctx: Ctx, date: string | undefined, field = 'date'): void {
  if (date && date > shiftDays(ctx.now.today, 1)) throw fieldError(field, 'A movement can be dated at most one day ahead.');
}

/** Writes one ledger row (no sale to keep in step) and its audit row. */
export async function recordMovement(tx: Tx, ctx: Ctx, m: Movement, audit = true): Promise<LedgerRow> {
  checkMovementDate(ctx, m.date);
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

/**
 * The `payment_received` notification of a payment on a sale (later, `receive`; or with the sale,
 * `numberSales`): the module's users hear who paid what, how, for which sale. `count` > 1: one
 * notice for several sales paid at once.
 */
export async function notifyPayment(
  tx: Tx,
  ctx: Ctx,
  p: {
    ref: SaleRef;
    label: string;
    party: string;
    amount: string;
    modes: string;
    invoiceId: number | null;
    centre: number | null;
    count?: number;
  },
): Promise<void> {
  const t = saleSource(p.ref.type);
  const paid = formatInr(p.amount);
  const count = p.count ?? 1;
  await notify(tx, ctx, {
    event: 'payment_received',
    module: t.module,
    title: `Payment received ${paid}`,
    body:
      count > 1
        ? `${p.party} paid ${paid} for ${count} ${t.noun}s (${p.label} …).`
        : `${p.party} paid ${paid} by ${p.modes} for ${t.noun} ${p.label}.`,
    link: t.link ? t.link({ id: p.ref.id, label: p.label }) : p.invoiceId ? `/accounts/${p.invoiceId}` : '',
    centre: p.centre,
    subject: { type: p.ref.type, id: p.ref.id },
  });
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
  // One place for every seller's later payments (a membership's, a booking's …): its module's users hear of it.
  await notifyPayment(tx, ctx, {
    ref,
    label: moved.sale.label,
    party: moved.sale.party,
    amount: fromPaise(amount),
    modes: mode.name,
    invoiceId: moved.invoice?.id ?? null,
    centre: moved.sale.centre_id,
  });
  return { entry, paid: moved.sale.paid, total: moved.sale.total, invoice: moved.invoice };
}

export interface RefundInput extends MoneyInput {
  reason: string;
  /** Issue a credit note for the refunded amount (a refund that reduces the sale, not one that returns an overpayment). */
  creditNote?: boolean;
  /**
   * False: no credit note even where one is due — the money goes back and the invoice keeps its
   * tax (after the section 34(2) deadline, when a credit note is refused). Default true.
   */
  taxAdjustment?: boolean;
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
  if (input.creditNote && input.taxAdjustment !== false && moved.invoice) {
    const invoices = await invoicesOfSource(tx, ctx, ref);
    // What the invoices still charge bounds the note: a cancelled sale's were credited when it was cancelled.
    const open = invoices.reduce((n, inv) => n + chargedBy(inv), 0);
    if (open > 0)
      [creditNote = null] = await creditSale(tx, ctx, invoices, Math.min(amount, open), input.reason, {
        date: input.date ?? ctx.now.today,
      });
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
 * Closes the books of a cancelled sale. An issued invoice is never voided: it stays in its month's
 * figures, and a credit note dated today (counted in today's month) gives back what the invoice
 * still charges — all of it, paid or not, except what the supply still stands for: with
 * `keptStands`, the money kept (paid after any refund) is the price of what was used (a membership
 * cancelled mid-term), so the note is for total − credited − paid; without it, money kept is the
 * client's credit for a later sale (a booking), and the note is for all of total − credited.
 * The invoice is marked `cancelled` and shows no due. After the section 34(2) deadline the note is
 * refused (400 on `tax_adjustment`) unless `taxAdjustment: false`: then the invoice keeps its tax.
 */
export async function cancelSaleInvoice(
  tx: Tx,
  ctx: Ctx,
  ref: SaleRef,
  reason: string,
  options: { keptStands?: boolean; taxAdjustment?: boolean } = {},
): Promise<InvoiceRow | null> {
  // A sale that grew has supplementary invoices too: each is cancelled the same way, with a note of its own.
  let first: InvoiceRow | null = null;
  for (const inv of await invoicesOfSource(tx, ctx, ref, true)) {
    if (inv.status === 'cancelled') continue;
    const kept = options.keptStands ? Math.max(0, toPaise(inv.paid) ?? 0) : 0;
    const rest = chargedBy(inv) - kept;
    let creditNote: InvoiceRow | null = null;
    if (rest > 0 && options.taxAdjustment !== false) creditNote = await issueCreditNote(tx, ctx, inv, rest, reason);
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
    first ??= creditNote;
  }
  return first;
}

/** What a cancelled sale's invoices charge beyond the money kept on them, credited (when the deadline allows). */
async function creditUnkept(tx: Tx, ctx: Ctx, ref: SaleRef, reason: string): Promise<void> {
  for (const inv of await invoicesOfSource(tx, ctx, ref, true)) {
    if (inv.status !== 'cancelled') continue;
    const rest = chargedBy(inv) - Math.max(0, toPaise(inv.paid) ?? 0);
    // Past the section 34(2) deadline the invoice keeps its tax; being cancelled, it shows no due.
    if (rest > 0 && !creditNoteTooLate(inv.date, ctx.now.today)) await issueCreditNote(tx, ctx, inv, rest, `Receipt reversed: ${reason}`);
  }
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
    // A cancelled sale's invoice stood for the money kept; a reversed receipt was never kept, so
    // its part is credited too and the invoice settles with its sale (no due on either side).
    if (original.kind === 'receipt') await creditUnkept(tx, ctx, { type: original.sourceType, id: original.sourceId }, reason);
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

/** A module's money in a category with no sale behind it (an expense, money held): its facts. */
export interface CategoryMoney {
  /** The category's name (a default category of some manifest). */
  category: string;
  amount: string;
  reference?: string;
  date?: string;
  module: string;
  source: { type: string; id: number; label: string };
  party: string;
  centreId?: number | null;
  notes?: string;
}

/** The movement of `input` on `side`. */
function categoryMovement(
  input: CategoryMoney,
  side: Pick<Movement, 'kind' | 'direction' | 'type' | 'paymentModeId' | 'categoryId'>,
): Movement {
  return {
    ...side,
    amount: input.amount,
    reference: input.reference,
    date: input.date,
    module: input.module,
    source: input.source,
    party: input.party,
    centreId: input.centreId ?? null,
    notes: input.notes,
  };
}

/**
 * An expense paid out (a salary): one `payment` movement in the organisation's expense category
 * `category` (a default category of some manifest), by an active payment mode (400 on `payment_mode`), or by none
 * for an expense no money moved for (stock written off at cost).
 */
export async function payExpense(
  tx: Tx,
  ctx: Ctx,
  input: CategoryMoney & {
    /** How it was paid; null for an expense no money moved for (stock written off at cost). */
    paymentMode: number | null;
  },
): Promise<LedgerRow> {
  const mode = input.paymentMode === null ? null : await activeMode(tx, ctx, input.paymentMode);
  const category = await expenseCategory(tx, ctx, input.category);
  return recordMovement(
    tx,
    ctx,
    categoryMovement(input, {
      kind: 'payment',
      direction: 'out',
      type: 'expense',
      paymentModeId: mode?.id ?? null,
      categoryId: category.id,
    }),
  );
}

/**
 * The organisation's category of `type` named `name`: a default category of some manifest, made
 * here when an organisation older than the manifest's line lacks it (its books started without it).
 * Other modules use it for movements they record themselves (a hostel's deposits).
 */
export async function categoryNamed(tx: Tx, ctx: Ctx, name: string, type: LedgerType = 'expense'): Promise<{ id: number }> {
  const find = () =>
    tx
      .select({ id: moneyCategory.id })
      .from(moneyCategory)
      .where(
        and(
          eq(moneyCategory.organisationId, ctx.organisationId),
          eq(moneyCategory.type, type),
          sql`lower(${moneyCategory.name}) = lower(${name})`,
        ),
      );
  const [found] = await find();
  if (found) return found;
  const declared = registeredModules().some((m) =>
    m.defaultCategories?.some((c) => c.type === type && c.name.toLowerCase() === name.toLowerCase()),
  );
  if (!declared) throw fieldError('category', `The ${type} category "${name}" does not exist.`);
  await tx.insert(moneyCategory).values({ organisationId: ctx.organisationId, name, type }).onConflictDoNothing();
  const [made] = await find();
  return made;
}
const expenseCategory = (tx: Tx, ctx: Ctx, name: string) => categoryNamed(tx, ctx, name, 'expense');

/**
 * Money back on an expense (a supplier's refund for goods returned): one `reversal` movement in,
 * in the expense category `category`, so the category's expense nets it off. Without a payment
 * mode it moves cost out of a category rather than money (stock written off leaves Purchases).
 */
export async function creditExpense(tx: Tx, ctx: Ctx, input: Parameters<typeof payExpense>[2]): Promise<LedgerRow> {
  const mode = input.paymentMode === null ? null : await activeMode(tx, ctx, input.paymentMode);
  const category = await expenseCategory(tx, ctx, input.category);
  return recordMovement(
    tx,
    ctx,
    categoryMovement(input, {
      kind: 'reversal',
      direction: 'in',
      type: 'expense',
      paymentModeId: mode?.id ?? null,
      categoryId: category.id,
    }),
  );
}

/** A movement of money held for someone (`category`: a liability category): what `holdMoney` and `keepHeld` are told. */
export type HeldMoney = CategoryMoney & { paymentMode: number };

/**
 * Money held for someone (a hostel's refundable deposit): a `liability` movement in the
 * category `category` — `receipt` takes it in, `refund` gives it back. It moves the cash of its
 * payment mode (the day book lists it, `held` sums it) but is never income or expense.
 */
export async function holdMoney(tx: Tx, ctx: Ctx, kind: 'receipt' | 'refund', input: HeldMoney): Promise<LedgerRow> {
  const mode = await activeMode(tx, ctx, input.paymentMode);
  const category = await categoryNamed(tx, ctx, input.category, 'liability');
  const side = { kind, direction: kind === 'receipt' ? 'in' : 'out', type: 'liability' } as const;
  return recordMovement(tx, ctx, categoryMovement(input, { ...side, paymentModeId: mode.id, categoryId: category.id }));
}

/**
 * Part of the money held kept (a deposit's deduction for damage): the liability gives it up and
 * the income category `income` takes it, both in the payment mode it was held in — the cash does
 * not move, the income grows by what was kept.
 */
export async function keepHeld(tx: Tx, ctx: Ctx, input: HeldMoney & { income: string }): Promise<void> {
  await holdMoney(tx, ctx, 'refund', input);
  const category = await categoryNamed(tx, ctx, input.income, 'income');
  await recordMovement(
    tx,
    ctx,
    categoryMovement(input, {
      kind: 'receipt',
      direction: 'in',
      type: 'income',
      paymentModeId: input.paymentMode,
      categoryId: category.id,
    }),
  );
}
