/** What the desk's sale screens work with: the sale's arithmetic (from contracts) and small helpers. */
import { fromPaise, toPaise } from '@arena/contracts/kit';

/** The sale's arithmetic lives in contracts (the API checks the same rules). */
export {
  discountError,
  discountTooHigh,
  PAYMENT_TOO_HIGH,
  saleSummary,
  typedPaise,
  type SaleInput,
  type SaleSummary,
} from '@arena/contracts/money';

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
