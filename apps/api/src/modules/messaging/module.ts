import { messagingEndpoints } from '@arena/contracts/messaging';
import type { ModuleManifest } from '../../platform/module.js';
import { MODULE, RULES_TASK, DRAIN_TASK } from './constants.js';
import { ensureCreditRow } from './credits.service.js';
import { drainTask } from './drain.js';
import { messagingRoutes } from './messaging.routes.js';
import { registerNotificationSenders } from './notification-sender.js';
import { rulesTask } from './rules.js';
import { seedMessaging } from './seed.js';
import { loadSettings } from './settings.service.js';
import { messagingWebhookRoutes } from './webhooks.routes.js';

/** The messaging engine (issue 22): templates, credits, sends, delivery log, automatic rules, providers. Screens under Administrator › Messaging. */
export const messagingModule: ModuleManifest = {
  name: 'messaging',
  permission: MODULE,
  routes: async (app) => {
    // The SMS and WhatsApp channels of in-app notifications.
    registerNotificationSenders();
    await messagingRoutes(app);
    await messagingWebhookRoutes(app);
  },
  // Desk work: sending (and its preview), opening WhatsApp, retrying a failed message, an opt-out a
  // person asks for at the desk. Templates, rules, settings and credits need manage.
  levels: {
    view: [messagingEndpoints.preview],
    operate: [messagingEndpoints.send, messagingEndpoints.whatsappLink, messagingEndpoints.retry, messagingEndpoints.addOptOut],
  },
  onOrganisationCreated: async (tx, ctx) => {
    await ensureCreditRow(tx, ctx);
    await loadSettings(tx, ctx);
  },
  seed: seedMessaging,
  tasks: [drainTask(), rulesTask],
  schedules: [
    // Every minute: whatever a request's kick did not send (a restart, a promotional SMS whose window opened, a retry's back-off).
    { task: DRAIN_TASK, cron: '* * * * *' },
    // Every 15 minutes: booking reminders N hours ahead; daily triggers key their events by date, so they send once.
    { task: RULES_TASK, cron: '*/15 * * * *' },
  ],
};
