import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Store Management';
const load = () => import('./index');
/** The point of sale's screens (billing, invoice, sold, customers), kept in files of their own. */
const pos = () => import('./pos-screens');

const screens = {
  'store-dashboard': lazyScreen(load, (m) => m.StoreDashboardPage),
  'store-billing': lazyScreen(pos, (m) => m.BillingPage),
  'store-invoice': lazyScreen(pos, (m) => m.InvoicePage),
  'store-products': lazyScreen(load, (m) => m.ProductsPage),
  'store-product': lazyScreen(load, (m) => m.ProductPage),
  'store-purchases': lazyScreen(load, (m) => m.PurchasesPage),
  'store-purchase-new': lazyScreen(load, (m) => m.NewPurchasePage),
  'store-sub-categories': lazyScreen(load, (m) => m.SubCategoryPage),
  'store-categories': lazyScreen(load, (m) => m.CategoryPage),
  'store-brands': lazyScreen(load, (m) => m.BrandPage),
  'store-suppliers': lazyScreen(load, (m) => m.SuppliersPage),
  'store-sold': lazyScreen(pos, (m) => m.SoldPage),
  'store-low-stock': lazyScreen(load, (m) => m.LowStockPage),
  'store-near-to-expire': lazyScreen(load, (m) => m.NearToExpirePage),
  'store-customers': lazyScreen(pos, (m) => m.CustomersPage),
  'store-logs': lazyScreen(load, (m) => m.StoreLogsPage),
  'store-reports': lazyScreen(load, (m) => m.StoreReportsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Store Management (spec 2.6): the dashboard, the billing counter and its invoice, products with
 * their variants and batches (and the suppliers' bills, a tab of Products: the spec's menu has no
 * purchases entry), the lookups, what was sold, low stock, near to expire, customers, logs, and
 * Reports › Store.
 */
export const storeModule = defineModule({
  name: 'store',
  screens,
  menu: [
    {
      order: 130,
      node: entry(
        'Store',
        'store',
        {
          module: MODULE,
          note: 'Products and their batches, suppliers and purchases, a billing counter with GST invoices, and stock that is low or near expiry.',
        },
        [
          entry('Dashboard', '', { screen: 'store-dashboard' }),
          tabs('Billing', 'billing', [
            entry('Billing', '', { screen: 'store-billing' }),
            entry('Invoice', 'invoice', { screen: 'store-invoice' }),
          ]),
          tabs('Products', 'products', [
            entry('Products', '', { screen: 'store-products' }),
            entry('Purchases', 'purchases', { screen: 'store-purchases' }, [
              entry('New Purchase', 'new', { hidden: true, screen: 'store-purchase-new' }),
            ]),
            entry('Product', ':productId', { hidden: true, screen: 'store-product' }),
          ]),
          entry('Sub Category', 'sub-category', { screen: 'store-sub-categories' }),
          entry('Category', 'category', { screen: 'store-categories' }),
          entry('Brand', 'brand', { screen: 'store-brands' }),
          entry('Suppliers', 'supplliers', { screen: 'store-suppliers' }),
          entry('Sold', 'sold', { screen: 'store-sold' }),
          entry('Low Stock', 'low-stock', { screen: 'store-low-stock' }),
          entry('Near To Expire', 'near-to-expire', { screen: 'store-near-to-expire' }),
          entry('Customers', 'customers', { screen: 'store-customers' }),
          entry('Logs', 'logs', { screen: 'store-logs' }),
        ],
      ),
    },
    {
      order: 70,
      under: 'reports',
      node: entry('Store', 'store', { module: MODULE, screen: 'store-reports', note: 'Sales, stocks, expired, purchase, profit.' }),
    },
  ],
});
