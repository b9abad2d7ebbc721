/** `@arena/contracts/messaging`: the messaging engine — templates, credits, sends, delivery log, opt-outs, automatic rules, provider settings (issue 22). */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, isoDateSchema, requiredSingleLineText, singleLineText, text } from '../common.js';
import { crudEndpoints, endpoint, listEndpoint } from '../endpoint.js';
import { creditsFor, placeholderError, smsSegments } from './render.js';

export * from './render.js';

import { CHANNELS, type Channel } from '../channels.js';

export { CHANNELS, type Channel } from '../channels.js';
export const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

/** Which module's screens show a template, a rule or a log row. */
export const MESSAGE_MODULES = ['administrator', 'membership', 'booking', 'crm', 'diet', 'training', 'accommodation'] as const;
export type MessageModule = (typeof MESSAGE_MODULES)[number];
export const MESSAGE_MODULE_LABELS: Record<MessageModule, string> = {
  administrator: 'Administrator',
  membership: 'Membership',
  booking: 'Booking',
  crm: 'CRM',
  diet: 'Diet',
  training: 'Training/Workout',
  accommodation: 'Accommodation',
};

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** Most recipients one send (or one rule's run) may reach. */
export const MAX_RECIPIENTS = 10_000;
/** Most credits one purchase adds. */
export const MAX_PURCHASE = 100_000;
export const BODY_MAX = 2000;
/** The widest delivery log window, in days. */
export const LOG_WINDOW_DAYS = 366;

const bodyField = text(BODY_MAX).pipe(z.string().min(1, 'This field may not be blank.'));
const optionalLine = (max: number) => singleLineText(max).default('');

// ---- templates ----
export const templateInputSchema = z
  .object({
    channel: z.enum(CHANNELS),
    name: requiredSingleLineText(100),
    module: z.enum(MESSAGE_MODULES).default('administrator'),
    subject: optionalLine(200),
    body: bodyField,
    dlt_template_id: singleLineText(30)
      .default('')
      .refine((v) => v === '' || /^\d{10,25}$/.test(v), 'A DLT template id is 10 to 25 digits.'),
    whatsapp_template_name: singleLineText(100)
      .default('')
      .refine((v) => v === '' || /^[a-z0-9_]+$/.test(v), 'Lower-case letters, digits and _ only, as approved in WhatsApp Manager.'),
    whatsapp_language: singleLineText(10)
      .default('')
      .refine((v) => v === '' || /^[a-z]{2,3}(_[A-Z]{2})?$/.test(v), 'A language code such as en, en_US or hi.'),
    is_active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const error = placeholderError(v.body);
    if (error) ctx.addIssue({ code: 'custom', path: ['body'], message: error });
    const subjectError = placeholderError(v.subject);
    if (subjectError) ctx.addIssue({ code: 'custom', path: ['subject'], message: subjectError });
    if (v.channel === 'email' && !v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'An e-mail needs a subject.' });
  });
export type TemplateInput = z.input<typeof templateInputSchema>;

export const templateSchema = z.object({
  id: z.number(),
  channel: z.enum(CHANNELS),
  name: z.string(),
  module: z.enum(MESSAGE_MODULES),
  subject: z.string(),
  body: z.string(),
  dlt_template_id: z.string(),
  whatsapp_template_name: z.string(),
  whatsapp_language: z.string(),
  is_active: z.boolean(),
  /** SMS parts of the body as written (placeholders unfilled); 0 for other channels. */
  segments: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

const templateListQuery = {
  channel: z.enum(CHANNELS).optional(),
  module: z.enum(MESSAGE_MODULES).optional(),
};

/** A recipient chosen by an audience's kind and id (a member, a booking client). */
export const recipientRefSchema = z.object({ kind: singleLineText(30).pipe(z.string().min(1)), id: idSchema });

export const previewInputSchema = z.object({
  channel: z.enum(CHANNELS),
  subject: optionalLine(200),
  body: text(BODY_MAX),
  /** Render for this person instead of the sample values. */
  recipient: recipientRefSchema.nullish(),
});
export const previewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  units: z.number(),
  segments: z.number(),
  credits: z.number(),
  recipient: z.string(),
});
export type Preview = z.infer<typeof previewSchema>;

// ---- audiences and sends ----
export const audienceSchema = z.object({
  key: z.string(),
  label: z.string(),
  module: z.enum(MESSAGE_MODULES),
  /** What the audience needs chosen: a plan, a batch, or the people themselves (`ids`). */
  param: z.enum(['plan', 'batch', 'contact_group', 'ids']).nullable(),
  kind: z.string(),
});
export type Audience = z.infer<typeof audienceSchema>;
/** One plan, batch or contact group an audience's `param` may name. */
export const audienceOptionSchema = z.object({ id: z.number(), name: z.string() });
export type AudienceOption = z.infer<typeof audienceOptionSchema>;
export const audienceOptionsQuerySchema = z.object({
  /** An audience's key (`plan_members`, `batch_members`, `contact_group` …) whose param names a plan, a batch or a group. */
  audience: singleLineText(60).pipe(z.string().min(1, 'Choose an audience.')),
});

export const sendInputSchema = z
  .object({
    channel: z.enum(CHANNELS),
    module: z.enum(MESSAGE_MODULES).default('administrator'),
    template: idSchema.nullish(),
    /** Free text (e-mail only). */
    subject: optionalLine(200),
    text: text(BODY_MAX).default(''),
    audience: singleLineText(60).pipe(z.string().min(1, 'Choose who receives it.')),
    /** The plan or batch the audience needs. */
    param: idSchema.nullish(),
    /** The people chosen (an `ids` audience): one or many. */
    ids: z.array(idSchema).max(MAX_RECIPIENTS).default([]),
    promotional: z.boolean().default(false),
    /** Only count: how many, how many skipped, what it costs. Nothing is queued. */
    preview: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.template && v.channel !== 'email')
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'SMS and WhatsApp messages are sent from a template.' });
    if (!v.template && v.channel === 'email') {
      if (!v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Write the message or choose a template.' });
      if (!v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'An e-mail needs a subject.' });
    }
    const error = placeholderError(v.text) ?? placeholderError(v.subject);
    if (error) ctx.addIssue({ code: 'custom', path: ['text'], message: error });
  });
export type SendInput = z.input<typeof sendInputSchema>;

/**
 * Sending one person something of a module's (a member's diet or workout): a template of that
 * module on a channel, or an e-mail written here. The engine fills the placeholders with the
 * person's and the plan's values (`{plan}`, `{start_date}`, `{end_date}` …).
 */
export const personSendInputSchema = z
  .object({
    channel: z.enum(CHANNELS).default('whatsapp'),
    template: idSchema.nullish(),
    subject: optionalLine(200),
    text: text(BODY_MAX).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.template && v.channel !== 'email')
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'SMS and WhatsApp messages are sent from a template.' });
    if (!v.template && v.channel === 'email') {
      if (!v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Write the message or choose a template.' });
      if (!v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'An e-mail needs a subject.' });
    }
    const error = placeholderError(v.text) ?? placeholderError(v.subject);
    if (error) ctx.addIssue({ code: 'custom', path: ['text'], message: error });
  });
export type PersonSendInput = z.input<typeof personSendInputSchema>;
/** What a send to one person did: queued (1) or skipped (0, with why in `detail`). */
export const personSendResultSchema = z.object({ queued: z.number(), credits: z.number(), detail: z.string() });
export type PersonSendResult = z.infer<typeof personSendResultSchema>;

export const sendResultSchema = z.object({
  preview: z.boolean(),
  /** People the audience holds. */
  count: z.number(),
  /** Of them, those skipped (opted out, no phone or e-mail). */
  skipped: z.number(),
  credits: z.number(),
  balance: z.number(),
  queued: z.number(),
  /** When promotional SMS wait for the 10:00–21:00 window: the time they go out. */
  not_before: z.string().nullable(),
  detail: z.string(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

export const whatsappLinkInputSchema = z.object({
  module: z.enum(MESSAGE_MODULES).default('administrator'),
  template: idSchema.nullish(),
  text: text(BODY_MAX).default(''),
  recipient: recipientRefSchema,
});
export const whatsappLinkSchema = z.object({ link: z.string(), text: z.string(), message: z.number() });

// ---- delivery log ----
export const messageSchema = z.object({
  id: z.number(),
  channel: z.enum(CHANNELS),
  status: z.enum(MESSAGE_STATUSES),
  module: z.enum(MESSAGE_MODULES),
  provider: z.string(),
  provider_message_id: z.string(),
  error: z.string(),
  credits: z.number(),
  recipient_kind: z.string(),
  recipient_id: z.number().nullable(),
  recipient_name: z.string(),
  address: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.number().nullable(),
  template_name: z.string(),
  rule: z.number().nullable(),
  event_key: z.string().nullable(),
  source: z.string(),
  promotional: z.boolean(),
  attempts: z.number(),
  not_before: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

// ---- credits ----
export const creditsSchema = z.object({
  balance: z.number(),
  /** What a message costs: one per SMS part, one per WhatsApp message, e-mail free. */
  pricing: z.string(),
});
export const creditMovementSchema = z.object({
  id: z.number(),
  change: z.number(),
  balance_after: z.number(),
  reason: z.enum(['purchase', 'send', 'refund', 'retry', 'seed']),
  note: z.string(),
  created_at: z.string(),
});
export type CreditMovement = z.infer<typeof creditMovementSchema>;
export const purchaseInputSchema = z.object({ count: z.number().int().min(1).max(MAX_PURCHASE) });
export const purchaseSchema = z.object({ added: z.number(), balance: z.number(), detail: z.string() });

// ---- opt-outs ----
export const optOutInputSchema = z.object({
  channel: z.enum(CHANNELS),
  /** A phone (SMS, WhatsApp) or an e-mail address. */
  address: requiredSingleLineText(254),
});
export const optOutSchema = z.object({
  id: z.number(),
  channel: z.enum(CHANNELS),
  address: z.string(),
  source: z.string(),
  created_at: z.string(),
});
export type OptOut = z.infer<typeof optOutSchema>;

// ---- provider settings ----
export const SMS_PROVIDERS = ['offline', 'msg91'] as const;
export const WHATSAPP_PROVIDERS = ['offline', 'cloud'] as const;
export const EMAIL_PROVIDERS = ['offline', 'smtp'] as const;
/** A secret as the API answers it: never the value, only its last four characters. */
export const maskedSecretSchema = z.string();
export const settingsSchema = z.object({
  sms_provider: z.enum(SMS_PROVIDERS),
  msg91_sender_id: z.string(),
  msg91_dlt_entity_id: z.string(),
  msg91_auth_key: maskedSecretSchema,
  whatsapp_provider: z.enum(WHATSAPP_PROVIDERS),
  whatsapp_phone_number_id: z.string(),
  whatsapp_access_token: maskedSecretSchema,
  whatsapp_app_secret: maskedSecretSchema,
  email_provider: z.enum(EMAIL_PROVIDERS),
  /** The MSG91 delivery-report URL's token (`/api/public/messaging/msg91/?token=…`). */
  webhook_token: z.string(),
});
export type MessagingSettings = z.infer<typeof settingsSchema>;
/** A secret left out (or blank) keeps the stored one. */
const secretInput = singleLineText(500).optional();
export const settingsInputSchema = z
  .object({
    sms_provider: z.enum(SMS_PROVIDERS).default('offline'),
    msg91_sender_id: singleLineText(6)
      .default('')
      .refine((v) => v === '' || /^[A-Z]{6}$/.test(v), 'A sender id is six capital letters.'),
    msg91_dlt_entity_id: singleLineText(25)
      .default('')
      .refine((v) => v === '' || /^\d{10,25}$/.test(v), 'A DLT entity id is 10 to 25 digits.'),
    msg91_auth_key: secretInput,
    whatsapp_provider: z.enum(WHATSAPP_PROVIDERS).default('offline'),
    whatsapp_phone_number_id: singleLineText(30)
      .default('')
      .refine((v) => v === '' || /^\d{5,30}$/.test(v), 'The phone number id is digits.'),
    whatsapp_access_token: secretInput,
    whatsapp_app_secret: secretInput,
    email_provider: z.enum(EMAIL_PROVIDERS).default('offline'),
  })
  .superRefine((v, ctx) => {
    if (v.sms_provider === 'msg91') {
      if (!v.msg91_sender_id) ctx.addIssue({ code: 'custom', path: ['msg91_sender_id'], message: 'MSG91 needs the sender id.' });
      if (!v.msg91_dlt_entity_id)
        ctx.addIssue({ code: 'custom', path: ['msg91_dlt_entity_id'], message: 'MSG91 needs the DLT entity id.' });
    }
    if (v.whatsapp_provider === 'cloud' && !v.whatsapp_phone_number_id)
      ctx.addIssue({ code: 'custom', path: ['whatsapp_phone_number_id'], message: 'The Cloud API needs the phone number id.' });
  });
export type MessagingSettingsInput = z.input<typeof settingsInputSchema>;

// ---- automatic rules ----
export const triggerSchema = z.object({
  key: z.string(),
  label: z.string(),
  module: z.enum(MESSAGE_MODULES),
  placeholders: z.array(z.string()),
  offset: z
    .object({ unit: z.enum(['days', 'hours']), label: z.string(), min: z.number(), max: z.number(), default: z.number() })
    .nullable(),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const ruleInputSchema = z.object({
  trigger: requiredSingleLineText(60),
  template: idSchema,
  offset: z.number().int().min(0).max(365).default(0),
  is_active: z.boolean().default(true),
});
export type RuleInput = z.input<typeof ruleInputSchema>;
export const ruleSchema = z.object({
  id: z.number(),
  trigger: z.string(),
  trigger_label: z.string(),
  module: z.enum(MESSAGE_MODULES),
  template: z.number(),
  template_name: z.string(),
  channel: z.enum(CHANNELS),
  offset: z.number(),
  is_active: z.boolean(),
  last_run_at: z.string().nullable(),
  sent_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;

const A = '/api/administrator/messaging/';
const moduleQuery = z.object({ module: z.enum(MESSAGE_MODULES).optional() });

export const messageTemplateEndpoints = crudEndpoints(A, templateSchema, templateInputSchema);
/**
 * A module's own template paths (`/api/diet/diet-message-template/` …): the engine's templates of
 * that one module, served by messaging (`moduleTemplateRoutes`); a body's `module` is ignored.
 */
export const moduleTemplateEndpoints = <const P extends `/api/${string}/`>(path: P) =>
  crudEndpoints(path, templateSchema, templateInputSchema, { dropdown: true });
export const messagingEndpoints = {
  preview: endpoint({ method: 'POST', path: `${A}preview/`, body: previewInputSchema, response: previewSchema }),
  audiences: endpoint({
    method: 'GET',
    path: `${A}audiences/`,
    query: moduleQuery,
    response: z.object({ results: z.array(audienceSchema) }),
  }),
  /** What an audience's param may name, by name (at most 500); an unknown audience or one with nothing to choose: 400 on `audience`. */
  audienceOptions: endpoint({
    method: 'GET',
    path: `${A}audience-options/`,
    query: audienceOptionsQuerySchema,
    response: z.object({ results: z.array(audienceOptionSchema) }),
  }),
  send: endpoint({ method: 'POST', path: `${A}send/`, body: sendInputSchema, response: sendResultSchema }),
  whatsappLink: endpoint({
    method: 'POST',
    path: `${A}whatsapp-link/`,
    body: whatsappLinkInputSchema,
    response: whatsappLinkSchema,
    status: 201,
  }),
  logs: listEndpoint(`${A}logs/`, messageSchema),
  retry: endpoint({ method: 'POST', path: `${A}logs/:id/retry/`, params: idParamsSchema, response: messageSchema }),
  settings: endpoint({ method: 'GET', path: `${A}settings/`, response: settingsSchema }),
  updateSettings: endpoint({ method: 'PUT', path: `${A}settings/`, body: settingsInputSchema, response: settingsSchema }),
  credits: endpoint({ method: 'GET', path: `${A}credits/`, response: creditsSchema }),
  creditMovements: listEndpoint(`${A}credits/movements/`, creditMovementSchema),
  // Buying credits is the subscription module's `organisation/purchase-message-count/` (paid to the provider).
  optOuts: listEndpoint(`${A}opt-out/`, optOutSchema),
  addOptOut: endpoint({ method: 'POST', path: `${A}opt-out/`, body: optOutInputSchema, response: optOutSchema, status: 201 }),
  removeOptOut: endpoint({ method: 'DELETE', path: `${A}opt-out/:id/`, params: idParamsSchema, status: 204 }),
  triggers: endpoint({
    method: 'GET',
    path: `${A}auto/triggers/`,
    query: moduleQuery,
    response: z.object({ results: z.array(triggerSchema) }),
  }),
};
export const messageRuleEndpoints = crudEndpoints(`${A}auto/`, ruleSchema, ruleInputSchema);

/** Delivery-status webhooks (no key: checked by signature or token). */
const webhookAnswer = z.object({ received: z.number() });
export const messagingWebhookEndpoints = {
  whatsapp: endpoint({ method: 'POST', path: '/api/public/messaging/whatsapp/', body: z.unknown(), response: webhookAnswer }),
  /**
   * Meta's check when the webhook is set up: with the organisation's webhook token as
   * `hub.verify_token`, the answer is `hub.challenge` as plain text; a wrong token is a 403.
   */
  whatsappVerify: endpoint({
    method: 'GET',
    path: '/api/public/messaging/whatsapp/',
    query: z.object({
      'hub.mode': singleLineText(40).default(''),
      'hub.verify_token': singleLineText(100).default(''),
      'hub.challenge': singleLineText(200).default(''),
    }),
    file: true,
  }),
  msg91: endpoint({
    method: 'POST',
    path: '/api/public/messaging/msg91/',
    query: z.object({ token: singleLineText(100) }),
    body: z.unknown(),
    response: webhookAnswer,
  }),
};

export const logWindowQuery = { date_after: isoDateSchema.optional(), date_before: isoDateSchema.optional() };
export { templateListQuery };

/** What a template's body costs on its channel as written (the list's segments column). */
export const templateSegments = (channel: Channel, body: string): number => (channel === 'sms' ? smsSegments(body).segments : 0);
export { creditsFor };
