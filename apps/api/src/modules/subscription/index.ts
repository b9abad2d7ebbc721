/**
 * The subscription module's public API: what other modules may use. Refer and earn reacts to the
 * first paid subscription with `onSubscriptionPaid((tx, ctx, event) => event.isFirst ? rewardReferral(tx, ctx) : …)`;
 * `addMonths` moves a due date the way a renewal does.
 */
export { onSubscriptionPaid, addMonths, type SubscriptionPaidEvent } from './subscription.service.js';
export { ensureCatalogue, editPlan, editAddon, catalogueLines, CatalogueError } from './catalogue.js';
