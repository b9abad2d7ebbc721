/**
 * Reports › Booking on a small fixture of its own organisation, every figure exact: collections
 * (dates down, payment modes across, refunds and the net), occupancy by facility and hour of the
 * day, and no-shows and cancellations by client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, displayDate } from '../src/platform/time.js';
import { inDays, today } from './booking-helpers.js';
import {
  makeBooking,
  makeCentre,
  makeFacility,
  makeOrganisation,
  makePaymentMode,
  makeSport,
  inOrg,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let org: TestOrganisation;
let owner: string;
let centreId: number;
let other: number; // a second centre with nothing booked
let cash: number;
let upi: number;
/** facility name → its id and its slot ids by start time ('06:00') */
const courts: Record<string, { id: number; slot: Record<string, number> }> = {};
const clients: Record<string, number> = {};
/** The fixture's future day: only morning slots (₹400 flat, weekday or weekend) are booked on it. */
const day = inDays(2);

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(t.app, { method, url, host: org.host, token: owner, payload: payload as Record<string, unknown> });

async function desk(facility: string, starts: string[], client: string, payment?: { amount: string; payment_mode: number }) {
  const res = await api('POST', '/api/booking/booking/', {
    facility: courts[facility].id,
    date: day,
    time_slot_ids: starts.map((s) => courts[facility].slot[s]),
    client: clients[client],
    ...(payment && { payment: { ...payment, reference: '' } }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; booking_amount: string };
}

/** A booking on a past day (made as the desk would have made it that day), then marked as the day went. */
async function past(daysAgo: number, facility: string, start: string, client: string, then: 'complete' | 'no-show' | 'cancel') {
  const date = inDays(-daysAgo);
  const made = await inOrg(t, org, (tx, ctx) =>
    makeBooking(
      tx,
      { ...ctx, now: { ...ctx.now, today: date, time: '00:00:00' } },
      {
        facility: courts[facility].id,
        date,
        slotIds: [courts[facility].slot[start]],
        client: { id: clients[client] },
      },
    ),
  );
  const res = await api('POST', `/api/booking/booking/${made.id}/${then}/`, then === 'cancel' ? { reason: 'Unwell' } : {});
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  await inOrg(t, org, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx, { name: 'Koramangala' });
    centreId = centre.id;
    other = (await makeCentre(tx, ctx, { name: 'Indiranagar' })).id;
    const badminton = await makeSport(tx, ctx, { name: 'Badminton' });
    const football = await makeSport(tx, ctx, { name: 'Football' });
    cash = (await makePaymentMode(tx, ctx, { name: 'Cash' })).id;
    upi = (await makePaymentMode(tx, ctx, { name: 'UPI' })).id;
    const made = [
      await makeFacility(tx, ctx, { name: 'Court A', centre: centre.id, sport: badminton.id }),
      await makeFacility(tx, ctx, { name: 'Court B', centre: centre.id, sport: badminton.id }),
      // One 90-minute slot, 18:30–20:00: half of hour 18 and all of hour 19.
      await makeFacility(tx, ctx, {
        name: 'Turf',
        centre: centre.id,
        sport: football.id,
        slot_groups: [
          {
            name: 'Evening',
            time_slots: [{ start_time: '18:30:00', end_time: '20:00:00', price: '900.00', weekend_price: null, is_active: true }],
          },
        ],
      }),
    ];
    for (const f of made) {
      const slots = f.slot_groups.flatMap((g) => g.time_slots);
      courts[f.name] = { id: f.id, slot: Object.fromEntries(slots.map((s) => [s.start_time.slice(0, 5), s.id!])) };
    }
  });
  owner = await login(t.app, org.owner, org.host);
  for (const [name, mobile] of [
    ['Asha Menon', '9800000001'],
    ['Ravi Kumar', '9800000002'],
    ['Meena Iyer', '9800000003'],
  ]) {
    const res = await api('POST', '/api/booking/client/', { name, mobile });
    expect(res.statusCode, res.body).toBe(201);
    clients[name] = res.json().id;
  }

  // Today's money: Cash 800 in, UPI 400 + 400 in, then a cancellation that gives 300 back in cash.
  await desk('Court A', ['06:00', '07:00'], 'Asha Menon', { amount: '800.00', payment_mode: cash });
  await desk('Court A', ['08:00'], 'Ravi Kumar', { amount: '400.00', payment_mode: upi });
  const refunded = await desk('Court B', ['06:00'], 'Ravi Kumar', { amount: '400.00', payment_mode: upi });
  const cancel = await api('POST', `/api/booking/booking/${refunded.id}/cancel/`, {
    reason: 'Rain',
    refund: { amount: '300.00', payment_mode: cash },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await desk('Turf', ['18:30'], 'Asha Menon'); // unpaid: no money, but booked

  // Earlier days: Ravi missed two and played one, Asha played one, Meena cancelled one.
  await past(3, 'Court A', '06:00', 'Ravi Kumar', 'no-show');
  await past(2, 'Court A', '06:00', 'Ravi Kumar', 'no-show');
  await past(1, 'Court A', '07:00', 'Ravi Kumar', 'complete');
  await past(3, 'Court A', '07:00', 'Asha Menon', 'complete');
  await past(2, 'Court B', '06:00', 'Meena Iyer', 'cancel');
});
afterAll(async () => t?.close());

describe('collection report', () => {
  it('shows each mode’s money in, the refunds and the net, per date and in total', async () => {
    const res = await api('GET', `/api/booking/reports/booking/transaction/?date_after=${inDays(-5)}&date_before=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.by_mode).toEqual([
      { payment_mode: 'Cash', received: '800.00', refunded: '300.00', amount: '500.00', count: 2 },
      { payment_mode: 'UPI', received: '800.00', refunded: '0.00', amount: '800.00', count: 2 },
    ]);
    expect(r.by_date).toEqual([{ date: today(), received: '1600.00', refunded: '300.00', amount: '1300.00', count: 4 }]);
    expect(r.total).toEqual({ received: '1600.00', refunded: '300.00', amount: '1300.00', count: 4 });
    expect(r.rows).toHaveLength(2);

    // The other centre took nothing; a range before today shows nothing either.
    const elsewhere = (await api('GET', `/api/booking/reports/booking/transaction/?centre=${other}`)).json();
    expect(elsewhere.total).toEqual({ received: '0.00', refunded: '0.00', amount: '0.00', count: 0 });
    const before = (await api('GET', `/api/booking/reports/booking/transaction/?date_before=${inDays(-1)}`)).json();
    expect(before.rows).toEqual([]);
  });

  it('exports the pivot: modes across with what came in, then the refunds and the net total', async () => {
    const res = await api('GET', `/api/booking/reports/booking/transaction/?centre=${centreId}&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Date,Cash,UPI,Refunds,Total');
    expect(lines.slice(1)).toEqual([`${displayDate(today())},800.00,800.00,-300.00,1300.00`, 'Total,800.00,800.00,-300.00,1300.00']);
  });
});

describe('occupancy report', () => {
  it('divides booked slot-hours by offered slot-hours for each facility and hour of the day', async () => {
    const res = await api('GET', `/api/booking/reports/occupancy/?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ from: day, to: day });
    // Court A/B: 06–10 and 17–22 every day; the Turf: 18:30–20:00.
    expect(r.hours).toEqual([6, 7, 8, 9, 17, 18, 19, 20, 21]);
    const [a, b, turf] = r.facilities;
    expect([a.facility_name, b.facility_name, turf.facility_name]).toEqual(['Court A', 'Court B', 'Turf']);
    expect(a.cells.map((c: { percent: number }) => c.percent)).toEqual([100, 100, 100, 0, 0, 0, 0, 0, 0]);
    expect(a).toMatchObject({ booked_hours: 3, offered_hours: 9, percent: 33.3 });
    // Court B's only booking was cancelled: its slot is free again.
    expect(b).toMatchObject({ booked_hours: 0, offered_hours: 9, percent: 0 });
    // The Turf offers nothing before 18:30: no share rather than 0 %.
    expect(turf.cells.map((c: { percent: number | null }) => c.percent)).toEqual([null, null, null, null, null, 100, 100, null, null]);
    expect(turf.cells[5]).toEqual({ hour: 18, booked_hours: 0.5, offered_hours: 0.5, percent: 100 });
    expect(turf).toMatchObject({ booked_hours: 1.5, offered_hours: 1.5, percent: 100 });
    expect(r.by_hour[0]).toEqual({ hour: 6, booked_hours: 1, offered_hours: 2, percent: 50 });
    expect(r.by_hour[6]).toEqual({ hour: 19, booked_hours: 1, offered_hours: 3, percent: 33.3 });
    expect(r.total).toEqual({ booked_hours: 4.5, offered_hours: 19.5, percent: 23.1 });

    // Two days offer twice the hours for the same bookings.
    const two = (await api('GET', `/api/booking/reports/occupancy/?from=${day}&to=${addDays(day, 1)}&centre=${centreId}`)).json();
    expect(two.facilities[0]).toMatchObject({ booked_hours: 3, offered_hours: 18, percent: 16.7 });
    expect(two.facilities[0].cells[0]).toEqual({ hour: 6, booked_hours: 1, offered_hours: 2, percent: 50 });
    // A centre without facilities has nothing to show.
    expect((await api('GET', `/api/booking/reports/occupancy/?centre=${other}`)).json()).toMatchObject({ hours: [], facilities: [] });
  });

  it('covers at most 92 days and refuses a range that ends before it starts', async () => {
    const ok = await api('GET', `/api/booking/reports/occupancy/?from=${day}&to=${addDays(day, 91)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().facilities[0].offered_hours).toBe(9 * 92);
    const long = await api('GET', `/api/booking/reports/occupancy/?from=${day}&to=${addDays(day, 92)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ to: ['The range can be at most 92 days.'] });
    const backwards = await api('GET', `/api/booking/reports/occupancy/?from=${day}&to=${addDays(day, -1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ to: ['The end date must be on or after the start date.'] });
    const bad = await api('GET', '/api/booking/reports/occupancy/?from=2026-13-40');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['from']);
  });

  it('exports the heat map as percentages', async () => {
    const res = await api('GET', `/api/booking/reports/occupancy/?from=${day}&to=${day}&format=csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Facility,06:00,07:00,08:00,09:00,17:00,18:00,19:00,20:00,21:00,Total');
    expect(lines[1]).toBe('Badminton - Court A,100,100,100,0,0,0,0,0,0,33.3');
    expect(lines[3]).toBe('Football - Turf,,,,,,100,100,,,100');
    expect(lines[4]).toBe('All facilities,50,50,50,0,0,20,33.3,0,0,23.1');
  });
});

describe('no-shows and cancellations by client', () => {
  it('counts each client’s bookings by how they ended, most no-shows first, in pages', async () => {
    const range = `from=${inDays(-5)}&to=${inDays(5)}`;
    const res = await api('GET', `/api/booking/reports/client-reliability/?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.count).toBe(3);
    expect(r.results).toEqual([
      // 2 no-shows of 3 settled bookings; the cancelled one and the upcoming one count as bookings only.
      {
        client: clients['Ravi Kumar'],
        name: 'Ravi Kumar',
        mobile: '9800000002',
        bookings: 5,
        completed: 1,
        no_shows: 2,
        cancellations: 1,
        no_show_rate: 66.7,
      },
      {
        client: clients['Meena Iyer'],
        name: 'Meena Iyer',
        mobile: '9800000003',
        bookings: 1,
        completed: 0,
        no_shows: 0,
        cancellations: 1,
        no_show_rate: null,
      },
      {
        client: clients['Asha Menon'],
        name: 'Asha Menon',
        mobile: '9800000001',
        bookings: 3,
        completed: 1,
        no_shows: 0,
        cancellations: 0,
        no_show_rate: 0,
      },
    ]);

    const first = (await api('GET', `/api/booking/reports/client-reliability/?${range}&page_size=2`)).json();
    expect(first.count).toBe(3);
    expect(first.results.map((c: { name: string }) => c.name)).toEqual(['Ravi Kumar', 'Meena Iyer']);
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const second = (await api('GET', `/api/booking/reports/client-reliability/?${range}&page_size=2&page=2`)).json();
    expect(second.results.map((c: { name: string }) => c.name)).toEqual(['Asha Menon']);
    expect(second.next).toBeNull();
    expect((await api('GET', `/api/booking/reports/client-reliability/?${range}&page_size=2&page=3`)).statusCode).toBe(404);

    // Only bookings dated in the range count: from yesterday, Ravi has his completed game and today's two.
    const recent = (await api('GET', `/api/booking/reports/client-reliability/?from=${inDays(-1)}&to=${inDays(5)}`)).json();
    expect(recent.results[0]).toMatchObject({ name: 'Ravi Kumar', bookings: 3, completed: 1, no_shows: 0, cancellations: 1 });
    expect((await api('GET', `/api/booking/reports/client-reliability/?centre=${other}`)).json()).toMatchObject({ count: 0, results: [] });
  });

  it('refuses more than 92 days and exports every client', async () => {
    const long = await api('GET', `/api/booking/reports/client-reliability/?from=${inDays(-100)}&to=${today()}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ to: ['The range can be at most 92 days.'] });
    const csv = await api('GET', `/api/booking/reports/client-reliability/?from=${inDays(-5)}&to=${inDays(5)}&format=csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Client,Mobile,Bookings,Completed,No-shows,Cancellations,No-show rate (%)');
    expect(lines.slice(1)).toEqual([
      'Ravi Kumar,9800000002,5,1,2,1,66.7',
      'Meena Iyer,9800000003,1,0,0,1,',
      'Asha Menon,9800000001,3,1,0,0,0',
    ]);
  });
});
