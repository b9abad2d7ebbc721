import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { parsePathDate } from '../../platform/time.js';
import { slotPrice, slotStatus, type DayContext, type SlotStatus } from './availability.js';
import { paymentStatus } from './booking.queries.js';
import { loadTemplates, type FacilityRow } from './facility.service.js';
import { bookedTimeSlot, booking } from './schema.js';

/** Who holds a booked slot, as staff see it. */
export interface SlotHolder {
  id: number;
  code: string;
  name: string;
  mobile: string;
  status: string;
  source: string;
  payment_status: string;
}

export interface ViewSlot {
  id: number;
  start_time: string;
  end_time: string;
  price: string;
  booking_status: SlotStatus;
  booking?: SlotHolder | null;
}

export interface ViewGroup {
  id: number;
  name: string;
  time_slots: ViewSlot[];
}

/**
 * For staff: every slot (inactive ones too) with who booked it, under the desk's rules — walk-ins
 * until a slot's end, any date ahead. For the portal: active slots only, only slots that have not
 * started, within the facility's booking window.
 */
export type Audience = 'staff' | 'portal';

/** `dd-MM-yyyy` of a path or query, as yyyy-MM-dd; a 404 otherwise (spec 9). */
export function dateOf(dateParam: string): string {
  const date = parsePathDate(dateParam);
  if (!date) throw notFound('Invalid date; use dd-MM-yyyy.');
  return date;
}

/**
 * Slot groups of some facilities on one date with each slot's status: one computation for the
 * portal, the desk's day view and the board. Two reads whatever the number of facilities.
 */
export async function facilitiesDay(
  tx: Tx,
  ctx: Ctx,
  facilities: Pick<FacilityRow, 'id' | 'advanceBookingDays'>[],
  date: string,
  audience: Audience,
): Promise<Map<number, ViewGroup[]>> {
  const organisationId = ctx.organisationId;
  const ids = facilities.map((f) => f.id);
  const out = new Map<number, ViewGroup[]>();
  if (!ids.length) return out;
  const staff = audience === 'staff';
  const { groups, slots } = await loadTemplates(tx, ctx, ids);
  const booked = await tx
    .select({ slotId: bookedTimeSlot.timeSlotId, b: booking })
    .from(bookedTimeSlot)
    .innerJoin(booking, eq(booking.id, bookedTimeSlot.bookingId))
    .where(
      and(
        eq(bookedTimeSlot.organisationId, organisationId),
        inArray(bookedTimeSlot.facilityId, ids),
        eq(bookedTimeSlot.date, date),
        eq(bookedTimeSlot.isActive, true),
      ),
    );
  const holder = new Map(booked.map((b) => [b.slotId, b.b]));
  const bookedIds = new Set(holder.keys());
  for (const f of facilities) {
    const day: DayContext = {
      date,
      today: ctx.now.today,
      time: ctx.now.time,
      // The desk books any date ahead (see `bookAtDesk`); the portal keeps the facility's window.
      advanceDays: staff ? 3650 : f.advanceBookingDays,
      walkIn: staff,
    };
    out.set(
      f.id,
      groups
        .filter((g) => g.facilityId === f.id)
        .map((g) => ({
          id: g.id,
          name: g.name,
          time_slots: slots
            .filter((s) => s.slotGroupId === g.id && (staff || s.isActive))
            .map((s) => {
              const base: ViewSlot = {
                id: s.id,
                start_time: s.startTime,
                end_time: s.endTime,
                price: slotPrice(s, date),
                booking_status: slotStatus({ ...s, groupId: g.id }, day, bookedIds),
              };
              if (!staff) return base;
              const hit = holder.get(s.id);
              return {
                ...base,
                booking: hit
                  ? {
                      id: hit.id,
                      code: hit.code,
                      name: hit.name,
                      mobile: hit.mobile,
                      status: hit.status,
                      source: hit.source,
                      payment_status: paymentStatus(hit.bookingAmount, hit.paidAmount),
                    }
                  : null,
              };
            }),
        }))
        .filter((g) => g.time_slots.length),
    );
  }
  return out;
}

/** Slot groups of a facility on a date with each slot's status (and, for staff, who booked it). */
export async function dayView(tx: Tx, ctx: Ctx, f: FacilityRow, dateParam: string, withBookings: boolean) {
  const date = dateOf(dateParam);
  const view = await facilitiesDay(tx, ctx, [f], date, withBookings ? 'staff' : 'portal');
  return view.get(f.id) ?? [];
}
