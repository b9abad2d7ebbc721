import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../src/platform/time.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';
import { inDays, portalFacility, requestBody, slotsOn, today } from './booking-helpers.js';

let ctx: TestContext;
let owner: string;
let court: { centre: number; facility: number };
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await login(ctx.app, OWNER);
  court = await portalFacility(ctx.app, 'Court 2');
});
afterAll(async () => ctx?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  call(ctx.app, { method, url, token: owner, payload: payload as Record<string, unknown> });

describe('booking clients', () => {
  it('creates clients from portal bookings, matched by phone, with their dues', async () => {
    const date = inDays(3);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    await call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: requestBody(court.centre, court.facility, date, [free[0]], { name: 'Dev Anand', mobile_no: '9777700001' }),
    });
    await call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: requestBody(court.centre, court.facility, date, [free[1]], { name: 'Dev A.', mobile_no: '9777700001' }),
    });
    const list = (await api('GET', '/api/booking/client/?search=97777')).json();
    expect(list.count).toBe(1);
    const client = list.results[0];
    expect(client).toMatchObject({ name: 'Dev Anand', mobile: '9777700001', bookings_count: 2, paid_amount: '0.00' });
    expect(client.due_amount).toBe((Number(free[0].price) + Number(free[1].price)).toFixed(2));
    const bookings = (await api('GET', `/api/booking/booking/?client=${client.id}`)).json();
    expect(bookings.count).toBe(2);
    const withDue = (await api('GET', '/api/booking/client/?has_due=true&page_size=100')).json().results.map((c: { id: number }) => c.id);
    expect(withDue).toContain(client.id);
  });

  it('keeps phone numbers unique and refuses deleting a client with bookings', async () => {
    const dup = await api('POST', '/api/booking/client/', { name: 'Copy', mobile: '97777 00001' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().mobile).toEqual(['A client with this phone number already exists.']);
    const someone = (await api('GET', '/api/booking/client/?search=97777')).json().results[0];
    expect((await api('DELETE', `/api/booking/client/${someone.id}/`)).statusCode).toBe(409);
    const fresh = await api('POST', '/api/booking/client/', { name: 'New Person', email: 'new@example.com' });
    expect(fresh.statusCode).toBe(201);
    expect((await api('PATCH', `/api/booking/client/${fresh.json().id}/`, { notes: 'Prefers mornings' })).json()).toMatchObject({
      name: 'New Person',
      notes: 'Prefers mornings',
    });
    expect((await api('DELETE', `/api/booking/client/${fresh.json().id}/`)).statusCode).toBe(204);
  });
});

describe('booking subscriptions', () => {
  it('books the chosen weekdays between two dates and reports clashes instead of double-booking', async () => {
    const start = inDays(14);
    const end = addDays(start, 13);
    const weekdays = [isoWeekday(start), isoWeekday(addDays(start, 2))];
    const evening = (await slotsOn(ctx.app, court.facility, start)).find((s) => s.start_time === '21:00:00')!;
    // Someone already holds the slot on the first date.
    const first = await call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: requestBody(court.centre, court.facility, start, [evening], { mobile_no: '9666600001' }),
    });
    expect(first.statusCode).toBe(201);
    const res = await api('POST', '/api/booking/subscription/', {
      name: 'Team Smash',
      mobile_no: '9666600002',
      facility: court.facility,
      time_slot_ids: [evening.id],
      weekdays,
      start_date: start,
      end_date: end,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.clashes.map((c: { date: string }) => c.date)).toEqual([start]);
    expect(body.created).toHaveLength(3);
    for (const c of body.created) expect(weekdays).toContain(isoWeekday(c.date));
    expect(body.subscription).toMatchObject({ client_name: 'Team Smash', facility_name: 'Badminton - Court 2', status: 'active' });

    const cancelFrom = body.created[1].date;
    const cancelled = await api('POST', `/api/booking/subscription/${body.subscription.id}/cancel/`, { from_date: cancelFrom });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelled_from: cancelFrom });
    const kept = (await api('GET', `/api/booking/booking/${body.created[0].booking_id}/`)).json();
    expect(kept.status).toBe('confirmed');
    const gone = (await api('GET', `/api/booking/booking/${body.created[2].booking_id}/`)).json();
    expect(gone.status).toBe('cancelled');
    const slots = await slotsOn(ctx.app, court.facility, body.created[2].date);
    expect(slots.find((s) => s.id === evening.id)!.booking_status).toBe('available');
  });

  it('validates a subscription', async () => {
    const past = await api('POST', '/api/booking/subscription/', {
      name: 'X',
      facility: court.facility,
      time_slot_ids: [1],
      weekdays: [1],
      start_date: inDays(-1),
      end_date: inDays(5),
    });
    expect(past.statusCode).toBe(400);
    const backwards = await api('POST', '/api/booking/subscription/', {
      name: 'X',
      facility: court.facility,
      time_slot_ids: [1],
      weekdays: [1],
      start_date: inDays(5),
      end_date: inDays(1),
    });
    expect(backwards.json().end_date).toEqual(['End date must be on or after the start date.']);
    const foreign = await api('POST', '/api/booking/subscription/', {
      name: 'X',
      facility: court.facility,
      time_slot_ids: [999999],
      weekdays: [1],
      start_date: inDays(1),
      end_date: inDays(9),
    });
    expect(foreign.json().time_slot_ids[0]).toMatch(/do not belong/);
  });
});

describe('dashboard and reports', () => {
  it('summarises today, the month, occupancy, upcoming bookings and 30 days', async () => {
    const res = await api('GET', '/api/booking/dashboard/');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.today.date).toBe(today());
    expect(d.chart).toHaveLength(30);
    expect(d.chart.at(-1).date).toBe(today());
    expect(d.chart.reduce((s: number, x: { bookings: number }) => s + x.bookings, 0)).toBeGreaterThan(0);
    expect(d.occupancy.map((o: { sport_name: string; facility_name: string }) => `${o.sport_name} - ${o.facility_name}`)).toContain(
      'Badminton - Court 1',
    );
    for (const o of d.occupancy) expect(o.percent).toBeGreaterThanOrEqual(0);
    expect(Number(d.month.collections)).toBeGreaterThan(0);
    expect(d.upcoming.length).toBeGreaterThan(0);
    expect(d.upcoming.every((b: { status: string; date: string }) => b.status === 'confirmed' && b.date >= today())).toBe(true);
  });

  it('reports bookings by facility and sport, online only, and collections by payment mode', async () => {
    const from = inDays(-21);
    const to = inDays(30);
    const all = (await api('GET', `/api/booking/reports/booking/?group_by=facility&date_after=${from}&date_before=${to}`)).json();
    const online = (
      await api('GET', `/api/booking/reports/booking/?report=online&group_by=facility&date_after=${from}&date_before=${to}`)
    ).json();
    expect(all.rows.length).toBeGreaterThan(0);
    expect(online.total.bookings).toBeGreaterThan(0);
    expect(online.total.bookings).toBeLessThan(all.total.bookings);
    const sum = all.rows.reduce((s: number, r: { amount: string }) => s + Math.round(Number(r.amount) * 100), 0);
    expect((sum / 100).toFixed(2)).toBe(all.total.amount);
    const bySport = (await api('GET', `/api/booking/reports/booking/?group_by=sport&date_after=${from}&date_before=${to}`)).json();
    expect(bySport.total).toEqual(all.total);
    const collection = (await api('GET', `/api/booking/reports/booking/transaction/?date_after=${from}&date_before=${to}`)).json();
    expect(collection.by_mode.length).toBeGreaterThan(1);
    const txs = (await api('GET', `/api/booking/booking-transaction/?date_after=${from}&date_before=${to}&page_size=500`)).json();
    const paid = txs.results.reduce((s: number, p: { amount: string }) => s + Math.round(Number(p.amount) * 100), 0);
    expect(collection.total.amount).toBe((paid / 100).toFixed(2));
    const sports = (await api('GET', `/api/booking/reports/booking/sports-transaction/?date_after=${from}&date_before=${to}`)).json();
    expect(sports.total.amount).toBe(collection.total.amount);
  });
});
