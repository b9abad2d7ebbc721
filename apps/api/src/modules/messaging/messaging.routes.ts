/**
 * Administrator › Messaging (and each module's Messaging screens, the same resources filtered by
 * `module`): templates, preview, audiences, send, "Open in WhatsApp", the delivery log and retry,
 * settings, credits, opt-outs, automatic rules.
 */
import {
  CHANNEL_LABELS,
  CHANNELS,
  LOG_WINDOW_DAYS,
  MESSAGE_MODULES,
  MESSAGE_MODULE_LABELS,
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  SAMPLE_VALUES,
  creditsFor,
  messageRuleEndpoints as ruleE,
  messageTemplateEndpoints as templateE,
  messagingEndpoints as e,
  renderTemplate,
  smsSegments,
  type Channel,
  type CreditMovement,
  type Message,
  type MessageModule,
  type MessageStatus,
  type OptOut,
  type Rule,
  type Template,
} from '@arena/contracts/messaging';
import { isoDateSchema, z } from '@arena/contracts/kit';
import { and, asc, desc, eq, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound, permissionDenied } from '../../platform/errors.js';
import { activeFilter, listRoute, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { addDays, daysBetween, displayDate } from '../../platform/time.js';
import {
  addOptOut,
  createRule,
  createTemplate,
  deleteRule,
  deleteTemplate,
  loadTemplate,
  removeOptOut,
  retryMessage,
  ruleJson,
  templateJson,
  triggers,
  updateRule,
  updateTemplate,
} from './admin.service.js';
import { MESSAGING_MODULES, MODULE, MODULE_PERMISSION } from './constants.js';
import { creditBalance } from './credits.service.js';
import { drainSoon } from './drain.js';
import { message, messageCreditMovement, messageOptOut, messageRule, messageTemplate } from './schema.js';
import { audienceOptions, audiences, queueMessages, recipientOf, resolveAudience, valuesOf, whatsappLinkFor } from './send.service.js';
import { loadSettings, settingsJson, updateSettings } from './settings.service.js';

const tags = ['messaging'];
const shared = { anyModule: MESSAGING_MODULES };

/** The message modules a user sees: all with Administrator Management, else those of their modules. */
async function visibleModules(request: FastifyRequest): Promise<MessageModule[]> {
  const allowed = await request.server.allowedModulesOf(request);
  if (allowed.includes(MODULE)) return [...MESSAGE_MODULES];
  return MESSAGE_MODULES.filter((m) => allowed.includes(MODULE_PERMISSION[m]));
}

/** A module's screen lists only its module: a user without Administrator Management must name one of theirs. */
async function requireModuleQuery(request: FastifyRequest): Promise<void> {
  const visible = await visibleModules(request);
  if (visible.length === MESSAGE_MODULES.length) return;
  const asked = (request.query as { module?: string } | undefined)?.module;
  if (!asked || !visible.includes(asked as MessageModule))
    throw permissionDenied(`Choose a module you have access to (${visible.join(', ')}).`);
}

const moduleFilter = (column: AnyColumn) => ({
  schema: z.enum(MESSAGE_MODULES),
  where: (v: MessageModule) => eq(column, v),
  label: 'Module',
  show: (v: MessageModule) => MESSAGE_MODULE_LABELS[v],
});
const channelFilter = (column: AnyColumn) => ({
  schema: z.enum(CHANNELS),
  where: (v: Channel) => eq(column, v),
  label: 'Channel',
  show: (v: Channel) => CHANNEL_LABELS[v],
});

export const templateList: ListDefinition<{ t: typeof messageTemplate.$inferSelect }, Template> = {
  from: (tx, fields) => tx.select(fields).from(messageTemplate).$dynamic(),
  fields: { t: messageTemplate },
  where: (ctx) => eq(messageTemplate.organisationId, ctx.organisationId),
  search: [messageTemplate.name, messageTemplate.body],
  filters: {
    module: moduleFilter(messageTemplate.module),
    channel: channelFilter(messageTemplate.channel),
    is_active: activeFilter(messageTemplate.isActive),
  },
  ordering: { name: sql`lower(${messageTemplate.name})`, channel: messageTemplate.channel, created_at: messageTemplate.createdAt },
  defaultOrdering: [asc(sql`lower(${messageTemplate.name})`)],
  tiebreak: messageTemplate.id,
  map: (_tx, _ctx, rows) => rows.map((r) => templateJson(r.t)),
  export: {
    filename: 'message-templates',
    title: 'Message templates',
    columns: [
      { header: 'Name', value: (t) => t.name },
      { header: 'Channel', value: (t) => CHANNEL_LABELS[t.channel] },
      { header: 'Module', value: (t) => MESSAGE_MODULE_LABELS[t.module] },
      { header: 'Subject', value: (t) => t.subject },
      { header: 'Body', value: (t) => t.body },
      { header: 'SMS parts', value: (t) => t.segments, type: 'number' },
      { header: 'Status', value: (t) => (t.is_active ? 'Active' : 'Inactive') },
    ],
  },
};

type LogRow = { m: typeof message.$inferSelect; templateName: string | null };
export function messageJson(m: typeof message.$inferSelect, templateName: string | null = null): Message {
  return {
    id: m.id,
    channel: m.channel,
    status: m.status,
    module: m.module,
    provider: m.provider,
    provider_message_id: m.providerMessageId,
    error: m.error,
    credits: m.credits,
    recipient_kind: m.recipientKind,
    recipient_id: m.recipientId,
    recipient_name: m.recipientName,
    address: m.address,
    subject: m.subject,
    text: m.body,
    template: m.templateId,
    template_name: templateName ?? '',
    rule: m.ruleId,
    event_key: m.eventKey,
    source: m.source,
    promotional: m.promotional,
    attempts: m.attempts,
    not_before: m.notBefore.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    delivered_at: m.deliveredAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
  };
}

/** The log's dates are the organisation's: `date_after`/`date_before` inclusive. */
const dayStart = (date: string) =>
  sql`((${date}::date)::timestamp at time zone (select o.time_zone from organisation o where o.id = ${message.organisationId}))`;

const logList: ListDefinition<LogRow, Message> = {
  from: (tx, fields) =>
    tx
      .select(fields)
      .from(message)
      .leftJoin(
        messageTemplate,
        and(eq(messageTemplate.organisationId, message.organisationId), eq(messageTemplate.id, message.templateId)),
      )
      .$dynamic(),
  fields: { m: message, templateName: messageTemplate.name },
  where: (ctx) => eq(message.organisationId, ctx.organisationId),
  search: [message.recipientName, message.address, message.body],
  filters: {
    module: moduleFilter(message.module),
    channel: channelFilter(message.channel),
    status: {
      schema: z.enum(MESSAGE_STATUSES),
      where: (v: MessageStatus) => eq(message.status, v),
      label: 'Status',
      show: (v: MessageStatus) => MESSAGE_STATUS_LABELS[v],
    },
    rule: { schema: z.coerce.number().int().positive(), where: (v: number) => eq(message.ruleId, v), label: 'Rule' },
    /** What sent it (`manual`, `auto`, `promotion`, `todays_action`, `notification` …), and the sending module's row (a promotion). */
    source: { schema: z.string().trim().min(1).max(40), where: (v: string) => eq(message.source, v), label: 'Source' },
    source_id: { schema: z.coerce.number().int().positive(), where: (v: number) => eq(message.sourceId, v), label: 'Of' },
    date_after: { schema: isoDateSchema, where: (v: string) => gte(message.createdAt, dayStart(v)), label: 'From', show: displayDate },
    date_before: {
      schema: isoDateSchema,
      where: (v: string) => lt(message.createdAt, dayStart(addDays(v, 1))),
      label: 'To',
      show: displayDate,
    },
  },
  ordering: { created_at: message.createdAt, status: message.status, recipient_name: message.recipientName, channel: message.channel },
  defaultOrdering: [desc(message.createdAt), desc(message.id)],
  tiebreak: message.id,
  map: (_tx, _ctx, rows) => rows.map((r) => messageJson(r.m, r.templateName)),
  export: {
    filename: 'messages',
    title: 'Delivery log',
    columns: [
      { header: 'Created', value: (m) => m.created_at, type: 'datetime' },
      { header: 'Channel', value: (m) => CHANNEL_LABELS[m.channel] },
      { header: 'Module', value: (m) => MESSAGE_MODULE_LABELS[m.module] },
      { header: 'Recipient', value: (m) => m.recipient_name },
      { header: 'Address', value: (m) => m.address },
      { header: 'Template', value: (m) => m.template_name },
      { header: 'Text', value: (m) => m.text },
      { header: 'Status', value: (m) => MESSAGE_STATUS_LABELS[m.status] },
      { header: 'Provider', value: (m) => m.provider },
      { header: 'Provider id', value: (m) => m.provider_message_id },
      { header: 'Error', value: (m) => m.error },
      { header: 'Credits', value: (m) => m.credits, type: 'number' },
    ],
  },
};

const movementList: ListDefinition<{ c: typeof messageCreditMovement.$inferSelect }, CreditMovement> = {
  from: (tx, fields) => tx.select(fields).from(messageCreditMovement).$dynamic(),
  fields: { c: messageCreditMovement },
  where: (ctx) => eq(messageCreditMovement.organisationId, ctx.organisationId),
  search: [messageCreditMovement.note],
  ordering: { created_at: messageCreditMovement.createdAt },
  defaultOrdering: [desc(messageCreditMovement.id)],
  tiebreak: messageCreditMovement.id,
  map: (_tx, _ctx, rows) =>
    rows.map(({ c }) => ({
      id: c.id,
      change: c.change,
      balance_after: c.balanceAfter,
      reason: c.reason,
      note: c.note,
      created_at: c.createdAt.toISOString(),
    })),
  export: {
    filename: 'message-credits',
    title: 'Message credits',
    columns: [
      { header: 'Date', value: (c) => c.created_at, type: 'datetime' },
      { header: 'Change', value: (c) => c.change, type: 'number' },
      { header: 'Balance', value: (c) => c.balance_after, type: 'number' },
      { header: 'Reason', value: (c) => c.reason },
      { header: 'Note', value: (c) => c.note },
    ],
  },
};

const optOutList: ListDefinition<{ o: typeof messageOptOut.$inferSelect }, OptOut> = {
  from: (tx, fields) => tx.select(fields).from(messageOptOut).$dynamic(),
  fields: { o: messageOptOut },
  where: (ctx) => eq(messageOptOut.organisationId, ctx.organisationId),
  search: [messageOptOut.address],
  filters: { channel: channelFilter(messageOptOut.channel) },
  ordering: { created_at: messageOptOut.createdAt, address: messageOptOut.address },
  defaultOrdering: [desc(messageOptOut.id)],
  tiebreak: messageOptOut.id,
  map: (_tx, _ctx, rows) =>
    rows.map(({ o }) => ({ id: o.id, channel: o.channel, address: o.address, source: o.source, created_at: o.createdAt.toISOString() })),
  export: {
    filename: 'message-opt-outs',
    title: 'Message opt-outs',
    columns: [
      { header: 'Channel', value: (o) => CHANNEL_LABELS[o.channel] },
      { header: 'Address', value: (o) => o.address },
      { header: 'Source', value: (o) => o.source },
      { header: 'Date', value: (o) => o.created_at, type: 'datetime' },
    ],
  },
};

const ruleList: ListDefinition<{ r: typeof messageRule.$inferSelect }, Rule> = {
  from: (tx, fields) => tx.select(fields).from(messageRule).$dynamic(),
  fields: { r: messageRule },
  where: (ctx) => eq(messageRule.organisationId, ctx.organisationId),
  search: [messageRule.trigger],
  filters: { module: moduleFilter(messageRule.module), is_active: activeFilter(messageRule.isActive) },
  ordering: { created_at: messageRule.createdAt, trigger: messageRule.trigger },
  defaultOrdering: [asc(messageRule.trigger), asc(messageRule.offset)],
  tiebreak: messageRule.id,
  map: (tx, ctx, rows) =>
    ruleJson(
      tx,
      ctx,
      rows.map((r) => r.r),
    ),
  export: {
    filename: 'message-rules',
    title: 'Automatic messages',
    columns: [
      { header: 'Trigger', value: (r) => r.trigger_label },
      { header: 'Offset', value: (r) => r.offset, type: 'number' },
      { header: 'Template', value: (r) => r.template_name },
      { header: 'Channel', value: (r) => CHANNEL_LABELS[r.channel] },
      { header: 'Sent', value: (r) => r.sent_count, type: 'number' },
      { header: 'Status', value: (r) => (r.is_active ? 'Active' : 'Inactive') },
    ],
  },
};

/** The log's window: both ends or neither, at most LOG_WINDOW_DAYS apart. */
function checkWindow(request: FastifyRequest): void {
  const q = request.query as { date_after?: string; date_before?: string };
  if (q.date_after && q.date_before) {
    const days = daysBetween(q.date_after, q.date_before);
    if (days < 0) throw badRequest({ date_before: ['The end date must be on or after the start date.'] });
    if (days > LOG_WINDOW_DAYS) throw badRequest({ date_before: [`Choose at most ${LOG_WINDOW_DAYS} days.`] });
  }
}

export async function messagingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Module screens (Booking › Messaging) list only their module.
    scope.addHook('preHandler', async (request) => {
      if (
        request.method === 'GET' &&
        ([templateE.list.path, e.logs.path, ruleE.list.path] as string[]).includes(request.routeOptions.url ?? '')
      ) {
        await requireModuleQuery(request);
        if (request.routeOptions.url === e.logs.path) checkWindow(request);
      }
    });

    // ---- templates ----
    listRoute(scope, templateE.list, {
      config: shared,
      tags,
      summary: 'Message templates (filters: module, channel, is_active)',
      list: templateList,
    });
    route(scope, templateE.create, {
      config: shared,
      tags,
      summary: 'Add a template (unknown placeholders are a field error on body)',
      handler: async (request, reply) => {
        const modules = await visibleModules(request);
        return reply.status(201).send(await inTenant(request, (tx, ctx) => createTemplate(tx, ctx, request.body, modules)));
      },
    });
    route(scope, templateE.retrieve, {
      config: shared,
      tags,
      summary: 'One template',
      handler: async (request) => {
        const modules = await visibleModules(request);
        return inTenant(request, async (tx, ctx) => templateJson(await loadTemplate(tx, ctx, request.params.id, modules)));
      },
    });
    for (const endpoint of [templateE.update, templateE.partialUpdate] as const)
      route(scope, endpoint, {
        config: shared,
        tags,
        summary: 'Change a template',
        handler: async (request) => {
          const modules = await visibleModules(request);
          return inTenant(request, (tx, ctx) => updateTemplate(tx, ctx, request.params.id, request.body as never, modules));
        },
      });
    route(scope, templateE.remove, {
      config: shared,
      tags,
      summary: 'Delete an unused template (one that sent messages or has a rule: 409, switch it off)',
      handler: async (request, reply) => {
        const modules = await visibleModules(request);
        await inTenant(request, (tx, ctx) => deleteTemplate(tx, ctx, request.params.id, modules));
        return reply.status(204).send();
      },
    });
    route(scope, e.preview, {
      config: shared,
      tags,
      summary: 'Render a body with the sample values or a chosen person; SMS parts and credits',
      handler: async (request) =>
        inTenant(request, async (tx, ctx) => {
          const { channel, subject, body, recipient } = request.body;
          const person = recipient ? await recipientOf(tx, ctx, recipient) : null;
          const values = person ? valuesOf(ctx, person) : { ...SAMPLE_VALUES, organisation: ctx.organisation.displayName };
          const text = renderTemplate(body, values);
          const length = smsSegments(text);
          return {
            subject: renderTemplate(subject, values),
            text,
            encoding: length.encoding,
            units: length.units,
            segments: channel === 'sms' ? length.segments : 0,
            credits: creditsFor(channel, text),
            recipient: person?.name ?? 'Sample member',
          };
        }),
    });

    // ---- audiences and sending ----
    route(scope, e.audiences, {
      config: shared,
      tags,
      summary: "The audiences a send can target (every module manifest's messageAudiences)",
      handler: async (request) => {
        const modules = await visibleModules(request);
        const wanted = request.query?.module;
        return {
          results: audiences()
            .filter((a) => modules.includes(a.module) && (!wanted || a.module === wanted || wanted === 'administrator'))
            .map((a) => ({ key: a.key, label: a.label, module: a.module, param: a.param, kind: a.kind })),
        };
      },
    });
    route(scope, e.audienceOptions, {
      config: shared,
      tags,
      summary: "What an audience's param may name (plans, batches, contact groups), by name: at most 500",
      handler: async (request) =>
        inTenant(request, async (tx, ctx) => ({ results: await audienceOptions(tx, ctx, request.query.audience) })),
    });
    route(scope, e.send, {
      config: shared,
      tags,
      summary: 'Send a template (or an e-mail) to one person, a selection or an audience; preview: count, skipped, credits',
      handler: async (request) => {
        const modules = await visibleModules(request);
        const body = request.body;
        if (!modules.includes(body.module)) throw permissionDenied();
        const result = await inTenant(request, async (tx, ctx) => {
          const recipients = await resolveAudience(tx, ctx, { audience: body.audience, param: body.param, ids: body.ids });
          return queueMessages(tx, ctx, {
            channel: body.channel,
            module: body.module,
            template: body.template ?? null,
            subject: body.subject,
            text: body.text,
            recipients,
            source: 'manual',
            promotional: body.promotional,
            preview: body.preview,
          });
        });
        if (!body.preview && result.queued) await drainSoon(app.jobs, request.organisation!.id);
        const later = result.notBefore ? ` They go out from ${result.notBefore.toISOString()} (promotional SMS: 10:00–21:00).` : '';
        return {
          preview: body.preview,
          count: result.count,
          skipped: result.skipped,
          credits: result.credits,
          balance: result.balance,
          queued: result.queued,
          not_before: result.notBefore?.toISOString() ?? null,
          detail: body.preview
            ? `${result.count - result.skipped} of ${result.count} will be sent (${result.skipped} skipped), spending ${result.credits} credits of ${result.balance}.`
            : `${result.queued} message${result.queued === 1 ? '' : 's'} queued, ${result.skipped} skipped, ${result.credits} credits spent.${later}`,
        };
      },
    });
    route(scope, e.whatsappLink, {
      config: shared,
      tags,
      summary: 'Open in WhatsApp: the wa.me link with the rendered text, logged as sent by hand (no credits)',
      handler: async (request, reply) => {
        const modules = await visibleModules(request);
        if (!modules.includes(request.body.module)) throw permissionDenied();
        return reply.status(201).send(await inTenant(request, (tx, ctx) => whatsappLinkFor(tx, ctx, request.body)));
      },
    });

    // ---- delivery log ----
    listRoute(scope, e.logs, {
      config: shared,
      tags,
      summary: 'Delivery log (filters: module, channel, status, rule, date_after/date_before ≤ 366 days; search)',
      list: logList,
    });
    route(scope, e.retry, {
      config: shared,
      tags,
      summary: 'Send a failed message again (its credits are spent again)',
      handler: async (request) => {
        const modules = await visibleModules(request);
        const row = await inTenant(request, (tx, ctx) => retryMessage(tx, ctx, request.params.id, modules));
        await drainSoon(app.jobs, request.organisation!.id);
        return messageJson(row);
      },
    });

    // ---- automatic rules ----
    route(scope, e.triggers, {
      config: shared,
      tags,
      summary: "The triggers rules can use (every module manifest's messageTriggers)",
      handler: async (request) => {
        const modules = await visibleModules(request);
        const wanted = request.query?.module;
        return {
          results: triggers()
            .filter((t) => modules.includes(t.module) && (!wanted || wanted === 'administrator' || t.module === wanted))
            .map((t) => ({ key: t.key, label: t.label, module: t.module, placeholders: t.placeholders, offset: t.offset })),
        };
      },
    });
    listRoute(scope, ruleE.list, { config: shared, tags, summary: 'Automatic message rules (filters: module, is_active)', list: ruleList });
    route(scope, ruleE.create, {
      config: shared,
      tags,
      summary: 'Add an automatic rule',
      handler: async (request, reply) => {
        const modules = await visibleModules(request);
        return reply.status(201).send(await inTenant(request, (tx, ctx) => createRule(tx, ctx, request.body as never, modules)));
      },
    });
    route(scope, ruleE.retrieve, {
      config: shared,
      tags,
      summary: 'One automatic rule',
      handler: async (request) => {
        const modules = await visibleModules(request);
        return inTenant(request, async (tx, ctx) => {
          const [row] = await tx
            .select()
            .from(messageRule)
            .where(and(eq(messageRule.organisationId, ctx.organisationId), eq(messageRule.id, request.params.id)));
          if (!row || !modules.includes(row.module)) throw notFound();
          return (await ruleJson(tx, ctx, [row]))[0];
        });
      },
    });
    for (const endpoint of [ruleE.update, ruleE.partialUpdate] as const)
      route(scope, endpoint, {
        config: shared,
        tags,
        summary: 'Change an automatic rule (switch it on or off)',
        handler: async (request) => {
          const modules = await visibleModules(request);
          return inTenant(request, (tx, ctx) => updateRule(tx, ctx, request.params.id, request.body as never, modules));
        },
      });
    route(scope, ruleE.remove, {
      config: shared,
      tags,
      summary: 'Delete a rule that sent nothing (one that sent: 409, switch it off)',
      handler: async (request, reply) => {
        const modules = await visibleModules(request);
        await inTenant(request, (tx, ctx) => deleteRule(tx, ctx, request.params.id, modules));
        return reply.status(204).send();
      },
    });
  });

  // ---- Administrator only: settings, credits, opt-outs ----
  route(app, e.settings, {
    module: MODULE,
    tags,
    summary: 'Provider settings (secrets answered as ••••1234)',
    handler: async (request) => inTenant(request, async (tx, ctx) => settingsJson(ctx.config, await loadSettings(tx, ctx))),
  });
  route(app, e.updateSettings, {
    module: MODULE,
    tags,
    summary: 'Change the providers (a secret left out keeps the stored one)',
    handler: async (request) => inTenant(request, (tx, ctx) => updateSettings(tx, ctx, request.body)),
  });
  route(app, e.credits, {
    config: shared,
    tags,
    summary: 'The message credit balance',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => ({
        balance: await creditBalance(tx, ctx),
        pricing: 'SMS: 1 credit per part (160 characters, 70 in Unicode); WhatsApp: 1 per message; e-mail: free.',
      })),
  });
  listRoute(app, e.creditMovements, { module: MODULE, tags, summary: 'Every change of the credits', list: movementList });
  listRoute(app, e.optOuts, { module: MODULE, tags, summary: 'People who opted out, per channel', list: optOutList });
  route(app, e.addOptOut, {
    config: shared,
    tags,
    summary: 'Opt a phone or e-mail out of a channel',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => addOptOut(tx, ctx, request.body))),
  });
  route(app, e.removeOptOut, {
    module: MODULE,
    tags,
    summary: 'Opt back in',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => removeOptOut(tx, ctx, request.params.id));
      return reply.status(204).send();
    },
  });
}
