import type { ModuleManifest } from '../../platform/module.js';
import { ensureCatalogue } from './catalogue.js';
import { MODULE, PURPOSE } from './constants.js';
import { subscriptionRoutes } from './subscription.routes.js';
import {
  checkPlanLimit,
  completeAddon,
  completePayment,
  completeRenewal,
  completeSms,
  completeUpgrade,
  settledOf,
} from './subscription.service.js';

/**
 * The organisation's own subscription with the provider (issue 23 §2): the catalogue (written at
 * boot, idempotent), Administrator › Subscription's endpoints and `/payments`. Every payment is a
 * provider order; each purpose's `onPaid` does what was bought, once per order.
 */
export const subscriptionModule: ModuleManifest = {
  name: 'subscription',
  permission: MODULE,
  routes: subscriptionRoutes,
  globalData: ensureCatalogue,
  // The plan's centres and users: `ensureWithinPlan` of the platform asks this before a centre or a login is made or enabled again.
  planLimit: checkPlanLimit,
  paymentPurposes: [
    { name: PURPOSE.payment, payee: 'provider', onPaid: (tx, ctx, order) => completePayment(tx, ctx, settledOf(order)) },
    { name: PURPOSE.renewal, payee: 'provider', onPaid: (tx, ctx, order) => completeRenewal(tx, ctx, settledOf(order)) },
    { name: PURPOSE.upgrade, payee: 'provider', onPaid: (tx, ctx, order) => completeUpgrade(tx, ctx, settledOf(order)) },
    { name: PURPOSE.addon, payee: 'provider', onPaid: (tx, ctx, order) => completeAddon(tx, ctx, settledOf(order)) },
    { name: PURPOSE.sms, payee: 'provider', onPaid: (tx, ctx, order) => completeSms(tx, ctx, settledOf(order)) },
  ],
};
