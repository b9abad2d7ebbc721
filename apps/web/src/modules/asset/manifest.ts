import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Asset Management';
const load = () => import('./index');

const screens = {
  'asset-dashboard': lazyScreen(load, (m) => m.AssetDashboardPage),
  'asset-list': lazyScreen(load, (m) => m.AssetsPage),
  'asset-detail': lazyScreen(load, (m) => m.AssetPage),
  'asset-maintenance': lazyScreen(load, (m) => m.MaintenancePage),
  'asset-categories': lazyScreen(load, (m) => m.AssetCategoryPage),
  'asset-vendors': lazyScreen(load, (m) => m.AssetVendorPage),
  'asset-transactions': lazyScreen(load, (m) => m.AssetTransactionsPage),
  'asset-logs': lazyScreen(load, (m) => m.AssetLogsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Asset Management (spec 2.6, issue 26): the dashboard, the register (an asset's page is what its
 * QR label opens, with "Report a fault"), maintenance across assets, categories, vendors, the module's transactions and logs.
 */
export const assetModule = defineModule({
  name: 'asset',
  screens,
  menu: [
    {
      order: 80,
      node: entry(
        'Asset Management',
        'asset-management',
        {
          module: MODULE,
          note: 'Equipment and property by center and location, with purchase cost, warranty, condition and maintenance costs.',
        },
        [
          entry('Dashboard', '', { screen: 'asset-dashboard' }),
          entry('My Assets', 'my-assets', { screen: 'asset-list' }, [entry('Asset', ':assetId', { hidden: true, screen: 'asset-detail' })]),
          // Not in the spec's routes (issue 26's maintenance across assets): due, repairs open, done.
          tabs('Maintenance', 'maintenance', [
            entry('Due', '', { screen: 'asset-maintenance' }),
            entry('Repairs Open', 'repairs', { screen: 'asset-maintenance' }),
            entry('Done', 'done', { screen: 'asset-maintenance' }),
          ]),
          entry('Category', 'category', { screen: 'asset-categories' }),
          entry('Vendor', 'vendor', { screen: 'asset-vendors' }),
          entry('Transactions', 'transactions', { screen: 'asset-transactions' }),
          entry('Logs', 'logs', { screen: 'asset-logs' }),
        ],
      ),
    },
  ],
});
