/**
 * Demo data of Booking Management: sports, facilities in both centres with Morning/Evening
 * slot groups at realistic INR prices, clients, three months of past bookings (completed, a few
 * no-shows, all paid, each with its tax invoice and receipt) and a week and a half of upcoming ones, so the dashboard and reports show
 * something true. Upcoming bookings go through the booking service like any desk or online
 * booking; the past is written in bulk (the live rules refuse past slots, and it is most rows).
 */
import { financialYear } from '@arena/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { reserveNumbers } from '../../platform/sequence.js';
import { addDays, displayDate } from '../../platform/time.js';
import { centre, paymentMode, sport } from '../administrator/index.js';
import { slotPrice } from './availability.js';
import { addPayment, createBooking, resolveClient } from './booking.service.js';
import { createFacility, loadFacilityRows, loadTemplates, type SlotRow } from './facility.service.js';
import { buildInvoice, invoice, invoiceLine, ledgerEntry, sellerFor } from '../money/index.js';
import { MODULE } from './constants.js';
import { bookedTimeSlot, booking } from './schema.js';

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

const FIRST_DAY = -90;
const LAST_DAY = 10;

export async function seedBooking(tx: Tx, ctx: Ctx): Promise<void> {
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
      advance_booking_days: 30,
      is_active: true,
      slot_groups: [
        { name: 'Morning', time_slots: hourly(6, 10, ...f.morning) },
        { name: 'Evening', time_slots: hourly(17, 22, ...f.evening) },
      ],
    });
    facilityIds.push(created.id);
  }
  const facilities = await loadFacilityRows(tx, org, facilityIds);
  const { slots } = await loadTemplates(tx, org, facilityIds);
  const modes = await tx
    .select()
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, org), eq(paymentMode.isActive, true)));
  const clientIds = new Map<string, number>();
  for (const c of CLIENTS) clientIds.set(c.mobile, await resolveClient(tx, ctx, c));

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
  await seedPast(tx, ctx, plan.filter(isPast), clientIds, modes);
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
}

/** Past bookings as they were then: completed (every eleventh a no-show), paid on the day, in three statements. */
async function seedPast(
  tx: Tx,
  ctx: Ctx,
  past: { day: number; facility: Awaited<ReturnType<typeof loadFacilityRows>>[number]; slot: SlotRow; n: number }[],
  clientIds: Map<string, number>,
  modes: { id: number }[],
): Promise<void> {
  if (!past.length) return;
  const org = ctx.organisationId;
  const years = [...new Set(past.map((p) => addDays(ctx.now.today, p.day).slice(0, 4)))];
  const next = new Map<string, number>();
  for (const year of years)
    next.set(
      year,
      await reserveNumbers(tx, org, `booking:${year}`, past.filter((p) => addDays(ctx.now.today, p.day).startsWith(year)).length),
    );
  const values = past.map((p) => {
    const date = addDays(ctx.now.today, p.day);
    const year = date.slice(0, 4);
    const number = next.get(year)!;
    next.set(year, number + 1);
    const client = CLIENTS[p.n % CLIENTS.length];
    const price = slotPrice(p.slot, date);
    return {
      organisationId: org,
      code: `BK-${year}-${String(number).padStart(6, '0')}`,
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
      bookingAmount: price,
      paidAmount: price,
    };
  });
  const rows = await tx.insert(booking).values(values).returning({ id: booking.id, date: booking.date, amount: booking.bookingAmount });
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
  // Each sale's tax invoice, dated and paid on the day, numbered in its financial year's series.
  const sellers = new Map<number, Awaited<ReturnType<typeof sellerFor>>>();
  for (const centreId of new Set(past.map((p) => p.facility.centreId))) sellers.set(centreId, await sellerFor(tx, ctx, centreId));
  const fys = [...new Set(rows.map((r) => financialYear(r.date).label))];
  const nextInvoice = new Map<string, number>();
  for (const fy of fys)
    nextInvoice.set(fy, await reserveNumbers(tx, org, `INV:${fy}`, rows.filter((r) => financialYear(r.date).label === fy).length));
  const built = past.map((p, i) => {
    const { seller, placeOfSupply } = sellers.get(p.facility.centreId)!;
    const slot = `${p.slot.startTime.slice(0, 5)}–${p.slot.endTime.slice(0, 5)}`;
    const doc = buildInvoice(rows[i].date, seller, placeOfSupply, [
      {
        description: `${p.facility.sportName} - ${p.facility.name}, ${displayDate(rows[i].date)} (${slot})`,
        sacCode: p.facility.sacCode,
        unitPrice: rows[i].amount,
        rates: p.facility.gstRates,
      },
    ]);
    const fy = financialYear(rows[i].date).label;
    const n = nextInvoice.get(fy)!;
    nextInvoice.set(fy, n + 1);
    return { doc, seller, placeOfSupply, number: `INV/${fy}/${String(n).padStart(5, '0')}` };
  });
  const invoices = await tx
    .insert(invoice)
    .values(
      past.map((p, i) => ({
        organisationId: org,
        kind: 'invoice' as const,
        number: built[i].number,
        date: rows[i].date,
        module: MODULE,
        sourceType: 'booking',
        sourceId: rows[i].id,
        sourceLabel: values[i].code,
        centreId: p.facility.centreId,
        billOfSupply: built[i].doc.billOfSupply,
        seller: built[i].seller,
        buyerName: values[i].name,
        buyerPhone: values[i].mobile,
        buyerEmail: values[i].email,
        placeOfSupply: built[i].placeOfSupply,
        taxableValue: built[i].doc.taxableValue,
        cgst: built[i].doc.cgst,
        sgst: built[i].doc.sgst,
        igst: built[i].doc.igst,
        roundOff: built[i].doc.roundOff,
        total: built[i].doc.total,
        paid: built[i].doc.total,
        status: 'paid' as const,
      })),
    )
    .returning({ id: invoice.id });
  await tx
    .insert(invoiceLine)
    .values(invoices.flatMap((inv, i) => built[i].doc.lines.map((l) => ({ ...l, organisationId: org, invoiceId: inv.id }))));
  await tx
    .update(booking)
    .set({
      tax: sql`(select i.cgst + i.sgst + i.igst from invoice i where i.organisation_id = booking.organisation_id
      and i.kind = 'invoice' and i.source_type = 'booking' and i.source_id = booking.id)`,
    })
    .where(
      inArray(
        booking.id,
        rows.map((r) => r.id),
      ),
    );
  await tx.insert(ledgerEntry).values(
    past.map((p, i) => ({
      organisationId: org,
      date: rows[i].date,
      kind: 'receipt' as const,
      direction: 'in' as const,
      type: 'income' as const,
      amount: rows[i].amount,
      paymentModeId: modes[p.n % modes.length].id,
      module: MODULE,
      sourceType: 'booking',
      sourceId: rows[i].id,
      sourceLabel: values[i].code,
      party: values[i].name,
      invoiceId: invoices[i].id,
      centreId: p.facility.centreId,
    })),
  );
}
