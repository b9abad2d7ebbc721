import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Staff Management';
const load = () => import('./index');

const screens = {
  'staff-dashboard': lazyScreen(load, (m) => m.StaffDashboardPage),
  'staff-add': lazyScreen(load, (m) => m.AddStaffPage),
  'staff-list': lazyScreen(load, (m) => m.StaffListPage),
  'staff-detail': lazyScreen(load, (m) => m.StaffPage),
  'staff-attendance': lazyScreen(load, (m) => m.StaffAttendancePage),
  'staff-payroll': lazyScreen(load, (m) => m.PayrollPage),
  'staff-transactions': lazyScreen(load, (m) => m.StaffTransactionsPage),
  'staff-logs': lazyScreen(load, (m) => m.StaffLogsPage),
  'staff-reports': lazyScreen(load, (m) => m.StaffReportsPage),
  'staff-categories': lazyScreen(load, (m) => m.StaffCategoryPage),
  'staff-category-create': lazyScreen(load, (m) => m.CreateStaffCategoryPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Staff Management: the team and their pages, attendance, payroll with commission, salaries paid,
 * logs, staff categories, and the staff reports.
 */
export const staffModule = defineModule({
  name: 'staff',
  screens,
  menu: [
    {
      order: 50,
      node: entry(
        'Staff Management',
        'staff-management',
        {
          module: MODULE,
          note: 'Staff and their categories, attendance, monthly payroll with commissions, pay history, and their own logins and permissions.',
        },
        [
          tabs('Dashboard', '', [
            entry('Dashboard', '', { screen: 'staff-dashboard' }),
            entry('Add Staff', 'add-staff', { screen: 'staff-add' }),
          ]),
          entry('Staffs', 'staffs', { screen: 'staff-list' }, [
            // One screen draws the staff member's header and its sub-pages as tabs.
            entry('Staff', ':staffId', { hidden: true, hideChildren: true }, [
              entry('Overview', '', { screen: 'staff-detail' }),
              entry('Profile', 'pofile', { screen: 'staff-detail' }),
              entry('Attendance', 'attendence', { screen: 'staff-detail' }),
              entry('Pay History', 'pay-history', { screen: 'staff-detail' }),
              entry('Assigned Members', 'assigned_members', { screen: 'staff-detail' }),
              entry('Assigned Services', 'assigned_services', { screen: 'staff-detail' }),
              entry('CRM', 'crm', { screen: 'staff-detail' }),
              entry('Permissions', 'permissions', { screen: 'staff-detail' }),
              entry('Payrolls', 'payrolls', { screen: 'staff-detail' }),
              entry('Logs', 'logs', { screen: 'staff-detail' }),
            ]),
          ]),
          entry('Attendance', 'attendance', { screen: 'staff-attendance' }),
          entry('Payroll', 'payroll', { screen: 'staff-payroll' }),
          tabs('Staff Category', 'staff-category', [
            entry('Categories', '', { screen: 'staff-categories' }),
            entry('Create Category', 'create', { screen: 'staff-category-create' }),
          ]),
          entry('Transactions', 'transactions', { screen: 'staff-transactions' }),
          entry('Logs', 'logs', { screen: 'staff-logs' }),
        ],
      ),
    },
    {
      order: 20,
      under: 'reports',
      node: entry('Staff', 'staff', {
        module: MODULE,
        screen: 'staff-reports',
        note: 'Category month wise, salary, commission, absent count, staff-wise member count.',
      }),
    },
  ],
});
