/**
 * Contact groups: saved audiences — the people the desk listed (members, booking clients,
 * enquiries) or a filter resolved when used. `resolveContactGroup` is what the messaging engine
 * sends to: `{kind, id, name, phone, email}`, at most 10,000, read set-based through membership's
 * and booking's public files and CRM's own enquiries.
 */
import {
  CONTACT_GROUP_MAX,
  type ContactGroup,
  type ContactGroupInput,
  type ContactGroupPeople,
  type ContactGroupUpdate,
  type Recipient,
} from '@arena/contracts/crm';
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

type Entry = ContactGroupRow['entries'][number];
const LIST_MAX = 5000;

/** A group of the organisation (locked for a write), or a 404. */
export async function loadContactGroupRow(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<ContactGroupRow> {
  const q = tx.select().from(contactGroup).where(byId(ctx, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * The group's rules: a filter or a list (not both, not neither), the filter's plan or batch, and
 * each of `people` (the listed people being written: all of them, or those being added) the
 * organisation's.
 */
async function check(tx: Tx, ctx: Ctx, input: ContactGroupInput, people: Entry[] = input.members): Promise<void> {
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
  if (input.members.length > LIST_MAX) throw fieldError('members', `At most ${LIST_MAX} people.`);
  if (people.length) {
    const ids = (kind: string) => [...new Set(people.filter((m) => m.kind === kind).map((m) => m.id))];
    const found = await listed(tx, ctx, ids('member'), ids('client'), ids('enquiry'));
    const known = new Set(found.map((r) => `${r.kind}:${r.id}`));
    const missing = people.find((m) => !known.has(`${m.kind}:${m.id}`));
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
  return resolveRow(tx, ctx, await loadContactGroupRow(tx, ctx, id), Math.min(Math.max(limit, 0), CONTACT_GROUP_MAX));
}

async function resolveRow(tx: Tx, ctx: Ctx, row: ContactGroupRow, cap: number): Promise<Recipient[]> {
  if (row.filter) return audience(tx, ctx, row.filter, cap);
  const ids = (kind: string) => [...new Set(row.entries.filter((m) => m.kind === kind).map((m) => m.id))];
  return (await listed(tx, ctx, ids('member'), ids('client'), ids('enquiry'))).slice(0, cap);
}

/**
 * The people a group stands for now, by name, a page at a time: a list's people, or whom its
 * filter finds today (at most CONTACT_GROUP_MAX, as a send would reach; `capped` when there are
 * more). Search by name, phone or e-mail.
 */
export async function contactGroupPeople(
  tx: Tx,
  ctx: Ctx,
  id: number,
  q: { search?: string; page: number; page_size: number },
): Promise<ContactGroupPeople> {
  // One more than a send reaches, to tell the screen the group is capped.
  const all = await resolveRow(tx, ctx, await loadContactGroupRow(tx, ctx, id), CONTACT_GROUP_MAX + 1);
  const capped = all.length > CONTACT_GROUP_MAX;
  const term = q.search?.trim().toLowerCase() ?? '';
  const digits = term.replace(/\D/g, '');
  const found = (capped ? all.slice(0, CONTACT_GROUP_MAX) : all)
    .filter(
      (r) =>
        !term ||
        r.name.toLowerCase().includes(term) ||
        r.email.toLowerCase().includes(term) ||
        (digits.length >= 3 && r.phone.includes(digits)),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.kind.localeCompare(b.kind) || a.id - b.id);
  const start = (q.page - 1) * q.page_size;
  const more = start + q.page_size < found.length;
  return {
    count: found.length,
    next: more ? `?page=${q.page + 1}` : null,
    previous: q.page > 1 ? `?page=${q.page - 1}` : null,
    results: found.slice(start, start + q.page_size),
    capped,
  };
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
  const row = await loadContactGroupRow(tx, ctx, id, true);
  await check(tx, ctx, input);
  return write(tx, ctx, row, input);
}

const inputOf = (row: ContactGroupRow): ContactGroupInput => ({
  name: row.name,
  description: row.description,
  filter: row.filter
    ? {
        audience: row.filter.audience as NonNullable<ContactGroupInput['filter']>['audience'],
        plan: row.filter.plan,
        batch: row.filter.batch,
      }
    : null,
  members: row.entries,
});

/**
 * Changes only what is sent: a rename keeps a list's people as they are (a listed person since
 * removed elsewhere does not stop it). A filter sent alone turns a list into that filter, and
 * people sent alone turn a filter into that list.
 */
export async function patchContactGroup(tx: Tx, ctx: Ctx, id: number, patch: ContactGroupUpdate): Promise<ContactGroup> {
  const row = await loadContactGroupRow(tx, ctx, id, true);
  const current = inputOf(row);
  const filter = patch.filter !== undefined ? patch.filter : patch.members?.length ? null : current.filter;
  const members = patch.members ?? (patch.filter ? [] : current.members);
  const input: ContactGroupInput = {
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    filter,
    members,
  };
  await check(tx, ctx, input, patch.members ?? []);
  return write(tx, ctx, row, input);
}

/** A list group's row, locked, or a 400 for a filter group (its people are worked out, not listed). */
async function listRow(tx: Tx, ctx: Ctx, id: number): Promise<ContactGroupRow> {
  const row = await loadContactGroupRow(tx, ctx, id, true);
  if (row.filter)
    throw badRequest({
      members: ['This group is a saved filter: its people are worked out each time it is used, so none can be added or taken out.'],
    });
  return row;
}

const keyOf = (e: { kind: string; id: number }) => `${e.kind}:${e.id}`;

/** Adds people to a list group; those already in it stay once. Each must be the organisation's. */
export async function addContactGroupPeople(tx: Tx, ctx: Ctx, id: number, people: Entry[]): Promise<ContactGroup> {
  const row = await listRow(tx, ctx, id);
  // Each new one once (a Set of the keys seen, not a search per person).
  const seen = new Set(row.entries.map(keyOf));
  const added = people.filter((p) => !seen.has(keyOf(p)) && Boolean(seen.add(keyOf(p))));
  const input = { ...inputOf(row), members: [...row.entries, ...added] };
  await check(tx, ctx, input, added);
  return write(tx, ctx, row, input);
}

/** Takes people out of a list group (those not in it are ignored); the last one cannot go. */
export async function removeContactGroupPeople(tx: Tx, ctx: Ctx, id: number, people: Entry[]): Promise<ContactGroup> {
  const row = await listRow(tx, ctx, id);
  const out = new Set(people.map(keyOf));
  const members = row.entries.filter((e) => !out.has(keyOf(e)));
  if (!members.length)
    throw badRequest({ members: ['A list group needs at least one person. Delete the group instead, or add someone first.'] });
  return write(tx, ctx, row, { ...inputOf(row), members });
}

/** Writes a checked group over its locked row, with the audit row. */
async function write(tx: Tx, ctx: Ctx, row: ContactGroupRow, input: ContactGroupInput): Promise<ContactGroup> {
  const before = contactGroupJson(row);
  const [updated] = await tx
    .update(contactGroup)
    .set({ ...valuesOf(input), updatedAt: ctx.now.instant })
    .where(byId(ctx, row.id))
    .returning();
  const after = contactGroupJson(updated);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'contact_group',
    objectId: row.id,
    label: updated.name,
    action: 'update',
    before,
    after,
  });
  return after;
}

export async function deleteContactGroup(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = contactGroupJson(await loadContactGroupRow(tx, ctx, id, true));
  await tx.delete(contactGroup).where(byId(ctx, id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'contact_group', objectId: id, label: before.name, action: 'delete', before });
}
