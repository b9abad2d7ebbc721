/** `@arena/contracts/end-user`: End User Login — members' own accounts, their sign-in and sessions, the settings, the feed, the dashboard and reports. */
export * from './end-user.js';
export * from './endpoints.js';
export * from './me-desk.js';
export * from './me-money.js';
export * from './feed.js';
export * from './admin.js';
