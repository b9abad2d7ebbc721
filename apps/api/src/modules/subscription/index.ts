/**
 * The subscription module's public API: what other modules may use. Refer and earn reacts to the
 * first paid subscription with `onSubscriptionPaid((tx, ctx, event) => event.isFirst ? rewardReferral(tx, ctx) : …)`;
 * `addMonths` moves a due date the way a renewal does. `planLimits` reads what the plan allows
 * (active centres, with the Extra centre add-ons, and users; null without a plan); the limits are
 * enforced through the manifest's `planLimit` (platform `ensureWithinPlan`), which every module
 * that makes centres or users calls.
 */
export {
  onSubscriptionPaid,
  addMonths,
  planLimits,
  centreLimitMessage,
  userLimitMessage,
  type PlanLimits,
  type SubscriptionPaidEvent,
} from './subscription.service.js';
// `npm run catalogue` (src/db/catalogue-cli.ts): the provider's edits of plans and add-ons.
export { ensureCatalogue, editPlan, editAddon, catalogueLines, CatalogueError } from './catalogue.js';
