/**
 * The web's import of this module's endpoints (`@arena/contracts/end-user/routes`): the same endpoint
 * objects, which the web build replaces with their method and path alone.
 */
export * from './endpoints.js';
export { meDeskEndpoints, memberRequestEndpoints } from './me-desk.js';
export { meMoneyEndpoints } from './me-money.js';
export { feedEndpoints, meFeedEndpoint } from './feed.js';
export { endUserDashboardEndpoint, endUserReportEndpoints } from './admin.js';
