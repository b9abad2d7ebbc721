/** Income/Expenses Management's lookups (categories, vendors), each proved by the one generic suite (test/crud-resource.ts). */
import { describeCrudResource } from './crud-resource.js';

describeCrudResource({
  resource: 'category',
  path: '/api/income-expense/category/',
  module: 'Income/Expenses Management',
  make: (name) => ({ name, type: 'expense', description: `${name} costs` }),
  update: { description: 'Monthly costs', is_active: false },
  filter: { query: 'type=income', make: { type: 'income' }, field: 'type', value: 'income' },
  uniqueName: 'A category with this name already exists.',
  exportHeaders: ['Name', 'Type', 'Description', 'Status', 'Created'],
});

describeCrudResource({
  resource: 'vendor',
  path: '/api/income-expense/vendor/',
  module: 'Income/Expenses Management',
  make: (name) => ({ name, phone: '98450 12345', email: 'Accounts@Example.com', gstin: '29abcde1234f1zw' }),
  update: { address: 'HAL 2nd Stage, Bengaluru', gstin: '29AAACB6372N1Z7', is_active: false },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A vendor with this name already exists.',
  exportHeaders: ['Name', 'Phone', 'Email', 'GSTIN', 'Address', 'Status', 'Created'],
});
