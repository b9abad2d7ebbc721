export * from './platform.js';
export * from './audit.js';
export * from './administrator.js';
export * from './booking.js';
