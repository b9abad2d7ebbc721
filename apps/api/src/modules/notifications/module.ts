import type { ModuleManifest } from '../../platform/module.js';
import { DELIVER_TASK } from './constants.js';
import { deliverTask } from './deliver.js';
import { notificationRoutes } from './notifications.routes.js';
import { seedNotifications } from './seed.js';
import { addDefaultNotificationSettings } from './settings.service.js';

/**
 * In-app notifications (issue 22): the user's own list (no module guard), the administrator's
 * settings, `notify()` for every module (index.ts) and the outbox of the other channels.
 */
export const notificationsModule: ModuleManifest = {
  name: 'notifications',
  routes: notificationRoutes,
  onOrganisationCreated: addDefaultNotificationSettings,
  seed: seedNotifications,
  tasks: [deliverTask],
  // Every minute: the outbox's e-mails (and SMS/WhatsApp, once messaging registers its senders).
  schedules: [{ task: DELIVER_TASK, cron: '* * * * *' }],
};
