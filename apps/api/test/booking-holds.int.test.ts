import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOrders } from '../src/modules/payments/order.service.js';
import { queryRows } from '../src/platform/db/client.js';
import { dmy, inDays, requestBody, type PortalSlot } from './booking-helpers.js';
import { inOrg, makeCentre, makeFacility, makeOrganisation, makeSport, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, onPostgres, settleJobs, type TestContext } from './helpers.js';
import { orderIdOf, payOrder } from './payments-support.js';

/**
 * Paying online on the portal (issue 23): a facility with `payment_required` holds the visitor's
 * slots for 10 minutes as an active booking awaiting payment; the signed callback confirms it (the
 * receipt on the ledger, the invoice settled, the confirmation mailed); a failed or expired
 * payment frees the slots.
 */
describe('portal holds for online payment', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  let paid: { centre: number; facility: number };
  let free: { centre: number; facility: number };
  const date = inDays(2);

  beforeAll(async () => {
    t = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '100000', BOOKING_MAX_PER_PHONE_PER_DAY: '1000' });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    [paid, free] = await inOrg(t, acme, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      const s = await makeSport(tx, ctx);
      const a = await makeFacility(tx, ctx, { centre: c.id, sport: s.id, payment_required: true });
      const b = await makeFacility(tx, ctx, { centre: c.id, sport: s.id });
      return [
        { centre: c.id, facility: a.id },
        { centre: c.id, facility: b.id },
      ];
    });
  });
  afterAll(async () => t?.close());

  const slots = async (facility: number, host = acme.host): Promise<PortalSlot[]> => {
    const res = await call(t.app, { method: 'GET', url: `/api/booking/facility/${facility}/online-available-slots/${dmy(date)}/`, host });
    expect(res.statusCode).toBe(200);
    return (res.json() as { time_slots: PortalSlot[] }[]).flatMap((g) => g.time_slots);
  };
  const statusOf = async (facility: number, slot: number) => (await slots(facility)).find((s) => s.id === slot)!.booking_status;
  let phone = 9_845_000_000;
  const book = (where: { centre: number; facility: number }, picked: PortalSlot[], host = acme.host) =>
    call(t.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      host,
      payload: requestBody(where.centre, where.facility, date, picked, { mobile_no: String(phone++), email: `v${phone}@example.com` }),
    });
  const state = (order: string, host = acme.host) => call(t.app, { method: 'GET', url: `/api/public/bookings/by-order/${order}/`, host });
  const staffBooking = (id: number) => call(t.app, { method: 'GET', url: `/api/booking/booking/${id}/`, host: acme.host, token: owner });
  const ledgerOf = (id: number) =>
    inOrg(t, acme, (tx) =>
      queryRows<{ kind: string; amount: string; reference: string; mode: string }>(
        tx,
        sql`select l.kind, l.amount::text, l.reference, m.name as mode from ledger_entry l join payment_mode m on m.id = l.payment_mode_id
            where l.source_type = 'booking' and l.source_id = ${id} order by l.id`,
      ),
    );
  /** A hold on the first free slot (or the given ones); answers the booking and its order. */
  const hold = async (picked?: PortalSlot[]) => {
    const chosen = picked ?? [(await slots(paid.facility)).find((s) => s.booking_status === 'available')!];
    const res = await book(paid, chosen);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { body, slot: chosen[0], order: orderIdOf(body.checkout_url) };
  };

  it('answers payment_required on the facility (off by default) and to the portal', async () => {
    const res = await call(t.app, { method: 'GET', url: `/api/booking/facility/${free.facility}/`, host: acme.host, token: owner });
    expect(res.json().payment_required).toBe(false);
    const on = await call(t.app, { method: 'GET', url: `/api/booking/facility/${paid.facility}/`, host: acme.host, token: owner });
    expect(on.json().payment_required).toBe(true);
    const list = await call(t.app, { method: 'GET', url: `/api/public/facilities/?centre=${paid.centre}`, host: acme.host });
    expect(
      list
        .json()
        .results.map((f: { payment_required: boolean }) => f.payment_required)
        .sort(),
    ).toEqual([false, true]);
  });

  it('holds the slots for 10 minutes with a checkout for the server-priced amount; nobody else can book them', async () => {
    const before = Date.now();
    const { body, slot, order } = await hold();
    expect(body).toMatchObject({ status: 'awaiting_payment', payment_status: 'unpaid', booking_amount: slot.price });
    expect(body.checkout_url).toMatch(new RegExp(`^https?://${acme.subdomain}\\.[^/]+/checkout/ord_`));
    const expires = Date.parse(body.hold_expires_at);
    expect(expires - before).toBeGreaterThan(9 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    // The checkout shows the booking's amount, from our store.
    const checkout = await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${order}/`, host: acme.host });
    expect(checkout.json()).toMatchObject({ amount: slot.price, status: 'created' });
    expect(checkout.json().description).toContain(body.code);

    expect(await statusOf(paid.facility, slot.id)).toBe('booked');
    const again = await book(paid, [slot]);
    expect(again.statusCode).toBe(409);
    // The return page sees it held; no mail yet (the booking is not confirmed).
    const s = await state(order);
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({ status: 'awaiting_payment', booking: { code: body.code, venue: { time_zone: 'Asia/Kolkata' } } });
    await settleJobs(t.app);
    expect(t.mails.some((m) => m.to === body.email)).toBe(false);
    // The staff see it held, not confirmed; it is no due yet.
    const staff = await staffBooking(body.id);
    expect(staff.json()).toMatchObject({ status: 'awaiting_payment', paid_amount: '0.00' });
  });

  it('confirms the booking when paid: the receipt on the ledger, the invoice settled, the confirmation mailed', async () => {
    const { body, slot, order } = await hold();
    const sandbox = await payOrder(t.app, acme.host, order, 'pay');
    expect(sandbox.redirect_url).toContain(`/online-booking?centre=${paid.centre}&facility=${paid.facility}&order=${order}&status=paid`);
    const s = (await state(order)).json();
    expect(s).toMatchObject({ status: 'confirmed', hold_expires_at: null, paid_amount: slot.price });
    expect(s.booking).toMatchObject({ status: 'confirmed', payment_status: 'paid', paid_amount: slot.price, due_amount: '0.00' });
    expect(s.booking.invoice.status).toBe('paid');
    const [receipt, ...more] = await ledgerOf(body.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'receipt', amount: slot.price, mode: 'Online (gateway)' });
    expect(receipt.reference).toMatch(/^pay_/);
    await settleJobs(t.app);
    const mail = t.mails.find((m) => m.to === body.email);
    expect(mail?.subject).toBe(`Booking ${body.code} confirmed — ${acme.subdomain} Sports`);
    expect(mail?.text).toContain(`Invoice: ${s.booking.invoice.number}`);
    expect(mail?.text).toContain('Paid online');
    expect(mail?.attachments?.[0]?.filename).toBe(`${body.code}.ics`);
    expect(await statusOf(paid.facility, slot.id)).toBe('booked');
    // Delivered again (a gateway retry): nothing more is recorded.
    const again = await call(t.app, { method: 'POST', url: '/api/public/payments/callback/', host: acme.host, payload: sandbox.callback });
    expect(again.statusCode).toBeLessThan(500);
    expect(await ledgerOf(body.id)).toHaveLength(1);
  });

  it('frees the slots when the payment fails: the portal offers them again, the invoice is cancelled', async () => {
    const { body, slot, order } = await hold();
    const sandbox = await payOrder(t.app, acme.host, order, 'fail');
    expect(sandbox.redirect_url).toContain(`order=${order}&status=failed`);
    const s = (await state(order)).json();
    expect(s).toMatchObject({ status: 'released', paid_amount: '0.00', booking: { status: 'cancelled' } });
    expect(s.booking.invoice.status).toBe('cancelled');
    expect(await ledgerOf(body.id)).toEqual([]);
    expect(await statusOf(paid.facility, slot.id)).toBe('available');
    // Another visitor takes it now.
    const next = await book(paid, [slot]);
    expect(next.statusCode).toBe(201);
    await settleJobs(t.app);
    expect(t.mails.some((m) => m.to === body.email)).toBe(false);
  });

  it('frees the slots of an abandoned hold when its order expires (the job runner)', async () => {
    const { body, slot, order } = await hold();
    // Not yet due: the expiry job leaves it.
    await expireOrders(t.handle.db, t.config);
    expect((await state(order)).json().status).toBe('awaiting_payment');
    await t.handle.db.execute(sql`update payment_order set expires_at = now() - interval '1 minute' where id = ${order}`);
    expect(await expireOrders(t.handle.db, t.config)).toBeGreaterThanOrEqual(1);
    expect((await state(order)).json()).toMatchObject({ status: 'released', booking: { id: body.id, status: 'cancelled' } });
    expect(await statusOf(paid.facility, slot.id)).toBe('available');
    // A payment arriving after the hold was released records nothing (the payments module logs it for a refund).
    const late = await call(t.app, {
      method: 'POST',
      url: `/api/public/payments/checkout/${order}/sandbox/`,
      host: acme.host,
      payload: { outcome: 'pay' },
    });
    expect(late.statusCode).toBe(400);
    expect(await ledgerOf(body.id)).toEqual([]);
  });

  it('does not count a hold as a booking or revenue before it is paid', async () => {
    const report = async () => {
      const res = await call(t.app, {
        method: 'GET',
        url: `/api/booking/reports/booking/?date_after=${date}&date_before=${date}&report=online`,
        host: acme.host,
        token: owner,
      });
      expect(res.statusCode).toBe(200);
      return res.json().total as { bookings: number; amount: string };
    };
    const before = await report();
    const { order, slot } = await hold();
    expect(await report()).toEqual(before);
    await payOrder(t.app, acme.host, order, 'pay');
    const after = await report();
    expect(after.bookings).toBe(before.bookings + 1);
    expect(Number(after.amount) - Number(before.amount)).toBeCloseTo(Number(slot.price));
  });

  it("answers 404 for an order on another organisation's host, or an unknown order", async () => {
    const { order } = await hold();
    expect((await state(order, other.host)).statusCode).toBe(404);
    expect((await state('ord_unknown')).statusCode).toBe(404);
    // The checkout is the order's host's only, too.
    const checkout = await call(t.app, { method: 'GET', url: `/api/public/payments/checkout/${order}/`, host: other.host });
    expect(checkout.statusCode).toBe(404);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const [slot] = (await slots(paid.facility)).filter((s) => s.booking_status === 'available');
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      host: acme.host,
      payload: { ...requestBody(paid.centre, paid.facility, date, [slot]), booking_amount: '1.00', sub_total: '1.00' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['booking_amount', 'sub_total']);
    expect(await statusOf(paid.facility, slot.id)).toBe('available');
    const [orders] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from payment_order where organisation_id = ${acme.id} and status = 'created'`,
    );
    // Only the holds the tests above left open.
    expect(orders.n).toBeLessThanOrEqual(3);
  });

  it('without payment_required the portal confirms at once, as spec 2.5 says', async () => {
    const slot = (await slots(free.facility)).find((s) => s.booking_status === 'available')!;
    const res = await book(free, [slot]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'confirmed', checkout_url: null, hold_expires_at: null, payment_status: 'unpaid' });
    await settleJobs(t.app);
    const mail = t.mails.find((m) => m.to === res.json().email);
    expect(mail?.text).toContain('How to pay: Pay at the venue.');
  });
});

/** Twenty visitors at once for one held slot on PostgreSQL: exactly one hold, one order. */
describe.runIf(onPostgres)('portal holds under concurrency on PostgreSQL', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let court: { centre: number; facility: number };
  const date = inDays(3);

  beforeAll(async () => {
    t = await createTestApp({ BOOKING_RATE_LIMIT_PER_MINUTE: '100000', BOOKING_MAX_PER_PHONE_PER_DAY: '1000' }, { poolSize: 10 });
    acme = await makeOrganisation(t);
    court = await inOrg(t, acme, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      const f = await makeFacility(tx, ctx, { centre: c.id, sport: (await makeSport(tx, ctx)).id, payment_required: true });
      return { centre: c.id, facility: f.id };
    });
  });
  afterAll(async () => t?.close());

  it('gives exactly one of 20 simultaneous portal bookings the hold', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/booking/facility/${court.facility}/online-available-slots/${dmy(date)}/`,
      host: acme.host,
    });
    const slot = (res.json() as { time_slots: PortalSlot[] }[]).flatMap((g) => g.time_slots)[0];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/public/bookings/',
          host: acme.host,
          payload: requestBody(court.centre, court.facility, date, [slot], { mobile_no: `98${String(i).padStart(8, '0')}` }),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const [held] = await inOrg(t, acme, (tx) =>
      queryRows<{ slots: number; holds: number }>(
        tx,
        sql`select (select count(*)::int from booked_time_slot where facility_id = ${court.facility} and date = ${date} and is_active) as slots,
                   (select count(*)::int from booking where facility_id = ${court.facility} and status = 'awaiting_payment') as holds`,
      ),
    );
    expect(held).toEqual({ slots: 1, holds: 1 });
    const [orders] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from payment_order where organisation_id = ${acme.id} and purpose = 'booking'`,
    );
    expect(orders.n).toBe(1);
  });
});
