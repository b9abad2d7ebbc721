/**
 * End User Login (issue 27), the ownership walk: every member endpoint that takes an id answers only
 * the signed-in member's own. Members A and B of one organisation and C of another each hold a
 * membership, a paid invoice, a payment order, a booking and a session; A using B's ids, or C's, gets
 * a 404 on every endpoint of the table — and A's own ids work, so the 404 is the ownership, not the
 * id. A staff key on /api/me/* and a member key on staff endpoints are refused.
 *
 * Another module's member endpoint that takes an id is one more line of `WALK`.
 */
import { meDeskEndpoints, meEndpoints, meFeedEndpoint, meMoneyEndpoints } from '@arena/contracts/end-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClub, ME, newMember, signIn, type Club } from './end-user-support.js';
import { dayFrom, inOrg, makeFacility, makeMembership, makePlan, makeSport } from './factories.js';
import { call, createTestApp, type TestContext } from './helpers.js';
import { orderIdOf, payOrder } from './payments-support.js';

/** What a member holds, each kind of id a member endpoint takes. */
interface Owned {
  membership: number;
  invoice: number;
  order: string;
  booking: number;
  session: number;
  facility: number;
  date: string;
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
interface Step {
  name: string;
  method: Method;
  url: (o: Owned) => string;
  body?: (o: Owned) => Record<string, unknown>;
  /** Whether only another organisation's id is foreign here (a facility is the organisation's, not a member's). */
  orgOnly?: true;
}

/** Every member endpoint that takes an id. */
const WALK: Step[] = [
  { name: 'pay a due', method: 'POST', url: () => `${ME}dues/pay/`, body: (o) => ({ membership: o.membership, amount: '1' }) },
  { name: 'an order', method: 'GET', url: (o) => `${ME}orders/${o.order}/` },
  { name: 'an invoice PDF', method: 'GET', url: (o) => `${ME}invoices/${o.invoice}/pdf/` },
  { name: 'cancel a booking', method: 'POST', url: (o) => `${ME}bookings/${o.booking}/cancel/` },
  { name: 'sign a device out', method: 'DELETE', url: (o) => `${ME}sessions/${o.session}/` },
  { name: 'availability', method: 'GET', url: (o) => `${ME}booking/facilities/${o.facility}/availability/${o.date}/`, orgOnly: true },
  {
    name: 'ask to cancel a membership',
    method: 'POST',
    url: () => `${ME}requests/`,
    body: (o) => ({ kind: 'cancel', membership: o.membership, reason: 'Moving' }),
  },
];

let t: TestContext;
let club: Club;
let other: Club;
const keys: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
const owned: Partial<Record<'a' | 'b' | 'c', Owned>> = {};
/** A second session of A's: the control of "sign a device out" signs it out, not the key in use. */
let aSpareSession = 0;

async function holdings(c: Club, who: 'a' | 'b' | 'c', facility: { id: number; slot: number }, daysAhead: number): Promise<void> {
  const m = await newMember(t, c);
  const ms = await inOrg(t, c.org, async (tx, ctx) =>
    makeMembership(tx, ctx, { member: m.id, plan: (await makePlan(tx, ctx, { price: '1000.00' })).id }),
  );
  const key = await signIn(t, c, m.phone);
  keys[who] = key;
  const as = (method: Method, url: string, payload?: Record<string, unknown>) =>
    call(t.app, { method, url, host: c.org.host, token: key, ...(payload ? { payload } : {}) });
  const paying = await as('POST', `${ME}dues/pay/`, { membership: ms, amount: '100' });
  const order = orderIdOf(paying.json().checkout_url);
  await payOrder(t.app, c.org.host, order);
  const invoice = (await as('GET', `${ME}orders/${order}/`)).json().invoice.id;
  const date = await inOrg(t, c.org, async (_tx, ctx) => dayFrom(ctx, daysAhead));
  const booked = await as('POST', `${ME}bookings/`, { facility: facility.id, date, slots: [facility.slot] });
  expect(booked.statusCode).toBe(201);
  const session = (await as('GET', `${ME}sessions/`)).json().results[0].id;
  owned[who] = { membership: ms, invoice, order, booking: booked.json().booking.id, session, facility: facility.id, date };
  if (who === 'a') {
    await signIn(t, c, m.phone);
    const sessions = (await as('GET', `${ME}sessions/`)).json().results as { id: number }[];
    aSpareSession = sessions.find((s) => s.id !== session)!.id;
  }
}

async function courtOf(c: Club) {
  return inOrg(t, c.org, async (tx, ctx) => {
    const sport = await makeSport(tx, ctx);
    const f = await makeFacility(tx, ctx, { centre: c.centre, sport: sport.id });
    return { id: f.id, slot: f.slot_groups[0].time_slots[0].id! };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  club = await makeClub(t);
  other = await makeClub(t);
  const court = await courtOf(club);
  const otherCourt = await courtOf(other);
  await holdings(club, 'a', court, 3);
  await holdings(club, 'b', court, 4);
  await holdings(other, 'c', otherCourt, 3);
}, 180_000);
afterAll(() => t?.close());

const asA = (step: Step, ids: Owned) =>
  call(t.app, {
    method: step.method,
    url: step.url(ids),
    host: club.org.host,
    token: keys.a,
    ...(step.body ? { payload: step.body(ids) } : {}),
  });

describe('the ownership walk', () => {
  it.each(WALK.filter((s) => !s.orgOnly).map((s) => [s.name, s] as const))('%s: another member’s id is a 404', async (_name, step) => {
    const res = await asA(step, owned.b!);
    expect(res.statusCode, `${step.method} ${step.url(owned.b!)}`).toBe(404);
  });

  it.each(WALK.map((s) => [s.name, s] as const))('%s: another organisation’s id is a 404', async (_name, step) => {
    const res = await asA(step, owned.c!);
    expect(res.statusCode, `${step.method} ${step.url(owned.c!)}`).toBe(404);
  });

  it('A’s own ids work on the same endpoints (the 404s above are the ownership)', async () => {
    for (const step of WALK) {
      const mine = { ...owned.a!, session: aSpareSession, booking: owned.a!.booking };
      const res = await asA(step, mine);
      expect(res.statusCode, `${step.name}: ${res.body}`).not.toBe(404);
      expect(res.statusCode, `${step.name}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('B’s things are untouched by A’s attempts', async () => {
    const asB = (url: string) => call(t.app, { method: 'GET', url, host: club.org.host, token: keys.b });
    const bookings = (await asB(`${ME}bookings/`)).json().results as { id: number; status: string }[];
    expect(bookings.find((b) => b.id === owned.b!.booking)?.status).toBe('confirmed');
    expect((await asB(`${ME}sessions/`)).statusCode).toBe(200);
    const bInvoices = (await asB(`${ME}invoices/`)).json().results.map((i: { id: number }) => i.id);
    expect(bInvoices).toContain(owned.b!.invoice);
    expect(bInvoices).not.toContain(owned.a!.invoice);
    // A's list holds A's only.
    const aInvoices = (await call(t.app, { method: 'GET', url: `${ME}invoices/`, host: club.org.host, token: keys.a })).json().results;
    expect(aInvoices.map((i: { id: number }) => i.id)).not.toContain(owned.b!.invoice);
  });

  it('a member key on another organisation’s host is refused', async () => {
    const res = await call(t.app, { method: 'GET', url: `${ME}dues/`, host: other.org.host, token: keys.a });
    expect(res.statusCode).toBe(401);
  });
});

describe('member keys and staff keys', () => {
  // Every member endpoint of the contracts (sign-in's own excepted): a new one is in this walk without a line here.
  const memberRoutes = Object.values({ ...meEndpoints, ...meMoneyEndpoints, ...meDeskEndpoints, feed: meFeedEndpoint })
    .filter((e) => e.path.startsWith(ME) && !e.path.startsWith(`${ME}auth/`))
    .map(
      (e) =>
        [
          e.method,
          e.path
            .replace(/:date/g, '2030-01-01')
            .replace(/:order/g, 'ord_x')
            .replace(/:\w+/g, '1'),
        ] as [string, string],
    );
  it('a staff key on every member endpoint is refused', async () => {
    expect(memberRoutes.length).toBeGreaterThan(20);
    for (const [method, url] of memberRoutes) {
      const res = await call(t.app, {
        method: method as Method,
        url,
        host: club.org.host,
        token: club.key,
        ...(method === 'POST' || method === 'PATCH' ? { payload: {} } : {}),
      });
      expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
    }
  });

  it('a member key on the staff endpoints of the same data is refused', async () => {
    const staff: [Method, string][] = [
      ['GET', '/api/member-management/payment-history/'],
      ['GET', `/api/administrator/invoice/${owned.a!.invoice}/pdf/`],
      ['GET', '/api/booking/booking/'],
      ['GET', `/api/member-management/membership/${owned.a!.membership}/`],
    ];
    for (const [method, url] of staff) {
      const res = await call(t.app, { method, url, host: club.org.host, token: keys.a });
      expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
    }
  });
});
