/** `@arena/contracts/accounts`: sign-up, sign-in, the user, password reset, the organisation's users. */
export * from './accounts.js';
export * from './endpoints.js';
