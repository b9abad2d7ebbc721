/**
 * Money is numeric(12,2) in the database, a decimal string in JSON ("1500.00") and whole paise in
 * arithmetic, so sums never drift (0.1 + 0.2 never happens to rupees).
 */
export const MAX_PAISE = 9_999_999_999_99; // numeric(12,2)

/** "1500", "1500.5", 1500.5 → 150050 paise; null for anything that is not a non-negative amount with at most 2 decimals. */
export function toPaise(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return paise <= MAX_PAISE ? paise : null;
}

/** Paise of an amount for arithmetic: `toPaise`, with 0 for anything that is not an amount (a blank or absent value). */
export const paise = (value: string | number): number => toPaise(value) ?? 0;

/** 150050 → "1500.50" */
export function fromPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** "150000.00" → "₹1,50,000.00" */
export function formatInr(value: string | number): string {
  return inr.format(typeof value === 'number' ? value : Number(value));
}

/**
 * Signed paise of an amount that may be negative (a sum of the books, a net): "-250.5" → -25050,
 * 1500 → 150000, rounded to the paisa; null for anything that is not a finite number.
 * `toPaise` stays the parser of amounts people type, which are never negative.
 */
export function signedPaise(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (typeof value === 'string' && String(value).trim() === '') return null;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** Signed paise of a sum (`signedPaise`), 0 for anything that is not a number. */
export const signedPaiseOr0 = (value: string | number): number => signedPaise(value) ?? 0;

/** A sum as SQL hands it back (text or number, possibly negative; null for none) as a 2-decimal string. */
export const moneyFromSql = (value: unknown): string =>
  fromPaise(value === null || value === undefined ? 0 : (signedPaise(value as string | number) ?? 0));
