/**
 * New bookings from the two doors, the public portal and the desk. A booking from the portal (spec 2.5): no login, so the service checks what a visitor
 * may do — the facility open for online booking in the chosen centre, every slot on the booking
 * date, at most BOOKING_MAX_SLOTS slots, at most BOOKING_MAX_PER_PHONE_PER_DAY open online
 * bookings per phone and date — and the amounts the page showed against the server's prices.
 */
import type { PublicBookingRequest } from '@arena/contracts';
import type { Tx } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { bookSlots, type CreatedBooking } from './booking.service.js';

/** Three statements (see `bookSlots`): the checks below read nothing the booking's own read does not. */
export async function bookOnline(tx: Tx, ctx: Ctx, input: PublicBookingRequest): Promise<CreatedBooking> {
  const limits = ctx.config;
  if (input.time_slots.length > limits.BOOKING_MAX_SLOTS)
    throw fieldError('time_slots', `At most ${limits.BOOKING_MAX_SLOTS} slots can be booked at once.`);
  if (input.time_slots.some((s) => s.date !== input.date)) throw fieldError('time_slots', 'Every slot must be on the booking date.');
  return bookSlots(tx, ctx, {
    facility: input.facility,
    checkFacility: (f) => {
      if (!f.isActive || !f.enableOnlineBooking) throw fieldError('facility', 'This facility is not open for online booking.');
      if (f.centreId !== input.centre) throw fieldError('facility', 'This facility is not in the selected centre.');
    },
    perPhoneLimit: limits.BOOKING_MAX_PER_PHONE_PER_DAY,
    date: input.date,
    slotIds: input.time_slots.map((s) => s.slot),
    source: 'online',
    client: { name: input.name, email: input.email, mobile: input.mobile_no },
    expected: { booking_amount: input.booking_amount, sub_total: input.sub_total },
  });
}

/** A desk booking: any client, any date (the online window does not apply), an optional discount and payment. */
export interface DeskBooking {
  facility: number;
  date: string;
  time_slot_ids: number[];
  client?: number;
  name?: string;
  email?: string;
  mobile_no?: string;
  discount: string;
  notes: string;
  payment?: { amount: string; payment_mode: number; reference: string };
}

export async function bookAtDesk(tx: Tx, ctx: Ctx, input: DeskBooking): Promise<CreatedBooking> {
  if (!input.client && !input.name) throw fieldError('name', 'Name is required');
  return bookSlots(tx, ctx, {
    facility: input.facility,
    checkFacility: (f) => {
      if (!f.isActive) throw fieldError('facility', 'This facility is not active.');
    },
    date: input.date,
    slotIds: input.time_slot_ids,
    source: 'desk',
    client: input.client ? { id: input.client } : { name: input.name!, email: input.email ?? '', mobile: input.mobile_no ?? '' },
    discount: input.discount,
    notes: input.notes,
    payment: input.payment,
    ignoreWindow: true,
  });
}
