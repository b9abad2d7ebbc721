import { entry } from '../../../lib/web-module';
import type { FutureMenu } from '../entries';

/** Asset Management: not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
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
];
