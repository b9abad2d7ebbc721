/**
 * GST arithmetic shared by the API (invoices, reports) and the web app (previews): Indian
 * financial years and document numbers, splitting a tax-inclusive price into taxable value and
 * CGST + SGST (same state) or IGST (another state), the rate in force on a date, and amounts in
 * words in Indian numbering. All amounts are whole paise (see money.ts).
 */

/** The financial year (April–March) a date belongs to: `2026-11-23` → 2026-04-01 … 2027-03-31, "26-27". */
export function financialYear(isoDate: string): { start: string; end: string; label: string } {
  const [year, month] = isoDate.split('-').map(Number);
  const first = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return { start: `${first}-04-01`, end: `${first + 1}-03-31`, label: `${two(first)}-${two(first + 1)}` };
}

/**
 * The last day a credit note may be issued for a supply of the financial year of `isoDate`:
 * 30 November after that year ends (section 34(2) of the CGST Act) — `2025-06-10` → `2026-11-30`.
 */
export function creditNoteDeadline(isoDate: string): string {
  return `${financialYear(isoDate).end.slice(0, 4)}-11-30`;
}

/** Why a credit note dated `noteDate` cannot be issued against an invoice of `invoiceDate` (section 34(2)), or null. */
export function creditNoteTooLate(invoiceDate: string, noteDate: string): string | null {
  const deadline = creditNoteDeadline(invoiceDate);
  if (noteDate <= deadline) return null;
  const [y, , d] = deadline.split('-');
  const fy = financialYear(invoiceDate);
  return (
    `A credit note for a supply of ${fy.start.slice(0, 4)}-${fy.label.slice(3)} could not be issued after ${Number(d)} Nov ${y} ` +
    '(section 34(2) of the CGST Act). Give the money back without a tax adjustment instead: the invoice keeps its tax.'
  );
}

/** The answer to a movement or document dated on or before the books' lock date (`iso`). */
export function booksClosedMessage(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `The books are closed up to ${d} ${month} ${y}: choose a later date (or reopen the books in Accounts › Close books).`;
}

/** The longest document number the GST rules allow. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;

/**
 * A document number of a series: `documentNumber('INV', '26-27', 17)` → `INV/26-27/00017`. At most
 * 16 characters of letters, digits, `-` and `/` (the GST rule); throws beyond that.
 */
export function documentNumber(prefix: string, fyLabel: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`A document number is a positive integer, not ${n}.`);
  const number = `${prefix}/${fyLabel}/${String(n).padStart(5, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH || !/^[A-Za-z0-9/-]+$/.test(number))
    throw new RangeError(`"${number}" is not a valid GST document number (at most 16 letters, digits, "-" or "/").`);
  return number;
}

/** GST rates in force in India, in percent. */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;

export interface RatePeriod {
  /** percent, e.g. 18 */
  rate: number;
  /** first day the rate applies, `YYYY-MM-DD` */
  from: string;
}

/** The rate in force on a date: the period with the latest `from` on or before it; null before the first. */
export function rateOn(periods: readonly RatePeriod[], isoDate: string): number | null {
  let found: RatePeriod | null = null;
  for (const p of periods) if (p.from <= isoDate && (!found || p.from > found.from)) found = p;
  return found ? found.rate : null;
}

export interface TaxSplit {
  /** taxable value: the price less the tax in it */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable + taxes: always the inclusive price itself (a line never leaves a paisa for a round-off) */
  total: number;
}

/**
 * `a × b ÷ d` rounded half up, for non-negative whole numbers: exact while `2ab + d` is a safe
 * integer (a float quotient of such integers floors correctly), and in BigInt beyond it.
 */
function mulDivRounded(a: number, b: number, d: number): number {
  const n = a * b;
  if (2 * n + d <= Number.MAX_SAFE_INTEGER) return Math.floor((2 * n + d) / (2 * d));
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d)));
}

/**
 * Splits a tax-inclusive price (paise) at a GST rate (percent) so that the parts add up to the
 * price exactly: the tax is worked out on the taxable value the price implies (price ÷ (1 +
 * rate)) — within one state CGST and SGST of half the rate each, across states IGST of the whole
 * rate, each rounded to the paisa — and the taxable value is the price less that tax. Each tax
 * head is then within a paisa of its rate on the taxable value printed beside it (at most (1 +
 * rate) ÷ 2 paise off), and a line is exactly what the buyer pays for it: no round-off. A rate of
 * 0 (exempt or nil-rated) is all taxable value, no tax.
 */
export function splitInclusive(inclusivePaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  if (!Number.isSafeInteger(inclusivePaise) || inclusivePaise < 0)
    throw new RangeError('An amount is a non-negative whole number of paise.');
  if (!(ratePercent >= 0 && ratePercent <= 100)) throw new RangeError(`A GST rate is a percentage from 0 to 100, not ${ratePercent}.`);
  // In hundredths of a percent, so 0.25 % and 2.5 % stay exact integers: the tax in a price p is
  // p × bp ÷ (10 000 + bp), each half of it p × bp ÷ (2 × (10 000 + bp)).
  const bp = Math.round(ratePercent * 100);
  if (bp === 0) return { taxable: inclusivePaise, cgst: 0, sgst: 0, igst: 0, total: inclusivePaise };
  if (intraState) {
    const half = mulDivRounded(inclusivePaise, bp, 2 * (10_000 + bp));
    return { taxable: inclusivePaise - 2 * half, cgst: half, sgst: half, igst: 0, total: inclusivePaise };
  }
  const igst = mulDivRounded(inclusivePaise, bp, 10_000 + bp);
  return { taxable: inclusivePaise - igst, cgst: 0, sgst: 0, igst, total: inclusivePaise };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping: 150000 → "One Lakh Fifty Thousand". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('Only whole non-negative numbers have words here.');
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount as a tax invoice writes it: 15000050 paise → "Rupees One Lakh Fifty Thousand and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('An amount is a non-negative whole number of paise.');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = [`Rupees ${numberInWords(rupees)}`];
  if (rest) words.push(`and ${belowHundred(rest)} Paise`);
  return `${words.join(' ')} Only`;
}
