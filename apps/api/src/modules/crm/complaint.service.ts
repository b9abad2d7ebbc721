/**
 * Complaints: from a member, or a name and phone; open until closed with a resolution (400 on
 * `resolution` otherwise), which records who resolved it and when; reopened by the desk.
 */
import type { Complaint, ComplaintInput, ComplaintUpdate } from '@arena/contracts/crm';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound, type FieldErrors } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import { checkMember, memberContacts } from '../membership/index.js';
import { checkActiveStaff, staffNames } from '../staff/index.js';
import { MODULE } from './constants.js';
import { notifyNewComplaint } from './notifications.js';
import { complaint, type ComplaintRow } from './schema.js';

const centreName = sql<string>`coalesce((select c.name from centre c where c.organisation_id = ${complaint.organisationId} and c.id = ${complaint.centreId}), '')`;
const resolverName = sql<string>`coalesce((select trim(u.first_name || ' ' || u.last_name) from app_user u where u.id = ${complaint.resolvedBy}), '')`;
export const complaintFields = { c: complaint, centreName, resolverName };
export type ComplaintJoin = { c: ComplaintRow; centreName: string; resolverName: string };
export const complaintFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof complaintFields)
    .from(complaint)
    .$dynamic();

export async function complaintsJson(tx: Tx, ctx: Ctx, rows: ComplaintJoin[]): Promise<Complaint[]> {
  const staff = await staffNames(
    tx,
    ctx,
    rows.map((r) => r.c.assignedTo),
  );
  const members = await memberContacts(
    tx,
    ctx,
    rows.map((r) => r.c.memberId),
  );
  return rows.map(({ c, centreName: cn, resolverName: rn }) => {
    const m = c.memberId ? members.get(c.memberId) : undefined;
    return {
      id: c.id,
      member: c.memberId,
      member_code: m?.code ?? '',
      name: m?.name ?? c.name,
      phone: m?.phone ?? c.phone,
      subject: c.subject,
      description: c.description,
      priority: c.priority,
      assigned_to: c.assignedTo,
      assigned_to_name: c.assignedTo ? (staff.get(c.assignedTo) ?? '') : '',
      centre: c.centreId,
      centre_name: cn,
      status: c.status,
      resolution: c.resolution,
      resolved_by: c.resolvedBy,
      resolved_by_name: rn,
      resolved_at: c.resolvedAt?.toISOString() ?? null,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    };
  });
}

const byId = (ctx: Ctx, id: number) => and(eq(complaint.organisationId, ctx.organisationId), eq(complaint.id, id));

export async function loadComplaint(tx: Tx, ctx: Ctx, id: number): Promise<Complaint> {
  const [row] = await complaintFrom(tx, complaintFields).where(byId(ctx, id));
  if (!row) throw notFound();
  return (await complaintsJson(tx, ctx, [row]))[0];
}

/** From a member, or else a name and a phone. */
function checkFrom(v: { memberId: number | null; name: string; phone: string }): void {
  if (v.memberId) return;
  const errors: FieldErrors = {};
  if (!v.name) errors.name = ['Choose a member, or enter a name and phone.'];
  if (!v.phone) errors.phone = ['Choose a member, or enter a name and phone.'];
  if (Object.keys(errors).length) throw badRequest(errors);
}

async function checkRefs(tx: Tx, ctx: Ctx, input: ComplaintUpdate, keepStaff?: number | null): Promise<void> {
  await checkActiveStaff(tx, ctx, 'assigned_to', input.assigned_to, keepStaff);
  await checkMember(tx, ctx, 'member', input.member);
  await checkReferences(tx, ctx.organisationId, { centre: { table: centre, id: input.centre } });
}

function values(input: ComplaintUpdate) {
  const v = {
    memberId: input.member,
    name: input.name,
    phone: input.phone,
    subject: input.subject,
    description: input.description,
    priority: input.priority,
    assignedTo: input.assigned_to,
    centreId: input.centre,
  };
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<typeof v>;
}

const label = (c: { subject: string; name: string }) => `${c.subject} (${c.name})`;

export async function createComplaint(tx: Tx, ctx: Ctx, input: ComplaintInput): Promise<Complaint> {
  checkFrom({ memberId: input.member, name: input.name, phone: input.phone });
  await checkRefs(tx, ctx, input);
  const [row] = await tx
    .insert(complaint)
    .values({ ...(values(input) as Required<ReturnType<typeof values>>), organisationId: ctx.organisationId, createdBy: ctx.actor.actorId })
    .returning({ id: complaint.id });
  const after = await loadComplaint(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'complaint', objectId: row.id, label: label(after), action: 'create', after });
  await notifyNewComplaint(tx, ctx, {
    id: after.id,
    subject: after.subject,
    name: after.name,
    priority: after.priority,
    centreId: after.centre,
    assignedTo: after.assigned_to,
  });
  return after;
}

async function lock(tx: Tx, ctx: Ctx, id: number): Promise<ComplaintRow> {
  const [row] = await tx.select().from(complaint).where(byId(ctx, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function updateComplaint(tx: Tx, ctx: Ctx, id: number, input: ComplaintUpdate): Promise<Complaint> {
  const current = await lock(tx, ctx, id);
  checkFrom({
    memberId: input.member !== undefined ? input.member : current.memberId,
    name: input.name ?? current.name,
    phone: input.phone ?? current.phone,
  });
  await checkRefs(tx, ctx, input, current.assignedTo);
  return change(tx, ctx, id, values(input));
}

export async function deleteComplaint(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = await loadComplaint(tx, ctx, id);
  await tx.delete(complaint).where(byId(ctx, id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'complaint', objectId: id, label: label(before), action: 'delete', before });
}

/** open → closed: a resolution is required; who closed it and when are recorded. */
export async function closeComplaint(tx: Tx, ctx: Ctx, id: number, resolution: string | undefined): Promise<Complaint> {
  const text = (resolution ?? '').trim();
  if (!text) throw fieldError('resolution', 'A resolution is required to close a complaint.');
  if (text.length > 2000) throw fieldError('resolution', 'Ensure this field has no more than 2000 characters.');
  const current = await lock(tx, ctx, id);
  if (current.status !== 'open') throw badRequest({ status: ['This complaint is already closed.'] });
  return change(tx, ctx, id, { status: 'closed', resolution: text, resolvedBy: ctx.actor.actorId, resolvedAt: ctx.now.instant });
}

export async function reopenComplaint(tx: Tx, ctx: Ctx, id: number): Promise<Complaint> {
  const current = await lock(tx, ctx, id);
  if (current.status !== 'closed') throw badRequest({ status: ['This complaint is already open.'] });
  return change(tx, ctx, id, { status: 'open', resolution: '', resolvedBy: null, resolvedAt: null });
}

/** Writes `changes` to a complaint the caller has locked, and records it as it was before and after. */
async function change(tx: Tx, ctx: Ctx, id: number, changes: Partial<typeof complaint.$inferInsert>): Promise<Complaint> {
  const before = await loadComplaint(tx, ctx, id);
  await tx
    .update(complaint)
    .set({ ...changes, updatedAt: ctx.now.instant })
    .where(byId(ctx, id));
  const after = await loadComplaint(tx, ctx, id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'complaint',
    objectId: id,
    label: label(after),
    action: 'update',
    before,
    after,
  });
  return after;
}
