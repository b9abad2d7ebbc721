import type { ModuleName, ModuleRequirement } from '@arena/contracts';
import { NEVER_MODULE } from '@arena/contracts';

/**
 * The one menu tree of spec 2.6. It drives the sidebar, the breadcrumb labels and the route
 * guards. `path` is relative to the parent ('' is the parent's own page); `module` is inherited
 * from the parent when absent, and `null` means "no module" (everyone signed in).
 */
export type ScreenId =
  | 'dashboard'
  | 'profile'
  | 'manage-center'
  | 'settings'
  | 'logout'
  | 'payment-mode'
  | 'sports'
  | 'booking-dashboard'
  | 'booking-booking'
  | 'booking-clients'
  | 'booking-clients-bulk'
  | 'booking-subscriptions'
  | 'booking-clients-table'
  | 'booking-transactions'
  | 'booking-facilities'
  | 'booking-facility-form'
  | 'booking-logs'
  | 'booking-reports';

export interface MenuNode {
  label: string;
  path: string;
  module?: ModuleRequirement;
  children?: MenuNode[];
  /** Tabbed pages: children are routes shown as tabs, not menu entries. */
  hideChildren?: boolean;
  /** A route that is not a menu entry (detail pages). */
  hidden?: boolean;
  /** A pure group with no page of its own: its path redirects to its first child. */
  group?: boolean;
  screen?: ScreenId;
  /** Extra words shown on a screen that is not built yet (e.g. the reports of a group). */
  note?: string;
}

const M = {
  admin: 'Administrator Management',
  membership: 'Membership Management',
  income: 'Income/Expenses Management',
  staff: 'Staff Management',
  diet: 'Diet Management',
  training: 'Training/Workouts',
  asset: 'Asset Management',
  crm: 'CRM Management',
  endUser: 'End User Login',
  store: 'Store Management',
  booking: 'Booking Management',
  accommodation: 'Accommodation Management',
  invoice: 'Invoice Management',
} satisfies Record<string, ModuleName>;

const n = (label: string, path: string, extra: Partial<MenuNode> = {}, children?: MenuNode[]): MenuNode => ({
  label,
  path,
  ...extra,
  ...(children ? { children } : {}),
});
const tabs = (label: string, path: string, children: MenuNode[], extra: Partial<MenuNode> = {}): MenuNode =>
  n(label, path, { hideChildren: true, ...extra }, children);
const messaging = (path = 'messaging') =>
  n('Messaging', path, {}, [n('Manual', 'manual'), n('Auto Messaging', 'auto-messaging'), n('Messaging Logs', 'messaging-logs')]);

export const MENU: MenuNode[] = [
  n('Dashboard', '', { module: M.admin, screen: 'dashboard' }),
  n('Administrator', 'admin', { module: M.admin }, [
    n('Profile', '', { screen: 'profile' }),
    n('Payment Gateway', 'PaymentGateWay'),
    n('Payment Mode', 'payment-mode', { screen: 'payment-mode' }),
    n('Manage Center', 'manage-center', { screen: 'manage-center' }),
    n('Manage Sports/Events', 'manage-sports-events', { screen: 'sports' }),
    tabs('Notifications', 'notifications', [n('Notification List', ''), n('Notification Settings', 'settings')]),
    tabs('Logged Devices', 'logged-devices', [n('Active Devices', ''), n('Blocked Devices', 'blocked')]),
    n('Import/Export', 'import-export', { module: null }),
    tabs('Subscription', 'subscription', [
      n('Billing', ''),
      n('Subscription Plans', 'subscription-plans'),
      n('History', 'history'),
      n('Add-ons', 'addons'),
      n('SMS Plan', 'manage'),
    ]),
    tabs('Messaging', 'messaging', [n('Manual', ''), n('Auto', 'auto'), n('Logs', 'logs')]),
    n('Logs', 'logs'),
  ]),
  n('All Members', 'members', { module: M.membership }),
  n('Membership', 'membership', { module: M.membership }, [
    tabs('Dashboard', '', [n('Add Member', 'add-member')]),
    n('Members', 'members', {}, [
      n('Member', ':userId', { hidden: true, hideChildren: true }, [
        n('Membership', ''),
        n('Payment History', 'payment-history'),
        n('Attendance', 'attendence'),
        n('Service', 'service'),
        n('Workout', 'workout'),
        n('Performance', 'perfomence'),
        n('Diet', 'diet'),
        n('Logs', 'logs'),
      ]),
    ]),
    n('Attendance', 'attendance'),
    n('Batch', 'batch'),
    n('Plan', 'plan'),
    n('Services', 'services'),
    n('Performance', 'performance', {}, [n('Assign Performance', ''), n('Category', 'category'), n('Item', 'item')]),
    n('Training', 'training'),
    n('Transaction', 'transaction'),
    n('Logs', 'logs'),
  ]),
  n('Staff Management', 'staff-management', { module: M.staff }, [
    tabs('Dashboard', '', [n('Add Staff', 'add-staff')]),
    n('Staffs', 'staffs', {}, [
      n('Staff', ':staffId', { hidden: true, hideChildren: true }, [
        n('Overview', ''),
        n('Profile', 'pofile'),
        n('Attendance', 'attendence'),
        n('Pay History', 'pay-history'),
        n('Assigned Members', 'assigned_members'),
        n('Assigned Services', 'assigned_services'),
        n('CRM', 'crm'),
        n('Permissions', 'permissions'),
        n('Payrolls', 'payrolls'),
        n('Logs', 'logs'),
      ]),
    ]),
    n('Attendance', 'attendance'),
    n('Payroll', 'payroll'),
    tabs('Staff Category', 'staff-category', [n('Categories', ''), n('Create Category', 'create')]),
    n('Transactions', 'transactions'),
    n('Logs', 'logs'),
  ]),
  n('Income/Expenses', 'income-expense', { module: M.income }, [
    n('Dashboard', 'dashboard'),
    n('Income/Expenses', ''),
    n('Category', 'category'),
    n('Vendor', 'vendor'),
    n('Transactions', 'transactions'),
    n('Logs', 'logs'),
  ]),
  n('Booking', 'booking', { module: M.booking }, [
    n('Dashboard', '', { screen: 'booking-dashboard' }),
    n('Booking', 'booking', { screen: 'booking-booking' }),
    tabs('Clients', 'clients', [
      n('Clients', '', { screen: 'booking-clients' }),
      n('Bulk Table', 'bulk-table', { screen: 'booking-clients-bulk' }),
      n('Booking Subscription', 'booking-subscription', { screen: 'booking-subscriptions' }),
      n('Clients Table', 'clients-table', { screen: 'booking-clients-table' }),
    ]),
    n('Transactions', 'transactions', { screen: 'booking-transactions' }),
    tabs('Messaging', 'messaging', [n('Manual', ''), n('Auto Messaging', 'auto-messaging'), n('Messaging Logs', 'messaging-logs')]),
    tabs('Settings', 'settings', [
      n('Facility Management', '', { screen: 'booking-facilities' }),
      n('Add Facility', 'add-faculty', { screen: 'booking-facility-form' }),
    ]),
    n('Logs', 'logs', { screen: 'booking-logs' }),
  ]),
  n('Asset Management', 'asset-management', { module: M.asset }, [
    n('Dashboard', ''),
    n('My Assets', 'my-assets'),
    n('Category', 'category'),
    n('Vendor', 'vendor'),
    n('Transactions', 'transactions'),
    n('Logs', 'logs'),
  ]),
  n('Accommodation', 'accommodation-management', { module: M.accommodation, group: true }, [
    n('Dashboard', 'dashboard'),
    n('Accommodation', 'accommodation'),
    n('Clients', 'clients'),
    n('Booking', 'booking'),
    n('Rooms', 'rooms'),
    n('Room Types', 'room-types'),
    messaging(),
    n('Income/Expense', 'income-expense'),
    n('Settings', 'settings'),
    n('Logs', 'logs'),
  ]),
  n('Diet Management', 'diet-management', { module: M.diet }, [
    n('Dashboard', ''),
    n('Assign Diet', 'assign-diet'),
    n('Diet Plan', 'diet-plan'),
    n('Message Template', 'message-template'),
    n('Logs', 'logs'),
  ]),
  n('Training/Workout', 'training-workout', { module: M.training }, [
    n('Dashboard', ''),
    n('Assign Training/Workout', 'assign-training-workout'),
    n('Training/Workout Plan', 'training-workout-plan'),
    n('Message Template', 'message-template'),
    n('Logs', 'logs'),
  ]),
  n('CRM Management', 'crm-management', { module: M.crm }, [
    n('Dashboard', ''),
    tabs("Today's Action", 'todays-action', [
      n('Membership Expiry', ''),
      n('Payment Due', 'payment-due'),
      n('Service Expiry', 'service-expiry'),
      n('Membership Expired', 'membership-expired'),
      n('Service Expired', 'service-expired'),
    ]),
    tabs('All Enquiries', 'all-enquiries', [
      n('All', ''),
      n('Open Enquiries', 'open-enquiries'),
      n('Closed Enquiries', 'closed-enquiries'),
      n('Converted Enquiries', 'converted-enquiries'),
      n('Enquiry', ':enquiryId', { hidden: true, hideChildren: true }, [n('Profile', ''), n('Follow-up History', 'followup-history')]),
    ]),
    tabs('Complaints', 'complaints', [n('Open', ''), n('Closed', 'closed')]),
    n('Promotions', 'promotions'),
    n('Contact Groups', 'contact-groups'),
    n('Message Template', 'message-template'),
    n('Logs', 'logs'),
  ]),
  n('Store', 'store', { module: M.store }, [
    n('Dashboard', ''),
    tabs('Billing', 'billing', [n('Billing', ''), n('Invoice', 'invoice')]),
    n('Products', 'products'),
    n('Sub Category', 'sub-category'),
    n('Category', 'category'),
    n('Brand', 'brand'),
    n('Suppliers', 'supplliers'),
    n('Sold', 'sold'),
    n('Low Stock', 'low-stock'),
    n('Near To Expire', 'near-to-expire'),
    n('Customers', 'customers'),
    n('Logs', 'logs'),
  ]),
  n('End User Login', 'end-user-login', { module: M.endUser }, [
    n('Dashboard', ''),
    tabs('User Login', 'user-login', [n('Active Users', ''), n('Blocked', 'blocked')]),
    tabs('Announcements/Feeds', 'announcements-feeds', [n('Active', ''), n('Published', 'published')]),
    n('Settings', 'settings'),
    n('Logs', 'logs'),
  ]),
  n('Accounts', 'accounts', { module: M.invoice }),
  n('Reports', 'reports', { module: null, group: true }, [
    n('Membership', 'membership', {
      note: 'Status month wise, sports wise, active batch wise, active plan, service, month wise dues, month wise collection, sports wise collection.',
    }),
    n('Staff', 'staff', { note: 'Category month wise, salary, commission, absent count, staff-wise member count.' }),
    n('Income/Expense', 'income-expense', { note: 'Income, expense, total pie, category wise.' }),
    n('Booking', 'booking', { screen: 'booking-reports', note: 'Booked, online, collection.' }),
    n('Diet', 'diet'),
    n('Training/Workout', 'training-workout'),
    n('Store', 'store', { note: 'Sales, stocks, expired, purchase, profit.' }),
    n('CRM', 'crm', { note: 'Complaint, enquiry, staff-wise enquiry.' }),
    n('End User', 'end-user', { note: 'Active, blocked, active vs blocked.' }),
    n('Accounts', 'accounts', { note: 'Profit-loss, income, expense, profit.' }),
  ]),
  n('Settings', 'settings', { module: null, screen: 'settings' }),
  n('Refer & Earn', 'refer-and-earn', { module: null }),
  n('Contact Us', 'contact-us', { module: null }),
  n('Logout', 'logout', { module: null, screen: 'logout' }),
  n('Page Not Found', '*', { module: NEVER_MODULE, hidden: true }),
];

/** A menu node with its absolute path and its effective module. */
export interface ResolvedNode {
  label: string;
  fullPath: string;
  module: ModuleRequirement;
  children: ResolvedNode[];
  hideChildren: boolean;
  hidden: boolean;
  group: boolean;
  screen?: ScreenId;
  note?: string;
  parent: ResolvedNode | null;
}

const join = (base: string, segment: string) => (segment === '' ? base || '/' : `${base === '/' ? '' : base}/${segment}`);

function resolve(nodes: MenuNode[], base: string, inherited: ModuleRequirement, parent: ResolvedNode | null): ResolvedNode[] {
  return nodes.map((node) => {
    const module = node.module === undefined ? inherited : node.module;
    const resolved: ResolvedNode = {
      label: node.label,
      fullPath: join(base, node.path),
      module,
      children: [],
      hideChildren: node.hideChildren ?? false,
      hidden: node.hidden ?? false,
      group: node.group ?? false,
      screen: node.screen,
      note: node.note,
      parent,
    };
    resolved.children = resolve(node.children ?? [], resolved.fullPath, module, resolved);
    return resolved;
  });
}

export const RESOLVED_MENU: ResolvedNode[] = resolve(MENU, '', null, null);

function flatten(nodes: ResolvedNode[]): ResolvedNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

export const ALL_NODES = flatten(RESOLVED_MENU).filter((n) => n.fullPath !== '/*');

/**
 * The routes: each absolute path once. Where a group and its '' child share a path, the child
 * (the page) wins; a group without a '' child redirects to its first child.
 */
export interface RouteEntry {
  path: string;
  node: ResolvedNode;
  redirectTo?: string;
}

export const ROUTES: RouteEntry[] = (() => {
  const byPath = new Map<string, RouteEntry>();
  for (const node of ALL_NODES) {
    if (byPath.has(node.fullPath)) continue;
    if (node.children.some((c) => c.fullPath === node.fullPath)) continue;
    byPath.set(
      node.fullPath,
      node.group ? { path: node.fullPath, node, redirectTo: node.children[0].fullPath } : { path: node.fullPath, node },
    );
  }
  return [...byPath.values()];
})();

/** Breadcrumb labels: the first (outermost) node of each absolute path. */
export const LABELS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const node of ALL_NODES) if (!map.has(node.fullPath) && !node.fullPath.includes(':')) map.set(node.fullPath, node.label);
  return map;
})();

/** The tabs a page shows: the visible siblings under a parent that hides its children and has a '' page. */
export function tabsOf(node: ResolvedNode): ResolvedNode[] {
  const group = node.parent;
  if (!group || !group.hideChildren || !group.children.some((c) => c.fullPath === group.fullPath)) return [];
  return group.children.filter((c) => !c.hidden);
}
