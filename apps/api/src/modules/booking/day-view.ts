import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { parsePathDate } from '../../platform/time.js';
import { slotPrice, slotStatus } from './availability.js';
import { paymentStatus } from './booking.queries.js';
import { loadTemplates, type FacilityRow } from './facility.service.js';
import { bookedTimeSlot, booking } from './schema.js';

/** Slot groups of a facility on a date with each slot's status (and, for staff, who booked it). */
export async function dayView(tx: Tx, ctx: Ctx, f: FacilityRow, dateParam: string, withBookings: boolean) {
  const organisationId = ctx.organisationId;
  const date = parsePathDate(dateParam);
  if (!date) throw notFound('Invalid date; use dd-MM-yyyy.');
  const { groups, slots } = await loadTemplates(tx, organisationId, [f.id]);
  const booked = await tx
    .select({ slotId: bookedTimeSlot.timeSlotId, b: booking })
    .from(bookedTimeSlot)
    .innerJoin(booking, eq(booking.id, bookedTimeSlot.bookingId))
    .where(
      and(
        eq(bookedTimeSlot.organisationId, organisationId),
        eq(bookedTimeSlot.facilityId, f.id),
        eq(bookedTimeSlot.date, date),
        eq(bookedTimeSlot.isActive, true),
      ),
    );
  const bookedIds = new Set(booked.map((b) => b.slotId));
  const day = { date, today: ctx.now.today, time: ctx.now.time, advanceDays: f.advanceBookingDays };
  return groups
    .map((g) => ({
      id: g.id,
      name: g.name,
      time_slots: slots
        .filter((s) => s.slotGroupId === g.id && (withBookings || s.isActive))
        .map((s) => {
          const base = {
            id: s.id,
            start_time: s.startTime,
            end_time: s.endTime,
            price: slotPrice(s, date),
            booking_status: slotStatus({ ...s, groupId: g.id }, day, bookedIds),
          };
          if (!withBookings) return base;
          const hit = booked.find((b) => b.slotId === s.id)?.b;
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
    .filter((g) => g.time_slots.length);
}
