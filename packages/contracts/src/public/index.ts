/** `@arena/contracts/public`: the online-booking portal's anonymous calls (spec 7.1). */
export * from './portal.js';
export * from './endpoints.js';
