/** `@arena/contracts/income-expense`: income and expense entries, categories, vendors, the ledger, reports. */
export * from './income-expense.js';
export * from './endpoints.js';
