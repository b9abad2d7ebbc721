import { complaintEndpoints, enquiryEndpoints, followUpEndpoints, todaysActionEndpoints } from '@arena/contracts/crm';
import type { ModuleManifest } from '../../platform/module.js';
import { MODULE } from './constants.js';
import { crmRoutes } from './crm.routes.js';
import { seedCrm } from './seed.js';

/** CRM Management (issue 22): enquiries and follow-ups, complaints, contact groups, today's actions, dashboard, reports, logs. */
export const crmModule: ModuleManifest = {
  name: 'crm',
  permission: MODULE,
  routes: crmRoutes,
  // Desk work: enquiries (add, edit, close, reopen, convert), follow-ups, complaints, contacts from today's actions.
  // Deleting and contact groups need manage.
  levels: {
    operate: [
      enquiryEndpoints.create,
      enquiryEndpoints.update,
      enquiryEndpoints.partialUpdate,
      enquiryEndpoints.close,
      enquiryEndpoints.reopen,
      enquiryEndpoints.convert,
      followUpEndpoints.create,
      complaintEndpoints.create,
      complaintEndpoints.partialUpdate,
      complaintEndpoints.close,
      complaintEndpoints.reopen,
      todaysActionEndpoints.contact,
    ],
  },
  seed: seedCrm,
};
