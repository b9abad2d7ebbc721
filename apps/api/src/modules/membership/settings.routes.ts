import { membershipSettingsInputSchema, membershipSettingsSchema } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inTenant } from '../../platform/request-context.js';
import { API, MODULE, tags } from './constants.js';
import { saveSettings } from './member.service.js';
import { reminderDays } from './status.js';

const config = { module: MODULE } as const;

/** The organisation's membership settings. */
export async function membershipSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // ---- settings ----
  r.get(`${API}/settings/`, {
    config,
    schema: { tags, summary: "The organisation's membership settings", response: { 200: membershipSettingsSchema } },
    handler: async (request) => inTenant(request, async (tx, ctx) => ({ reminder_days: await reminderDays(tx, ctx) })),
  });

  r.put(`${API}/settings/`, {
    config,
    schema: {
      tags,
      summary: 'Change the reminder window ("expiring" within N days)',
      body: membershipSettingsInputSchema,
      response: { 200: membershipSettingsSchema },
    },
    handler: async (request) => inTenant(request, async (tx, ctx) => ({ reminder_days: await saveSettings(tx, ctx, request.body) })),
  });
}
