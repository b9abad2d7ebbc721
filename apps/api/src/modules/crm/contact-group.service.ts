/**
 * Contact groups: saved audiences — the people the desk listed (members, booking clients,
 * enquiries) or a filter resolved when used. `resolveContactGroup` is what the messaging engine
 * sends to: `{kind, id, name, phone, email}`, at most 10,000, read set-based through membership's
 * and booking's public files and CRM's own enquiries.
 */
import { CONTACT_GROUP_MAX, type ContactGroup, type ContactGroupInput, type Recipient } from '@arena/contracts/crm';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { clientContacts } from '../booking/index.js';
import { checkBatch, checkPlans, memberAudience, memberContacts } from '../membership/index.js';
import { MODULE } from './constants.js';
import { contactGroup, enquiry, type ContactGroupRow } from './schema.js';

type Filter = NonNullable<ContactGroupRow['filter']>;

export function contactGroupJson(row: ContactGroupRow): ContactGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter: row.filter
      ? { audience: row.filter.audience as NonNullable<ContactGroup['filter']>['audience'], plan: row.filter.plan, batch: row.filter.batch }
      : null,
    members: row.entries,
    size: row.filter ? 0 : row.entries.length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const byId = (ctx: Ctx, id: number) => and(eq(contactGroup.organisationId, ctx.organisationId), eq(contactGroup.id, id));

export async function loadContactGroupRow(tx: Tx, ctx: Ctx, id: number): Promise<ContactGroupRow> {
  const [row] = await tx.select().from(contactGroup).where(byId(ctx, id));
  if (!row) throw notFound();
  return row;
}

/** The group's rules: a filter or a list (not both, not neither), the filter's plan or batch, every listed person the organisation's. */
async function check(tx: Tx, ctx: Ctx, input: ContactGroupInput): Promise<void> {
  if (input.filter && input.members.length)
    throw badRequest({ members: ['A contact group is either a list of people or a filter, not both.'] });
  if (!input.filter && !input.members.length) throw badRequest({ members: ['List at least one person, or choose a filter.'] });
  const f = input.filter;
  if (f?.audience === 'plan') {
    if (!f.plan) throw fieldError('filter.plan', 'Choose a plan.');
    await checkPlans(tx, ctx, 'filter.plan', [f.plan]);
  }
  if (f?.audience === 'batch') {
    if (!f.batch) throw fieldError('filter.batch', 'Choose a batch.');
    await checkBatch(tx, ctx, 'filter.batch', f.batch);
  }
  if (input.members.length) {
    const ids = (kind: string) => [...new Set(input.members.filter((m) => m.kind === kind).map((m) => m.id))];
    const found = await listed(tx, ctx, ids('member'), ids('client'), ids('enquiry'));
    const known = new Set(found.map((r) => `${r.kind}:${r.id}`));
    const missing = input.members.find((m) => !known.has(`${m.kind}:${m.id}`));
    if (missing) throw fieldError('members', `Invalid ${missing.kind} "${missing.id}" - object does not exist.`);
  }
}

async function listed(tx: Tx, ctx: Ctx, members: number[], clients: number[], enquiries: number[]): Promise<Recipient[]> {
  const m = [...(await memberContacts(tx, ctx, members)).values()].map((x) => ({
    kind: 'member' as const,
    id: x.id,
    name: x.name,
    phone: x.phone,
    email: x.email,
  }));
  const c = (await clientContacts(tx, ctx, clients, CONTACT_GROUP_MAX)).map((x) => ({ kind: 'client' as const, ...x }));
  const e = enquiries.length
    ? (
        await tx
          .select({ id: enquiry.id, name: enquiry.name, phone: enquiry.phone, email: enquiry.email })
          .from(enquiry)
          .where(and(eq(enquiry.organisationId, ctx.organisationId), inArray(enquiry.id, enquiries)))
      ).map((x) => ({ kind: 'enquiry' as const, ...x }))
    : [];
  return [...m, ...c, ...e];
}

async function audience(tx: Tx, ctx: Ctx, f: Filter, limit: number): Promise<Recipient[]> {
  switch (f.audience) {
    case 'open_enquiries':
      return (
        await tx
          .select({ id: enquiry.id, name: enquiry.name, phone: enquiry.phone, email: enquiry.email })
          .from(enquiry)
          .where(and(eq(enquiry.organisationId, ctx.organisationId), eq(enquiry.status, 'open')))
          .orderBy(asc(enquiry.name), asc(enquiry.id))
          .limit(limit)
      ).map((x) => ({ kind: 'enquiry' as const, ...x }));
    case 'booking_clients':
      return (await clientContacts(tx, ctx, null, limit)).map((x) => ({ kind: 'client' as const, ...x }));
    case 'plan':
      return toRecipients(await memberAudience(tx, ctx, { audience: 'plan', plan: f.plan ?? 0 }, limit));
    case 'batch':
      return toRecipients(await memberAudience(tx, ctx, { audience: 'batch', batch: f.batch ?? 0 }, limit));
    case 'expired_members':
      return toRecipients(await memberAudience(tx, ctx, { audience: 'expired_members' }, limit));
    default:
      return toRecipients(await memberAudience(tx, ctx, { audience: 'active_members' }, limit));
  }
}
const toRecipients = (rows: { id: number; name: string; phone: string; email: string }[]): Recipient[] =>
  rows.map((x) => ({ kind: 'member', id: x.id, name: x.name, phone: x.phone, email: x.email }));

/**
 * The people a contact group stands for now (public: the messaging engine sends to it), at most
 * `limit` (10,000 by default). A listed person who is no longer there is left out.
 */
export async function resolveContactGroup(tx: Tx, ctx: Ctx, id: number, limit = CONTACT_GROUP_MAX): Promise<Recipient[]> {
  const row = await loadContactGroupRow(tx, ctx, id);
  const cap = Math.min(Math.max(limit, 0), CONTACT_GROUP_MAX);
  if (row.filter) return audience(tx, ctx, row.filter, cap);
  const ids = (kind: string) => [...new Set(row.entries.filter((m) => m.kind === kind).map((m) => m.id))];
  return (await listed(tx, ctx, ids('member'), ids('client'), ids('enquiry'))).slice(0, cap);
}

export async function previewContactGroup(tx: Tx, ctx: Ctx, id: number): Promise<{ count: number; results: Recipient[] }> {
  const all = await resolveContactGroup(tx, ctx, id);
  return { count: all.length, results: all.slice(0, 20) };
}

const valuesOf = (input: ContactGroupInput) => ({
  name: input.name,
  description: input.description,
  filter: input.filter ? { audience: input.filter.audience, plan: input.filter.plan, batch: input.filter.batch } : null,
  entries: input.filter ? [] : input.members.map((m) => ({ kind: m.kind, id: m.id })),
});

export async function createContactGroup(tx: Tx, ctx: Ctx, input: ContactGroupInput): Promise<ContactGroup> {
  await check(tx, ctx, input);
  const [row] = await tx
    .insert(contactGroup)
    .values({ ...valuesOf(input), organisationId: ctx.organisationId })
    .returning();
  const after = contactGroupJson(row);
  await record(tx, ctx.actor, { module: MODULE, resource: 'contact_group', objectId: row.id, label: row.name, action: 'create', after });
  return after;
}

export async function updateContactGroup(tx: Tx, ctx: Ctx, id: number, input: ContactGroupInput): Promise<ContactGroup> {
  const before = contactGroupJson(await loadContactGroupRow(tx, ctx, id));
  await check(tx, ctx, input);
  const [row] = await tx
    .update(contactGroup)
    .set({ ...valuesOf(input), updatedAt: ctx.now.instant })
    .where(byId(ctx, id))
    .returning();
  const after = contactGroupJson(row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'contact_group',
    objectId: id,
    label: row.name,
    action: 'update',
    before,
    after,
  });
  return after;
}

export async function deleteContactGroup(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = contactGroupJson(await loadContactGroupRow(tx, ctx, id));
  await tx.delete(contactGroup).where(byId(ctx, id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'contact_group', objectId: id, label: before.name, action: 'delete', before });
}
