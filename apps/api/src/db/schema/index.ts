export * from '../../platform/db/schema.js';
export * from '../../modules/administrator/schema.js';
export * from '../../modules/booking/schema.js';
