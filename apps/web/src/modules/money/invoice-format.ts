/** Pure helpers of the Accounts screens: file names, labels, sums, months and periods. */
import { financialYear } from '@arena/contracts/kit';
import { INVOICE_STATUS_LABELS, type InvoiceKind, type InvoiceStatus } from '@arena/contracts/money';
import { addMonths, format, parseISO, startOfMonth } from 'date-fns';

/** `INV/26-27/00017` → `INV-26-27-00017.pdf`: a "/" cannot be in a file name. */
export const pdfFileName = (number: string): string => `${number.trim().replace(/[\\/]+/g, '-') || 'invoice'}.pdf`;

/** 'Booking Management' → 'Booking'. */
export const moduleLabel = (module: string): string => module.replace(/ Management$/, '') || module;

/** The modules that sell, for the Accounts list's Module filter (the value is the module's name). */
export const SELLING_MODULES = ['Booking Management', 'Membership Management', 'Store Management', 'Accommodation Management'] as const;

export const KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Invoice', credit_note: 'Credit note' };
export const statusLabel = (status: InvoiceStatus | string): string => INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
export const STATUS_TONE = { issued: 'neutral', partially_paid: 'info', paid: 'success', cancelled: 'danger' } as const;

/** A signed decimal string ("-0.40", "1500.00") as whole paise. */
export const paiseOf = (value: string | number): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/** The sum of a money field over rows, in rupees (for a table's totals row). */
export function sumMoney<T>(rows: readonly T[], pick: (row: T) => string): number {
  return rows.reduce((total, row) => total + paiseOf(pick(row)), 0) / 100;
}

/** The sum of a count field over rows. */
export const sumCount = <T>(rows: readonly T[], pick: (row: T) => number): number => rows.reduce((total, row) => total + pick(row), 0);

/** `2026-11` → `Nov 2026`; anything else as it is. */
export function monthLabel(month: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  return format(parseISO(`${month}-01`), 'MMM yyyy');
}

/** The month of a date, `yyyy-MM`. */
export const monthOf = (date: Date): string => format(date, 'yyyy-MM');

/** The `count` months up to and including `today`'s, newest first, as select options. */
export function monthOptions(today: Date, count = 24): { value: string; label: string }[] {
  const first = startOfMonth(today);
  return Array.from({ length: count }, (_, i) => {
    const month = monthOf(addMonths(first, -i));
    return { value: month, label: monthLabel(month) };
  });
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** From the first of `today`'s month to `today`. */
export const thisMonthRange = (today: Date) => ({ from: iso(startOfMonth(today)), to: iso(today) });

/** From 1 April of `today`'s financial year to `today` (the year so far). */
export function financialYearRange(today: Date): { from: string; to: string; label: string } {
  const fy = financialYear(iso(today));
  return { from: fy.start, to: iso(today), label: `FY 20${fy.label}` };
}

/** Net as a share of income: "38.5 %", or null without income. */
export function marginText(income: string, net: string): string | null {
  const i = paiseOf(income);
  if (i <= 0) return null;
  return `${((paiseOf(net) / i) * 100).toFixed(1)} %`;
}

/** How an invoice's charge and money settle, once credit notes or refunds touch it (all in paise). */
export interface Settlement {
  /** The credit notes' total. */
  credited: number;
  /** What the invoice still charges: its total less the credit notes. */
  net: number;
  /** Money received (receipts), before anything was given back. */
  received: number;
  /** Money given back: refunds (on the invoice or its credit notes). */
  refunded: number;
  /** Receipts reversed (a bounced cheque, a wrong entry). */
  reversed: number;
  /** Paid, net: received less refunded and reversed (the invoice's `paid`). */
  paid: number;
  /** Still owed on what it charges. */
  due: number;
  /** Paid beyond what it still charges: kept as the client's credit, or still to refund. */
  excess: number;
}

/**
 * The settlement of an invoice: its total, less its credit notes, against the money received,
 * refunded and reversed — so a cancelled invoice reads "Total ₹1,000 · Credit notes −₹1,000 ·
 * Received ₹1,000 · Refunded −₹1,000 · Due ₹0", never "Paid ₹1,000" beside CANCELLED alone.
 */
export function settlementOf(invoice: {
  total: string;
  paid: string;
  credit_notes: readonly { total: string }[];
  payments: readonly { kind: string; amount: string }[];
}): Settlement {
  const credited = invoice.credit_notes.reduce((sum, c) => sum + paiseOf(c.total), 0);
  const net = Math.max(0, paiseOf(invoice.total) - credited);
  let received = 0;
  let refunded = 0;
  let reversed = 0;
  for (const p of invoice.payments) {
    const amount = paiseOf(p.amount);
    if (amount >= 0) received += amount;
    else if (p.kind.toLowerCase() === 'refund') refunded -= amount;
    else reversed -= amount;
  }
  const paid = paiseOf(invoice.paid);
  return { credited, net, received, refunded, reversed, paid, due: Math.max(0, net - paid), excess: Math.max(0, paid - net) };
}
