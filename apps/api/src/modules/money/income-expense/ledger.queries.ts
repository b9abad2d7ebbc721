/**
 * Reading the one ledger as the Transactions screen and the dashboard show it: each movement
 * with its payment mode, centre, category (a module's default category for module income
 * without one, as the reports group it), invoice number and who recorded it.
 */
import { fromPaise, moneyFromSql, type LedgerEntry, type LedgerTotals, signedPaiseOr0 } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../platform/db/client.js';
import { appUser } from '../../../platform/db/schema.js';
import { centre, paymentMode } from '../../administrator/index.js';
import { CATEGORY_NAME, EXPENSE, HELD, INCOME } from '../books.js';
import { invoice, ledgerEntry, moneyCategory, type LedgerRow } from '../schema.js';
import { userName } from './entry.queries.js';

/** The ledger as `l` and categories as `mc`: the books' SQL (INCOME, EXPENSE, CATEGORY_NAME) is written against these names. */
export const l = alias(ledgerEntry, 'l');
const mc = alias(moneyCategory, 'mc');

export const ledgerFields = {
  e: l,
  categoryName: sql<string>`${CATEGORY_NAME}`,
  centreName: centre.name,
  modeName: paymentMode.name,
  invoiceNumber: invoice.number,
  byFirst: appUser.firstName,
  byLast: appUser.lastName,
  byEmail: appUser.email,
};

export interface LedgerSelectRow {
  e: LedgerRow;
  categoryName: string;
  centreName: string | null;
  modeName: string | null;
  invoiceNumber: string | null;
  byFirst: string | null;
  byLast: string | null;
  byEmail: string | null;
}

export const ledgerFrom = (tx: Tx, fields: SelectedFields) =>
  tx
    .select(fields)
    .from(l)
    .leftJoin(mc, eq(mc.id, l.categoryId))
    .leftJoin(centre, eq(centre.id, l.centreId))
    .leftJoin(paymentMode, eq(paymentMode.id, l.paymentModeId))
    .leftJoin(invoice, eq(invoice.id, l.invoiceId))
    // app_user is a platform table (no row-level security): the organisation is matched here.
    .leftJoin(appUser, and(eq(appUser.id, l.recordedBy), eq(appUser.organisationId, l.organisationId)))
    .$dynamic();

export function ledgerJson(r: LedgerSelectRow): LedgerEntry {
  const e = r.e;
  return {
    id: e.id,
    date: e.date,
    kind: e.kind,
    direction: e.direction,
    type: e.type,
    amount: e.amount,
    module: e.module,
    source: { type: e.sourceType, id: e.sourceId, label: e.sourceLabel },
    party: e.party,
    category: e.categoryId,
    category_name: r.categoryName ?? '',
    centre: e.centreId,
    centre_name: r.centreName ?? '',
    payment_mode: e.paymentModeId,
    payment_mode_name: r.modeName ?? '',
    reference: e.reference,
    invoice: e.invoiceId,
    invoice_number: r.invoiceNumber ?? '',
    reversal_of: e.reversalOf,
    reversed_by: e.reversedBy,
    notes: e.notes,
    recorded_by: userName(r.byFirst, r.byLast, r.byEmail),
    created_at: e.createdAt.toISOString(),
  };
}

/** Signed paise of a money string, and a sum of the books as one (both may be negative). */
export const paise = signedPaiseOr0;
export const moneyOf = moneyFromSql;

/** The first day of the month `n` months before the month of `isoDate`. */
export function monthsBefore(isoDate: string, n: number): string {
  const [y, m] = isoDate.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 10);
}

/** The sums a ledger list's totals select (`ledgerFrom(tx, ledgerTotalFields).where(…)`), read by `ledgerTotalsJson`. */
export const ledgerTotalFields = {
  count: sql<number>`count(*)::int`,
  income: sql<string>`coalesce(sum(${INCOME}), 0)::text`,
  expense: sql<string>`coalesce(sum(${EXPENSE}), 0)::text`,
  held: sql<string>`coalesce(sum(${HELD}), 0)::text`,
};

/** Count, income, expense, net (income − expense) and money held of a selection, each sum signed. */
export function ledgerTotalsJson(row: { count: number; income: string; expense: string; held: string }): LedgerTotals {
  const income = moneyOf(row.income);
  const expense = moneyOf(row.expense);
  return { count: Number(row.count), income, expense, net: fromPaise(paise(income) - paise(expense)), held: moneyOf(row.held) };
}
