/** `@arena/contracts/staff`: Staff Management — staff categories (issue 21 adds staff, attendance and payroll). */
import { z } from '../zod-config.js';
import { requiredSingleLineText, text } from '../common.js';
import { crudEndpoints } from '../endpoint.js';

/** A kind of staff (Trainer, Coach, Receptionist, Manager …): what staff are filed under and paid by. */
export const staffCategoryInputSchema = z.object({
  name: requiredSingleLineText(100),
  description: text(500).default(''),
  is_active: z.boolean().default(true),
});
export const staffCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;

export const staffCategoryEndpoints = crudEndpoints(
  '/api/staff-management/staff-category/',
  staffCategorySchema,
  staffCategoryInputSchema,
  {
    dropdown: true,
  },
);
