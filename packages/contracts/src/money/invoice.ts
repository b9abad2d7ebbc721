/**
 * The money platform's contracts: GST settings of sellable things, tax invoices and credit notes
 * (`/api/administrator/invoice/`), ledger movements, and the Accounts reports. Amounts are
 * decimal strings ("1500.00"); arithmetic is in paise (money.ts, gst.ts).
 */
import { z } from '../zod-config.js';
import { isoDateSchema, moneySchema, singleLine, singleLineText, text } from '../common.js';

// ---- invoices ----

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['issued', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  issued: 'Issued',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const invoiceLineSchema = z.object({
  description: z.string(),
  sac_code: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  discount: z.string(),
  taxable_value: z.string(),
  gst_rate: z.number(),
  cgst: z.string(),
  sgst: z.string(),
  igst: z.string(),
  total: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePartySchema = z.object({ name: z.string(), address: z.string(), gstin: z.string(), state: z.string() });

/** A row of `GET /api/administrator/invoice/`. */
export const invoiceListItemSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  date: z.string(),
  module: z.string(),
  source: z.object({ type: z.string(), id: z.number().nullable(), label: z.string() }),
  centre: z.number().nullable(),
  centre_name: z.string(),
  buyer_name: z.string(),
  buyer_phone: z.string(),
  taxable_value: z.string(),
  tax: z.string(),
  total: z.string(),
  paid: z.string(),
  due: z.string(),
  status: z.enum(INVOICE_STATUSES),
  bill_of_supply: z.boolean(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoicePaymentSchema = z.object({
  id: z.number(),
  date: z.string(),
  kind: z.string(),
  amount: z.string(),
  payment_mode_name: z.string(),
  reference: z.string(),
});

/** `GET /api/administrator/invoice/{id}/`. */
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** A tax invoice, or a bill of supply when the seller has no GSTIN (no tax lines). */
  title: z.string(),
  bill_of_supply: z.boolean(),
  date: z.string(),
  module: z.string(),
  source: z.object({ type: z.string(), id: z.number().nullable(), label: z.string() }),
  centre: z.number().nullable(),
  centre_name: z.string(),
  seller: invoicePartySchema.extend({ phone: z.string(), email: z.string() }),
  buyer: z.object({ name: z.string(), phone: z.string(), email: z.string(), gstin: z.string(), address: z.string() }),
  place_of_supply: z.string(),
  lines: z.array(invoiceLineSchema),
  taxable_value: z.string(),
  cgst: z.string(),
  sgst: z.string(),
  igst: z.string(),
  round_off: z.string(),
  total: z.string(),
  amount_in_words: z.string(),
  paid: z.string(),
  due: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** For a credit note: the invoice it reduces. */
  against: z.object({ id: z.number(), number: z.string(), date: z.string() }).nullable(),
  /** For a supplementary invoice: the invoice of the same sale it adds to. */
  supplements: z.object({ id: z.number(), number: z.string(), date: z.string() }).nullable(),
  /** Of an invoice: the supplementary invoices that add to it. */
  supplementary: z.array(z.object({ id: z.number(), number: z.string(), date: z.string(), total: z.string() })),
  reason: z.string(),
  credit_notes: z.array(z.object({ id: z.number(), number: z.string(), date: z.string(), total: z.string(), reason: z.string() })),
  payments: z.array(invoicePaymentSchema),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceEmailInputSchema = z.object({
  /** Defaults to the buyer's e-mail. */
  email: z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]).default(''),
});

// ---- ledger movements ----

export const LEDGER_KINDS = ['receipt', 'refund', 'payment', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  receipt: 'Receipt',
  refund: 'Refund',
  payment: 'Payment',
  reversal: 'Reversal',
};
/**
 * The side of the books a movement counts on: income, expense, or money held for someone
 * (`liability`: a hostel's refundable deposit) — in the cash and the day book, never in income or expense.
 */
export const LEDGER_TYPES = ['income', 'expense', 'liability'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_TYPE_LABELS: Record<LedgerType, string> = { income: 'Income', expense: 'Expense', liability: 'Held (liability)' };
export const DIRECTIONS = ['in', 'out'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A row of the one ledger (`GET /api/income-expense/transactions/`). */
export const ledgerEntrySchema = z.object({
  id: z.number(),
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  direction: z.enum(DIRECTIONS),
  /**
   * The side of the books the movement counts on: a receipt or refund is income, a payment an
   * expense; a reversal takes its original's; money held (a deposit) is a liability.
   */
  type: z.enum(LEDGER_TYPES),
  amount: z.string(),
  module: z.string(),
  source: z.object({ type: z.string(), id: z.number().nullable(), label: z.string() }),
  party: z.string(),
  category: z.number().nullable(),
  category_name: z.string(),
  centre: z.number().nullable(),
  centre_name: z.string(),
  payment_mode: z.number().nullable(),
  payment_mode_name: z.string(),
  reference: z.string(),
  invoice: z.number().nullable(),
  invoice_number: z.string(),
  reversal_of: z.number().nullable(),
  reversed_by: z.number().nullable(),
  notes: z.string(),
  recorded_by: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** Totals of the rows a ledger list's filters select. */
export const ledgerTotalsSchema = z.object({
  count: z.number(),
  income: z.string(),
  expense: z.string(),
  net: z.string(),
  /** Money held for others (deposits): liability in − out. Counted in neither income nor expense. */
  held: z.string().optional(),
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

export const reversalInputSchema = z.object({ reason: singleLineText(500).pipe(z.string().min(1, 'Reason is required')) });

/** A payment received against a sale, as every module takes it. */
export const receiptInputSchema = z.object({
  amount: moneySchema.refine((v) => v !== '0.00', 'Amount must be greater than 0.'),
  payment_mode: z.coerce.number().int().positive(),
  reference: singleLineText(100).default(''),
  date: isoDateSchema.optional(),
  notes: text(500).default(''),
});

export const UTR_MESSAGE = 'A payment with this UPI reference (UTR) is already recorded.';
