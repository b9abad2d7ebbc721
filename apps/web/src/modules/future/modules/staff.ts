import { entry, tabs } from '../../../lib/web-module';
import { report } from '../entries';
import type { FutureMenu } from '../entries';

/** Staff Management (and its report): not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
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
  report(20, 'Staff', 'staff', 'Category month wise, salary, commission, absent count, staff-wise member count.'),
];
