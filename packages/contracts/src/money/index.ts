/** `@arena/contracts/money`: invoices, receipts, credit notes, sale rules, the books' reports. */
export * from './invoice.js';
export * from './sale.js';
export * from './endpoints.js';
