import { notificationEndpoints as e, notificationSettingEndpoints as s } from '@arena/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import { paginate } from '../../platform/pagination.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { SETTINGS_MODULE } from './constants.js';
import { inboxPage, markAllRead, markRead, unreadCount } from './inbox.service.js';
import { readNotificationSettings, updateNotificationSettings } from './settings.service.js';

const tags = ['notifications'];

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  // The user's own list: no module guard — every signed-in user has their own notifications.
  route(app, e.list, {
    tags,
    summary: "The signed-in user's notifications, newest first (`unread=true`: only the unread)",
    handler: (request) => inTenant(request, (tx, ctx) => paginate(request, request.query, inboxPage(tx, ctx, request.query))),
  });
  route(app, e.unreadCount, {
    tags,
    summary: "How many of the signed-in user's notifications are unread (the top bar's badge)",
    handler: (request) => inTenant(request, async (tx, ctx) => ({ count: await unreadCount(tx, ctx) })),
  });
  route(app, e.read, {
    tags,
    summary: 'Mark one of my notifications read (another user’s is a 404)',
    handler: (request) => inTenant(request, (tx, ctx) => markRead(tx, ctx, request.params.id)),
  });
  route(app, e.readAll, {
    tags,
    summary: 'Mark all my notifications read',
    handler: (request) => inTenant(request, async (tx, ctx) => ({ updated: await markAllRead(tx, ctx) })),
  });

  route(app, s.retrieve, {
    module: SETTINGS_MODULE,
    tags,
    summary: 'Notification settings: each event × channel, and who receives it',
    handler: (request) => inTenant(request, (tx, ctx) => readNotificationSettings(tx, ctx)),
  });
  route(app, s.update, {
    module: SETTINGS_MODULE,
    tags,
    summary: 'Replace the notification settings of the events sent',
    handler: (request) => inTenant(request, (tx, ctx) => updateNotificationSettings(tx, ctx, request.body)),
  });
}
