import { nextRatePeriods, rateOn } from '@arena/contracts';
import type { Facility, FacilityInput } from '@arena/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, conflict, notFound, onUnique, type FieldErrors } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre, sport } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { bookedTimeSlot, booking, facility, slotGroup, timeSlot } from './schema.js';

export type FacilityRow = typeof facility.$inferSelect & { centreName: string; sportName: string };
export type SlotRow = typeof timeSlot.$inferSelect;
export type GroupRow = typeof slotGroup.$inferSelect;

export async function loadFacilityRows(tx: Tx, ctx: Ctx, ids?: number[]): Promise<FacilityRow[]> {
  if (ids && !ids.length) return [];
  const rows = await tx
    .select({ f: facility, centreName: centre.name, sportName: sport.name })
    .from(facility)
    .innerJoin(centre, eq(centre.id, facility.centreId))
    .innerJoin(sport, eq(sport.id, facility.sportId))
    .where(and(eq(facility.organisationId, ctx.organisationId), ids ? inArray(facility.id, ids) : undefined));
  return rows.map((r) => ({ ...r.f, centreName: r.centreName, sportName: r.sportName }));
}

export async function loadFacility(tx: Tx, ctx: Ctx, id: number): Promise<FacilityRow> {
  const [row] = await loadFacilityRows(tx, ctx, [id]);
  if (!row) throw notFound();
  return row;
}

/** The live template (groups and slots not archived) of some facilities. */
export async function loadTemplates(tx: Tx, ctx: Ctx, facilityIds: number[]) {
  if (!facilityIds.length) return { groups: [] as GroupRow[], slots: [] as SlotRow[] };
  const organisationId = ctx.organisationId;
  const groups = await tx
    .select()
    .from(slotGroup)
    .where(and(eq(slotGroup.organisationId, organisationId), inArray(slotGroup.facilityId, facilityIds), isNull(slotGroup.archivedAt)))
    .orderBy(asc(slotGroup.sortOrder), asc(slotGroup.id));
  const slots = await tx
    .select()
    .from(timeSlot)
    .where(and(eq(timeSlot.organisationId, organisationId), inArray(timeSlot.facilityId, facilityIds), isNull(timeSlot.archivedAt)))
    .orderBy(asc(timeSlot.startTime), asc(timeSlot.id));
  return { groups, slots };
}

/** `today` is the organisation's date: the GST rate shown is the one in force there now. */
export function facilityJson(f: FacilityRow, groups: GroupRow[], slots: SlotRow[], today: string): Facility {
  return {
    id: f.id,
    name: f.name,
    centre: f.centreId,
    centre_name: f.centreName,
    sport: f.sportId,
    sport_name: f.sportName,
    description: f.description,
    capacity: f.capacity,
    enable_online_booking: f.enableOnlineBooking,
    payment_required: f.paymentRequired,
    advance_booking_days: f.advanceBookingDays,
    is_active: f.isActive,
    gst_rate: rateOn(f.gstRates, today) ?? 0,
    gst_rates: f.gstRates,
    sac_code: f.sacCode,
    slot_groups: groups
      .filter((g) => g.facilityId === f.id)
      .map((g) => ({
        id: g.id,
        name: g.name,
        time_slots: slots
          .filter((s) => s.slotGroupId === g.id)
          .map((s) => ({
            id: s.id,
            start_time: s.startTime,
            end_time: s.endTime,
            price: s.price,
            weekend_price: s.weekendPrice,
            is_active: s.isActive,
          })),
      })),
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

export async function facilitiesJson(tx: Tx, ctx: Ctx, rows: FacilityRow[]): Promise<Facility[]> {
  const { groups, slots } = await loadTemplates(
    tx,
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => facilityJson(r, groups, slots, ctx.now.today));
}

/** Slots of one group may not overlap; reports the later slot of each overlapping pair. */
export function overlapErrors(groups: NonNullable<FacilityInput['slot_groups']>): FieldErrors {
  const errors: FieldErrors = {};
  groups.forEach((g, gi) => {
    const ordered = g.time_slots.map((s, si) => ({ s, si })).sort((a, b) => a.s.start_time.localeCompare(b.s.start_time));
    for (let i = 1; i < ordered.length; i++) {
      const prev = ordered[i - 1].s;
      const cur = ordered[i];
      if (cur.s.start_time < prev.end_time)
        errors[`slot_groups.${gi}.time_slots.${cur.si}.start_time`] = [
          `Overlaps the slot ${prev.start_time.slice(0, 5)}–${prev.end_time.slice(0, 5)} of this group.`,
        ];
    }
  });
  return errors;
}

/**
 * Replaces a facility's slot template. Slots and groups sent with their id are updated in place;
 * new ones are added; those left out are deleted, or archived when bookings refer to them, so
 * existing bookings never change.
 */
export async function replaceTemplate(
  tx: Tx,
  ctx: Ctx,
  facilityId: number,
  groups: NonNullable<FacilityInput['slot_groups']>,
): Promise<void> {
  const organisationId = ctx.organisationId;
  const overlaps = overlapErrors(groups);
  if (Object.keys(overlaps).length) throw badRequest(overlaps);
  const current = await loadTemplates(tx, ctx, [facilityId]);
  const groupIds = new Set(current.groups.map((g) => g.id));
  const slotIds = new Set(current.slots.map((s) => s.id));
  const keptGroups = new Set<number>();
  const keptSlots = new Set<number>();

  for (const [gi, g] of groups.entries()) {
    let groupId: number;
    if (g.id !== undefined && groupIds.has(g.id)) {
      groupId = g.id;
      await tx
        .update(slotGroup)
        .set({ name: g.name, sortOrder: gi })
        .where(and(eq(slotGroup.organisationId, organisationId), eq(slotGroup.id, g.id)));
    } else {
      [{ id: groupId }] = await tx
        .insert(slotGroup)
        .values({ organisationId, facilityId, name: g.name, sortOrder: gi })
        .returning({ id: slotGroup.id });
    }
    keptGroups.add(groupId);
    for (const s of g.time_slots) {
      const values = {
        slotGroupId: groupId,
        startTime: s.start_time,
        endTime: s.end_time,
        price: s.price,
        weekendPrice: s.weekend_price,
        isActive: s.is_active,
      };
      if (s.id !== undefined && slotIds.has(s.id)) {
        await tx
          .update(timeSlot)
          .set(values)
          .where(and(eq(timeSlot.organisationId, organisationId), eq(timeSlot.id, s.id)));
        keptSlots.add(s.id);
      } else {
        await tx.insert(timeSlot).values({ ...values, organisationId, facilityId });
      }
    }
  }

  const dropSlots = [...slotIds].filter((id) => !keptSlots.has(id));
  if (dropSlots.length) {
    const used = await tx
      .selectDistinct({ id: bookedTimeSlot.timeSlotId })
      .from(bookedTimeSlot)
      .where(and(eq(bookedTimeSlot.organisationId, organisationId), inArray(bookedTimeSlot.timeSlotId, dropSlots)));
    const usedIds = used.map((u) => u.id);
    const unused = dropSlots.filter((id) => !usedIds.includes(id));
    if (usedIds.length)
      await tx
        .update(timeSlot)
        .set({ archivedAt: sql`now()`, isActive: false })
        .where(and(eq(timeSlot.organisationId, organisationId), inArray(timeSlot.id, usedIds)));
    if (unused.length) await tx.delete(timeSlot).where(and(eq(timeSlot.organisationId, organisationId), inArray(timeSlot.id, unused)));
  }
  const dropGroups = [...groupIds].filter((id) => !keptGroups.has(id));
  if (dropGroups.length) {
    await tx
      .update(slotGroup)
      .set({ archivedAt: sql`now()` })
      .where(and(eq(slotGroup.organisationId, organisationId), inArray(slotGroup.id, dropGroups)));
  }
}

type FacilityValues = Omit<typeof facility.$inferInsert, 'organisationId'>;

/** Column values from (part of) a facility input; fields not sent are left out. */
function facilityValues(input: Partial<FacilityInput>): Partial<FacilityValues> {
  const values: Partial<FacilityValues> = {
    name: input.name,
    centreId: input.centre,
    sportId: input.sport,
    description: input.description,
    capacity: input.capacity,
    enableOnlineBooking: input.enable_online_booking,
    paymentRequired: input.payment_required,
    advanceBookingDays: input.advance_booking_days,
    isActive: input.is_active,
    sacCode: input.sac_code,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** A facility name taken in its centre becomes a field error. */
const uniqueName = onUnique({
  facility_org_centre_name_key: { field: 'name', message: 'A facility with this name already exists in this centre.' },
});

async function facilityAsJson(tx: Tx, ctx: Ctx, id: number): Promise<Facility> {
  return (await facilitiesJson(tx, ctx, [await loadFacility(tx, ctx, id)]))[0];
}

/** Creates a facility with its slot template; the centre and sport must be the organisation's. */
export async function createFacility(tx: Tx, ctx: Ctx, input: FacilityInput): Promise<Facility> {
  await checkReferences(tx, ctx.organisationId, { centre: { table: centre, id: input.centre }, sport: { table: sport, id: input.sport } });
  const [row] = await tx
    .insert(facility)
    .values({
      ...(facilityValues(input) as FacilityValues),
      ...(input.gst_rate !== undefined || input.gst_rates ? { gstRates: nextRatePeriods([], input, '2017-07-01') } : {}),
      organisationId: ctx.organisationId,
    })
    .returning({ id: facility.id })
    .catch(uniqueName);
  if (input.slot_groups) await replaceTemplate(tx, ctx, row.id, input.slot_groups);
  const after = await facilityAsJson(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'facility', objectId: row.id, label: after.name, action: 'create', after });
  return after;
}

/** Changes a facility; `slot_groups`, when sent, replaces its template (booked slots are archived, never lost). */
export async function updateFacility(tx: Tx, ctx: Ctx, input: Partial<FacilityInput> & { id: number }): Promise<Facility> {
  const before = await facilityAsJson(tx, ctx, input.id);
  await checkReferences(tx, ctx.organisationId, { centre: { table: centre, id: input.centre }, sport: { table: sport, id: input.sport } });
  await tx
    .update(facility)
    .set({
      ...facilityValues(input),
      ...(input.gst_rate !== undefined || input.gst_rates ? { gstRates: nextRatePeriods(before.gst_rates, input, ctx.now.today) } : {}),
      updatedAt: ctx.now.instant,
    })
    .where(and(eq(facility.organisationId, ctx.organisationId), eq(facility.id, input.id)))
    .catch(uniqueName);
  if (input.slot_groups) await replaceTemplate(tx, ctx, input.id, input.slot_groups);
  const after = await facilityAsJson(tx, ctx, input.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'facility',
    objectId: input.id,
    label: after.name,
    action: 'update',
    before,
    after,
  });
  return after;
}

/** Deletes a facility that has never been booked; one with bookings is deactivated instead. */
export async function deleteFacility(tx: Tx, ctx: Ctx, input: { id: number }): Promise<void> {
  const before = await facilityAsJson(tx, ctx, input.id);
  const [used] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.organisationId, ctx.organisationId), eq(booking.facilityId, input.id)))
    .limit(1);
  if (used) throw conflict('This facility has bookings and cannot be deleted. Deactivate it instead.');
  await tx.delete(facility).where(and(eq(facility.organisationId, ctx.organisationId), eq(facility.id, input.id)));
  await record(tx, ctx.actor, { module: MODULE, resource: 'facility', objectId: input.id, label: before.name, action: 'delete', before });
}

/**
 * Copies every live slot group of facility `from` (with its slots, prices and weekend prices) to
 * facility `to` of the same organisation, appended after the target's own groups. Both must be
 * the organisation's (another's id → 404); a target that already has a group of the same name
 * is refused (400), so copying twice never doubles the slots.
 */
export async function copySlotGroups(tx: Tx, ctx: Ctx, input: { from: number; to: number }) {
  const organisationId = ctx.organisationId;
  if (input.from === input.to) throw badRequest({ to_facility: ['Choose another facility to copy the slot groups to.'] });
  const source = await loadFacility(tx, ctx, input.from);
  const [target] = await loadFacilityRows(tx, ctx, [input.to]);
  if (!target) throw notFound();
  // The target is locked: two copies to it at once run one after the other, and the second sees the first's groups.
  await tx
    .select({ id: facility.id })
    .from(facility)
    .where(and(eq(facility.organisationId, organisationId), eq(facility.id, target.id)))
    .for('update');
  const from = await loadTemplates(tx, ctx, [source.id]);
  if (!from.groups.length) throw badRequest({ to_facility: [`${source.name} has no slot groups to copy.`] });
  const existing = await loadTemplates(tx, ctx, [target.id]);
  const names = new Set(existing.groups.map((g) => g.name.toLowerCase()));
  const clashing = from.groups.filter((g) => names.has(g.name.toLowerCase())).map((g) => g.name);
  if (clashing.length)
    throw badRequest({
      to_facility: [`${target.name} already has slot groups named ${clashing.join(', ')}. Rename or remove them first.`],
    });
  const base = existing.groups.reduce((n, g) => Math.max(n, g.sortOrder + 1), 0);
  let slots = 0;
  for (const [i, g] of from.groups.entries()) {
    const [{ id: groupId }] = await tx
      .insert(slotGroup)
      .values({ organisationId, facilityId: target.id, name: g.name, sortOrder: base + i })
      .returning({ id: slotGroup.id });
    const rows = from.slots.filter((s) => s.slotGroupId === g.id);
    if (rows.length)
      await tx.insert(timeSlot).values(
        rows.map((s) => ({
          organisationId,
          facilityId: target.id,
          slotGroupId: groupId,
          startTime: s.startTime,
          endTime: s.endTime,
          price: s.price,
          weekendPrice: s.weekendPrice,
          isActive: s.isActive,
        })),
      );
    slots += rows.length;
  }
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'facility',
    objectId: target.id,
    label: target.name,
    action: 'update',
    after: { copied_slot_groups_from: `${source.sportName} - ${source.name}`, groups: from.groups.length, slots },
  });
  return { from_facility: source.id, to_facility: target.id, groups: from.groups.length, slots };
}
