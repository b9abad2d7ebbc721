/**
 * Enquiries (leads): created open, closed with a reason and reopened, converted once into a member
 * (Add Member's service through membership's public file, in the same transaction: the enquiry row
 * is locked first, so of concurrent converts one creates the member and the others see it
 * converted). A follow-up sets the enquiry's next follow-up in the same transaction.
 */
import type { Enquiry, EnquiryInput, EnquiryUpdate, FollowUp, FollowUpInput } from '@arena/contracts/crm';
import type { MemberInput } from '@arena/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre, sport } from '../administrator/index.js';
import { addMemberFromEnquiry, checkPlans, memberContacts, planNames } from '../membership/index.js';
import { checkActiveStaff, staffNames } from '../staff/index.js';
import { MODULE } from './constants.js';
import { notifyNewEnquiry } from './notifications.js';
import { enquiry, followUp, type EnquiryRow, type FollowUpRow } from './schema.js';

const followUpCount = sql<number>`(select count(*)::int from crm_enquiry_follow_up f where f.organisation_id = ${enquiry.organisationId} and f.enquiry_id = ${enquiry.id})`;
export const enquiryFields = { e: enquiry, centreName: centre.name, followUps: followUpCount };
export type EnquiryJoin = { e: EnquiryRow; centreName: string; followUps: number };

export const enquiryFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof enquiryFields)
    .from(enquiry)
    .innerJoin(centre, and(eq(centre.organisationId, enquiry.organisationId), eq(centre.id, enquiry.centreId)))
    .$dynamic();

/** A page of enquiries as JSON: the names behind staff, members, plans and sports read once per page. */
export async function enquiriesJson(tx: Tx, ctx: Ctx, rows: EnquiryJoin[]): Promise<Enquiry[]> {
  const staff = await staffNames(
    tx,
    ctx,
    rows.map((r) => r.e.assignedTo),
  );
  const members = await memberContacts(
    tx,
    ctx,
    rows.map((r) => r.e.memberId),
  );
  const plans = await planNames(
    tx,
    ctx,
    rows.flatMap((r) => r.e.planIds),
  );
  const sportIds = [...new Set(rows.flatMap((r) => r.e.sportIds))];
  const sports = new Map(
    sportIds.length
      ? (
          await tx
            .select({ id: sport.id, name: sport.name })
            .from(sport)
            .where(and(eq(sport.organisationId, ctx.organisationId), inArray(sport.id, sportIds)))
        ).map((s) => [s.id, s.name])
      : [],
  );
  return rows.map(({ e, centreName, followUps }) => {
    const m = e.memberId ? members.get(e.memberId) : undefined;
    return {
      id: e.id,
      name: e.name,
      phone: e.phone,
      email: e.email,
      gender: e.gender,
      source: e.source,
      interested_in: e.interestedIn,
      plans: e.planIds.map(Number),
      plan_names: e.planIds.map((id) => plans.get(Number(id)) ?? `#${id}`),
      sports: e.sportIds.map(Number),
      sport_names: e.sportIds.map((id) => sports.get(Number(id)) ?? `#${id}`),
      assigned_to: e.assignedTo,
      assigned_to_name: e.assignedTo ? (staff.get(e.assignedTo) ?? '') : '',
      status: e.status,
      next_follow_up: e.nextFollowUp,
      notes: e.notes,
      centre: e.centreId,
      centre_name: centreName,
      member: e.memberId,
      member_name: m?.name ?? '',
      member_code: m?.code ?? '',
      close_reason: e.closeReason,
      closed_at: e.closedAt?.toISOString() ?? null,
      converted_at: e.convertedAt?.toISOString() ?? null,
      follow_ups: Number(followUps),
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    };
  });
}

const byId = (ctx: Ctx, id: number) => and(eq(enquiry.organisationId, ctx.organisationId), eq(enquiry.id, id));

export async function loadEnquiry(tx: Tx, ctx: Ctx, id: number): Promise<Enquiry> {
  const [row] = await enquiryFrom(tx, enquiryFields).where(byId(ctx, id));
  if (!row) throw notFound();
  return (await enquiriesJson(tx, ctx, [row]))[0];
}

async function lockEnquiry(tx: Tx, ctx: Ctx, id: number): Promise<EnquiryRow> {
  const [row] = await tx.select().from(enquiry).where(byId(ctx, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function checkRefs(tx: Tx, ctx: Ctx, input: EnquiryUpdate, keepStaff?: number | null): Promise<void> {
  await checkActiveStaff(tx, ctx, 'assigned_to', input.assigned_to, keepStaff);
  await checkReferences(tx, ctx.organisationId, {
    centre: { table: centre, id: input.centre },
    sports: { table: sport, id: input.sports },
  });
  if (input.plans) await checkPlans(tx, ctx, 'plans', input.plans);
}

function values(input: EnquiryUpdate) {
  const v = {
    name: input.name,
    phone: input.phone,
    email: input.email,
    gender: input.gender,
    source: input.source,
    interestedIn: input.interested_in,
    planIds: input.plans,
    sportIds: input.sports,
    assignedTo: input.assigned_to,
    nextFollowUp: input.next_follow_up,
    notes: input.notes,
    centreId: input.centre,
  };
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<typeof v>;
}

const label = (e: { name: string; phone: string }) => `${e.name} (${e.phone})`;

export async function createEnquiry(tx: Tx, ctx: Ctx, input: EnquiryInput): Promise<Enquiry> {
  await checkRefs(tx, ctx, input);
  const [row] = await tx
    .insert(enquiry)
    .values({ ...(values(input) as Required<ReturnType<typeof values>>), organisationId: ctx.organisationId, createdBy: ctx.actor.actorId })
    .returning({ id: enquiry.id });
  const after = await loadEnquiry(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'enquiry', objectId: row.id, label: label(after), action: 'create', after });
  await notifyNewEnquiry(tx, ctx, {
    id: after.id,
    name: after.name,
    phone: after.phone,
    source: after.source,
    interestedIn: after.interested_in,
    centreId: after.centre,
    assignedTo: after.assigned_to,
  });
  return after;
}

export async function updateEnquiry(tx: Tx, ctx: Ctx, id: number, input: EnquiryUpdate): Promise<Enquiry> {
  const current = await lockEnquiry(tx, ctx, id);
  await checkRefs(tx, ctx, input, current.assignedTo);
  return change(tx, ctx, id, values(input));
}

/** Deletes an open or closed enquiry with its follow-ups; a converted one is the record of how its member joined (400). */
export async function deleteEnquiry(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  await lockEnquiry(tx, ctx, id);
  const before = await loadEnquiry(tx, ctx, id);
  if (before.status === 'converted')
    throw badRequest(
      `This enquiry became member ${before.member_name}${before.member_code ? ` (${before.member_code})` : ''} and cannot be deleted: it is the record of how they joined.`,
    );
  await tx.delete(enquiry).where(byId(ctx, id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'enquiry', objectId: id, label: label(before), action: 'delete', before });
}

async function setStatus(
  tx: Tx,
  ctx: Ctx,
  id: number,
  from: EnquiryRow['status'],
  changes: Partial<typeof enquiry.$inferInsert>,
  verb: string,
): Promise<Enquiry> {
  const current = await lockEnquiry(tx, ctx, id);
  if (current.status !== from) throw badRequest({ status: [`Only an ${from} enquiry can be ${verb}; this one is ${current.status}.`] });
  return change(tx, ctx, id, changes);
}

/** Writes `changes` to an enquiry the caller has locked, and records it as it was before and after. */
async function change(tx: Tx, ctx: Ctx, id: number, changes: Partial<typeof enquiry.$inferInsert>): Promise<Enquiry> {
  const before = await loadEnquiry(tx, ctx, id);
  await tx
    .update(enquiry)
    .set({ ...changes, updatedAt: ctx.now.instant })
    .where(byId(ctx, id));
  const after = await loadEnquiry(tx, ctx, id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'enquiry', objectId: id, label: label(after), action: 'update', before, after });
  return after;
}

/** open → closed, with the reason (the note dialog). */
export const closeEnquiry = (tx: Tx, ctx: Ctx, id: number, reason: string) =>
  setStatus(tx, ctx, id, 'open', { status: 'closed', closeReason: reason, closedAt: ctx.now.instant, nextFollowUp: null }, 'closed');

/** closed → open. */
export const reopenEnquiry = (tx: Tx, ctx: Ctx, id: number) =>
  setStatus(tx, ctx, id, 'closed', { status: 'open', closeReason: '', closedAt: null }, 'reopened');

/**
 * open → converted: the member is created from Add Member's body (plan and first payment
 * included) and linked, in one transaction. Converting twice is a 400 on `status`.
 */
export async function convertEnquiry(tx: Tx, ctx: Ctx, id: number, input: MemberInput): Promise<Enquiry> {
  const current = await lockEnquiry(tx, ctx, id);
  if (current.status === 'converted') throw badRequest({ status: ['This enquiry is already converted to a member.'] });
  if (current.status !== 'open') throw badRequest({ status: [`Only an open enquiry can be converted; this one is ${current.status}.`] });
  const memberId = await addMemberFromEnquiry(tx, ctx, input);
  return setStatus(tx, ctx, id, 'open', { status: 'converted', memberId, convertedAt: ctx.now.instant, nextFollowUp: null }, 'converted');
}

// ---- follow-ups ----
export const followUpFields = { f: followUp, enquiryName: enquiry.name };
export type FollowUpJoin = { f: FollowUpRow; enquiryName: string };
export const followUpFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof followUpFields)
    .from(followUp)
    .innerJoin(enquiry, and(eq(enquiry.organisationId, followUp.organisationId), eq(enquiry.id, followUp.enquiryId)))
    .$dynamic();

export async function followUpsJson(tx: Tx, ctx: Ctx, rows: FollowUpJoin[]): Promise<FollowUp[]> {
  const staff = await staffNames(
    tx,
    ctx,
    rows.map((r) => r.f.staffId),
  );
  return rows.map(({ f, enquiryName }) => ({
    id: f.id,
    enquiry: f.enquiryId,
    enquiry_name: enquiryName,
    date: f.date,
    method: f.method,
    outcome: f.outcome,
    next_follow_up: f.nextFollowUp,
    staff: f.staffId,
    staff_name: f.staffId ? (staff.get(f.staffId) ?? '') : '',
    created_at: f.createdAt.toISOString(),
  }));
}

const followUpById = (ctx: Ctx, id: number) => and(eq(followUp.organisationId, ctx.organisationId), eq(followUp.id, id));

export async function loadFollowUp(tx: Tx, ctx: Ctx, id: number): Promise<FollowUp> {
  const [row] = await followUpFrom(tx, followUpFields).where(followUpById(ctx, id));
  if (!row) throw notFound();
  return (await followUpsJson(tx, ctx, [row]))[0];
}

/** Logs a follow-up of an open enquiry and moves its next follow-up to the one given, in the same transaction. */
export async function addFollowUp(tx: Tx, ctx: Ctx, input: FollowUpInput): Promise<FollowUp> {
  const [target] = await tx.select().from(enquiry).where(byId(ctx, input.enquiry)).for('update');
  if (!target) throw fieldError('enquiry', `Invalid pk "${input.enquiry}" - object does not exist.`);
  if (target.status !== 'open') throw fieldError('enquiry', `Follow-ups are logged on open enquiries; this one is ${target.status}.`);
  await checkActiveStaff(tx, ctx, 'staff', input.staff);
  const date = input.date ?? ctx.now.today;
  if (input.next_follow_up && input.next_follow_up < date)
    throw fieldError('next_follow_up', 'The next follow-up cannot be before this one.');
  const [row] = await tx
    .insert(followUp)
    .values({
      organisationId: ctx.organisationId,
      enquiryId: input.enquiry,
      date,
      method: input.method,
      outcome: input.outcome,
      nextFollowUp: input.next_follow_up,
      staffId: input.staff,
      createdBy: ctx.actor.actorId,
    })
    .returning({ id: followUp.id });
  await tx.update(enquiry).set({ nextFollowUp: input.next_follow_up, updatedAt: ctx.now.instant }).where(byId(ctx, input.enquiry));
  const after = await loadFollowUp(tx, ctx, row.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'enquiry_followup',
    objectId: row.id,
    label: `${target.name}: ${after.method} on ${after.date}`,
    action: 'create',
    after,
  });
  return after;
}

export async function deleteFollowUp(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = await loadFollowUp(tx, ctx, id);
  await tx.delete(followUp).where(followUpById(ctx, id));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'enquiry_followup',
    objectId: id,
    label: `${before.enquiry_name}: ${before.method} on ${before.date}`,
    action: 'delete',
    before,
  });
}
