/** Templates, automatic rules, opt-outs and the retry of a failed message: one function per write, each with its audit row. */
import {
  CHANNELS,
  templateInputSchema,
  templateSegments,
  type Channel,
  type MessageModule,
  type Rule,
  ruleInputSchema,
  type Template,
} from '@arena/contracts/messaging';
import { indianMobile } from '@arena/contracts/kit';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, fieldError, invalidPk, notFound, onUnique, zodToFieldErrors } from '../../platform/errors.js';
import { registeredModules, type MessageTrigger } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { MODULE } from './constants.js';
import { spendCredits } from './credits.service.js';
import { message, messageOptOut, messageRule, messageTemplate } from './schema.js';
import type { TemplateRow } from './send.service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function templateJson(row: TemplateRow): Template {
  return {
    id: row.id,
    channel: row.channel,
    name: row.name,
    module: row.module,
    subject: row.subject,
    body: row.body,
    dlt_template_id: row.dltTemplateId,
    whatsapp_template_name: row.whatsappTemplateName,
    whatsapp_language: row.whatsappLanguage,
    is_active: row.isActive,
    segments: templateSegments(row.channel, row.body),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const uniqueName = onUnique({
  message_template_org_channel_name_key: { field: 'name', message: 'A template of this channel with this name already exists.' },
});

type TemplateValues = z.output<typeof templateInputSchema>;
type RuleValues = z.output<typeof ruleInputSchema>;

export async function loadTemplate(tx: Tx, ctx: Ctx, id: number, modules: MessageModule[]): Promise<TemplateRow> {
  const [row] = await tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.id, id)));
  if (!row || !modules.includes(row.module)) throw notFound();
  return row;
}

function checkModule(module: MessageModule, modules: MessageModule[]) {
  if (!modules.includes(module)) throw fieldError('module', 'You cannot file templates under this module.');
}

export async function createTemplate(tx: Tx, ctx: Ctx, input: TemplateValues, modules: MessageModule[]): Promise<Template> {
  checkModule(input.module, modules);
  const [row] = await tx
    .insert(messageTemplate)
    .values({
      organisationId: ctx.organisationId,
      channel: input.channel,
      name: input.name,
      module: input.module,
      subject: input.channel === 'email' ? input.subject : '',
      body: input.body,
      dltTemplateId: input.dlt_template_id,
      whatsappTemplateName: input.whatsapp_template_name,
      whatsappLanguage: input.whatsapp_language,
      isActive: input.is_active,
    })
    .returning()
    .catch(uniqueName);
  const out = templateJson(row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_template',
    objectId: row.id,
    label: row.name,
    action: 'create',
    after: out,
  });
  return out;
}

/** PUT (the whole input) or PATCH (some fields): the row as written is checked again as a whole. */
export async function updateTemplate(
  tx: Tx,
  ctx: Ctx,
  id: number,
  input: Partial<TemplateValues>,
  modules: MessageModule[],
): Promise<Template> {
  const before = await loadTemplate(tx, ctx, id, modules);
  const merged = { ...templateJson(before), ...input };
  const parsed = templateInputSchema.safeParse(merged);
  if (!parsed.success) throw badRequest(zodToFieldErrors(parsed.error.issues));
  const v = parsed.data;
  checkModule(v.module, modules);
  const [row] = await tx
    .update(messageTemplate)
    .set({
      channel: v.channel,
      name: v.name,
      module: v.module,
      subject: v.channel === 'email' ? v.subject : '',
      body: v.body,
      dltTemplateId: v.dlt_template_id,
      whatsappTemplateName: v.whatsapp_template_name,
      whatsappLanguage: v.whatsapp_language,
      isActive: v.is_active,
      updatedAt: new Date(),
    })
    .where(and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.id, id)))
    .returning()
    .catch(uniqueName);
  const out = templateJson(row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_template',
    objectId: id,
    label: row.name,
    action: 'update',
    before: templateJson(before),
    after: out,
  });
  return out;
}

export async function deleteTemplate(tx: Tx, ctx: Ctx, id: number, modules: MessageModule[]): Promise<void> {
  const before = await loadTemplate(tx, ctx, id, modules);
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(message)
    .where(and(eq(message.organisationId, ctx.organisationId), eq(message.templateId, id)));
  const [ruled] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messageRule)
    .where(and(eq(messageRule.organisationId, ctx.organisationId), eq(messageRule.templateId, id)));
  if (used.n || ruled.n) throw conflict('This template has sent messages or is used by an automatic rule: switch it off instead.');
  await tx.delete(messageTemplate).where(and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_template',
    objectId: id,
    label: before.name,
    action: 'delete',
    before: templateJson(before),
  });
}

// ---- automatic rules ----

export const triggers = (): MessageTrigger[] => registeredModules().flatMap((m) => m.messageTriggers ?? []);
export const triggerOf = (key: string) => triggers().find((t) => t.key === key);

type RuleRow = typeof messageRule.$inferSelect;

export async function ruleJson(tx: Tx, ctx: Ctx, rows: RuleRow[]): Promise<Rule[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const templates = await tx
    .select({ id: messageTemplate.id, name: messageTemplate.name, channel: messageTemplate.channel })
    .from(messageTemplate)
    .where(and(eq(messageTemplate.organisationId, ctx.organisationId), sql`${messageTemplate.id} in ${rows.map((r) => r.templateId)}`));
  const counts = await tx
    .select({ rule: message.ruleId, n: sql<number>`count(*)::int` })
    .from(message)
    .where(and(eq(message.organisationId, ctx.organisationId), sql`${message.ruleId} in ${ids}`))
    .groupBy(message.ruleId);
  const byId = new Map(templates.map((t) => [t.id, t]));
  const sent = new Map(counts.map((c) => [c.rule, c.n]));
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    trigger_label: triggerOf(r.trigger)?.label ?? r.trigger,
    module: r.module,
    template: r.templateId,
    template_name: byId.get(r.templateId)?.name ?? '',
    channel: (byId.get(r.templateId)?.channel ?? 'sms') as Channel,
    offset: r.offset,
    is_active: r.isActive,
    last_run_at: iso(r.lastRunAt),
    sent_count: sent.get(r.id) ?? 0,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

async function loadRule(tx: Tx, ctx: Ctx, id: number, modules: MessageModule[]): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(messageRule)
    .where(and(eq(messageRule.organisationId, ctx.organisationId), eq(messageRule.id, id)));
  if (!row || !modules.includes(row.module)) throw notFound();
  return row;
}

async function checkRule(tx: Tx, ctx: Ctx, v: Omit<RuleValues, 'is_active'>, modules: MessageModule[]) {
  const trigger = triggerOf(v.trigger);
  if (!trigger) throw fieldError('trigger', `Unknown trigger "${v.trigger}".`);
  if (!modules.includes(trigger.module)) throw fieldError('trigger', 'You cannot set rules of this module.');
  if (trigger.offset && (v.offset < trigger.offset.min || v.offset > trigger.offset.max))
    throw fieldError('offset', `Enter from ${trigger.offset.min} to ${trigger.offset.max} ${trigger.offset.unit}.`);
  const [template] = await tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.id, v.template)));
  if (!template) throw fieldError('template', invalidPk(v.template));
  const unknown = (template.body.match(/\{([a-z_]+)\}/g) ?? [])
    .map((p) => p.slice(1, -1))
    .filter((p) => !['first_name', 'last_name', 'name', 'phone', 'organisation', 'date', ...trigger.placeholders].includes(p));
  if (unknown.length)
    throw fieldError(
      'template',
      `This trigger does not fill ${unknown.map((p) => `{${p}}`).join(', ')}; it fills ${trigger.placeholders.map((p) => `{${p}}`).join(', ')}.`,
    );
  return { trigger, offset: trigger.offset ? v.offset : 0 };
}

const uniqueRule = onUnique({
  message_rule_org_trigger_template_offset_key: {
    field: 'trigger',
    message: 'A rule with this trigger, template and offset already exists.',
  },
});

export async function createRule(tx: Tx, ctx: Ctx, input: RuleValues, modules: MessageModule[]): Promise<Rule> {
  const { trigger, offset } = await checkRule(tx, ctx, input, modules);
  const [row] = await tx
    .insert(messageRule)
    .values({
      organisationId: ctx.organisationId,
      trigger: trigger.key,
      module: trigger.module,
      templateId: input.template,
      offset,
      isActive: input.is_active,
    })
    .returning()
    .catch(uniqueRule);
  const [out] = await ruleJson(tx, ctx, [row]);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_rule',
    objectId: row.id,
    label: out.trigger_label,
    action: 'create',
    after: out,
  });
  return out;
}

export async function updateRule(tx: Tx, ctx: Ctx, id: number, input: Partial<RuleValues>, modules: MessageModule[]): Promise<Rule> {
  const before = await loadRule(tx, ctx, id, modules);
  const v = {
    trigger: input.trigger ?? before.trigger,
    template: input.template ?? before.templateId,
    offset: input.offset ?? before.offset,
    is_active: input.is_active ?? before.isActive,
  };
  const { trigger, offset } = await checkRule(tx, ctx, v, modules);
  const [row] = await tx
    .update(messageRule)
    .set({ trigger: trigger.key, module: trigger.module, templateId: v.template, offset, isActive: v.is_active, updatedAt: new Date() })
    .where(and(eq(messageRule.organisationId, ctx.organisationId), eq(messageRule.id, id)))
    .returning()
    .catch(uniqueRule);
  const [beforeJson] = await ruleJson(tx, ctx, [before]);
  const [out] = await ruleJson(tx, ctx, [row]);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_rule',
    objectId: id,
    label: out.trigger_label,
    action: 'update',
    before: beforeJson,
    after: out,
  });
  return out;
}

export async function deleteRule(tx: Tx, ctx: Ctx, id: number, modules: MessageModule[]): Promise<void> {
  const before = await loadRule(tx, ctx, id, modules);
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(message)
    .where(and(eq(message.organisationId, ctx.organisationId), eq(message.ruleId, id)));
  if (used.n) throw conflict('This rule has sent messages (it keeps who got which): switch it off instead.');
  await tx.delete(messageRule).where(and(eq(messageRule.organisationId, ctx.organisationId), eq(messageRule.id, id)));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_rule',
    objectId: id,
    label: triggerOf(before.trigger)?.label ?? before.trigger,
    action: 'delete',
  });
}

// ---- opt-outs ----

/** The address an opt-out keys on: a 10-digit mobile (SMS, WhatsApp) or a lower-case e-mail. */
export function optOutAddress(channel: Channel, address: string): string | null {
  if (channel === 'email') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim()) ? address.trim().toLowerCase() : null;
  return indianMobile(address);
}

export async function addOptOut(tx: Tx, ctx: Ctx, input: { channel: Channel; address: string }, source = 'manual') {
  const address = optOutAddress(input.channel, input.address);
  if (!address) throw fieldError('address', input.channel === 'email' ? 'Enter a valid email address.' : 'Phone number must be 10 digits');
  await tx
    .insert(messageOptOut)
    .values({ organisationId: ctx.organisationId, channel: input.channel, address, source })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(messageOptOut)
    .where(
      and(
        eq(messageOptOut.organisationId, ctx.organisationId),
        eq(messageOptOut.channel, input.channel),
        eq(messageOptOut.address, address),
      ),
    );
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_opt_out',
    objectId: row.id,
    label: `${address} (${input.channel})`,
    action: 'create',
  });
  return { id: row.id, channel: row.channel, address: row.address, source: row.source, created_at: row.createdAt.toISOString() };
}

export async function removeOptOut(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  if (!(await deleteOptOut(tx, ctx, eq(messageOptOut.id, id)))) throw notFound();
}

/** Deletes the organisation's opt-out matching `where`, with its audit row; false when there was none. */
async function deleteOptOut(tx: Tx, ctx: Ctx, where: SQL | undefined): Promise<boolean> {
  const [row] = await tx
    .delete(messageOptOut)
    .where(and(eq(messageOptOut.organisationId, ctx.organisationId), where))
    .returning();
  if (!row) return false;
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message_opt_out',
    objectId: row.id,
    label: `${row.address} (${row.channel})`,
    action: 'delete',
  });
  return true;
}

/** A person as the forms know them: a phone (SMS, WhatsApp) and an e-mail, either may be empty. */
export interface Contact {
  phone?: string | null;
  email?: string | null;
}

/** The address each channel keys on for a person (null where they have none). */
function addressesOf(contact: Contact): Record<Channel, string | null> {
  const phone = contact.phone ? optOutAddress('sms', contact.phone) : null;
  return { sms: phone, whatsapp: phone, email: contact.email ? optOutAddress('email', contact.email) : null };
}

/**
 * The channels each person opted out of, in the order given (one query for a page of members or
 * clients).
 */
export async function optOutsOf(tx: Tx, ctx: Ctx, contacts: Contact[]): Promise<Channel[][]> {
  const keyed = contacts.map(addressesOf);
  const addresses = [...new Set(keyed.flatMap((k) => Object.values(k)).filter((a): a is string => !!a))];
  if (!addresses.length) return contacts.map(() => []);
  const rows = await tx
    .select({ channel: messageOptOut.channel, address: messageOptOut.address })
    .from(messageOptOut)
    .where(and(eq(messageOptOut.organisationId, ctx.organisationId), inArray(messageOptOut.address, addresses)));
  const out = new Set(rows.map((r) => `${r.channel} ${r.address}`));
  return keyed.map((k) => CHANNELS.filter((c) => k[c] !== null && out.has(`${c} ${k[c]}`)));
}

const NO_ADDRESS: Record<Channel, string> = {
  sms: 'Add a phone number to opt out of SMS.',
  whatsapp: 'Add a phone number to opt out of WhatsApp.',
  email: 'Add an email address to opt out of email.',
};

/**
 * A person's opt-outs set to exactly `channels` (the checkboxes of the member and client forms):
 * the missing ones added, the others removed, each change audited. A channel the person has no
 * address for is a field error on `message_opt_out`.
 */
export async function setOptOuts(tx: Tx, ctx: Ctx, contact: Contact, channels: Channel[], source: string): Promise<void> {
  const keyed = addressesOf(contact);
  const missing = channels.find((c) => keyed[c] === null);
  if (missing) throw fieldError('message_opt_out', NO_ADDRESS[missing]);
  const [now] = await optOutsOf(tx, ctx, [contact]);
  for (const channel of channels.filter((c) => !now.includes(c))) await addOptOut(tx, ctx, { channel, address: keyed[channel]! }, source);
  for (const channel of now.filter((c) => !channels.includes(c)))
    await deleteOptOut(tx, ctx, and(eq(messageOptOut.channel, channel), eq(messageOptOut.address, keyed[channel]!)));
}

/**
 * A person's opt-outs after an edit of their form: as sent (`sent`), or — not sent — the ones they
 * had carried over to a changed phone or e-mail, where the new one can hold them.
 */
export async function keepOptOuts(
  tx: Tx,
  ctx: Ctx,
  before: Contact,
  after: Contact,
  sent: Channel[] | undefined,
  source: string,
): Promise<void> {
  if (sent) return setOptOuts(tx, ctx, after, sent, source);
  if (before.phone === after.phone && before.email === after.email) return;
  const [had] = await optOutsOf(tx, ctx, [before]);
  const carried = had.filter((c) => (c === 'email' ? !!after.email : !!after.phone));
  if (carried.length) await setOptOuts(tx, ctx, after, carried, source);
}

// ---- retry ----

/** A failed message queued again: its credits spent again (they were refunded when it failed). */
export async function retryMessage(tx: Tx, ctx: Ctx, id: number, modules: MessageModule[]) {
  const [row] = await tx
    .select()
    .from(message)
    .where(and(eq(message.organisationId, ctx.organisationId), eq(message.id, id)))
    .for('update');
  if (!row || !modules.includes(row.module)) throw notFound();
  if (row.status !== 'failed') throw badRequest('Only a failed message can be sent again.');
  if (row.sealed != null) throw badRequest('A one-time code is not sent again: the member asks for a new one.');
  await spendCredits(tx, ctx, row.credits, 'retry', `Message ${row.id} sent again`);
  const [after] = await tx
    .update(message)
    .set({ status: 'queued', attempts: 0, error: '', notBefore: new Date(), leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(message.organisationId, ctx.organisationId), eq(message.id, id)))
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'message',
    objectId: id,
    label: `${row.channel} to ${row.recipientName}`,
    action: 'action',
    after: { retried: true },
  });
  return after;
}

/**
 * Makes a module's template when the organisation has none of that name and channel (a module's
 * own message the organisation may edit, e.g. to add its DLT template id); one that exists, edited
 * or not, is left as it is. Safe under concurrency (the name's unique index).
 */
export async function ensureTemplate(
  tx: Tx,
  ctx: Ctx,
  input: { module: MessageModule; channel: 'sms' | 'whatsapp' | 'email'; name: string; body: string; subject?: string },
): Promise<void> {
  await tx
    .insert(messageTemplate)
    .values({
      organisationId: ctx.organisationId,
      channel: input.channel,
      name: input.name,
      module: input.module,
      subject: input.subject ?? '',
      body: input.body,
    })
    .onConflictDoNothing();
}

/** A module's template by its name (the demo seed of another module names the templates it uses), or null. */
export async function templateIdByName(tx: Tx, ctx: Ctx, module: MessageModule, name: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: messageTemplate.id })
    .from(messageTemplate)
    .where(and(eq(messageTemplate.organisationId, ctx.organisationId), eq(messageTemplate.module, module), eq(messageTemplate.name, name)));
  return row?.id ?? null;
}
