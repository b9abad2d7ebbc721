import type { ModuleName } from '@arena/contracts';

export const MODULE: ModuleName = 'Invoice Management';
