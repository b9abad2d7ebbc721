import { z } from '../zod-config.js';
import { requiredSingleLineText, text } from '../common.js';

// ---- sports and payment modes (Administrator) ----
export const sportInputSchema = z.object({
  name: requiredSingleLineText(100),
  kind: z.enum(['sport', 'event']).default('sport'),
  description: text(1000).default(''),
  is_active: z.boolean().default(true),
});
export const sportSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['sport', 'event']),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sport = z.infer<typeof sportSchema>;

export const DEFAULT_PAYMENT_MODES = ['Cash', 'UPI', 'Card', 'Bank transfer', 'Cheque'] as const;
export const paymentModeInputSchema = z.object({ name: requiredSingleLineText(60), is_active: z.boolean().default(true) });
export const paymentModeSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
