/**
 * The arithmetic of selling a plan or a service (Add Member, Renew, Sell service), in paise:
 * total = price − discount + joining fee (the fee only on a member's first membership), due =
 * total − paid. The desk's screens show it live and the API checks the same rules with the same
 * messages (a discount above the price is refused by both).
 */
import { fromPaise, toPaise } from '../money.js';

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

/** The message of a discount above the price, on the desk's screens and from the API alike. */
export const discountTooHigh = (price: string) => `The discount cannot exceed the price (${fromPaise(toPaise(price) ?? 0)}).`;

/** The discount's error, or null when it is within the price. */
export function discountError(discount: string, price: string): string | null {
  return (typedPaise(discount) ?? 0) > (toPaise(price) ?? 0) ? discountTooHigh(price) : null;
}
export const PAYMENT_TOO_HIGH = 'The payment cannot be more than the total.';

/** The live summary of a sale: what it costs, what is paid now and what stays due. */
export function saleSummary({ price, discount, joiningFee = '0', firstMembership = true, paying }: SaleInput): SaleSummary {
  const errors: SaleSummary['errors'] = {};
  const priceP = toPaise(price) ?? 0;
  const feeP = firstMembership ? (toPaise(joiningFee) ?? 0) : 0;
  const discountTyped = typedPaise(discount);
  let discountP = discountTyped ?? 0;
  if (discountP > priceP) {
    errors.discount = discountTooHigh(price);
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
