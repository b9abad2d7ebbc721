import { ATTACHMENT_MAX_BYTES } from '@arena/contracts/income-expense';
import { fromPaise, splitInclusive, toPaise } from '@arena/contracts/kit';

/** The GST rates an entry offers (the contracts accept a few more, for goods rarely bought here). */
export const ENTRY_GST_RATES = [0, 5, 12, 18, 28, 40] as const;

/** The bills an entry may carry: a PDF or a picture (what the API accepts). */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');
export const ATTACHMENT_MESSAGE = 'The file must be a PDF or an image of at most 5 MB.';

/** Why a chosen bill cannot be sent, or null when it can (the API checks the same). */
export function attachmentError(file: Pick<File, 'type' | 'size' | 'name'> | null): string | null {
  if (!file) return null;
  const type = file.type || (/\.pdf$/i.test(file.name) ? 'application/pdf' : '');
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(type) || file.size > ATTACHMENT_MAX_BYTES || file.size === 0)
    return ATTACHMENT_MESSAGE;
  return null;
}

/**
 * What an amount paid with GST included holds: the taxable value and the GST in it, as decimal
 * strings ("1000.00", "180.00" of "1180.00" at 18 %); null while the amount is not a valid one.
 */
export function gstPreview(amount: string, rate: number): { taxable: string; gst: string } | null {
  const paise = toPaise(amount.replace(/[₹,\s]/g, ''));
  if (paise === null) return null;
  // Within the state, as the API records an entry's GST (`gstIn`): CGST + SGST, so the preview is what is stored.
  const { taxable } = splitInclusive(paise, rate, true);
  return { taxable: fromPaise(taxable), gst: fromPaise(paise - taxable) };
}

/** A share of a total in whole percent (0 when the total is 0). */
export function shareOf(amount: string | number, total: string | number): number {
  const t = Number(total);
  return t > 0 ? Math.round((Number(amount) / t) * 100) : 0;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A `YYYY-MM` month as people say it: "Nov 2026" (`long`: "November 2026"), like formatDate's "23 Nov 2026". */
export function monthLabel(month: string, { long = false }: { long?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !name) return month;
  return `${long ? name : name.slice(0, 3)} ${match[1]}`;
}
