import { describeCrudResource } from './crud-resource.js';

// Staff Management › Staff Category: the lookup issue 18 added by following docs/adding-a-module.md.
describeCrudResource({
  resource: 'staff_category',
  path: '/api/staff-management/staff-category/',
  module: 'Staff Management',
  make: (name) => ({ name, description: `${name} of the gym floor`, paid_leave_days: 2 }),
  update: { description: 'Personal training', is_active: false, paid_leave_days: 3 },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A staff category with this name already exists.',
  exportHeaders: ['Name', 'Description', 'Paid leave days per month', 'Status'],
});
