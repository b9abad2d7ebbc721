/** What other modules may use of accounts: invitations (a staff member's first password) and revoking a user's keys. */
export { resetLink } from './accounts.service.js';
export { issueKey, retireKeys } from './one-time-keys.js';
export { revokeUserKeys } from './sessions.js';
