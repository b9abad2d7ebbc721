import type { ModuleName } from '@arena/contracts';

export const MODULE = 'Membership Management' satisfies ModuleName;
export const tags = ['member-management'];

/** The modules whose screens choose members, or members by plan or batch, through membership's pickers and choices. */
export const MEMBER_CHOOSERS: ModuleName[] = [MODULE, 'Diet Management', 'Training/Workouts', 'CRM Management', 'Accommodation Management'];
