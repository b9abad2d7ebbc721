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

/**
 * What a user may do within a module they are allowed: `view` (read only) < `operate` (the daily
 * desk work: bookings, check-ins, payments, enquiries) < `manage` (settings, prices, plans,
 * deletes, refunds, discounts above the organisation's cap). The owner has `manage` everywhere;
 * a granted module with no stored level counts as `operate`.
 */
export const MODULE_LEVELS = ['view', 'operate', 'manage'] as const;
export type ModuleLevel = (typeof MODULE_LEVELS)[number];
export const DEFAULT_MODULE_LEVEL: ModuleLevel = 'operate';
export const MODULE_LEVEL_LABELS: Record<ModuleLevel, string> = { view: 'View', operate: 'Operate', manage: 'Manage' };
export const isModuleLevel = (value: unknown): value is ModuleLevel => (MODULE_LEVELS as readonly unknown[]).includes(value);
/** Whether `have` is at least `need`. */
export const levelAtLeast = (have: ModuleLevel, need: ModuleLevel): boolean => MODULE_LEVELS.indexOf(have) >= MODULE_LEVELS.indexOf(need);

/** One line per module: what it covers (the staff permissions page shows it beside each checkbox). */
export const MODULE_DESCRIPTIONS: Record<ModuleName, string> = {
  'Accommodation Management': 'Rooms, stays and their guests.',
  'Administrator Management': 'The organisation profile, centres, sports, payment modes and every setting.',
  'Membership Management': 'Members, plans, memberships, batches, attendance and renewals.',
  'Income/Expenses Management': 'Income and expense entries, vendors, categories and the ledger.',
  'Staff Management': 'Staff, categories, logins and permissions, attendance and payroll.',
  'Diet Management': 'Diet plans for members.',
  'Training/Workouts': 'Workout plans and training programmes.',
  'Asset Management': 'Equipment and other assets of the centres.',
  'CRM Management': 'Enquiries, follow-ups and complaints.',
  'End User Login': "The members' and clients' own portal logins.",
  'Store Management': 'Products, stock and store sales.',
  'Booking Management': 'Facilities, slots and prices, bookings, clients and the booking board.',
  'Invoice Management': 'Invoices, credit notes and the books of every module.',
};
