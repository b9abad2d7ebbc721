/**
 * What other modules may use of the messaging engine: queue messages to recipients (rendered,
 * opt-outs skipped, credits spent, one row each) and ask for the queue to be sent soon. Modules
 * offer their audiences and triggers through their manifests (`messageAudiences`,
 * `messageTriggers`), not through this file.
 */
export { queueMessages, type QueueInput, type QueueResult } from './send.service.js';
export { drainSoon } from './drain.js';
