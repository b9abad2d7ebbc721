import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Staff Management';
const load = () => import('./index');

const screens = {
  'staff-categories': lazyScreen(load, (m) => m.StaffCategoryPage),
  'staff-category-create': lazyScreen(load, (m) => m.CreateStaffCategoryPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Staff Management: staff categories are built (issue 18's proof of the module kit); the other
 * entries open the "not available yet" page with their note until issue 21 builds them.
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
          tabs('Staff Category', 'staff-category', [
            entry('Categories', '', { screen: 'staff-categories' }),
            entry('Create Category', 'create', { screen: 'staff-category-create' }),
          ]),
          entry('Transactions', 'transactions'),
          entry('Logs', 'logs'),
        ],
      ),
    },
    {
      order: 20,
      under: 'reports',
      node: entry('Staff', 'staff', {
        module: MODULE,
        note: 'Category month wise, salary, commission, absent count, staff-wise member count.',
      }),
    },
  ],
});
