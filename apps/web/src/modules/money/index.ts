export { AccountsPage } from './AccountsPage';
export { InvoicePage } from './InvoicePage';
export { AccountsReportsPage } from './AccountsReportsPage';
