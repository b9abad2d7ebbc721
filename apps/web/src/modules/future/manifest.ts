import { defineModule, entry, tabs } from '../../lib/web-module';

/**
 * The menu entries of the modules that are not built yet (spec 2.6), so the menu is whole today:
 * each opens a calm "not available yet" page that names what it will hold (its `note`). A module
 * that gets built moves its entries into its own manifest and out of this file.
 */

const messaging = (path = 'messaging') =>
  entry('Messaging', path, {}, [
    entry('Manual', 'manual'),
    entry('Auto Messaging', 'auto-messaging'),
    entry('Messaging Logs', 'messaging-logs'),
  ]);

const report = (order: number, label: string, path: string, note?: string) => ({
  order,
  under: 'reports',
  node: entry(label, path, note ? { note } : {}),
});

export const futureModule = defineModule({
  name: 'future',
  screens: {},
  menu: [
    {
      order: 50,
      node: entry(
        'Staff Management',
        'staff-management',
        {
          module: 'Staff Management',
          note: 'Staff and their categories, attendance, monthly payroll with commissions, pay history, and their own logins and permissions.',
        },
        [
          tabs('Dashboard', '', [entry('Add Staff', 'add-staff')]),
          entry('Staffs', 'staffs', {}, [
            entry('Staff', ':staffId', { hidden: true, hideChildren: true }, [
              entry('Overview', ''),
              entry('Profile', 'pofile'),
              entry('Attendance', 'attendence'),
              entry('Pay History', 'pay-history'),
              entry('Assigned Members', 'assigned_members'),
              entry('Assigned Services', 'assigned_services'),
              entry('CRM', 'crm'),
              entry('Permissions', 'permissions'),
              entry('Payrolls', 'payrolls'),
              entry('Logs', 'logs'),
            ]),
          ]),
          entry('Attendance', 'attendance'),
          entry('Payroll', 'payroll'),
          tabs('Staff Category', 'staff-category', [entry('Categories', ''), entry('Create Category', 'create')]),
          entry('Transactions', 'transactions'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 80,
      node: entry(
        'Asset Management',
        'asset-management',
        {
          module: 'Asset Management',
          note: 'Equipment and property by center and location, with purchase cost, warranty, condition and maintenance costs.',
        },
        [
          entry('Dashboard', ''),
          entry('My Assets', 'my-assets'),
          entry('Category', 'category'),
          entry('Vendor', 'vendor'),
          entry('Transactions', 'transactions'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 90,
      node: entry(
        'Accommodation',
        'accommodation-management',
        {
          module: 'Accommodation Management',
          group: true,
          note: 'Rooms and room types, residents and their stays (never two on one bed), messaging, and the income and expenses of the rooms.',
        },
        [
          entry('Dashboard', 'dashboard'),
          entry('Accommodation', 'accommodation'),
          entry('Clients', 'clients'),
          entry('Booking', 'booking'),
          entry('Rooms', 'rooms'),
          entry('Room Types', 'room-types'),
          messaging(),
          entry('Income/Expense', 'income-expense'),
          entry('Settings', 'settings'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 100,
      node: entry(
        'Diet Management',
        'diet-management',
        {
          module: 'Diet Management',
          note: 'Diet plans with meals and quantities, assigned to members for a period, and message templates.',
        },
        [
          entry('Dashboard', ''),
          entry('Assign Diet', 'assign-diet'),
          entry('Diet Plan', 'diet-plan'),
          entry('Message Template', 'message-template'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 110,
      node: entry(
        'Training/Workout',
        'training-workout',
        { module: 'Training/Workouts', note: 'Workout plans by day with exercises, sets and reps, assigned to members for a period.' },
        [
          entry('Dashboard', ''),
          entry('Assign Training/Workout', 'assign-training-workout'),
          entry('Training/Workout Plan', 'training-workout-plan'),
          entry('Message Template', 'message-template'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 120,
      node: entry(
        'CRM Management',
        'crm-management',
        {
          module: 'CRM Management',
          note: "Enquiries with their follow-ups, complaints until they are resolved, promotions to contact groups, and today's renewals and dues to chase.",
        },
        [
          entry('Dashboard', ''),
          tabs("Today's Action", 'todays-action', [
            entry('Membership Expiry', ''),
            entry('Payment Due', 'payment-due'),
            entry('Service Expiry', 'service-expiry'),
            entry('Membership Expired', 'membership-expired'),
            entry('Service Expired', 'service-expired'),
          ]),
          tabs('All Enquiries', 'all-enquiries', [
            entry('All', ''),
            entry('Open Enquiries', 'open-enquiries'),
            entry('Closed Enquiries', 'closed-enquiries'),
            entry('Converted Enquiries', 'converted-enquiries'),
            entry('Enquiry', ':enquiryId', { hidden: true, hideChildren: true }, [
              entry('Profile', ''),
              entry('Follow-up History', 'followup-history'),
            ]),
          ]),
          tabs('Complaints', 'complaints', [entry('Open', ''), entry('Closed', 'closed')]),
          entry('Promotions', 'promotions'),
          entry('Contact Groups', 'contact-groups'),
          entry('Message Template', 'message-template'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 130,
      node: entry(
        'Store',
        'store',
        {
          module: 'Store Management',
          note: 'Products and their batches, suppliers and purchases, a billing counter with GST invoices, and stock that is low or near expiry.',
        },
        [
          entry('Dashboard', ''),
          tabs('Billing', 'billing', [entry('Billing', ''), entry('Invoice', 'invoice')]),
          entry('Products', 'products'),
          entry('Sub Category', 'sub-category'),
          entry('Category', 'category'),
          entry('Brand', 'brand'),
          entry('Suppliers', 'supplliers'),
          entry('Sold', 'sold'),
          entry('Low Stock', 'low-stock'),
          entry('Near To Expire', 'near-to-expire'),
          entry('Customers', 'customers'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 140,
      node: entry(
        'End User Login',
        'end-user-login',
        {
          module: 'End User Login',
          note: "Members' own logins (active or blocked), announcements and feeds, and what the member portal shows.",
        },
        [
          entry('Dashboard', ''),
          tabs('User Login', 'user-login', [entry('Active Users', ''), entry('Blocked', 'blocked')]),
          tabs('Announcements/Feeds', 'announcements-feeds', [entry('Active', ''), entry('Published', 'published')]),
          entry('Settings', 'settings'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    report(20, 'Staff', 'staff', 'Category month wise, salary, commission, absent count, staff-wise member count.'),
    report(50, 'Diet', 'diet'),
    report(60, 'Training/Workout', 'training-workout'),
    report(70, 'Store', 'store', 'Sales, stocks, expired, purchase, profit.'),
    report(80, 'CRM', 'crm', 'Complaint, enquiry, staff-wise enquiry.'),
    report(90, 'End User', 'end-user', 'Active, blocked, active vs blocked.'),
    {
      order: 180,
      node: entry('Refer & Earn', 'refer-and-earn', {
        module: null,
        note: 'Invite another sports or fitness center to Arena and earn credit on your subscription.',
      }),
    },
  ],
});
