import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'Training/Workouts';
