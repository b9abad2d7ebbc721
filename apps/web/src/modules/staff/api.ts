import type { StaffCategory, staffCategoryInputSchema } from '@arena/contracts/staff';
import { staffCategoryEndpoints } from '@arena/contracts/staff/routes';
import type { z } from '@arena/contracts/kit';
import { lookupResource } from '../../lib/lookupResource';

export const staffKeys = { categories: ['staff', 'category'] as const };
export const staffCategories = lookupResource<StaffCategory, z.input<typeof staffCategoryInputSchema>>(
  staffCategoryEndpoints,
  staffKeys.categories,
);
