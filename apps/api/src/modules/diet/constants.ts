import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'Diet Management';
/** Global (IFCT 2017) food ids start here, so one id names a food whether global or an organisation's own (those count from 1). */
export const GLOBAL_FOOD_ID_BASE = 1_000_000_000;
/** The categories a new organisation starts with. */
export const DEFAULT_DIET_CATEGORIES = [
  'Weight loss',
  'Muscle gain',
  'Diabetic-friendly',
  'Vegetarian',
  'Jain',
  'Heart-healthy',
  'Maintenance',
];
