/**
 * Demo data of Booking Management: sports, facilities in both centres with Morning/Evening
 * slot groups at realistic INR prices, clients, and a few weeks of past and future bookings
 * with payments, so the dashboard and reports show something true.
 */
import { eq } from 'drizzle-orm';
import type { AuditActor } from '../platform/audit.js';
import type { Tx } from '../platform/db/client.js';
import { nextNumber } from '../platform/sequence.js';
import { addDays } from '../platform/time.js';
import { nowIn, slotPrice } from '../modules/booking/availability.js';
import { addPayment, createBooking, resolveClient } from '../modules/booking/booking.service.js';
import { createFacility, loadFacility, loadTemplates, type FacilityRow, type SlotRow } from '../modules/booking/facility.service.js';
import { booking, bookedTimeSlot, centre, paymentMode, sport } from './schema/index.js';

const SPORTS = ['Badminton', 'Football', 'Swimming', 'Pickleball'];

const hourly = (from: number, to: number, price: number, weekend: number) =>
  Array.from({ length: to - from }, (_, i) => ({
    start_time: `${String(from + i).padStart(2, '0')}:00:00`,
    end_time: `${String(from + i + 1).padStart(2, '0')}:00:00`,
    price: price.toFixed(2),
    weekend_price: weekend.toFixed(2),
    is_active: true,
  }));

const FACILITIES: { centre: 0 | 1; sport: string; name: string; morning: [number, number]; evening: [number, number] }[] = [
  { centre: 0, sport: 'Badminton', name: 'Court 1', morning: [400, 500], evening: [600, 700] },
  { centre: 0, sport: 'Badminton', name: 'Court 2', morning: [400, 500], evening: [600, 700] },
  { centre: 0, sport: 'Football', name: 'Turf A', morning: [1200, 1500], evening: [1800, 2200] },
  { centre: 1, sport: 'Pickleball', name: 'Court 1', morning: [350, 450], evening: [500, 600] },
  { centre: 1, sport: 'Swimming', name: 'Lane 1', morning: [250, 300], evening: [300, 350] },
];

const CLIENTS = [
  { name: 'Arjun Nair', email: 'arjun.nair@example.com', mobile: '9845012345' },
  { name: 'Priya Sharma', email: 'priya.sharma@example.com', mobile: '9880123456' },
  { name: 'Karthik Reddy', email: 'karthik.r@example.com', mobile: '9731234567' },
  { name: 'Sneha Iyer', email: 'sneha.iyer@example.com', mobile: '9900112233' },
  { name: 'Rahul Verma', email: 'rahul.verma@example.com', mobile: '9611223344' },
  { name: 'Fatima Khan', email: 'fatima.k@example.com', mobile: '9742556677' },
];

export async function seedBooking(tx: Tx, organisationId: number, timeZone: string): Promise<void> {
  const [existing] = await tx.select({ id: sport.id }).from(sport).where(eq(sport.organisationId, organisationId)).limit(1);
  if (existing) return;
  const sportIds: Record<string, number> = {};
  for (const name of SPORTS) {
    const [row] = await tx.insert(sport).values({ organisationId, name, kind: 'sport' }).returning({ id: sport.id });
    sportIds[name] = row.id;
  }
  await tx
    .insert(sport)
    .values({ organisationId, name: 'Summer Smash Tournament', kind: 'event', description: 'Inter-club badminton doubles tournament.' });
  const centres = await tx.select().from(centre).where(eq(centre.organisationId, organisationId)).orderBy(centre.id);
  const facilityIds: number[] = [];
  for (const f of FACILITIES) {
    const c = centres[Math.min(f.centre, centres.length - 1)];
    facilityIds.push(
      await createFacility(tx, organisationId, {
        name: f.name,
        centre: c.id,
        sport: sportIds[f.sport],
        description: `${f.sport} ${f.name} at ${c.name}.`,
        capacity: 1,
        enable_online_booking: true,
        advance_booking_days: 30,
        is_active: true,
        slot_groups: [
          { name: 'Morning', time_slots: hourly(6, 10, ...f.morning) },
          { name: 'Evening', time_slots: hourly(17, 22, ...f.evening) },
        ],
      }),
    );
  }

  const modes = await tx.select().from(paymentMode).where(eq(paymentMode.organisationId, organisationId));
  const actor: AuditActor = { organisationId, actorId: null, actorEmail: 'seed', ip: '127.0.0.1', userAgent: 'seed', requestId: 'seed' };
  const today = nowIn(timeZone).today;
  let n = 0;
  for (let day = -21; day <= 10; day++) {
    const date = addDays(today, day);
    for (const [fi, facilityId] of facilityIds.entries()) {
      const f = await loadFacility(tx, organisationId, facilityId);
      const { slots } = await loadTemplates(tx, organisationId, [facilityId]);
      // A deterministic spread: busier evenings, a few bookings a day per facility.
      const picks = slots.filter((_, i) => (i * 7 + day * 3 + fi * 5) % 4 === 0).slice(0, 3);
      for (const slot of picks) {
        const client = CLIENTS[n++ % CLIENTS.length];
        const past = day < 0 || (day === 0 && slot.startTime <= nowIn(timeZone).nowTime);
        // Past dates are booked as they were then; the live rules (no past slots) apply to new bookings.
        const row = past
          ? await insertPastBooking(tx, organisationId, f, date, slot, client, n)
          : await createBooking(tx, organisationId, actor, {
              facility: f,
              date,
              slotIds: [slot.id],
              source: n % 3 === 0 ? 'desk' : 'online',
              timeZone,
              client,
              ignoreWindow: true,
            });
        if (past || n % 2 === 0) {
          const mode = modes[n % modes.length];
          await addPayment(
            tx,
            organisationId,
            actor,
            row,
            { amount: row.bookingAmount, payment_mode: mode.id, reference: '', paid_on: past ? date : undefined },
            timeZone,
            false,
          );
        }
      }
    }
  }
}

async function insertPastBooking(
  tx: Tx,
  organisationId: number,
  f: FacilityRow,
  date: string,
  slot: SlotRow,
  client: { name: string; email: string; mobile: string },
  n: number,
) {
  const price = slotPrice(slot, date);
  const clientId = await resolveClient(tx, organisationId, client);
  const [row] = await tx
    .insert(booking)
    .values({
      organisationId,
      code: `BK-${date.slice(0, 4)}-${String(await nextNumber(tx, organisationId, `booking:${date.slice(0, 4)}`)).padStart(6, '0')}`,
      centreId: f.centreId,
      facilityId: f.id,
      clientId,
      date,
      source: n % 3 === 0 ? 'desk' : 'online',
      status: n % 11 === 0 ? 'no_show' : 'completed',
      name: client.name,
      email: client.email,
      mobile: client.mobile,
      subTotal: price,
      bookingAmount: price,
    })
    .returning();
  await tx.insert(bookedTimeSlot).values({
    organisationId,
    bookingId: row.id,
    facilityId: f.id,
    timeSlotId: slot.id,
    date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    price,
  });
  return row;
}
