import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'Store Management';
/** The sale source of a counter sale (invoices and ledger rows name it). */
export const SALE_SOURCE = 'store_sale';
/** A purchase's payment on the ledger. */
export const PURCHASE_SOURCE = 'store_purchase';
/** A batch written off, at cost. */
export const WRITE_OFF_SOURCE = 'store_write_off';
/** The expense category of suppliers' bills, and of stock written off. */
export const PURCHASES_CATEGORY = 'Purchases';
export const WRITE_OFF_CATEGORY = 'Stock Written Off';
/** The income category of counter sales (the books have had it from the start). */
export const SALES_CATEGORY = 'Store';

/** Days ahead a batch is near to expire (`STORE_NEAR_EXPIRY_DAYS`, default 30). */
export function nearExpiryDays(): number {
  const n = Number(process.env.STORE_NEAR_EXPIRY_DAYS ?? '');
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : 30;
}
