import type { ModuleManifest } from '../../platform/module.js';
import { pruneEvents } from '../../platform/throttle.js';
import { pruneRateLimits } from '../../platform/rate-limit-store.js';
import { accountsRoutes } from './accounts.routes.js';
import { PASSWORD_RESET_TASK, sendPasswordReset } from './accounts.service.js';

export const accountsModule: ModuleManifest = {
  name: 'accounts',
  routes: accountsRoutes,
  tasks: [
    { name: PASSWORD_RESET_TASK, run: sendPasswordReset },
    {
      name: 'accounts.prune-throttle-events',
      run: async (_payload, { db }) => {
        await pruneEvents(db);
        await pruneRateLimits(db);
      },
    },
  ],
  schedules: [{ task: 'accounts.prune-throttle-events', cron: '17 * * * *' }],
};
