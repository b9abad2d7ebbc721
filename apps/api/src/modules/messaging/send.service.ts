/**
 * Queueing: one template (or an e-mail's free text) rendered for every recipient, opt-outs and
 * missing addresses skipped, credits spent in one conditional statement, and one `message` row
 * each — written by one INSERT … SELECT over a JSON document, whatever the count. The drain
 * (`drain.ts`) sends them.
 */
import {
  CHANNEL_LABELS,
  MAX_RECIPIENTS,
  creditsFor,
  placeholdersIn,
  renderTemplate,
  whatsappLink,
  type Channel,
  type MessageModule,
} from '@arena/contracts/messaging';
import { indianMobile } from '@arena/contracts/kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import {
  MESSAGE_AUDIENCE_OPTIONS_MAX,
  MESSAGE_RECIPIENTS_MAX,
  registeredModules,
  type DueRecipient,
  type MessageAudience,
  type MessageRecipient,
} from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { sealSecret } from '../../platform/secrets.js';
import { dmyDate } from '../../platform/time.js';
import { creditBalance, spendCredits } from './credits.service.js';
import { MODULE } from './constants.js';
import { promotionalSendTime } from './quiet-hours.js';
import { loadSettings } from './settings.service.js';
import { message, messageOptOut, messageTemplate } from './schema.js';

export type TemplateRow = typeof messageTemplate.$inferSelect;

export interface QueueInput {
  channel: Channel;
  module: MessageModule;
  /** A template (its id or row); or, for e-mail only, `subject` and `text`. */
  template?: number | TemplateRow | null;
  subject?: string;
  text?: string;
  recipients: (MessageRecipient | DueRecipient)[];
  /** `manual`, `auto`, `promotion`, `whatsapp_link` … (the log shows it). */
  source?: string;
  /** The sending module's row the messages belong to (a promotion): `messageCounts` counts by it. */
  sourceId?: number | null;
  /** Promotional SMS wait for 10:00–21:00 in the organisation's zone. */
  promotional?: boolean;
  /** An automatic rule's id: each recipient's `eventKey` is sent at most once for it. */
  rule?: number | null;
  /** Count only: nothing is written. */
  preview?: boolean;
  /** The app's own message (a notification to staff): free text on any channel, no template. */
  system?: boolean;
  /**
   * A message the person asked for to use the app (a member's sign-in code): sent to an address
   * that opted out of the channel too (opt-outs are of what the organisation sends unasked), and
   * free of credits (the sign-in limits bound how many there are; an empty balance must not lock
   * members out).
   */
  transactional?: boolean;
  /**
   * Values in the text that only the recipient may read (a sign-in code): what is stored and
   * shown in the log has them masked; the provider alone gets the real text (sealed in the row).
   */
  secrets?: string[];
}

export interface QueueResult {
  count: number;
  skipped: number;
  credits: number;
  balance: number;
  queued: number;
  notBefore: Date | null;
  /** The rows written (not in a preview). */
  ids: number[];
  /** Who was queued for (not skipped), by kind and id. */
  queuedFor: { kind: string; id: number }[];
}

/** An active template of the channel, or a field error on `template`. */
export async function activeTemplate(tx: Tx, ctx: Ctx, id: number, channel: Channel): Promise<TemplateRow> {
  const [row] = await tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.id, id)));
  if (!row) throw fieldError('template', `Invalid pk "${id}" - object does not exist.`);
  if (!row.isActive) throw fieldError('template', 'This template is switched off.');
  if (row.channel !== channel)
    throw fieldError('template', `This is a ${CHANNEL_LABELS[row.channel]} template, not ${CHANNEL_LABELS[channel]}.`);
  return row;
}

/** The values every message can use whoever it goes to. */
const commonValues = (ctx: Ctx): Record<string, string> => ({
  organisation: ctx.organisation.displayName,
  date: dmyDate(ctx.now.today),
});

export const addressOf = (channel: Channel, r: Pick<MessageRecipient, 'phone' | 'email'>): string =>
  channel === 'email' ? r.email.trim().toLowerCase() : (indianMobile(r.phone ?? '') ?? '');

export function valuesOf(ctx: Ctx, r: MessageRecipient): Record<string, string> {
  const [first, ...rest] = r.name.split(' ');
  return { first_name: first ?? '', last_name: rest.join(' '), name: r.name, phone: r.phone, ...commonValues(ctx), ...r.values };
}

/** A body rendered for one person (the demo seed's log). */
export const renderTemplateFor = (ctx: Ctx, body: string, r: MessageRecipient): string => renderTemplate(body, valuesOf(ctx, r));

/** The text with each secret value shown as bullets of its length. */
function masked(text: string, secrets: string[] | undefined): string {
  return (secrets ?? []).filter(Boolean).reduce((out, secret) => out.split(secret).join('•'.repeat(secret.length)), text);
}

export async function queueMessages(tx: Tx, ctx: Ctx, input: QueueInput): Promise<QueueResult> {
  if (input.recipients.length > MAX_RECIPIENTS)
    throw badRequest(`At most ${MAX_RECIPIENTS} people can be messaged at once; this audience holds ${input.recipients.length}.`);
  const template =
    input.template == null
      ? null
      : typeof input.template === 'number'
        ? await activeTemplate(tx, ctx, input.template, input.channel)
        : input.template;
  if (!template && input.channel !== 'email' && !input.system)
    throw fieldError('template', 'SMS and WhatsApp messages are sent from a template.');
  const body = template?.body ?? input.text ?? '';
  const subject = template?.subject ?? input.subject ?? '';
  if (!body) throw fieldError('text', 'Write the message or choose a template.');

  const settings = await loadSettings(tx, ctx);
  if (template && input.channel === 'sms' && settings.smsProvider === 'msg91' && !template.dltTemplateId)
    throw fieldError('template', 'MSG91 sends only DLT-registered templates: add the DLT template id to this template.');
  if (template && input.channel === 'whatsapp' && settings.whatsappProvider === 'cloud' && !template.whatsappTemplateName)
    throw fieldError('template', 'The WhatsApp Cloud API sends approved templates: add the WhatsApp template name to this template.');

  // One row per person (and per event for a rule).
  const seen = new Set<string>();
  const recipients = input.recipients.filter((r) => {
    const key = 'eventKey' in r && input.rule ? `e:${r.eventKey}` : `${r.kind}:${r.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const addresses = [...new Set(recipients.map((r) => addressOf(input.channel, r)).filter(Boolean))];
  const optedOut = new Set(
    addresses.length
      ? (
          await tx
            .select({ address: messageOptOut.address })
            .from(messageOptOut)
            .where(
              and(
                eq(messageOptOut.organisationId, ctx.organisationId),
                eq(messageOptOut.channel, input.channel),
                inArray(messageOptOut.address, addresses),
              ),
            )
        ).map((r) => r.address)
      : [],
  );

  const names = placeholdersIn(body);
  const notBefore = input.promotional && input.channel === 'sms' ? promotionalSendTime(ctx.now.instant, ctx.timeZone) : ctx.now.instant;
  const rows = recipients.map((r) => {
    const values = valuesOf(ctx, r);
    const address = addressOf(input.channel, r);
    const real = renderTemplate(body, values);
    const params = names.map((n) => values[n] ?? '');
    const text = masked(real, input.secrets);
    const error = !address
      ? input.channel === 'email'
        ? 'No e-mail address.'
        : 'No mobile number.'
      : optedOut.has(address) && !input.transactional
        ? `Opted out of ${CHANNEL_LABELS[input.channel]}.`
        : '';
    return {
      kind: r.kind,
      rid: r.id,
      name: r.name,
      address,
      subject: renderTemplate(subject, values),
      body: text,
      params: params.map((v) => masked(v, input.secrets)),
      sealed: input.secrets?.length ? sealSecret(ctx.config, JSON.stringify({ body: real, params })) : null,
      status: error ? 'skipped' : 'queued',
      error,
      credits: error || input.transactional ? 0 : creditsFor(input.channel, text),
      event_key: input.rule && 'eventKey' in r ? r.eventKey : null,
    };
  });
  const skipped = rows.filter((r) => r.status === 'skipped').length;
  const credits = rows.reduce((sum, r) => sum + r.credits, 0);

  if (input.preview) {
    const balance = await creditBalance(tx, ctx);
    return {
      count: rows.length,
      skipped,
      credits,
      balance,
      queued: 0,
      notBefore: notBefore > ctx.now.instant ? notBefore : null,
      ids: [],
      queuedFor: [],
    };
  }
  if (!rows.length)
    return { count: 0, skipped: 0, credits: 0, balance: await creditBalance(tx, ctx), queued: 0, notBefore: null, ids: [], queuedFor: [] };

  // One statement for every row; a rule's event already messaged is left out by the unique key.
  const inserted = await queryRows<{ id: number; credits: number; status: string; recipient_kind: string; recipient_id: number | null }>(
    tx,
    sql`insert into message (organisation_id, channel, status, module, credits, recipient_kind, recipient_id, recipient_name, address,
          subject, body, params, sealed, template_id, rule_id, event_key, source, source_id, promotional, error, not_before, created_by)
        select ${ctx.organisationId}, ${input.channel}, x.status, ${input.module}, x.credits, x.kind, x.rid, x.name, x.address,
          x.subject, x.body, x.params, x.sealed, ${template?.id ?? null}::bigint, ${input.rule ?? null}::bigint, x.event_key,
          ${input.source ?? 'manual'}, ${input.sourceId ?? null}::bigint, ${input.promotional ?? false}, x.error, ${notBefore.toISOString()}::timestamptz, ${ctx.actor.actorId}::bigint
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(kind text, rid bigint, name text, address text, subject text,
          body text, params jsonb, sealed text, status text, error text, credits int, event_key text)
        on conflict (organisation_id, rule_id, event_key) do nothing
        returning id, credits, status, recipient_kind, recipient_id`,
  );
  const spent = inserted.reduce((sum, r) => sum + Number(r.credits), 0);
  const queued = inserted.filter((r) => r.status === 'queued').length;
  // Refused (400) when the balance does not cover it: the transaction ends and nothing stays queued.
  const balance =
    spent > 0
      ? await spendCredits(tx, ctx, spent, 'send', `${queued} ${CHANNEL_LABELS[input.channel]} message${queued === 1 ? '' : 's'}`)
      : await creditBalance(tx, ctx);
  return {
    count: rows.length,
    skipped,
    credits: spent,
    balance,
    queued,
    notBefore: notBefore > ctx.now.instant ? notBefore : null,
    ids: inserted.map((r) => Number(r.id)),
    queuedFor: inserted
      .filter((r) => r.status === 'queued' && r.recipient_id != null)
      .map((r) => ({ kind: r.recipient_kind, id: Number(r.recipient_id) })),
  };
}

// ---- audiences ----

export const audiences = (): MessageAudience[] => registeredModules().flatMap((m) => m.messageAudiences ?? []);

export function audienceOf(key: string): MessageAudience {
  const found = audiences().find((a) => a.key === key);
  if (!found) throw fieldError('audience', `Unknown audience "${key}".`);
  return found;
}

/**
 * What an audience's param may name — the plans, batches or contact groups, `{ id, name }` by name,
 * at most MESSAGE_AUDIENCE_OPTIONS_MAX — from the owning module's `options`. An unknown audience, or
 * one with nothing to choose (none, or people picked one by one), is a field error on `audience`.
 */
export async function audienceOptions(tx: Tx, ctx: Ctx, key: string): Promise<{ id: number; name: string }[]> {
  const audience = audienceOf(key);
  if (!audience.options) throw fieldError('audience', `"${audience.label}" has no plan, batch or group to choose.`);
  const rows = await audience.options(tx, ctx);
  return rows.slice(0, MESSAGE_AUDIENCE_OPTIONS_MAX).map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The people of an audience (a plan's or batch's members need the plan or batch; `ids` audiences the people). */
export async function resolveAudience(
  tx: Tx,
  ctx: Ctx,
  input: { audience: string; param?: number | null; ids?: number[] },
): Promise<MessageRecipient[]> {
  const audience = audienceOf(input.audience);
  if (audience.param && audience.param !== 'ids' && !input.param)
    throw fieldError('param', `Choose the ${audience.param.replace('_', ' ')}.`);
  if (audience.param === 'ids' && !input.ids?.length) throw fieldError('ids', 'Choose at least one person.');
  return audience.resolve(tx, ctx, { param: input.param ?? null, ids: input.ids ?? [], limit: MESSAGE_RECIPIENTS_MAX });
}

/** One person by kind and id (the preview's chosen member, the WhatsApp link's recipient), or a 404. */
export async function recipientOf(tx: Tx, ctx: Ctx, ref: { kind: string; id: number }): Promise<MessageRecipient> {
  const audience = audiences().find((a) => a.param === 'ids' && a.kind === ref.kind);
  if (!audience) throw fieldError('recipient', `Unknown kind of recipient "${ref.kind}".`);
  const [found] = await audience.resolve(tx, ctx, { param: null, ids: [ref.id], limit: 1 });
  if (!found) throw notFound();
  return found;
}

// ---- "Open in WhatsApp" ----

/** Renders a template (or text) for one person and answers the wa.me link; logged as sent by hand (provider `manual`, no credits). */
export async function whatsappLinkFor(
  tx: Tx,
  ctx: Ctx,
  input: { module: MessageModule; template?: number | null; text?: string; recipient: { kind: string; id: number } },
) {
  const person = await recipientOf(tx, ctx, input.recipient);
  const template = input.template ? await activeTemplate(tx, ctx, input.template, 'whatsapp') : null;
  const body = template?.body ?? input.text ?? '';
  if (!body) throw fieldError('text', 'Write the message or choose a template.');
  const text = renderTemplate(body, valuesOf(ctx, person));
  const phone = addressOf('whatsapp', person);
  const link = whatsappLink(phone, text);
  if (!link) throw fieldError('recipient', `${person.name} has no mobile number WhatsApp can open.`);
  const [row] = await tx
    .insert(message)
    .values({
      organisationId: ctx.organisationId,
      channel: 'whatsapp',
      status: 'sent',
      module: input.module,
      provider: 'manual',
      recipientKind: person.kind,
      recipientId: person.id,
      recipientName: person.name,
      address: phone,
      body: text,
      templateId: template?.id ?? null,
      source: 'whatsapp_link',
      sentAt: ctx.now.instant,
      createdBy: ctx.actor.actorId,
    })
    .returning({ id: message.id });
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message',
    objectId: row.id,
    label: `WhatsApp to ${person.name}`,
    action: 'create',
  });
  return { link, text, message: row.id };
}

/**
 * Sends one person a module's message (a member's diet or workout): a template of that module on
 * the channel, or an e-mail written by the user; the person's values plus `values` fill the
 * placeholders. Opted out or without an address: nothing is queued and `detail` says why.
 */
export async function sendToPerson(
  tx: Tx,
  ctx: Ctx,
  input: {
    module: MessageModule;
    recipient: MessageRecipient;
    channel: Channel;
    template?: number | null;
    subject?: string;
    text?: string;
    source: string;
    sourceId: number;
  },
): Promise<{ queued: number; credits: number; detail: string }> {
  const template = input.template == null ? null : await activeTemplate(tx, ctx, input.template, input.channel);
  if (template && template.module !== input.module) throw fieldError('template', `Invalid pk "${template.id}" - object does not exist.`);
  const result = await queueMessages(tx, ctx, {
    channel: input.channel,
    module: input.module,
    template,
    subject: input.subject,
    text: input.text,
    recipients: [input.recipient],
    source: input.source,
    sourceId: input.sourceId,
  });
  if (!result.queued) {
    const [row] = await tx
      .select({ error: message.error })
      .from(message)
      .where(and(eq(message.organisationId, ctx.organisationId), inArray(message.id, result.ids.length ? result.ids : [0])));
    return { queued: 0, credits: 0, detail: `Not sent: ${row?.error || 'nothing to send.'}` };
  }
  return {
    queued: 1,
    credits: result.credits,
    detail: `${CHANNEL_LABELS[input.channel]} message queued for ${input.recipient.name}.`,
  };
}
