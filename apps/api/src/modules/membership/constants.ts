import type { ModuleName } from '@arena/contracts';

export const MODULE = 'Membership Management' satisfies ModuleName;
export const tags = ['member-management'];
