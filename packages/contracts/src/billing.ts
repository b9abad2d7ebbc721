/**
 * A buyer's billing details for GST invoices (members and booking clients): a registered buyer's
 * GSTIN makes the invoice B2B (their GSTIN, legal name and address printed); an unregistered
 * buyer of ₹50,000 or more needs a name, address and state on the invoice (rule 46).
 */
import { z } from './zod-config.js';
import { singleLineText, text } from './common.js';
import { GST_STATES, gstinSchema, gstinState, gstinStateMismatch, sameState } from './tax.js';

export const billingInputFields = {
  gstin: gstinSchema.default(''),
  /** The legal name on the invoice (the person's or business's name when empty). */
  billing_name: singleLineText(200).default(''),
  billing_address: text(500).default(''),
  /** A state or union territory as GST names it ("Karnataka"); the GSTIN's when empty. */
  billing_state: singleLineText(100).default(''),
};

export const billingOutputFields = {
  gstin: z.string(),
  billing_name: z.string(),
  billing_address: z.string(),
  billing_state: z.string(),
};

export interface Billing {
  gstin: string;
  billing_name: string;
  billing_address: string;
  billing_state: string;
}

/** The invoice value from which an unregistered buyer's name, address and state are required (rule 46). */
export const B2C_DETAILS_FROM_PAISE = 50_000_00;

/** The GST name of a state as typed ("tamil nadu" → "Tamil Nadu"), or null when it names none. */
export function gstStateName(state: string): string | null {
  return Object.values(GST_STATES).find((s) => sameState(s, state)) ?? null;
}

/**
 * Billing details checked and completed: the state spelt as GST names it (the GSTIN's when left
 * empty) and matching the GSTIN. Field errors by name, or the details to store.
 */
export function checkBilling(b: Billing): { errors: Record<string, string>; billing: Billing } {
  const errors: Record<string, string> = {};
  let state = b.billing_state.trim();
  if (!state && b.gstin) state = gstinState(b.gstin) ?? '';
  const named = state ? gstStateName(state) : '';
  if (state && !named) errors.billing_state = 'Choose an Indian state or union territory.';
  const mismatch = named ? gstinStateMismatch(b.gstin, named) : null;
  if (mismatch) errors.gstin = mismatch;
  return { errors, billing: { ...b, billing_state: named || state } };
}
