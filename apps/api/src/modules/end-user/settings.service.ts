/** The member app's settings: one row per organisation, its defaults (login off, every feature on) until first saved. */
import { MEMBER_FEATURES, type EndUserSettings, type endUserSettingsInputSchema, type MemberFeature } from '@arena/contracts/end-user';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { ensureTemplate } from '../messaging/index.js';
import { MODULE, SIGN_IN_TEMPLATE } from './constants.js';
import { endUserSettings } from './schema.js';

type Row = typeof endUserSettings.$inferSelect;
const COLUMN: Record<MemberFeature, keyof Row> = {
  pay_dues: 'payDues',
  renew: 'renew',
  invoices: 'invoices',
  check_in: 'checkIn',
  freeze_request: 'freezeRequest',
  cancel_request: 'cancelRequest',
  book: 'book',
  plans: 'plans',
  edit_profile: 'editProfile',
  announcements: 'announcements',
};

export const DEFAULT_SETTINGS: EndUserSettings = {
  login_mode: 'off',
  ...(Object.fromEntries(MEMBER_FEATURES.map((f) => [f, true])) as Record<MemberFeature, boolean>),
};

const settingsJson = (row: Row): EndUserSettings => ({
  login_mode: row.loginMode,
  ...(Object.fromEntries(MEMBER_FEATURES.map((f) => [f, row[COLUMN[f]] as boolean])) as Record<MemberFeature, boolean>),
});

export async function readSettings(tx: Tx, ctx: Ctx): Promise<EndUserSettings> {
  const [row] = await tx.select().from(endUserSettings).where(eq(endUserSettings.organisationId, ctx.organisationId));
  return row ? settingsJson(row) : DEFAULT_SETTINGS;
}

export async function saveSettings(tx: Tx, ctx: Ctx, input: z.output<typeof endUserSettingsInputSchema>): Promise<EndUserSettings> {
  const before = await readSettings(tx, ctx);
  const values = {
    loginMode: input.login_mode,
    ...Object.fromEntries(MEMBER_FEATURES.map((f) => [COLUMN[f], input[f]])),
  } as Partial<Row> & { loginMode: Row['loginMode'] };
  const [row] = await tx
    .insert(endUserSettings)
    .values({ ...values, organisationId: ctx.organisationId })
    .onConflictDoUpdate({ target: endUserSettings.organisationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  const after = settingsJson(row);
  // The sign-in SMS as a template the organisation can find and give its DLT template id (MSG91).
  if (after.login_mode !== 'off') await ensureTemplate(tx, ctx, { ...SIGN_IN_TEMPLATE, channel: 'sms' });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'end_user_settings',
    objectId: row.id,
    label: 'Member app settings',
    action: 'update',
    before,
    after,
  });
  return after;
}
