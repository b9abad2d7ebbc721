import { z } from '../zod-config.js';
import { requiredSingleLineText, singleLineText, text } from '../common.js';
import { gstinSchema } from '../tax.js';

const optionalText = (max: number) => singleLineText(max).default('');
const optionalMultilineText = (max: number) => text(max).default('');

export const centreInputSchema = z.object({
  name: requiredSingleLineText(120),
  code: optionalText(20),
  address: optionalMultilineText(500),
  city: optionalText(100),
  state: optionalText(100),
  phone: optionalText(20),
  email: optionalText(254),
  gstin: gstinSchema.default(''),
  opening_hours: optionalText(200),
  is_active: z.boolean().default(true),
});
export type CentreInput = z.infer<typeof centreInputSchema>;

export const centreSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  email: z.string(),
  gstin: z.string(),
  /** Why this centre cannot sell yet ('' when it can): in another state than the organisation's registration, with no GSTIN of its own. */
  gst_warning: z.string(),
  opening_hours: z.string(),
  /** Whether the centre has a seal picture (`GET …/centre/{id}/seal/`), drawn above "Authorised Signatory" on its A4 invoices. */
  has_seal: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Centre = z.infer<typeof centreSchema>;

/** A centre's seal picture: a PNG or JPEG of at most 1 MB (`PUT …/centre/{id}/seal/`, multipart, in `seal_picture`). */
export const SEAL_MAX_BYTES = 1024 * 1024;
export const SEAL_TYPES = ['image/png', 'image/jpeg'] as const;
export const SEAL_MESSAGE = 'The seal must be a PNG or JPEG picture of at most 1 MB.';
