/**
 * The arithmetic of selling a plan or a service at the desk (Add Member, Renew, Sell service),
 * in paise like the server (contracts' money.ts): total = price − discount + joining fee (the fee
 * only on a member's first membership), due = total − paid. The screens show it live; the server
 * computes it again and is the one that counts.
 */
import { fromPaise, toPaise } from '@arena/contracts';

export interface SaleInput {
  /** The plan's (or service's) price, tax included ("1500.00"). */
  price: string;
  /** What is typed in Discount ('' = none). */
  discount: string;
  /** The plan's joining fee; counted only when `firstMembership`. */
  joiningFee?: string;
  firstMembership?: boolean;
  /** What is typed in the payment's Amount ('' or no payment = nothing paid now). */
  paying: string;
}

export interface SaleSummary {
  price: string;
  discount: string;
  joiningFee: string;
  total: string;
  paying: string;
  due: string;
  /** Messages of the typed amounts that cannot be right, by the field they belong to. */
  errors: { discount?: string; paying?: string };
}

/** A typed amount in paise: '' is 0, anything unreadable is null. */
export const typedPaise = (text: string): number | null => (text.trim() === '' ? 0 : toPaise(text.trim()));

export const DISCOUNT_TOO_HIGH = 'The discount cannot be more than the price.';
export const PAYMENT_TOO_HIGH = 'The payment cannot be more than the total.';

/** The live summary of a sale: what it costs, what is paid now and what stays due. */
export function saleSummary({ price, discount, joiningFee = '0', firstMembership = true, paying }: SaleInput): SaleSummary {
  const errors: SaleSummary['errors'] = {};
  const priceP = toPaise(price) ?? 0;
  const feeP = firstMembership ? (toPaise(joiningFee) ?? 0) : 0;
  const discountTyped = typedPaise(discount);
  let discountP = discountTyped ?? 0;
  if (discountP > priceP) {
    errors.discount = DISCOUNT_TOO_HIGH;
    discountP = priceP;
  }
  const totalP = priceP - discountP + feeP;
  const payingTyped = typedPaise(paying);
  let payingP = payingTyped ?? 0;
  if (payingP > totalP) {
    errors.paying = PAYMENT_TOO_HIGH;
    payingP = totalP;
  }
  return {
    price: fromPaise(priceP),
    discount: fromPaise(discountP),
    joiningFee: fromPaise(feeP),
    total: fromPaise(totalP),
    paying: fromPaise(payingP),
    due: fromPaise(totalP - payingP),
    errors,
  };
}

/** Whether an amount string is more than zero (a due to collect, a payment to refund). */
export const positive = (amount: string | null | undefined) => (toPaise(amount ?? '') ?? 0) > 0;

/** The smaller of two amounts (a refund is never more than what was paid). */
export const minAmount = (a: string, b: string) => fromPaise(Math.min(toPaise(a) ?? 0, toPaise(b) ?? 0));

/** What Renew works on: the latest membership that is neither cancelled nor already renewed (null: sell a new one). */
export function renewable<T extends { status: string; renewed_by: number | null; end_date: string; id: number }>(
  memberships: readonly T[],
): T | null {
  let best: T | null = null;
  for (const m of memberships) {
    if (m.status === 'cancelled' || m.renewed_by !== null) continue;
    if (!best || m.end_date > best.end_date || (m.end_date === best.end_date && m.id > best.id)) best = m;
  }
  return best;
}
