import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';

/** A message template: a channel, the module whose screens show it, a body with placeholders. */
export const messageTemplate = tenantTable(
  'message_template',
  {
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    name: text('name').notNull(),
    module: text('module', { enum: ['administrator', 'membership', 'booking', 'crm', 'diet', 'training', 'accommodation'] })
      .notNull()
      .default('administrator'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    dltTemplateId: text('dlt_template_id').notNull().default(''),
    whatsappTemplateName: text('whatsapp_template_name').notNull().default(''),
    whatsappLanguage: text('whatsapp_language').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('message_template_org_channel_name_key').on(t.organisationId, t.channel, sql`lower(${t.name})`),
    check('message_template_channel', sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check(
      'message_template_module',
      sql`${t.module} in ('administrator', 'membership', 'booking', 'crm', 'diet', 'training', 'accommodation')`,
    ),
  ],
);

/** The organisation's message credits: one row, never below zero. */
export const messageCredit = tenantTable(
  'message_credit',
  {
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_credit_org_key').on(t.organisationId), check('message_credit_balance', sql`${t.balance} >= 0`)],
);

/** Every change of the credits: purchases, sends, refunds of failed messages, retries. */
export const messageCreditMovement = tenantTable(
  'message_credit_movement',
  {
    change: integer('change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: ['purchase', 'send', 'refund', 'retry', 'seed'] }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_credit_movement_org_idx').on(t.organisationId, t.id),
    check('message_credit_movement_reason', sql`${t.reason} in ('purchase', 'send', 'refund', 'retry', 'seed')`),
  ],
);

/** Provider settings per organisation; secrets sealed (AES-256-GCM, platform/secrets.ts). */
export const messageSetting = tenantTable(
  'message_setting',
  {
    smsProvider: text('sms_provider', { enum: ['offline', 'msg91'] })
      .notNull()
      .default('offline'),
    msg91SenderId: text('msg91_sender_id').notNull().default(''),
    msg91DltEntityId: text('msg91_dlt_entity_id').notNull().default(''),
    msg91AuthKey: text('msg91_auth_key').notNull().default(''),
    whatsappProvider: text('whatsapp_provider', { enum: ['offline', 'cloud'] })
      .notNull()
      .default('offline'),
    whatsappPhoneNumberId: text('whatsapp_phone_number_id').notNull().default(''),
    whatsappAccessToken: text('whatsapp_access_token').notNull().default(''),
    whatsappAppSecret: text('whatsapp_app_secret').notNull().default(''),
    emailProvider: text('email_provider', { enum: ['offline', 'smtp'] })
      .notNull()
      .default('offline'),
    webhookToken: text('webhook_token').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('message_setting_org_key').on(t.organisationId), uniqueIndex('message_setting_webhook_token_key').on(t.webhookToken)],
);

/** An automatic rule: a trigger of a module's manifest, a template, an offset. */
export const messageRule = tenantTable(
  'message_rule',
  {
    trigger: text('trigger').notNull(),
    module: text('module', { enum: ['administrator', 'membership', 'booking', 'crm', 'diet', 'training', 'accommodation'] }).notNull(),
    templateId: ref('template_id').notNull(),
    offset: integer('offset').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.templateId, () => messageTemplate),
    uniqueIndex('message_rule_org_trigger_template_offset_key').on(t.organisationId, t.trigger, t.templateId, t.offset),
    check('message_rule_offset', sql`${t.offset} between 0 and 365`),
  ],
);

/** One message to one person: the delivery log and the send queue in one. */
export const message = tenantTable(
  'message',
  {
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] }).notNull(),
    module: text('module', { enum: ['administrator', 'membership', 'booking', 'crm', 'diet', 'training', 'accommodation'] }).notNull(),
    provider: text('provider').notNull().default(''),
    providerMessageId: text('provider_message_id').notNull().default(''),
    error: text('error').notNull().default(''),
    credits: integer('credits').notNull().default(0),
    recipientKind: text('recipient_kind').notNull(),
    recipientId: ref('recipient_id'),
    recipientName: text('recipient_name').notNull().default(''),
    address: text('address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** Template parameters in order (WhatsApp Cloud templates, MSG91 flows). */
    params: jsonb('params').$type<string[]>().notNull().default([]),
    /**
     * A message that carries a secret (a member's sign-in code): `body` and `params` show it masked,
     * and this holds the real text and params sealed (platform/secrets.ts) for the provider alone,
     * emptied once the message is sent or has failed. Null for every other message.
     */
    sealed: text('sealed'),
    templateId: ref('template_id'),
    ruleId: ref('rule_id'),
    eventKey: text('event_key'),
    source: text('source').notNull().default('manual'),
    /** The row of the sending module the message belongs to (a promotion's id for source `promotion`). */
    sourceId: ref('source_id'),
    promotional: boolean('promotional').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.templateId, () => messageTemplate),
    tenantRef(t, t.ruleId, () => messageRule),
    uniqueIndex('message_rule_event_key').on(t.organisationId, t.ruleId, t.eventKey),
    index('message_org_created_idx').on(t.organisationId, t.createdAt),
    index('message_org_source_idx')
      .on(t.organisationId, t.source, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
    index('message_queue_idx')
      .on(t.organisationId, t.notBefore, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('message_provider_id_idx')
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} <> ''`),
    check('message_status', sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')`),
    check('message_credits', sql`${t.credits} >= 0`),
  ],
);
export type MessageRow = typeof message.$inferSelect;

/** A person who asked not to be messaged on a channel (by phone or e-mail): every send skips them. */
export const messageOptOut = tenantTable(
  'message_opt_out',
  {
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    address: text('address').notNull(),
    source: text('source').notNull().default('manual'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_opt_out_key').on(t.organisationId, t.channel, t.address)],
);
