import { entry, tabs } from '../../../lib/web-module';
import { report } from '../entries';
import type { FutureMenu } from '../entries';

/** Store (and its report): not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
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
  report(70, 'Store', 'store', 'Sales, stocks, expired, purchase, profit.'),
];
