/** Reading entries: the one selection (with the names behind the ids) the list, the detail and the writes answer with. */
import { fillPath, fromPaise, incomeExpenseEntryEndpoints, type IncomeExpense, paise } from '@arena/contracts';
import { and, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../platform/db/client.js';
import { appUser } from '../../../platform/db/schema.js';
import { notFound } from '../../../platform/errors.js';
import type { Ctx } from '../../../platform/request-context.js';
import { centre, paymentMode } from '../../administrator/index.js';
import { invoice, ledgerEntry, moneyCategory } from '../schema.js';
import { incomeExpense, vendor } from '../schema.js';

export type IncomeExpenseRow = typeof incomeExpense.$inferSelect;

export const entryFields = {
  e: incomeExpense,
  categoryName: moneyCategory.name,
  vendorName: vendor.name,
  centreName: centre.name,
  modeName: paymentMode.name,
  reversedBy: ledgerEntry.reversedBy,
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  byFirst: appUser.firstName,
  byLast: appUser.lastName,
  byEmail: appUser.email,
};

export interface EntryRow {
  e: IncomeExpenseRow;
  categoryName: string;
  vendorName: string | null;
  centreName: string | null;
  modeName: string;
  reversedBy: number | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
  byFirst: string | null;
  byLast: string | null;
  byEmail: string | null;
}

/** Entries with their category, vendor, centre, payment mode, ledger movement and recording user. */
export const entryFrom = (tx: Tx, fields: SelectedFields) =>
  tx
    .select(fields)
    .from(incomeExpense)
    .innerJoin(moneyCategory, eq(moneyCategory.id, incomeExpense.categoryId))
    .leftJoin(vendor, eq(vendor.id, incomeExpense.vendorId))
    .leftJoin(centre, eq(centre.id, incomeExpense.centreId))
    .innerJoin(paymentMode, eq(paymentMode.id, incomeExpense.paymentModeId))
    .leftJoin(ledgerEntry, eq(ledgerEntry.id, incomeExpense.ledgerEntryId))
    // Income with GST: the tax invoice its receipt is against.
    .leftJoin(invoice, eq(invoice.id, ledgerEntry.invoiceId))
    // app_user is a platform table (no row-level security): the organisation is matched here.
    .leftJoin(appUser, and(eq(appUser.id, incomeExpense.createdBy), eq(appUser.organisationId, incomeExpense.organisationId)))
    .$dynamic();

/** A user's name as lists show it: first and last name, else the e-mail; '' for no user (the seed, a job). */
export const userName = (first: string | null, last: string | null, email: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || (email ?? '');

export function entryJson(r: EntryRow): IncomeExpense {
  const e = r.e;
  return {
    id: e.id,
    type: e.type,
    title: e.title,
    category: e.categoryId,
    category_name: r.categoryName,
    vendor: e.vendorId,
    vendor_name: r.vendorName ?? '',
    centre: e.centreId,
    centre_name: r.centreName ?? '',
    amount: e.amount,
    gst_rate: Number(e.gstRate),
    gst_amount: e.gstAmount,
    taxable_amount: fromPaise(paise(e.amount) - paise(e.gstAmount)),
    date: e.date,
    payment_mode: e.paymentModeId,
    payment_mode_name: r.modeName,
    reference: e.reference,
    notes: e.notes,
    attachment: e.attachment ? fillPath(incomeExpenseEntryEndpoints.attachment.path, { id: e.id }) : null,
    attachment_name: e.attachment ? e.attachmentName : '',
    ledger_entry: e.ledgerEntryId ?? 0,
    invoice: r.invoiceId === null ? null : { id: r.invoiceId, number: r.invoiceNumber ?? '' },
    status: r.reversedBy === null ? 'active' : 'reversed',
    created_by_name: userName(r.byFirst, r.byLast, r.byEmail),
    created_at: e.createdAt.toISOString(),
  };
}

/** One entry of the organisation as API JSON; 404 when there is none. */
export async function loadEntryJson(tx: Tx, ctx: Ctx, id: number): Promise<IncomeExpense> {
  const [row] = (await entryFrom(tx, entryFields)
    .where(and(eq(incomeExpense.organisationId, ctx.organisationId), eq(incomeExpense.id, id)))
    .limit(1)) as unknown as EntryRow[];
  if (!row) throw notFound();
  return entryJson(row);
}
