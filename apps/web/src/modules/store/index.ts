/** Store Management's catalogue screens (lazy-loaded by the manifest; the point of sale's are in pos-screens.ts). */
export { StoreDashboardPage } from './DashboardPage';
export { StoreLogsPage } from './LogsPage';
export { BrandPage, CategoryPage, SubCategoryPage } from './LookupPages';
export { LowStockPage } from './LowStockPage';
export { NearToExpirePage } from './NearToExpirePage';
export { ProductPage } from './ProductPage';
export { ProductsPage } from './ProductsPage';
export { NewPurchasePage, PurchasesPage } from './PurchasesPage';
export { StoreReportsPage } from './reports/StoreReportsPage';
export { SuppliersPage } from './SuppliersPage';
