import type { Tx } from '../../platform/db/client.js';
import type { ModuleManifest } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { onSubscriptionPaid, type SubscriptionPaidEvent } from '../subscription/index.js';
import { referralRoutes } from './referral.routes.js';
import { rewardReferral, setUpReferral } from './referral.service.js';

/**
 * Refer and earn (issue 23 §3): every organisation's code (made by the setup hook, which also
 * links a registration that came through a link), the owner's page, and `rewardReferral` (index.ts)
 * for the subscription module's first payment.
 */
/** The organisation's first paid subscription (renewal or upgrade) rewards it and its referrer, once. */
const rewardFirstPayment = async (tx: Tx, ctx: Ctx, event: SubscriptionPaidEvent) => {
  if (event.isFirst) await rewardReferral(tx, ctx);
};
onSubscriptionPaid(rewardFirstPayment);

export const referralModule: ModuleManifest = {
  name: 'referral',
  routes: referralRoutes,
  onOrganisationCreated: setUpReferral,
};
