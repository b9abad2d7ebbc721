/** The point of sale's screens (billing, its invoice, sold lines, customers), lazy-loaded by the manifest apart from the catalogue's. */
export { BillingPage } from './BillingPage';
export { CustomersPage } from './CustomersPage';
export { InvoicePage } from './InvoicePage';
export { SoldPage } from './SoldPage';
