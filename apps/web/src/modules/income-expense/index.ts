export { IncomeExpenseDashboardPage } from './IncomeExpenseDashboardPage';
export { EntriesPage } from './EntriesPage';
export { CategoryListPage } from './CategoryListPage';
export { VendorListPage } from './VendorListPage';
export { LedgerPage } from './LedgerPage';
export { IncomeExpenseLogsPage } from './IncomeExpenseLogsPage';
export { IncomeExpenseReportsPage } from './IncomeExpenseReportsPage';
