/** `@arena/contracts/store`: Store Management — lookups, products and variants, batches, purchases, the point of sale, reports. */
export * from './store.js';
export * from './reports.js';
export * from './endpoints.js';
