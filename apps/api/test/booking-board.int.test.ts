/**
 * Issue 12 §1 and §3 (first bullet): the desk's board, walk-ins into a slot that has started (at
 * the desk, not on the portal), past slots, the desk booking of several facilities in one step,
 * and a client's identity never changed silently by a booking.
 *
 * The organisation runs in a time zone where it is about noon now, with slots laid around "now":
 * one that ended half an hour ago, one that started half an hour ago, one that starts in half an
 * hour — so the rules are tested against the real clock without crossing midnight.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisation } from '../src/platform/db/schema.js';
import { systemCtx } from '../src/platform/request-context.js';
import { addDays, nowIn } from '../src/platform/time.js';
import { dmy } from './booking-helpers.js';
import {
  inOrg,
  makeCentre,
  makeClient,
  makeFacility,
  makeOrganisation,
  makePaymentMode,
  makeSport,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let zone: string;
let centreId: number;
let otherCentreId: number;
let modeId: number;
let courts: { id: number; name: string }[];
let pool: { id: number; name: string };
let slotIds: Map<number, { ended: number; started: number; next: number; later: number }>;
let times: { ended: [string, string]; started: [string, string]; next: [string, string]; later: [string, string] };

/** A UTC offset zone where the local hour is 12 now (Etc/GMT-5 is UTC+5). */
function noonZone(): string {
  const offset = ((12 - new Date().getUTCHours() + 36) % 24) - 12;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const today = () => nowIn(zone).today;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(t.app, { method, url, host: org.host, token: key, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  zone = noonZone();
  const [row] = await t.handle.db.update(organisation).set({ timeZone: zone }).where(eq(organisation.id, org.id)).returning();
  org = { ...org, ctx: systemCtx(t.config, row, 'factory') };
  const now = nowIn(zone).time;
  const m = Number(now.slice(0, 2)) * 60 + Number(now.slice(3, 5));
  times = {
    ended: [hhmm(m - 90), hhmm(m - 30)],
    started: [hhmm(m - 30), hhmm(m + 30)],
    next: [hhmm(m + 30), hhmm(m + 90)],
    later: [hhmm(m + 90), hhmm(m + 150)],
  };
  const group = (price: string) => ({
    name: 'Day',
    time_slots: Object.values(times).map(([start_time, end_time]) => ({
      start_time,
      end_time,
      price,
      weekend_price: null,
      is_active: true,
    })),
  });
  const made = await inOrg(t, org, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx, { name: 'Main Centre' });
    const other = await makeCentre(tx, ctx, { name: 'Other Centre' });
    const badminton = await makeSport(tx, ctx, { name: 'Badminton' });
    const swimming = await makeSport(tx, ctx, { name: 'Swimming' });
    const mode = await makePaymentMode(tx, ctx, { name: 'Cash' });
    const c1 = await makeFacility(tx, ctx, { centre: centre.id, sport: badminton.id, name: 'Court 1', slot_groups: [group('800.00')] });
    const c2 = await makeFacility(tx, ctx, { centre: centre.id, sport: badminton.id, name: 'Court 2', slot_groups: [group('900.00')] });
    const lane = await makeFacility(tx, ctx, { centre: centre.id, sport: swimming.id, name: 'Lane 1', slot_groups: [group('300.00')] });
    await makeFacility(tx, ctx, { centre: other.id, sport: badminton.id, name: 'Elsewhere' });
    await makeFacility(tx, ctx, { centre: centre.id, sport: badminton.id, name: 'Closed Court', is_active: false });
    return { centre, other, mode, facilities: [c1, c2, lane], sports: { badminton: badminton.id, swimming: swimming.id } };
  });
  centreId = made.centre.id;
  otherCentreId = made.other.id;
  modeId = made.mode.id;
  courts = made.facilities.slice(0, 2).map((f) => ({ id: f.id, name: f.name }));
  pool = { id: made.facilities[2].id, name: made.facilities[2].name };
  slotIds = new Map(
    made.facilities.map((f) => {
      const slots = f.slot_groups[0].time_slots;
      const at = (start: string) => slots.find((s) => s.start_time === start)!.id!;
      return [f.id, { ended: at(times.ended[0]), started: at(times.started[0]), next: at(times.next[0]), later: at(times.later[0]) }];
    }),
  );
  key = await login(t.app, org.owner, org.host);
});
afterAll(async () => t?.close());

const ids = (facility: number) => slotIds.get(facility)!;
const board = async (query: string) => {
  const res = await api('GET', `/api/booking/board/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    date: string;
    centre: number;
    hours: string[];
    facilities: {
      id: number;
      name: string;
      sport_name: string;
      slots: { id: number; status: string; price: string; booking: { name: string; code: string } | null }[];
    }[];
  };
};
const cell = (b: Awaited<ReturnType<typeof board>>, facility: number, slot: number) =>
  b.facilities.find((f) => f.id === facility)!.slots.find((s) => s.id === slot)!;

describe('the board', () => {
  it("shows the centre's active facilities as columns, the union of start times as rows, and each slot's status for the desk", async () => {
    const b = await board(`centre=${centreId}&date=${dmy(today())}`);
    expect(b.date).toBe(today());
    expect(b.centre).toBe(centreId);
    // Sport, then name; the other centre's and the inactive facility are not columns.
    expect(b.facilities.map((f) => f.name)).toEqual(['Court 1', 'Court 2', 'Lane 1']);
    expect(b.hours).toEqual([times.ended[0], times.started[0], times.next[0], times.later[0]]);
    const c1 = courts[0].id;
    expect(cell(b, c1, ids(c1).ended)).toMatchObject({ status: 'past', booking: null });
    // Walk-in: the slot that started half an hour ago is still bookable at the desk, at its price.
    expect(cell(b, c1, ids(c1).started)).toMatchObject({ status: 'available', price: '800.00' });
    expect(cell(b, c1, ids(c1).next)).toMatchObject({ status: 'available' });
    // A past date: every slot nobody booked is past.
    const yesterday = await board(`centre=${centreId}&date=${dmy(addDays(today(), -1))}`);
    expect(new Set(yesterday.facilities.flatMap((f) => f.slots.map((s) => s.status)))).toEqual(new Set(['past']));
  });

  it('filters by sport, and refuses an unknown centre or an impossible date with a 400', async () => {
    const lanes = await api('GET', `/api/booking/board/?centre=${centreId}&date=${dmy(today())}&sport=${await sportOf(pool.id)}`);
    expect(lanes.json().facilities.map((f: { name: string }) => f.name)).toEqual(['Lane 1']);
    const unknown = await api('GET', `/api/booking/board/?centre=999999&date=${dmy(today())}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ centre: ['Invalid pk "999999" - object does not exist.'] });
    const impossible = await api('GET', `/api/booking/board/?centre=${centreId}&date=31-02-2026`);
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toEqual({ date: ['Enter a valid date as DD-MM-YYYY.'] });
    expect((await api('GET', `/api/booking/board/?centre=${centreId}&date=2026-02-01`)).statusCode).toBe(400);
    expect((await api('GET', `/api/booking/board/?centre=${otherCentreId}&date=${dmy(today())}`)).json().facilities).toHaveLength(1);
  });
});

async function sportOf(facility: number): Promise<number> {
  return (await api('GET', `/api/booking/facility/${facility}/`)).json().sport;
}

describe('walk-ins', () => {
  it('books a slot that has started at the desk, at its price, while the portal refuses it', async () => {
    const lane = pool.id;
    // The portal: the started slot is not offered and cannot be booked.
    const online = await call(t.app, {
      method: 'GET',
      url: `/api/booking/facility/${lane}/online-available-slots/${dmy(today())}/`,
      host: org.host,
    });
    const statuses = Object.fromEntries(
      (online.json() as { time_slots: { id: number; booking_status: string }[] }[]).flatMap((g) =>
        g.time_slots.map((s) => [s.id, s.booking_status]),
      ),
    );
    expect(statuses[ids(lane).started]).toBe('unavailable');
    expect(statuses[ids(lane).ended]).toBe('past');
    expect(statuses[ids(lane).next]).toBe('available');
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      host: org.host,
      payload: {
        centre: centreId,
        facility: lane,
        date: today(),
        time_slots: [{ date: today(), slot: ids(lane).started }],
        name: 'Online Visitor',
        email: 'visitor@example.com',
        mobile_no: '9811100001',
        booking_amount: '300.00',
        sub_total: '300.00',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().time_slots).toEqual([
      `${times.started[0].slice(0, 5)}–${times.started[1].slice(0, 5)}: This slot has already started.`,
    ]);

    // The desk: the same slot, booked as a walk-in at the unchanged price.
    const walkIn = await api('POST', '/api/booking/booking/', {
      facility: lane,
      date: today(),
      time_slot_ids: [ids(lane).started],
      name: 'Walk In',
      mobile_no: '9811100002',
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(walkIn.json()).toMatchObject({ booking_amount: '300.00', source: 'desk', name: 'Walk In' });
    const b = await board(`centre=${centreId}&date=${dmy(today())}`);
    expect(cell(b, lane, ids(lane).started)).toMatchObject({ status: 'booked', booking: { name: 'Walk In' } });
  });

  it('refuses a slot whose end has passed, at the desk too, and changes nothing', async () => {
    const lane = pool.id;
    const ended = await api('POST', '/api/booking/booking/', {
      facility: lane,
      date: today(),
      time_slot_ids: [ids(lane).ended],
      name: 'Too Late',
      mobile_no: '9811100003',
    });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().time_slots).toEqual([`${times.ended[0].slice(0, 5)}–${times.ended[1].slice(0, 5)}: This slot has already ended.`]);
    const yesterday = await api('POST', '/api/booking/booking/', {
      facility: lane,
      date: addDays(today(), -1),
      time_slot_ids: [ids(lane).later],
      name: 'Too Late',
      mobile_no: '9811100003',
    });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().time_slots[0]).toContain('This date is in the past.');
    expect(cell(await board(`centre=${centreId}&date=${dmy(today())}`), lane, ids(lane).ended).status).toBe('past');
    expect((await api('GET', '/api/booking/client/?search=9811100003')).json().count).toBe(0);
  });
});

describe('desk bookings across facilities', () => {
  const date = () => addDays(today(), 2);
  const countBookings = async () => (await api('GET', `/api/booking/booking/?date=${date()}`)).json().count as number;

  it('books two courts for one client in one step, with the payment shared out', async () => {
    const [c1, c2] = courts.map((c) => c.id);
    const res = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Priya Raman',
      mobile_no: '98111 00010',
      items: [
        { facility: c1, date: date(), time_slot_ids: [ids(c1).next, ids(c1).later] },
        { facility: c2, date: date(), time_slot_ids: [ids(c2).next] },
      ],
      discount: '100.00',
      payment: { amount: '2000.00', payment_mode: modeId, reference: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = res.json().bookings;
    expect(first).toMatchObject({
      facility: c1,
      sub_total: '1600.00',
      discount: '100.00',
      booking_amount: '1500.00',
      paid_amount: '1500.00',
    });
    expect(second).toMatchObject({ facility: c2, sub_total: '900.00', discount: '0.00', booking_amount: '900.00', paid_amount: '500.00' });
    expect(first.client).toBe(second.client);
    expect(first.code).not.toBe(second.code);
    expect([first.name, second.name]).toEqual(['Priya Raman', 'Priya Raman']);
    const b = await board(`centre=${centreId}&date=${dmy(date())}`);
    expect(cell(b, c1, ids(c1).next).booking).toMatchObject({ name: 'Priya Raman', code: first.code });
    expect(cell(b, c2, ids(c2).next).booking).toMatchObject({ name: 'Priya Raman', code: second.code });
    const payments = (await api('GET', `/api/booking/booking-transaction/?search=${first.code}`)).json();
    expect(payments.results.map((p: { amount: string }) => p.amount)).toEqual(['1500.00']);
  });

  it('creates nothing when one of the slots is already held (a clean 409)', async () => {
    const [c1, c2] = courts.map((c) => c.id);
    const before = await countBookings();
    const res = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Late Comer',
      mobile_no: '9811100011',
      items: [
        { facility: c2, date: date(), time_slot_ids: [ids(c2).later] }, // free
        { facility: c1, date: date(), time_slot_ids: [ids(c1).next] }, // held by Priya
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(await countBookings()).toBe(before);
    expect(cell(await board(`centre=${centreId}&date=${dmy(date())}`), c2, ids(c2).later).status).toBe('available');
  });

  it('lets exactly one of three racing requests for the same slots through', async () => {
    const [c1, c2] = courts.map((c) => c.id);
    const d = addDays(today(), 3);
    const body = (n: number) => ({
      name: `Racer ${n}`,
      mobile_no: `981110002${n}`,
      items: [
        { facility: c1, date: d, time_slot_ids: [ids(c1).later] },
        { facility: c2, date: d, time_slot_ids: [ids(c2).later] },
      ],
    });
    const results = await Promise.all([1, 2, 3].map((n) => api('POST', '/api/booking/desk-bookings/', body(n))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await api('GET', `/api/booking/booking/?date=${d}`)).json().count).toBe(2);
  });

  it('bounds the request and refuses what cannot be booked with a 400 that changes nothing', async () => {
    const [c1, c2] = courts.map((c) => c.id);
    const before = await countBookings();
    const item = { facility: c1, date: date(), time_slot_ids: [ids(c1).ended] };
    const nine = await api('POST', '/api/booking/desk-bookings/', { name: 'Many', items: Array.from({ length: 9 }, () => item) });
    expect(nine.statusCode).toBe(400);
    expect(nine.json().items).toEqual(['At most 8 facilities can be booked at once.']);
    const slots = Array.from({ length: 49 }, (_, i) => i + 1);
    const tooMany = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Many',
      items: [
        { facility: c1, date: date(), time_slot_ids: slots.slice(0, 25) },
        { facility: c2, date: date(), time_slot_ids: slots.slice(25) },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().items).toEqual(['At most 48 slots can be booked at once.']);
    const twice = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Twice',
      items: [
        { facility: c2, date: date(), time_slot_ids: [ids(c2).ended] },
        { facility: c2, date: date(), time_slot_ids: [ids(c2).started] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().items).toEqual(['Each facility can appear only once; put its slots together.']);
    const overpaid = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Over Paid',
      items: [{ facility: c2, date: date(), time_slot_ids: [ids(c2).ended] }],
      payment: { amount: '901.00', payment_mode: modeId, reference: '' },
    });
    expect(overpaid.statusCode).toBe(400);
    expect(overpaid.json()['payment.amount']).toEqual(['The payment cannot exceed the booking amount (900.00).']);
    const noName = await api('POST', '/api/booking/desk-bookings/', {
      items: [{ facility: c2, date: date(), time_slot_ids: [ids(c2).ended] }],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().name).toEqual(['Name is required']);
    expect(await countBookings()).toBe(before);
  });
});

describe("a client's identity", () => {
  let arjun: { id: number };
  beforeAll(async () => {
    arjun = await inOrg(t, org, (tx, ctx) => makeClient(tx, ctx, { name: 'Arjun Nair', mobile: '9876543210', email: 'arjun@example.com' }));
  });

  it('finds the client who holds a mobile number, and only when one does', async () => {
    const hit = await api('GET', '/api/booking/client/lookup/?mobile=98765%2043210');
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual({ client: { id: arjun.id, name: 'Arjun Nair', mobile_no: '9876543210', email: 'arjun@example.com' } });
    expect((await api('GET', '/api/booking/client/lookup/?mobile=9000000000')).json()).toEqual({ client: null });
    const bad = await api('GET', '/api/booking/client/lookup/?mobile=12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mobile).toEqual(['Phone number must be 10 digits']);
  });

  it("refuses a desk booking that would file another name under Arjun's number, and never renames him", async () => {
    const lane = pool.id;
    const d = addDays(today(), 4);
    const message = { mobile_no: ['This number belongs to Arjun Nair. Use that client or correct the number.'] };
    const single = await api('POST', '/api/booking/booking/', {
      facility: lane,
      date: d,
      time_slot_ids: [ids(lane).next],
      name: 'Someone Else',
      mobile_no: '9876543210',
    });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toEqual(message);
    const many = await api('POST', '/api/booking/desk-bookings/', {
      name: 'Someone Else',
      mobile_no: '9876543210',
      items: [{ facility: lane, date: d, time_slot_ids: [ids(lane).next] }],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual(message);
    expect((await api('GET', `/api/booking/booking/?date=${d}`)).json().count).toBe(0);

    // The same name (any case or spacing) is the same client; and the client by id books under his name.
    const same = await api('POST', '/api/booking/booking/', {
      facility: lane,
      date: d,
      time_slot_ids: [ids(lane).next],
      name: 'arjun  nair',
      mobile_no: '9876543210',
    });
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().client).toBe(arjun.id);
    const byId = await api('POST', '/api/booking/desk-bookings/', {
      client: arjun.id,
      items: [{ facility: lane, date: d, time_slot_ids: [ids(lane).later] }],
    });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json().bookings[0]).toMatchObject({ client: arjun.id, name: 'Arjun Nair', mobile: '9876543210' });
    expect((await api('GET', `/api/booking/client/${arjun.id}/`)).json()).toMatchObject({
      name: 'Arjun Nair',
      mobile: '9876543210',
      bookings_count: 2,
    });
  });
  it('files a new number under one name only when two desks type it at once with different names', async () => {
    const [c1, c2] = courts.map((c) => c.id);
    const d = addDays(today(), 5);
    const mobile = '9811100077';
    const body = (name: string, facility: number) => ({
      name,
      mobile_no: mobile,
      items: [{ facility, date: d, time_slot_ids: [ids(facility).later] }],
    });
    const results = await Promise.all([
      api('POST', '/api/booking/desk-bookings/', body('Kiran Rao', c1)),
      api('POST', '/api/booking/desk-bookings/', body('Meera Das', c2)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const won = results.find((r) => r.statusCode === 201)!.json().bookings[0];
    const lost = results.find((r) => r.statusCode === 400)!.json();
    expect(lost).toEqual({ mobile_no: [`This number belongs to ${won.name}. Use that client or correct the number.`] });
    const holder = (await api('GET', `/api/booking/client/lookup/?mobile=${mobile}`)).json().client;
    expect(holder.name).toBe(won.name);
    expect((await api('GET', `/api/booking/booking/?date=${d}`)).json().results.map((b: { name: string }) => b.name)).toEqual([won.name]);
  });
});
