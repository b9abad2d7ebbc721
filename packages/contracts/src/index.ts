export { z } from './zod-config.js';
export * from './common.js';
export * from './modules.js';
export * from './accounts.js';
export * from './organisation.js';
export * from './centre.js';
export * from './menu.js';
export * from './money.js';
export * from './booking.js';
