/** `@arena/contracts/payments`: online payments (the provider's Payments page). */
export * from './endpoints.js';
export * from './links.js';
