/** `@arena/contracts/administrator`: the organisation, centres, sports, payment modes, contact support, logs. */
export * from './organisation.js';
export * from './centre.js';
export * from './sport.js';
export * from './contact.js';
export * from './endpoints.js';
