/** What an invoice reads as on paper: dates, amounts, states, the summary rows. */
import { formatDateText, formatInr, GST_STATES, invoiceIntraState, sameState, taxTotals, type Invoice } from '@arena/contracts';

export const nonZero = (amount: string) => Number(amount) !== 0;

/** "2026-11-23" (or an ISO timestamp) → "23 Nov 2026". */
export const displayDate = (value: string) => formatDateText(value.slice(0, 10)) || value;

/** "1500.00" → "1,500.00": the Indian grouping of `formatInr` without the sign, for table cells under "Amounts in ₹". */
export const plainAmount = (amount: string) => formatInr(amount).replace('₹', '');

/** "2.000" → "2", "1.50" → "1.5". */
export const displayQuantity = (quantity: string) => (quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity);

/** "Karnataka" → "Karnataka (29)", the state code GST documents carry. */
export function stateWithCode(state: string): string {
  const code = Object.entries(GST_STATES).find(([, name]) => sameState(name, state))?.[0];
  return code ? `${state} (${code})` : state;
}

/** A line's code as the receipt prints it: "SAC 999652" for a service (SAC codes start 99), "HSN 6109" for goods. */
export function codeText(code: string): string {
  const trimmed = code.trim();
  if (!trimmed) return '';
  return `${/^99/.test(trimmed) ? 'SAC' : 'HSN'}\u00a0${trimmed}`;
}

export function documentNoun(invoice: Invoice): string {
  return invoice.kind === 'credit_note' ? 'credit note' : 'invoice';
}

export function againstText(invoice: Invoice): string {
  // No-break spaces keep the date on one line when the sentence wraps.
  const date = displayDate(invoice.against?.date ?? '').replaceAll(' ', '\u00a0');
  return invoice.against ? `Against invoice ${invoice.against.number} dated ${date}` : '';
}

/** A supplementary invoice's link to the invoice it adds to (GST s.34(3)-style): `Supplementary invoice to INV/26-27/00012 dated 27 Nov 2026`. */
export function supplementsText(invoice: Invoice): string {
  if (!invoice.supplements) return '';
  const date = displayDate(invoice.supplements.date).replaceAll(' ', '\u00a0');
  return `Supplementary invoice to ${invoice.supplements.number} dated ${date}`;
}

/** Which tax columns the document shows: CGST and SGST within the state, IGST across states (both on a mixed old document). */
export function taxColumns(invoice: Invoice): { split: boolean; igst: boolean } {
  if (invoice.bill_of_supply) return { split: false, igst: false };
  const split = invoice.lines.some((l) => nonZero(l.cgst) || nonZero(l.sgst)) || nonZero(invoice.cgst) || nonZero(invoice.sgst);
  const igst = invoice.lines.some((l) => nonZero(l.igst)) || nonZero(invoice.igst);
  if (split || igst) return { split, igst };
  // No tax at all (0 % lines): show the columns the supply would carry.
  const intraState = invoiceIntraState(invoice);
  return { split: intraState, igst: !intraState };
}

export interface SummaryRow {
  label: string;
  value: string;
  bold?: boolean;
}

/** Taxable value, the taxes per head and rate ("CGST @ 2.5 %"), round off, total, paid and due, as both layouts list them. */
export function summaryRows(invoice: Invoice): { before: SummaryRow[]; total: SummaryRow; after: SummaryRow[] } {
  const before: SummaryRow[] = [
    { label: invoice.bill_of_supply ? 'Value of supply' : 'Taxable value', value: formatInr(invoice.taxable_value) },
    ...taxTotals(invoice).map((t) => ({ label: t.label, value: formatInr(t.amount) })),
  ];
  if (nonZero(invoice.round_off)) before.push({ label: 'Round off', value: formatInr(invoice.round_off) });
  return {
    before,
    total: { label: 'Total', value: formatInr(invoice.total), bold: true },
    after: [
      { label: 'Paid', value: formatInr(invoice.paid) },
      { label: 'Due', value: formatInr(invoice.due), bold: nonZero(invoice.due) },
    ],
  };
}
