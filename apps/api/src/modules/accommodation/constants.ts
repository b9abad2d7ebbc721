import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'Accommodation Management';
export const tags = ['accommodation'];
/** A stay's bill (a nightly stay's at check-out, a monthly stay's month): the sale source invoices name. */
export const CHARGE_SOURCE = 'accommodation_charge';
/** A stay's deposit on the ledger (held money, refunded or adjusted at check-out). */
export const DEPOSIT_SOURCE = 'accommodation_deposit';
/** The income category of rent. */
export const RENT_CATEGORY = 'Accommodation';
/**
 * The liability category deposits move in: money held for the resident (never income), given back
 * or set against the bill at check-out. Its net is what is held.
 */
export const DEPOSIT_CATEGORY = 'Security Deposits (refundable)';
/** The income category of what a check-out keeps from a deposit (damage, keys). */
export const DEDUCTION_CATEGORY = 'Deposit deductions';
