/**
 * What other modules may use of the messaging engine: queue messages to recipients (rendered,
 * opt-outs skipped, credits spent, one row each) and ask for the queue to be sent soon; resolve an
 * audience of the manifests and check a template; count a row's messages by status. Modules
 * offer their audiences and triggers through their manifests (`messageAudiences`,
 * `messageTriggers`), not through this file.
 */
export {
  activeTemplate,
  audienceOf,
  audiences,
  queueMessages,
  resolveAudience,
  sendToPerson,
  type QueueInput,
  type QueueResult,
  type TemplateRow,
} from './send.service.js';
export { drainSoon } from './drain.js';
export { moduleTemplateRoutes } from './module-templates.js';
export { messageCounts, type StatusCounts } from './counts.js';
export { ensureTemplate, templateIdByName, keepOptOuts, optOutsOf, setOptOuts, type Contact } from './admin.service.js';
export { addPaidCredits, creditBalance, creditUsageByMonth } from './credits.service.js';
