/**
 * Members: created with a code from the organisation's counter (MEM-00042, consecutive, gapless
 * under rollback) and, in the same step, optionally put on a plan with a first payment. A phone
 * number belongs to one active member (the partial unique index holds it under races; the
 * pre-check names the member who has it).
 */
import type { MemberInput, MemberUpdate, MembershipSettingsInput } from '@arena/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { ApiError, fieldError, notFound, onUnique } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { nextNumber } from '../../platform/sequence.js';
import { centre } from '../administrator/index.js';
import { checkedBilling } from '../money/index.js';
import { keepOptOuts, setOptOuts } from '../messaging/index.js';
import { checkActiveStaff } from '../staff/index.js';
import { MODULE } from './constants.js';
import { fullName, sellMembership } from './sales.service.js';
import { member, membershipSetting, type MemberRow } from './schema.js';
import { freeLapsedSeats } from './seats.js';
import { refreshStatuses } from './status.js';

export const memberCode = (n: number) => `MEM-${String(n).padStart(5, '0')}`;
export const DUPLICATE_PHONE = 'A member with this phone number already exists.';
const phoneTaken = onUnique({ member_org_phone_key: { field: 'phone', message: DUPLICATE_PHONE } });

async function checkPhone(tx: Tx, ctx: Ctx, phone: string, except?: number): Promise<void> {
  const [other] = await tx
    .select({ id: member.id, code: member.memberCode, first: member.firstName, last: member.lastName })
    .from(member)
    .where(
      and(
        eq(member.organisationId, ctx.organisationId),
        eq(member.phone, phone),
        eq(member.isActive, true),
        except ? ne(member.id, except) : undefined,
      ),
    );
  if (other)
    throw fieldError(
      'phone',
      `${DUPLICATE_PHONE} (${other.code}, ${fullName({ firstName: other.first, lastName: other.last })}, id ${other.id})`,
    );
}

/** The centre must be the organisation's; the trainer an active staff member of it (`keep`: the one already set may stay). */
async function checkRefs(tx: Tx, ctx: Ctx, input: { centre?: number; trainer?: number | null }, keep?: number | null): Promise<void> {
  await checkActiveStaff(tx, ctx, 'trainer', input.trainer, keep);
  await checkReferences(tx, ctx.organisationId, { centre: { table: centre, id: input.centre } });
}

/** Creates a member (and its first membership when asked). Returns the member and the membership's id. */
export async function createMember(
  tx: Tx,
  ctx: Ctx,
  input: MemberInput,
  photo: string | null,
): Promise<{ member: MemberRow; membershipId: number | null }> {
  await checkRefs(tx, ctx, input);
  const billing = checkedBilling(input);
  if (input.is_active) await checkPhone(tx, ctx, input.phone);
  const code = memberCode(await nextNumber(tx, ctx.organisationId, 'member'));
  const [row] = await tx
    .insert(member)
    .values({
      organisationId: ctx.organisationId,
      memberCode: code,
      firstName: input.first_name,
      lastName: input.last_name,
      gender: input.gender,
      dateOfBirth: input.date_of_birth,
      phone: input.phone,
      email: input.email,
      address: input.address,
      centreId: input.centre,
      photo,
      emergencyContactName: input.emergency_contact_name,
      emergencyContactPhone: input.emergency_contact_phone,
      bloodGroup: input.blood_group,
      healthNotes: input.health_notes,
      source: input.source,
      joinedOn: input.joined_on ?? ctx.now.today,
      trainerId: input.trainer,
      notes: input.notes,
      isActive: input.is_active,
      gstin: billing.gstin,
      billingName: billing.billing_name,
      billingAddress: billing.billing_address,
      billingState: billing.billing_state,
      createdBy: ctx.actor.actorId,
    })
    .returning()
    .catch(phoneTaken);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'member',
    objectId: row.id,
    label: `${fullName(row)} (${code})`,
    action: 'create',
    after: { member_code: code, phone: row.phone, centre: row.centreId, source: row.source },
  });
  if (input.message_opt_out?.length) await setOptOuts(tx, ctx, row, input.message_opt_out, 'member');
  let membershipId: number | null = null;
  if (input.membership) {
    try {
      membershipId = await sellMembership(tx, ctx, { ...input.membership, member: row.id });
    } catch (err) {
      throw prefixed(err, 'membership');
    }
  } else await refreshStatuses(tx, ctx, { members: [row.id] });
  return { member: row, membershipId };
}

/** A nested sale's field errors under `membership.` (the object the client sent). */
function prefixed(err: unknown, prefix: string): unknown {
  if (!(err instanceof ApiError) || err.statusCode !== 400 || 'detail' in err.body || 'non_field_errors' in err.body) return err;
  return new ApiError(400, Object.fromEntries(Object.entries(err.body).map(([k, v]) => [`${prefix}.${k}`, v])));
}

const COLUMNS: Record<Exclude<keyof MemberUpdate, 'message_opt_out'>, keyof MemberRow> = {
  first_name: 'firstName',
  last_name: 'lastName',
  gender: 'gender',
  date_of_birth: 'dateOfBirth',
  phone: 'phone',
  email: 'email',
  address: 'address',
  centre: 'centreId',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_phone: 'emergencyContactPhone',
  blood_group: 'bloodGroup',
  health_notes: 'healthNotes',
  source: 'source',
  joined_on: 'joinedOn',
  trainer: 'trainerId',
  notes: 'notes',
  is_active: 'isActive',
  gstin: 'gstin',
  billing_name: 'billingName',
  billing_address: 'billingAddress',
  billing_state: 'billingState',
};

const BILLING = ['gstin', 'billing_name', 'billing_address', 'billing_state'] as const;

/** Edits a member; `photo` undefined keeps it, null removes it. Returns the row before and after. */
export async function updateMember(
  tx: Tx,
  ctx: Ctx,
  id: number,
  changes: MemberUpdate,
  photo: string | null | undefined,
): Promise<{ before: MemberRow; after: MemberRow }> {
  const [before] = await tx
    .select()
    .from(member)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, id)))
    .for('update');
  if (!before) throw notFound();
  await checkRefs(tx, ctx, changes, before.trainerId);
  if (BILLING.some((k) => changes[k] !== undefined)) {
    // The details as they will be, checked together (a GSTIN of the state); the state as GST spells it.
    const billing = checkedBilling({
      gstin: changes.gstin ?? before.gstin,
      billing_name: changes.billing_name ?? before.billingName,
      billing_address: changes.billing_address ?? before.billingAddress,
      billing_state: changes.billing_state ?? before.billingState,
    });
    changes = { ...changes, ...billing };
  }
  const activeAfter = changes.is_active ?? before.isActive;
  const phoneAfter = changes.phone ?? before.phone;
  if (activeAfter && (phoneAfter !== before.phone || !before.isActive)) await checkPhone(tx, ctx, phoneAfter, id);
  const values: Record<string, unknown> = { updatedAt: sql`now()` };
  const diffBefore: Record<string, unknown> = {};
  const diffAfter: Record<string, unknown> = {};
  const { message_opt_out: optOut, ...columns } = changes;
  for (const [field, value] of Object.entries(columns) as [keyof typeof COLUMNS, unknown][]) {
    if (value === undefined) continue;
    const column = COLUMNS[field];
    if (before[column] === value) continue;
    values[column] = value;
    diffBefore[field] = before[column];
    diffAfter[field] = value;
  }
  if (photo !== undefined) {
    values.photo = photo;
    diffBefore.photo = before.photo ? 'set' : null;
    diffAfter.photo = photo ? 'set' : null;
  }
  const [after] = await tx
    .update(member)
    .set(values)
    .where(and(eq(member.organisationId, ctx.organisationId), eq(member.id, id)))
    .returning()
    .catch(phoneTaken);
  if (Object.keys(diffAfter).length)
    await record(tx, ctx.actor, {
      module: MODULE,
      resource: 'member',
      objectId: id,
      label: `${fullName(after)} (${after.memberCode})`,
      action: 'update',
      before: diffBefore,
      after: diffAfter,
    });
  await keepOptOuts(tx, ctx, before, after, optOut, 'member');
  if ('is_active' in diffAfter) await refreshStatuses(tx, ctx, { members: [id] });
  return { before, after };
}

/**
 * The organisation's membership settings (the reminder window, the batch seats' grace days);
 * statuses move at once, and lapsed seats past the new grace days are freed.
 */
export async function saveSettings(tx: Tx, ctx: Ctx, input: MembershipSettingsInput) {
  const grace = input.batch_seat_grace_days;
  const [row] = await tx
    .insert(membershipSetting)
    .values({
      organisationId: ctx.organisationId,
      reminderDays: input.reminder_days,
      ...(grace === undefined ? {} : { batchSeatGraceDays: grace }),
    })
    .onConflictDoUpdate({
      target: membershipSetting.organisationId,
      set: { reminderDays: input.reminder_days, ...(grace === undefined ? {} : { batchSeatGraceDays: grace }), updatedAt: sql`now()` },
    })
    .returning();
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'membership_setting',
    objectId: row.id,
    label: 'Membership settings',
    action: 'update',
    after: { reminder_days: row.reminderDays, batch_seat_grace_days: row.batchSeatGraceDays },
  });
  await refreshStatuses(tx, ctx);
  await freeLapsedSeats(tx, ctx);
  return { reminder_days: row.reminderDays, batch_seat_grace_days: row.batchSeatGraceDays };
}
