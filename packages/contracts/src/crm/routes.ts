/**
 * The web's import of this module's endpoints (`@arena/contracts/crm/routes`): the same endpoint
 * objects, which the web build replaces with their method and path alone.
 */
export {
  complaintEndpoints,
  contactGroupEndpoints,
  crmDashboardEndpoint,
  crmLogsEndpoint,
  crmReportEndpoints,
  enquiryEndpoints,
  followUpEndpoints,
  todaysActionEndpoints,
} from './index.js';
export { promotionEndpoints } from './promotion.js';
export { todaysMessageEndpoint } from './promotion.js';
