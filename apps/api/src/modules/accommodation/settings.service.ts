/** The module's settings: one row per organisation, its defaults until first saved. */
import type { AccommodationSettings, accommodationSettingsInputSchema } from '@arena/contracts/accommodation';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { MODULE } from './constants.js';
import { settings } from './schema.js';

type SettingsRow = Pick<
  typeof settings.$inferSelect,
  'checkInTime' | 'checkOutTime' | 'depositRequired' | 'depositForNightly' | 'rentDueDays'
>;
const DEFAULTS: SettingsRow = {
  checkInTime: '12:00:00',
  checkOutTime: '11:00:00',
  depositRequired: true,
  depositForNightly: false,
  rentDueDays: 5,
};

export async function readSettings(tx: Tx, ctx: Ctx): Promise<SettingsRow> {
  const [row] = await tx.select().from(settings).where(eq(settings.organisationId, ctx.organisationId));
  return row ?? DEFAULTS;
}

export const settingsJson = (s: SettingsRow): AccommodationSettings => ({
  check_in_time: s.checkInTime,
  check_out_time: s.checkOutTime,
  deposit_required: s.depositRequired,
  deposit_for_nightly: s.depositForNightly,
  rent_due_days: s.rentDueDays,
});

export async function saveSettings(
  tx: Tx,
  ctx: Ctx,
  input: z.output<typeof accommodationSettingsInputSchema>,
): Promise<AccommodationSettings> {
  const before = await readSettings(tx, ctx);
  const values = {
    checkInTime: input.check_in_time,
    checkOutTime: input.check_out_time,
    depositRequired: input.deposit_required,
    depositForNightly: input.deposit_for_nightly,
    rentDueDays: input.rent_due_days,
  };
  const [row] = await tx
    .insert(settings)
    .values({ organisationId: ctx.organisationId, ...values })
    .onConflictDoUpdate({ target: settings.organisationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'accommodation_settings',
    objectId: row.id,
    label: 'Accommodation settings',
    action: 'update',
    before: settingsJson(before),
    after: settingsJson(row),
  });
  return settingsJson(row);
}
