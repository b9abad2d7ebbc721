/** Provider settings per organisation: secrets sealed, never answered (`••••1234`). */
import { randomBytes } from 'node:crypto';
import type { MessagingSettings, MessagingSettingsInput } from '@arena/contracts/messaging';
import { eq } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Config } from '../../platform/config.js';
import type { Tx } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { Ctx } from '../../platform/request-context.js';
import { maskSealed, openSecret, sealSecret } from '../../platform/secrets.js';
import { MODULE } from './constants.js';
import {
  MailProvider,
  Msg91Provider,
  OfflineOutbox,
  OfflineProvider,
  WhatsappCloudProvider,
  type Fetch,
  type MessageProvider,
} from './providers.js';
import { messageSetting } from './schema.js';

export type SettingRow = typeof messageSetting.$inferSelect;

/** The organisation's settings row, made with the defaults (offline providers) when missing. */
export async function loadSettings(tx: Tx, ctx: Ctx): Promise<SettingRow> {
  const [row] = await tx.select().from(messageSetting).where(eq(messageSetting.organisationId, ctx.organisationId));
  if (row) return row;
  await tx
    .insert(messageSetting)
    .values({ organisationId: ctx.organisationId, webhookToken: randomBytes(18).toString('base64url') })
    .onConflictDoNothing();
  const [made] = await tx.select().from(messageSetting).where(eq(messageSetting.organisationId, ctx.organisationId));
  return made;
}

const masked = maskSealed;

export function settingsJson(config: Config, row: SettingRow): MessagingSettings {
  return {
    sms_provider: row.smsProvider,
    msg91_sender_id: row.msg91SenderId,
    msg91_dlt_entity_id: row.msg91DltEntityId,
    msg91_auth_key: masked(config, row.msg91AuthKey),
    whatsapp_provider: row.whatsappProvider,
    whatsapp_phone_number_id: row.whatsappPhoneNumberId,
    whatsapp_access_token: masked(config, row.whatsappAccessToken),
    whatsapp_app_secret: masked(config, row.whatsappAppSecret),
    email_provider: row.emailProvider,
    webhook_token: row.webhookToken,
  };
}

export async function updateSettings(tx: Tx, ctx: Ctx, input: MessagingSettingsInput): Promise<MessagingSettings> {
  const before = await loadSettings(tx, ctx);
  const seal = (value: string | undefined, stored: string) => (value ? sealSecret(ctx.config, value) : stored);
  const [row] = await tx
    .update(messageSetting)
    .set({
      smsProvider: input.sms_provider ?? 'offline',
      msg91SenderId: input.msg91_sender_id ?? '',
      msg91DltEntityId: input.msg91_dlt_entity_id ?? '',
      msg91AuthKey: seal(input.msg91_auth_key, before.msg91AuthKey),
      whatsappProvider: input.whatsapp_provider ?? 'offline',
      whatsappPhoneNumberId: input.whatsapp_phone_number_id ?? '',
      whatsappAccessToken: seal(input.whatsapp_access_token, before.whatsappAccessToken),
      whatsappAppSecret: seal(input.whatsapp_app_secret, before.whatsappAppSecret),
      emailProvider: input.email_provider ?? 'offline',
      updatedAt: new Date(),
    })
    .where(eq(messageSetting.organisationId, ctx.organisationId))
    .returning();
  const out = settingsJson(ctx.config, row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_setting',
    objectId: row.id,
    label: 'Messaging settings',
    action: 'update',
    before: settingsJson(ctx.config, before),
    after: out,
  });
  return out;
}

/** The one offline provider of this process: it remembers what it sent, so a message claimed twice is recorded once. */
export const offlineProvider = new OfflineProvider();

export interface ProviderDeps {
  config: Config;
  mailer: Mailer;
  fetch?: Fetch;
  /** Where the offline outbox notes a message with a secret (a sign-in code). */
  log?: { info: (obj: object, msg: string) => void };
}

/** The provider of each channel, from the organisation's settings. */
export function providersFor(deps: ProviderDeps, row: SettingRow): Record<'email' | 'sms' | 'whatsapp', MessageProvider> {
  const fetchFn: Fetch = deps.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) }));
  const open = (sealed: string) => openSecret(deps.config, sealed);
  const outbox = new OfflineOutbox(offlineProvider, deps.config.DATA_DIR, deps.log);
  return {
    email: row.emailProvider === 'smtp' ? new MailProvider(deps.mailer) : offlineProvider,
    sms:
      row.smsProvider === 'msg91'
        ? new Msg91Provider({ authKey: open(row.msg91AuthKey), senderId: row.msg91SenderId, dltEntityId: row.msg91DltEntityId }, fetchFn)
        : outbox,
    whatsapp:
      row.whatsappProvider === 'cloud'
        ? new WhatsappCloudProvider({ phoneNumberId: row.whatsappPhoneNumberId, accessToken: open(row.whatsappAccessToken) }, fetchFn)
        : outbox,
  };
}
