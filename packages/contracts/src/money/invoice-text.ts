/**
 * What an invoice says about its tax, the same on the A4 PDF, the 80 mm receipt and the web page:
 * the rate of each tax head on a line ("CGST 2.5 % + SGST 2.5 %", "IGST 18 %"), the tax heads of
 * the totals per rate ("CGST @ 2.5 %"), the mark of a 0 % line and the note of a bill of supply.
 * Pure functions of the invoice as the API shows it (`invoiceSchema`).
 */
import { fromPaise, signedPaiseOr0 } from '../money.js';
import { sameState } from '../tax.js';
import type { Invoice, InvoiceLine } from './invoice.js';

type TaxFacts = Pick<Invoice, 'bill_of_supply' | 'seller' | 'place_of_supply' | 'cgst' | 'sgst' | 'igst'> & {
  lines: readonly Pick<InvoiceLine, 'gst_rate' | 'cgst' | 'sgst' | 'igst'>[];
};

/**
 * The mark of a 0 % line on a tax invoice. The invoice knows only the rate, not why it is 0 (a
 * nil rate in the schedule, or an exemption by notification), so one wording is used for both
 * everywhere: "Nil rated" (the GST summary files every 0 % value together too).
 */
export const NIL_RATED = 'Nil rated';

/** 2.5 → "2.5 %", 18 → "18 %", 0.125 → "0.125 %" (a no-break space keeps the sign with its number). */
export const percentText = (rate: number): string => `${Number(rate.toFixed(3))}\u00a0%`;

const nonZero = (amount: string) => signedPaiseOr0(amount) !== 0;

/**
 * Whether the document's tax is CGST + SGST (within one state) rather than IGST: what its amounts
 * show, else the seller's state against the place of supply (as `buildInvoice` decides).
 */
export function invoiceIntraState(invoice: TaxFacts): boolean {
  if (nonZero(invoice.igst) || invoice.lines.some((l) => nonZero(l.igst))) return false;
  if (nonZero(invoice.cgst) || nonZero(invoice.sgst) || invoice.lines.some((l) => nonZero(l.cgst) || nonZero(l.sgst))) return true;
  const { state } = invoice.seller;
  return !state || !invoice.place_of_supply || sameState(state, invoice.place_of_supply);
}

/**
 * The rate of each tax head on a line: ["CGST 2.5 %", "SGST 2.5 %"] within the state, ["IGST 18 %"]
 * across states, [NIL_RATED] for a 0 % line of a tax invoice, and nothing on a bill of supply.
 */
export function lineTaxRates(invoice: TaxFacts, line: Pick<InvoiceLine, 'gst_rate'>): string[] {
  if (invoice.bill_of_supply) return [];
  if (!(line.gst_rate > 0)) return [NIL_RATED];
  return invoiceIntraState(invoice)
    ? [`CGST ${percentText(line.gst_rate / 2)}`, `SGST ${percentText(line.gst_rate / 2)}`]
    : [`IGST ${percentText(line.gst_rate)}`];
}

export interface TaxTotal {
  /** "CGST @ 2.5 %" */
  label: string;
  head: 'CGST' | 'SGST' | 'IGST';
  /** The head's rate in percent (half the GST rate for CGST and SGST). */
  rate: number;
  amount: string;
}

/**
 * The totals' tax rows: each head at each rate of the lines, lowest rate first ("CGST @ 2.5 %",
 * "SGST @ 2.5 %", "CGST @ 9 %", …). Nothing on a bill of supply. Should the lines not add up to
 * the document's heads (a document older than its lines' rates), the heads alone, without rates.
 */
export function taxTotals(invoice: TaxFacts): TaxTotal[] {
  if (invoice.bill_of_supply) return [];
  const intra = invoiceIntraState(invoice);
  const heads = intra ? (['CGST', 'SGST'] as const) : (['IGST'] as const);
  const field = { CGST: 'cgst', SGST: 'sgst', IGST: 'igst' } as const;
  const rates = [...new Set(invoice.lines.map((l) => l.gst_rate).filter((r) => r > 0))].sort((a, b) => a - b);
  const rows: TaxTotal[] = [];
  for (const rate of rates)
    for (const head of heads) {
      const amount = invoice.lines.filter((l) => l.gst_rate === rate).reduce((sum, l) => sum + signedPaiseOr0(l[field[head]]), 0);
      const headRate = intra ? rate / 2 : rate;
      rows.push({ label: `${head} @ ${percentText(headRate)}`, head, rate: headRate, amount: fromPaise(amount) });
    }
  const adds = (['CGST', 'SGST', 'IGST'] as const).every(
    (head) =>
      rows.filter((r) => r.head === head).reduce((sum, r) => sum + signedPaiseOr0(r.amount), 0) === signedPaiseOr0(invoice[field[head]]),
  );
  if (adds) return rows;
  return (['CGST', 'SGST', 'IGST'] as const)
    .filter((head) => nonZero(invoice[field[head]]))
    .map((head) => ({ label: head, head, rate: 0, amount: invoice[field[head]] }));
}

/**
 * Why a bill of supply carries no tax, printed on it: a registered seller's sale of nil-rated
 * supplies (rule 49: a bill of supply instead of a tax invoice), or a seller without a GSTIN.
 */
export function billOfSupplyNote(invoice: Pick<Invoice, 'bill_of_supply' | 'seller'>): string {
  if (!invoice.bill_of_supply) return '';
  return invoice.seller.gstin ? 'Nil rated supply: no GST charged.' : 'The seller is not registered for GST: no GST charged.';
}
