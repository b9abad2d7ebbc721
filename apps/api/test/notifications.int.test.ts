import { registerNotificationSenders } from '../src/modules/messaging/notification-sender.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '@arena/contracts/notifications';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { registerNotificationChannel, unregisterNotificationChannel } from '../src/platform/notification-channels.js';
import { systemCtx } from '../src/platform/request-context.js';
import { expiringTask, notifyExpiringToday } from '../src/modules/membership/expiring.js';
import { deliverPending } from '../src/modules/notifications/deliver.js';
import { notify } from '../src/modules/notifications/index.js';
import { inDays, portalFacility, requestBody, slotsOn } from './booking-helpers.js';
import { inOrg, makeCentre, makeMemberRow, makeMembershipRow, makeOrganisation, makePlan, makeUser } from './factories.js';
import { call, createTestApp, DESK, login, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

let t: TestContext;
let owner: string;
let desk: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, OWNER);
  desk = await login(t.app, DESK);
});
afterAll(() => t.close());

const get = (url: string, token: string, host?: string) => call(t.app, { method: 'GET', url, token, ...(host ? { host } : {}) });
const post = (url: string, token: string, host?: string) => call(t.app, { method: 'POST', url, token, ...(host ? { host } : {}) });
const unread = async (token: string, host?: string) => (await get('/api/notifications/unread-count/', token, host)).json().count as number;

let day = 3;
/** A portal booking of one free slot (a new date each time, so slots never clash). */
async function bookOnline(overrides: Record<string, unknown> = {}) {
  const { centre, facility } = await portalFacility(t.app);
  const date = inDays(day++);
  const slot = (await slotsOn(t.app, facility, date)).find((s) => s.booking_status === 'available')!;
  return call(t.app, {
    method: 'POST',
    url: '/api/public/bookings/',
    payload: { ...requestBody(centre, facility, date, [slot]), ...overrides },
  });
}

async function settings(token = owner) {
  const res = await get('/api/administrator/notification-setting/', token);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    events: { event: string; channels: Record<string, boolean>; recipients: Record<string, boolean> }[];
    channels_available: Record<string, boolean>;
  };
}

async function put(events: unknown, token = owner) {
  return call(t.app, { method: 'PUT', url: '/api/administrator/notification-setting/', token, payload: { events } });
}

describe('a public online booking', () => {
  it('raises the owner’s and the booking desk’s notification in its own transaction', async () => {
    const [o, d] = [await unread(owner), await unread(desk)];
    const res = await bookOnline();
    expect(res.statusCode).toBe(201);
    const code = res.json().code as string;
    expect(await unread(owner)).toBe(o + 1);
    expect(await unread(desk)).toBe(d + 1);
    const list = (await get('/api/notifications/?unread=true', owner)).json();
    expect(list.results[0]).toMatchObject({
      event: 'new_online_booking',
      title: `New online booking ${code}`,
      link: `/booking/booking?search=${encodeURIComponent(code)}`,
      subject_type: 'booking',
      read_at: null,
    });
    expect(list.results[0].body).toContain('Meera Pillai');
  });

  it('tells the owner, not the desk that did it, of a cancellation', async () => {
    const created = (await bookOnline()).json();
    const [o, d] = [await unread(owner), await unread(desk)];
    const res = await call(t.app, { method: 'POST', url: `/api/booking/booking/${created.id}/cancel/`, token: desk, payload: {} });
    expect(res.statusCode).toBe(200);
    expect([await unread(owner), await unread(desk)]).toEqual([o + 1, d]);
    expect((await get('/api/notifications/', owner)).json().results[0]).toMatchObject({
      event: 'booking_cancelled',
      title: `Booking cancelled ${created.code}`,
    });
  });

  it('makes none when the booking fails', async () => {
    const [o, d] = [await unread(owner), await unread(desk)];
    const res = await bookOnline({ booking_amount: '1.00', sub_total: '1.00' });
    expect(res.statusCode).toBe(400);
    expect([await unread(owner), await unread(desk)]).toEqual([o, d]);
  });
});

describe('a payment received', () => {
  it('tells the owner, not the desk that took it, of a payment at the sale and of a later one', async () => {
    const modes = (await get('/api/administrator/payment-mode/', owner)).json().results;
    const cash = modes.find((m: { name: string }) => m.name === 'Cash').id;
    const centre = (await get('/api/administrator/centre/', owner)).json().results[0].id;
    const plans = (await get('/api/member-management/plan/?is_active=true', owner)).json().results;
    const monthly = plans.find((p: { name: string }) => p.name === 'Monthly');
    const [o, d] = [await unread(owner), await unread(desk)];
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/member-management/member/',
      token: desk,
      payload: {
        first_name: 'Paying',
        last_name: 'Joiner',
        gender: 'male',
        phone: '9123499001',
        centre,
        membership: { plan: monthly.id, payment: { amount: '500.00', payment_mode: cash } },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const membership = made.json().membership;
    expect([await unread(owner), await unread(desk)]).toEqual([o + 1, d]);
    expect((await get('/api/notifications/', owner)).json().results[0]).toMatchObject({
      event: 'payment_received',
      title: 'Payment received ₹500.00',
      body: `Paying Joiner paid ₹500.00 by Cash for membership Monthly · ${made.json().member_code}.`,
      subject_type: 'membership',
      subject_id: membership.id,
    });
    const later = await call(t.app, {
      method: 'POST',
      url: '/api/member-management/payment-history/',
      token: desk,
      payload: { membership: membership.id, amount: '100.00', payment_mode: cash },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect([await unread(owner), await unread(desk)]).toEqual([o + 2, d]);
    expect((await get('/api/notifications/', owner)).json().results[0].title).toBe('Payment received ₹100.00');
  });
});

describe('the user’s own list', () => {
  it('marks one read, pages, filters unread, and marks all read', async () => {
    await bookOnline();
    await bookOnline();
    const before = await unread(owner);
    expect(before).toBeGreaterThanOrEqual(2);
    const first = (await get('/api/notifications/?unread=true&page_size=1', owner)).json();
    expect(first.results).toHaveLength(1);
    expect(first.count).toBe(before);
    expect(first.next).toContain('page=2');
    const id = first.results[0].id as number;
    const read = await post(`/api/notifications/${id}/read/`, owner);
    expect(read.statusCode).toBe(200);
    expect(read.json().read_at).not.toBeNull();
    expect(await unread(owner)).toBe(before - 1);
    // Reading again changes nothing.
    expect((await post(`/api/notifications/${id}/read/`, owner)).json().read_at).toBe(read.json().read_at);
    const all = await post('/api/notifications/read-all/', owner);
    expect(all.json().updated).toBe(before - 1);
    expect(await unread(owner)).toBe(0);
    expect((await get('/api/notifications/?unread=true', owner)).json().count).toBe(0);
    expect((await get('/api/notifications/', owner)).json().count).toBeGreaterThanOrEqual(before);
  });

  it('answers 404 for another user’s or another organisation’s notification', async () => {
    await bookOnline();
    const mine = (await get('/api/notifications/', owner)).json().results[0].id as number;
    expect((await post(`/api/notifications/${mine}/read/`, desk)).statusCode).toBe(404);
    const riverside = await login(t.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    expect((await post(`/api/notifications/${mine}/read/`, riverside, RIVERSIDE_HOST)).statusCode).toBe(404);
    expect((await get('/api/notifications/', riverside, RIVERSIDE_HOST)).json().results.map((n: { id: number }) => n.id)).not.toContain(
      mine,
    );
  });

  it('bounds the page and refuses a signed-out request', async () => {
    expect((await get('/api/notifications/?page_size=101', owner)).statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/notifications/unread-count/' })).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('gives every event with its defaults, and only to the administrator', async () => {
    const s = await settings();
    expect(s.events.map((e) => e.event)).toEqual([...NOTIFICATION_EVENTS]);
    expect(s.events.find((e) => e.event === 'new_online_booking')).toMatchObject({
      channels: { in_app: true, email: false, sms: false, whatsapp: false },
      recipients: { owner: true, module_users: true },
    });
    // SMS and WhatsApp go through the messaging engine, which registers itself at boot.
    expect(s.channels_available).toEqual({ in_app: true, email: true, sms: true, whatsapp: true });
    expect((await get('/api/administrator/notification-setting/', desk)).statusCode).toBe(403);
  });

  it('refuses a bad body with field errors and writes nothing', async () => {
    const before = await settings();
    const row = before.events[0];
    for (const bad of [
      [{ ...row, event: 'lunch_time' }],
      [{ ...row, channels: { ...row.channels, pigeon: true } }],
      [{ ...row, channels: { in_app: 'yes', email: false, sms: false, whatsapp: false } }],
      [row, row],
      'all',
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json())[0]).toMatch(/^events/);
    }
    expect(await settings()).toEqual(before);
  });

  it('decide who receives an event and by which channels', async () => {
    const s = await settings();
    const booking = s.events.find((e) => e.event === 'new_online_booking')!;
    // Owner off, the desk by e-mail too.
    expect(
      (
        await put([
          { ...booking, channels: { ...booking.channels, email: true, sms: true }, recipients: { ...booking.recipients, owner: false } },
        ])
      ).statusCode,
    ).toBe(200);
    const [o, d] = [await unread(owner), await unread(desk)];
    const res = await bookOnline();
    expect(res.statusCode).toBe(201);
    expect([await unread(owner), await unread(desk)]).toEqual([o, d + 1]);

    // The outbox: e-mail through the mailer; SMS through the messaging engine, to the desk's staff phone.
    const [org] = await t.handle.db.select().from(organisation).where(eq(organisation.subdomain, 'demo'));
    const ctx = systemCtx(t.config, org, 'test');
    t.mails.length = 0;
    const done = await withTenant(t.handle.db, org.id, (tx) => deliverPending(tx, ctx, { send: async (m) => void t.mails.push(m) }));
    expect(done).toEqual({ sent: 2, skipped: 0, failed: 0 });
    expect(t.mails.map((m) => m.to)).toEqual([DESK.email]);
    expect(t.mails[0].subject).toContain(`New online booking ${res.json().code}`);
    const texts = (await get('/api/administrator/messaging/logs/?source=notification', owner)).json().results as {
      text: string;
      recipient_name: string;
    }[];
    expect(texts.map((m) => [m.recipient_name, m.text.startsWith(`New online booking ${res.json().code}`)])).toEqual([
      ['Ravi Kumar', true],
    ]);

    // Without the messaging engine's sender, SMS is skipped.
    unregisterNotificationChannel('sms');
    expect((await settings()).channels_available.sms).toBe(false);
    await bookOnline();
    const none = await withTenant(t.handle.db, org.id, (tx) => deliverPending(tx, ctx, { send: async () => undefined }));
    expect(none).toEqual({ sent: 1, skipped: 1, failed: 0 });

    // With a registered sender, SMS goes through it.
    const sent: string[] = [];
    registerNotificationChannel('sms', async (_tx, _ctx, m) => void sent.push(`${m.email}:${m.title}`));
    try {
      expect((await settings()).channels_available.sms).toBe(true);
      await bookOnline();
      const again = await withTenant(t.handle.db, org.id, (tx) => deliverPending(tx, ctx, { send: async () => undefined }));
      expect(again).toEqual({ sent: 2, skipped: 0, failed: 0 });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(DESK.email);
    } finally {
      registerNotificationSenders();
    }

    // Module users off as well: nobody.
    await put([{ ...booking, recipients: { owner: false, module_users: false, assigned_staff: false } }]);
    const [o2, d2] = [await unread(owner), await unread(desk)];
    await bookOnline();
    expect([await unread(owner), await unread(desk)]).toEqual([o2, d2]);
    await put([booking]);
  });

  it('sends to the assigned staff only, through notify()', async () => {
    const org = await makeOrganisation(t);
    const helper = await makeUser(t, org.id, { modules: ['CRM Management'] });
    const other = await makeUser(t, org.id, { modules: ['CRM Management'] });
    const [helperId, otherId] = await inOrg(t, org, async (tx) => {
      const rows = await queryRows<{ id: number; email: string }>(
        tx,
        sql`select id, email from app_user where organisation_id = ${org.id}`,
      );
      return [helper.email, other.email].map((e) => Number(rows.find((r) => r.email === e)!.id));
    });
    const made = await inOrg(t, org, (tx, ctx) =>
      notify(tx, ctx, { event: 'follow_up_due', title: 'Follow up Rahul', assignedUsers: [helperId], dedupeKey: 'followup:1' }),
    );
    // Defaults: owner and assigned staff (CRM's users are not all told of a follow-up).
    expect(made.inApp).toBe(2);
    const recipients = await inOrg(t, org, (tx) =>
      queryRows<{ user_id: number }>(tx, sql`select user_id from notification where event = 'follow_up_due' order by user_id`),
    );
    expect(recipients.map((r) => Number(r.user_id))).toContain(helperId);
    expect(recipients.map((r) => Number(r.user_id))).not.toContain(otherId);
    // The same key again: nothing new.
    expect(
      (
        await inOrg(t, org, (tx, ctx) =>
          notify(tx, ctx, { event: 'follow_up_due', title: 'x', assignedUsers: [helperId], dedupeKey: 'followup:1' }),
        )
      ).inApp,
    ).toBe(0);
  });

  it('applies the event’s default to an organisation made before the event existed (no settings row)', async () => {
    const org = await makeOrganisation(t);
    await inOrg(t, org, (tx) => tx.execute(sql`delete from notification_setting where event = 'maintenance_due'`));
    const made = await inOrg(t, org, (tx, ctx) =>
      notify(tx, ctx, { event: 'maintenance_due', title: 'Treadmill AST-0001 service due', dedupeKey: 'maintenance:1' }),
    );
    // The default tells the owner in the app, as the settings screen shows for a missing row.
    expect(made.inApp).toBe(1);
    // A saved row still decides: in-app turned off, nothing in the app.
    await inOrg(t, org, (tx) =>
      tx.execute(
        sql`insert into notification_setting (organisation_id, event, in_app, email, sms, whatsapp, to_owner, to_module_users, to_assigned_staff)
            values (${org.id}, 'maintenance_due', false, false, false, false, true, true, false)`,
      ),
    );
    expect(
      (await inOrg(t, org, (tx, ctx) => notify(tx, ctx, { event: 'maintenance_due', title: 'x', dedupeKey: 'maintenance:2' }))).inApp,
    ).toBe(0);
  });
});

describe('membership expiring today', () => {
  it('raises one notification per membership and day however often the task runs', async () => {
    const org = await makeOrganisation(t);
    const ownerKey = await login(t.app, org.owner, org.host);
    await inOrg(t, org, async (tx, ctx) => {
      const centre = await makeCentre(tx, ctx);
      const plan = await makePlan(tx, ctx);
      for (const end of [ctx.now.today, ctx.now.today, inDays(5)]) {
        const member = await makeMemberRow(tx, ctx, { centreId: centre.id });
        await makeMembershipRow(tx, ctx, { member, plan, start: inDays(-30), end });
      }
    });
    const task = { db: t.handle.db, config: t.config, log: t.app.log, mailer: { send: async () => undefined } };
    await expiringTask.run(null, task);
    await expiringTask.run(null, task);
    // Two instances at once.
    await Promise.all([expiringTask.run(null, task), inOrg(t, org, (tx, ctx) => notifyExpiringToday(tx, ctx))]);
    expect(await unread(ownerKey, org.host)).toBe(2);
    const list = (await get('/api/notifications/', ownerKey, org.host)).json();
    expect(list.results.every((n: { event: string }) => n.event === 'membership_expiring_today')).toBe(true);
    expect(list.results[0].link).toMatch(/^\/membership\/members\/\d+$/);
  });
});
