/** `@arena/contracts/staff`: Staff Management — staff categories (issue 21 adds staff, attendance and payroll). */
import { z } from '../zod-config.js';
import { namedLookupInputSchema, namedLookupSchema } from '../common.js';
import { crudEndpoints } from '../endpoint.js';

/** A kind of staff (Trainer, Coach, Receptionist, Manager …): what staff are filed under and paid by. */
export const staffCategoryInputSchema = namedLookupInputSchema().extend({
  /** Leave days a month that payroll pays like present days. */
  paid_leave_days: z.number().int().min(0).max(60).default(0),
});
export const staffCategorySchema = namedLookupSchema.extend({ paid_leave_days: z.number().int() });
export type StaffCategory = z.infer<typeof staffCategorySchema>;

export const staffCategoryEndpoints = crudEndpoints(
  '/api/staff-management/staff-category/',
  staffCategorySchema,
  staffCategoryInputSchema,
  {
    dropdown: true,
  },
);
