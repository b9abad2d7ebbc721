/** Asset Management's screens (lazy-loaded by the manifest). */
export { AssetPage } from './AssetPage';
export { AssetsPage } from './AssetsPage';
export { AssetDashboardPage } from './DashboardPage';
export { MaintenancePage } from './MaintenancePage';
export { AssetLogsPage, AssetTransactionsPage } from './LogsPages';
export { AssetCategoryPage, AssetVendorPage } from './LookupPages';
