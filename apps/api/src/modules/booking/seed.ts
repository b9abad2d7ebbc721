/**
 * Demo data of Booking Management: sports, facilities in both centres with Morning/Evening
 * slot groups at realistic INR prices, clients, three months of past bookings (completed, a few
 * no-shows, all paid, each sold through the money module with its tax invoice and receipt) and a week and a half of upcoming ones, so the dashboard and reports show
 * something true. Upcoming bookings go through the booking service like any desk or online
 * booking; the past is written in bulk (the live rules refuse past slots, and it is most rows).
 * The sales are the seed's history (`DemoHistory`): each day's invoices are numbered on their day,
 * among the other modules' sales of that day.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { reserveNumbers } from '../../platform/sequence.js';
import { addDays, displayDate } from '../../platform/time.js';
import { centre, paymentMode, sport } from '../administrator/index.js';
import { slotPrice } from './availability.js';
import { addPayment, bookingCode, createBooking, resolveClient } from './booking.service.js';
import { createFacility, loadFacilityRows, loadTemplates, type SlotRow } from './facility.service.js';
import { buyerOf, numberSales, priceSale, sell, sellerFor, type PendingSale } from '../money/index.js';
import { bookedTimeSlot, booking, bookingClient } from './schema.js';

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

const CLIENTS: {
  name: string;
  email: string;
  mobile: string;
  billing?: { gstin: string; billingName: string; billingAddress: string; billingState: string };
}[] = [
  { name: 'Arjun Nair', email: 'arjun.nair@example.com', mobile: '9845012345' },
  { name: 'Priya Sharma', email: 'priya.sharma@example.com', mobile: '9880123456' },
  // A coach who books for his registered academy: its invoices are B2B (GSTIN, legal name, address).
  {
    name: 'Karthik Reddy',
    email: 'karthik.r@example.com',
    mobile: '9731234567',
    billing: {
      gstin: '29AABCR4321K1ZB',
      billingName: 'Reddy Sports Academy LLP',
      billingAddress: '41, 5th Cross, HSR Layout, Bengaluru 560102',
      billingState: 'Karnataka',
    },
  },
  { name: 'Sneha Iyer', email: 'sneha.iyer@example.com', mobile: '9900112233' },
  { name: 'Rahul Verma', email: 'rahul.verma@example.com', mobile: '9611223344' },
  { name: 'Fatima Khan', email: 'fatima.k@example.com', mobile: '9742556677' },
];

const FIRST_DAY = -90;
const LAST_DAY = 10;

export async function seedBooking(tx: Tx, ctx: Ctx): Promise<DemoHistory | void> {
  const org = ctx.organisationId;
  if (ctx.organisation.subdomain !== 'demo') return;
  const [existing] = await tx.select({ id: sport.id }).from(sport).where(eq(sport.organisationId, org)).limit(1);
  if (existing) return;
  const sports = await tx
    .insert(sport)
    .values([
      ...SPORTS.map((name) => ({ organisationId: org, name, kind: 'sport' as const })),
      {
        organisationId: org,
        name: 'Summer Smash Tournament',
        kind: 'event' as const,
        description: 'Inter-club badminton doubles tournament.',
      },
    ])
    .returning({ id: sport.id, name: sport.name });
  const sportId = (name: string) => sports.find((s) => s.name === name)!.id;
  const centres = await tx.select().from(centre).where(eq(centre.organisationId, org)).orderBy(centre.id);
  const facilityIds: number[] = [];
  for (const f of FACILITIES) {
    const c = centres[Math.min(f.centre, centres.length - 1)];
    const created = await createFacility(tx, ctx, {
      name: f.name,
      centre: c.id,
      sport: sportId(f.sport),
      description: `${f.sport} ${f.name} at ${c.name}.`,
      capacity: 1,
      enable_online_booking: true,
      payment_required: false,
      advance_booking_days: 30,
      is_active: true,
      slot_groups: [
        { name: 'Morning', time_slots: hourly(6, 10, ...f.morning) },
        { name: 'Evening', time_slots: hourly(17, 22, ...f.evening) },
      ],
    });
    facilityIds.push(created.id);
  }
  const facilities = await loadFacilityRows(tx, ctx, facilityIds);
  const { slots } = await loadTemplates(tx, ctx, facilityIds);
  const modes = await tx
    .select()
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, org), eq(paymentMode.isActive, true)));
  const clientIds = new Map<string, number>();
  for (const c of CLIENTS) clientIds.set(c.mobile, await resolveClient(tx, ctx, c));
  for (const c of CLIENTS)
    if (c.billing)
      await tx
        .update(bookingClient)
        .set(c.billing)
        .where(and(eq(bookingClient.organisationId, org), eq(bookingClient.id, clientIds.get(c.mobile)!)));

  // A deterministic spread: busier evenings, a few bookings a day per facility.
  const plan: { day: number; facility: (typeof facilities)[number]; slot: SlotRow; n: number }[] = [];
  let n = 0;
  for (let day = FIRST_DAY; day <= LAST_DAY; day++)
    for (const [fi, facility] of facilityIds.entries()) {
      const own = slots.filter((s) => s.facilityId === facility);
      for (const slot of own.filter((_, i) => (i * 7 + day * 3 + fi * 5) % 4 === 0).slice(0, 3))
        plan.push({ day, facility: facilities.find((f) => f.id === facility)!, slot, n: n++ });
    }
  const isPast = (p: (typeof plan)[number]) => p.day < 0 || (p.day === 0 && p.slot.startTime <= ctx.now.time);
  const steps = await seedPast(tx, ctx, plan.filter(isPast), clientIds, modes);
  // Today's sales: the bookings still to come, made through the service like any desk or online booking.
  const upcoming = async () => {
    for (const p of plan.filter((x) => !isPast(x))) {
      const client = CLIENTS[p.n % CLIENTS.length];
      const row = await createBooking(tx, ctx, {
        facility: p.facility,
        date: addDays(ctx.now.today, p.day),
        slotIds: [p.slot.id],
        source: p.n % 3 === 0 ? 'desk' : 'online',
        client: { id: clientIds.get(client.mobile)! },
        ignoreWindow: true,
      });
      if (p.n % 2 === 0)
        await addPayment(tx, ctx, row, { amount: row.bookingAmount, payment_mode: modes[p.n % modes.length].id, reference: '' });
    }
  };
  return { steps: [...steps, { date: ctx.now.today, run: upcoming }] };
}

/**
 * Past bookings as they were then: completed (every eleventh a no-show), each sold and paid on its
 * day. The bookings are written at once; their sales are one step a day (one statement each).
 */
async function seedPast(
  tx: Tx,
  ctx: Ctx,
  past: { day: number; facility: Awaited<ReturnType<typeof loadFacilityRows>>[number]; slot: SlotRow; n: number }[],
  clientIds: Map<string, number>,
  modes: { id: number; name: string }[],
): Promise<DemoHistory['steps']> {
  if (!past.length) return [];
  const org = ctx.organisationId;
  const years = [...new Set(past.map((p) => addDays(ctx.now.today, p.day).slice(0, 4)))];
  const next = new Map<string, number>();
  for (const year of years)
    next.set(
      year,
      await reserveNumbers(tx, org, `booking:${year}`, past.filter((p) => addDays(ctx.now.today, p.day).startsWith(year)).length),
    );
  const sellers = new Map<number, Awaited<ReturnType<typeof sellerFor>>>();
  for (const centreId of new Set(past.map((p) => p.facility.centreId))) sellers.set(centreId, await sellerFor(tx, ctx, centreId));
  const sales = past.map((p) => {
    const date = addDays(ctx.now.today, p.day);
    const year = date.slice(0, 4);
    const number = next.get(year)!;
    next.set(year, number + 1);
    const client = CLIENTS[p.n % CLIENTS.length];
    const price = slotPrice(p.slot, date);
    const slot = `${p.slot.startTime.slice(0, 5)}–${p.slot.endTime.slice(0, 5)}`;
    const lines = [
      {
        description: `${p.facility.sportName} - ${p.facility.name}, ${displayDate(date)} (${slot})`,
        sacCode: p.facility.sacCode,
        unitPrice: price,
        rates: p.facility.gstRates,
      },
    ];
    const seller = sellers.get(p.facility.centreId)!;
    return { p, date, client, price, lines, seller, code: bookingCode(date, number), tax: priceSale(date, seller, lines).tax };
  });
  const rows = await tx
    .insert(booking)
    .values(
      sales.map(({ p, date, client, price, code, tax }) => ({
        organisationId: org,
        code,
        centreId: p.facility.centreId,
        facilityId: p.facility.id,
        clientId: clientIds.get(client.mobile)!,
        date,
        source: p.n % 3 === 0 ? ('desk' as const) : ('online' as const),
        status: p.n % 11 === 0 ? ('no_show' as const) : ('completed' as const),
        name: client.name,
        email: client.email,
        mobile: client.mobile,
        subTotal: price,
        tax,
        bookingAmount: price,
      })),
    )
    .returning({ id: booking.id, date: booking.date, amount: booking.bookingAmount });
  await tx.insert(bookedTimeSlot).values(
    past.map((p, i) => ({
      organisationId: org,
      bookingId: rows[i].id,
      facilityId: p.facility.id,
      timeSlotId: p.slot.id,
      date: rows[i].date,
      startTime: p.slot.startTime,
      endTime: p.slot.endTime,
      price: rows[i].amount,
    })),
  );
  // Each sale's tax invoice and receipt, dated and paid on the day, numbered in its financial year's series with that day's other sales.
  const byDay = new Map<string, PendingSale[]>();
  for (const [i, s] of sales.entries()) {
    const pending = await sell(tx, ctx, {
      source: { type: 'booking', id: rows[i].id, label: s.code },
      buyer: buyerOf(
        { name: s.client.name, phone: s.client.mobile, email: s.client.email },
        s.client.billing ?? { gstin: '', billingName: '', billingAddress: '', billingState: '' },
      ),
      lines: s.lines,
      payments: [{ amount: s.price, paymentMode: modes[s.p.n % modes.length], date: s.date }],
      centre: s.p.facility.centreId,
      date: s.date,
      seller: s.seller,
      soldBy: null,
      auditMoney: false,
    });
    byDay.set(s.date, [...(byDay.get(s.date) ?? []), pending]);
  }
  return [...byDay].map(([date, pending]) => ({ date, run: async () => void (await numberSales(tx, ctx, pending)) }));
}
