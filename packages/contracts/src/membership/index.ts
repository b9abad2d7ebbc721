/** `@arena/contracts/membership`: members, plans, memberships, batches, attendance, performance, reports. */
export * from './membership-dates.js';
export * from './membership.js';
export * from './membership-reports.js';
export * from './endpoints.js';
