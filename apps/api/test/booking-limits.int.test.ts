import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { addDays, isoWeekday } from '../src/platform/time.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';
import { inDays, portalFacility, requestBody, slotsOn, type PortalSlot } from './booking-helpers.js';

/**
 * The work one booking request may ask for is bounded before any of it is done: a subscription
 * books at most SUBSCRIPTION_MAX_SLOTS slots (dates × slots), runs at most 366 days, names each
 * weekday once; every array of a booking body has a maximum. A refused request writes nothing.
 */
let ctx: TestContext;
let owner: string;
let court: { centre: number; facility: number };
let slots: PortalSlot[];

beforeAll(async () => {
  ctx = await createTestApp({ SUBSCRIPTION_MAX_SLOTS: '20' });
  owner = await login(ctx.app, OWNER);
  court = await portalFacility(ctx.app, 'Court 2');
  slots = await slotsOn(ctx.app, court.facility, inDays(40));
});
afterAll(async () => ctx?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(ctx.app, { method, url, token: owner, payload: payload as Record<string, unknown> });
const counts = async () => ({
  bookings: (await api('GET', '/api/booking/booking/?page_size=1')).json().count as number,
  subscriptions: (await api('GET', '/api/booking/subscription/?page_size=1')).json().count as number,
  clients: (await api('GET', '/api/booking/client/?page_size=1')).json().count as number,
  logs: (await api('GET', '/api/booking/logs/?page_size=1')).json().count as number,
});
const subscription = (over: Record<string, unknown>) => ({
  name: 'Limit Club',
  mobile_no: '9333300001',
  facility: court.facility,
  time_slot_ids: [slots[0].id],
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start_date: inDays(40),
  end_date: inDays(46),
  ...over,
});

describe('the size of a booking subscription', () => {
  it('defaults to at most 2,000 slots per request', () => {
    expect(loadConfig({}).SUBSCRIPTION_MAX_SLOTS).toBe(2000);
    expect(() => loadConfig({ SUBSCRIPTION_MAX_SLOTS: '0' })).toThrow(/SUBSCRIPTION_MAX_SLOTS/);
  });

  it('refuses a subscription that would book more slots than the limit, naming both, and writes nothing', async () => {
    const before = await counts();
    const start = inDays(40);
    const res = await api(
      'POST',
      '/api/booking/subscription/',
      subscription({ time_slot_ids: slots.map((s) => s.id), start_date: start, end_date: addDays(start, 366) }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const dates = 367;
    const booked = (dates * slots.length).toLocaleString('en-US');
    expect(res.json()).toEqual({
      non_field_errors: [
        `This subscription would book ${booked} slots; at most 20 can be booked at once. Shorten the period or choose fewer slots.`,
      ],
    });
    // 3 slots × 7 dates = 21, one over.
    const over = await api('POST', '/api/booking/subscription/', subscription({ time_slot_ids: slots.slice(0, 3).map((s) => s.id) }));
    expect(over.statusCode).toBe(400);
    expect(over.json().non_field_errors[0]).toMatch(/would book 21 slots; at most 20 /);
    expect(await counts()).toEqual(before);
  });

  it('books a subscription of exactly the limit', async () => {
    // 2 slots × 10 dates = 20.
    const start = inDays(50);
    const res = await api(
      'POST',
      '/api/booking/subscription/',
      subscription({ time_slot_ids: slots.slice(0, 2).map((s) => s.id), start_date: start, end_date: addDays(start, 9) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created.length + body.clashes.length).toBe(10);
    // One readable number each, consecutive, in date order.
    const numbers = body.created.map((c: { code: string }) => Number(c.code.slice(-6)));
    expect(numbers).toEqual(numbers.map((_: number, i: number) => numbers[0] + i));
    expect(body.created.map((c: { date: string }) => c.date)).toEqual([...body.created.map((c: { date: string }) => c.date)].sort());
    const logs = (await api('GET', '/api/booking/logs/?resource=booking&page_size=100')).json().results as { object_id: string }[];
    for (const c of body.created) expect(logs.map((l) => l.object_id)).toContain(String(c.booking_id));
  });

  it('refuses a subscription longer than 366 days', async () => {
    const before = await counts();
    const start = inDays(40);
    const res = await api(
      'POST',
      '/api/booking/subscription/',
      subscription({ weekdays: [isoWeekday(start)], end_date: addDays(start, 367) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().end_date).toEqual(['A subscription can span at most 366 days.']);
    expect(await counts()).toEqual(before);
  });

  it('refuses more than seven weekdays, a weekday twice, or a slot twice', async () => {
    const before = await counts();
    const eight = await api('POST', '/api/booking/subscription/', subscription({ weekdays: [1, 2, 3, 4, 5, 6, 7, 1] }));
    expect(eight.statusCode).toBe(400);
    expect(eight.json().weekdays).toContain('Choose at most 7 weekdays.');
    const twice = await api('POST', '/api/booking/subscription/', subscription({ weekdays: [2, 2] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().weekdays).toEqual(['Each weekday can be chosen only once.']);
    const outside = await api('POST', '/api/booking/subscription/', subscription({ weekdays: [0, 8] }));
    expect(outside.statusCode).toBe(400);
    const slotTwice = await api('POST', '/api/booking/subscription/', subscription({ time_slot_ids: [slots[0].id, slots[0].id] }));
    expect(slotTwice.statusCode).toBe(400);
    expect(slotTwice.json().time_slot_ids).toEqual(['A slot is selected more than once.']);
    expect(await counts()).toEqual(before);
  });
});

describe('the arrays of booking bodies', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('refuses more slots than a booking can hold, before reading anything', async () => {
    const before = await counts();
    const date = inDays(41);
    const portal = await call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: {
        ...requestBody(court.centre, court.facility, date, [slots[0]]),
        time_slots: ids(97).map((slot) => ({ date, slot })),
      },
    });
    expect(portal.statusCode).toBe(400);
    expect(portal.json().time_slots).toEqual(['At most 96 slots can be booked at once.']);
    const desk = await api('POST', '/api/booking/booking/', { facility: court.facility, date, time_slot_ids: ids(49), name: 'Big Group' });
    expect(desk.statusCode).toBe(400);
    expect(desk.json().time_slot_ids).toEqual(['At most 48 slots can be booked at once.']);
    const sub = await api('POST', '/api/booking/subscription/', subscription({ time_slot_ids: ids(49) }));
    expect(sub.statusCode).toBe(400);
    expect(sub.json().time_slot_ids).toEqual(['At most 48 slots can be booked at once.']);
    expect(await counts()).toEqual(before);
  });
});
