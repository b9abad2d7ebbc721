/** The modules of spec section 1 by their exact names, plus the invoice module of /accounts. */
export const MODULES = [
  'Accommodation Management',
  'Administrator Management',
  'Membership Management',
  'Income/Expenses Management',
  'Staff Management',
  'Diet Management',
  'Training/Workouts',
  'Asset Management',
  'CRM Management',
  'End User Login',
  'Store Management',
  'Booking Management',
  'Invoice Management',
] as const;

export type ModuleName = (typeof MODULES)[number];

/** The special value that marks the not-found route (spec 2.1). */
export const NEVER_MODULE = 'Never' as const;

export const isModuleName = (value: string): value is ModuleName => (MODULES as readonly string[]).includes(value);
