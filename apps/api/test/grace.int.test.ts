import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_EXPIRED_DETAIL } from '@arena/contracts';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { forEachOrganisation, type TaskContext } from '../src/platform/jobs.js';
import { allowedWhenReadOnly, subscriptionStanding } from '../src/platform/subscription-guard.js';
import { addDays, nowIn } from '../src/platform/time.js';
import { inDays, portalFacility, requestBody, slotsOn } from './booking-helpers.js';
import { call, createTestApp, DEMO_HOST, login, OWNER, type TestContext } from './helpers.js';

let ctx: TestContext;
let owner: string;
let demoId: number;
const today = () => nowIn('Asia/Kolkata').today;

/** Sets the demo organisation's due date and drops the cached row, so the next request sees it. */
async function dueOn(date: string | null) {
  await ctx.handle.db.update(organisation).set({ dueDate: date }).where(eq(organisation.id, demoId));
  ctx.app.organisations.forget('demo');
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token: string | null = owner) =>
  call(ctx.app, { method, url, token, payload: payload as never, host: DEMO_HOST });

const counts = async () => {
  const [row] = await withTenant(ctx.handle.db, demoId, (tx) =>
    queryRows<{ modes: number; bookings: number; members: number; invoices: number }>(
      tx,
      sql`select (select count(*)::int from payment_mode) as modes, (select count(*)::int from booking) as bookings,
                 (select count(*)::int from member) as members, (select count(*)::int from invoice) as invoices`,
    ),
  );
  return row;
};

beforeAll(async () => {
  ctx = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await login(ctx.app, OWNER);
  const [row] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from organisation where subdomain = 'demo'`);
  demoId = Number(row.id);
});
afterAll(async () => ctx?.close());

describe('subscription standing', () => {
  it('is active to the due date, grace for 7 days after it, then read-only; never read-only without a due date', () => {
    const zone = 'Asia/Kolkata';
    const at = (d: string) => subscriptionStanding({ dueDate: d, timeZone: zone });
    expect(at(today())).toEqual({ state: 'active', graceUntil: addDays(today(), 7) });
    expect(at(addDays(today(), -1)).state).toBe('grace');
    expect(at(addDays(today(), -7)).state).toBe('grace');
    expect(at(addDays(today(), -8)).state).toBe('read_only');
    expect(subscriptionStanding({ dueDate: null, timeZone: zone })).toEqual({ state: 'active', graceUntil: null });
  });

  it("decides the day in the organisation's time zone", () => {
    // 23:30 UTC on the 10th is already the 11th in Kolkata and still the 10th in New York.
    const instant = new Date('2026-03-10T23:30:00Z');
    expect(subscriptionStanding({ dueDate: '2026-03-03', timeZone: 'Asia/Kolkata' }, instant).state).toBe('read_only');
    expect(subscriptionStanding({ dueDate: '2026-03-03', timeZone: 'America/New_York' }, instant).state).toBe('grace');
  });
});

describe('grace and read-only (issue 23 §2)', () => {
  it('never makes an organisation without a due date read-only', async () => {
    await dueOn(null);
    const user = (await api('GET', '/api/accounts/user/')).json();
    expect(user).toMatchObject({ due_date: null, subscription_state: 'active', grace_until: null });
    const made = await api('POST', '/api/administrator/payment-mode/', { name: 'No due date mode' });
    expect(made.statusCode).toBe(201);
  });

  it('lets writes through during the grace, and says so in the user payload', async () => {
    const due = addDays(today(), -3);
    await dueOn(due);
    const user = (await api('GET', '/api/accounts/user/')).json();
    expect(user).toMatchObject({ due_date: due, subscription_state: 'grace', grace_until: addDays(due, 7) });
    const made = await api('POST', '/api/administrator/payment-mode/', { name: 'Grace mode' });
    expect(made.statusCode).toBe(201);
    // The last day of the grace still writes.
    await dueOn(addDays(today(), -7));
    expect((await api('POST', '/api/administrator/payment-mode/', { name: 'Last grace day' })).statusCode).toBe(201);
  });

  it('answers every write 402 after the grace and writes nothing; reads work and nothing is deleted', async () => {
    await dueOn(null);
    const modes = (await api('GET', '/api/administrator/payment-mode/?page_size=50')).json().results as { id: number; name: string }[];
    const victim = modes.find((m) => m.name === 'Grace mode')!;
    const before = await counts();

    const due = addDays(today(), -8);
    await dueOn(due);
    const user = (await api('GET', '/api/accounts/user/')).json();
    expect(user).toMatchObject({ subscription_state: 'read_only', grace_until: addDays(due, 7) });

    const refused = [
      await api('POST', '/api/administrator/payment-mode/', { name: 'Read-only mode' }),
      await api('PUT', `/api/administrator/payment-mode/${victim.id}/`, { name: 'Renamed', is_active: true }),
      await api('PATCH', `/api/administrator/payment-mode/${victim.id}/`, { name: 'Renamed' }),
      await api('DELETE', `/api/administrator/payment-mode/${victim.id}/`),
      await api('PATCH', '/api/administrator/organisation/', { display_name: 'Renamed club' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toEqual({ detail: SUBSCRIPTION_EXPIRED_DETAIL, code: 'subscription_expired' });
    }
    expect(SUBSCRIPTION_EXPIRED_DETAIL).toBe('Your subscription has expired. Renew it in Administrator › Subscription to make changes.');

    // Reads keep working; nothing was written or deleted.
    const list = await api('GET', '/api/administrator/payment-mode/?page_size=50');
    expect(list.statusCode).toBe(200);
    expect((list.json().results as { id: number; name: string }[]).find((m) => m.id === victim.id)?.name).toBe('Grace mode');
    expect((await api('GET', '/api/booking/booking/')).statusCode).toBe(200);
    expect((await api('GET', '/api/administrator/organisation/')).json().display_name).not.toBe('Renamed club');
    expect(await counts()).toEqual(before);
  });

  it('refuses a booking on the public portal with 402 (the portal says bookings are paused)', async () => {
    await dueOn(null);
    const court = await portalFacility(ctx.app);
    const date = inDays(5);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    expect(free.length).toBeGreaterThan(0);
    const before = await counts();
    await dueOn(addDays(today(), -30));
    // The portal still shows the venue and its slots …
    expect((await call(ctx.app, { method: 'GET', url: '/api/public/centres/' })).statusCode).toBe(200);
    expect((await slotsOn(ctx.app, court.facility, date)).length).toBeGreaterThan(0);
    // … but a booking is refused and nothing is booked.
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: requestBody(court.centre, court.facility, date, [free[0]]),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('subscription_expired');
    expect(await counts()).toEqual(before);
    expect((await slotsOn(ctx.app, court.facility, date)).find((s) => s.id === free[0].id)?.booking_status).toBe('available');
  });

  it('seeds Lakeview Fitness lapsed: read-only for its owner, its portal paused', async () => {
    const host = 'lakeview.localhost:3000';
    const anon = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/', host });
    expect(anon.json()).toMatchObject({ display_name: 'Lakeview Fitness', bookings_paused: true });
    const key = await login(ctx.app, { email: 'owner@lakeview.example.com', password: 'ArenaDemo#2026' }, host);
    const me = await call(ctx.app, { method: 'GET', url: '/api/accounts/user/', host, token: key });
    expect(me.json()).toMatchObject({ subscription_state: 'read_only', due_date: addDays(today(), -10) });
    const write = await call(ctx.app, { method: 'POST', url: '/api/administrator/centre/', host, token: key, payload: { name: 'Annexe' } });
    expect(write.statusCode).toBe(402);
    expect(write.json().detail).toBe(SUBSCRIPTION_EXPIRED_DETAIL);
  });

  it('keeps signing in and out, the payment callbacks and the subscription pages open', async () => {
    await dueOn(addDays(today(), -30));
    // Log in and out on the organisation's host.
    const key = await login(ctx.app, OWNER);
    expect((await call(ctx.app, { method: 'POST', url: '/api/accounts/logout/', token: key })).statusCode).toBe(200);
    // The gateway's webhook is checked for its signature, never refused for the subscription.
    const hook = await call(ctx.app, { method: 'POST', url: '/api/public/payments/webhook/', payload: { event: 'payment.captured' } });
    expect(hook.statusCode).not.toBe(402);
    // The routes of Administrator › Subscription and /payments stay open (their module is built beside this one).
    for (const url of [
      '/api/payments/initiate/',
      '/api/administrator/organisation/renew/',
      '/api/administrator/organisation/subscription/',
      '/api/administrator/organisation/purchase-message-count/',
      '/api/administrator/subscription/',
      '/api/administrator/subscription/:id/',
      '/api/administrator/subscription-transaction/',
      '/api/administrator/addon/',
      '/api/administrator/subscription-addon/:id/',
      '/api/administrator/payment/initiate/',
      '/api/public/payments/callback/',
      '/api/public/payments/checkout/:id/sandbox/',
      '/api/accounts/password/change/',
    ])
      expect(allowedWhenReadOnly(url), url).toBe(true);
    for (const url of [
      '/api/administrator/payment-mode/',
      '/api/administrator/organisation/',
      '/api/public/bookings/',
      '/api/administrator/payment-gateway/',
    ])
      expect(allowedWhenReadOnly(url), url).toBe(false);
  });

  it('lets the organisation write again once the due date moves (a renewal)', async () => {
    await dueOn(addDays(today(), 30));
    const made = await api('POST', '/api/administrator/payment-mode/', { name: 'After renewal' });
    expect(made.statusCode).toBe(201);
    expect((await api('GET', '/api/accounts/user/')).json().subscription_state).toBe('active');
  });

  it('has jobs that write on their own skip a read-only organisation', async () => {
    await dueOn(addDays(today(), -30));
    const task: TaskContext = { db: ctx.handle.db, config: ctx.config, log: ctx.app.log, mailer: ctx.app.mailer };
    const seen: number[] = [];
    await forEachOrganisation(task, 'test', async (_tx, c) => void seen.push(c.organisationId), undefined, { skipReadOnly: true });
    expect(seen).not.toContain(demoId);
    expect(seen.length).toBeGreaterThan(0);
    const all: number[] = [];
    await forEachOrganisation(task, 'test', async (_tx, c) => void all.push(c.organisationId));
    expect(all).toContain(demoId);
    await dueOn(null);
  });
});
