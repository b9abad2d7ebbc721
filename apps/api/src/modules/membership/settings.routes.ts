import { membershipSettingsEndpoints as e } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE, tags } from './constants.js';
import { saveSettings } from './member.service.js';
import { batchSeatGraceDays, reminderDays } from './status.js';

/** The organisation's membership settings. */
export async function membershipSettingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: "The organisation's membership settings",
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => ({
        reminder_days: await reminderDays(tx, ctx),
        batch_seat_grace_days: await batchSeatGraceDays(tx, ctx),
      })),
  });

  route(app, e.update, {
    module: MODULE,
    tags,
    summary: 'Change the reminder window ("expiring" within N days) and the days a lapsed member keeps a batch seat',
    handler: async (request) => inTenant(request, async (tx, ctx) => saveSettings(tx, ctx, request.body)),
  });
}
