import type { FastifyInstance } from 'fastify';
import { endUserEndpoints, endUserLogsEndpoint, memberRequestEndpoints } from '@arena/contracts/end-user';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { FEED_PUBLISH_TASK, MODULE } from './constants.js';
import { adminRoutes } from './admin.routes.js';
import { endUserRoutes } from './end-user.routes.js';
import { meDeskRoutes } from './me-desk.routes.js';
import { meMoneyRoutes } from './me-money.routes.js';
import { memberPaymentPurposes } from './me-money.service.js';
import { feedPublishTask, feedRoutes } from './feed.routes.js';
import { meRoutes } from './me.routes.js';
import { seedEndUsers } from './seed.js';
import { authenticateMember } from './sessions.js';
import { signInTask } from './sign-in.service.js';

export const endUserModule: ModuleManifest = {
  name: 'end-user',
  permission: MODULE,
  // Desk work: giving a member access, blocking and unblocking; the settings need manage.
  levels: {
    operate: [
      endUserEndpoints.invite,
      endUserEndpoints.block,
      endUserEndpoints.unblock,
      memberRequestEndpoints.approve,
      memberRequestEndpoints.reject,
    ],
  },
  routes: async (app: FastifyInstance) => {
    await endUserRoutes(app);
    await meRoutes(app);
    await meDeskRoutes(app);
    await meMoneyRoutes(app);
    await feedRoutes(app);
    await adminRoutes(app);
    auditLogRoute(app, endUserLogsEndpoint, MODULE);
  },
  tasks: [signInTask, feedPublishTask],
  // The sweep behind each item's own job (a job of the embedded runner does not survive a restart).
  schedules: [{ task: FEED_PUBLISH_TASK, cron: '* * * * *' }],
  // Dues and renewals paid online in the member app (issue 27).
  paymentPurposes: memberPaymentPurposes,
  authenticateMember,
  seed: seedEndUsers,
};
