import {
  complaintEndpoints,
  enquiryEndpoints,
  followUpEndpoints,
  promotionEndpoints,
  todaysActionEndpoints,
  todaysMessageEndpoint,
} from '@arena/contracts/crm';
import type { ModuleManifest } from '../../platform/module.js';
import { MODULE } from './constants.js';
import { crmRoutes } from './crm.routes.js';
import { crmAudiences, crmTriggers } from './messaging.js';
import { FOLLOW_UPS_TASK, followUpsTask } from './notifications.js';
import { PROMOTIONS_TASK, promotionRoutes, promotionsTask, todaysMessageRoutes } from './promotion.routes.js';
import { seedCrm } from './seed.js';

/** CRM Management (issue 22): enquiries and follow-ups, complaints, contact groups, today's actions, dashboard, reports, logs. */
export const crmModule: ModuleManifest = {
  name: 'crm',
  permission: MODULE,
  routes: async (app) => {
    await crmRoutes(app);
    await promotionRoutes(app);
    await todaysMessageRoutes(app);
  },
  // Desk work: enquiries (add, edit, close, reopen, convert), follow-ups, complaints, contacts from today's actions.
  // Deleting and contact groups need manage.
  // Promotions (sending to many) need manage; their preview only reads.
  levels: {
    view: [promotionEndpoints.preview],
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
      todaysMessageEndpoint,
    ],
  },
  seed: seedCrm,
  messageAudiences: crmAudiences,
  messageTriggers: crmTriggers,
  tasks: [promotionsTask, followUpsTask],
  // Scheduled promotions go by a job at their time; this sweep sends any whose job was lost (the embedded runner's restart).
  // Hourly: each organisation's follow-ups due on its own today raise their notification (once per enquiry and day).
  schedules: [
    { task: PROMOTIONS_TASK, cron: '*/10 * * * *' },
    { task: FOLLOW_UPS_TASK, cron: '17 * * * *' },
  ],
};
