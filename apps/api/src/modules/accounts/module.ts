import type { ModuleManifest } from '../../platform/module.js';
import { pruneEvents } from '../../platform/throttle.js';
import { accountsRoutes } from './accounts.routes.js';

export const accountsModule: ModuleManifest = {
  name: 'accounts',
  routes: accountsRoutes,
  jobs: [{ name: 'prune-throttle-events', everyMs: 60 * 60_000, run: (db) => pruneEvents(db) }],
};
