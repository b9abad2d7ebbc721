import type { ModuleManifest } from '../../platform/module.js';
import { referralRoutes } from './referral.routes.js';
import { setUpReferral } from './referral.service.js';

/**
 * Refer and earn (issue 23 §3): every organisation's code (made by the setup hook, which also
 * links a registration that came through a link), the owner's page, and `rewardReferral` (index.ts)
 * for the subscription module's first payment.
 */
export const referralModule: ModuleManifest = {
  name: 'referral',
  routes: referralRoutes,
  onOrganisationCreated: setUpReferral,
};
