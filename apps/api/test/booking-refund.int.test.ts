/**
 * Money on bookings after they are made (issue 12 §2): cancelling refunds what is asked — never
 * more than was paid — and keeps the rest as the client's credit; cancelling one slot frees
 * exactly that slot and prices the booking again; a move never double-books, even when many
 * bookings race for one free slot; a booking is completed or a no-show only once it has started.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBooking } from '../src/modules/booking/booking-status.service.js';
import { organisation } from '../src/platform/db/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { systemCtx } from '../src/platform/request-context.js';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';
import { inDays, portalFacility, slotsOn, type PortalSlot } from './booking-helpers.js';

let t: TestContext;
let owner: string;
let cash: number;
let phone = 9800000100;
beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, OWNER);
  const modes = (await api('GET', '/api/administrator/payment-mode/?page_size=50')).json().results as { id: number; name: string }[];
  cash = modes.find((m) => m.name === 'Cash')!.id;
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  call(t.app, { method, url, token: owner, payload: payload as Record<string, unknown> });
const cents = (v: string) => Math.round(Number(v) * 100);
const money = (p: number) => (p / 100).toFixed(2);

async function freeSlots(facility: string, sport: string, day: number) {
  const court = await portalFacility(t.app, facility, sport);
  const free = (await slotsOn(t.app, court.facility, inDays(day))).filter((s) => s.booking_status === 'available');
  return { court, free };
}

/** A desk booking of `count` free slots, fully paid in cash unless `paid` says otherwise. */
async function paidBooking(day: number, count = 1, paid?: (amount: number) => number, facility = 'Court 1', sport = 'Badminton') {
  const { court, free } = await freeSlots(facility, sport, day);
  const slots = free.slice(0, count);
  const amount = slots.reduce((s, x) => s + cents(x.price), 0);
  const pay = paid ? paid(amount) : amount;
  const res = await api('POST', '/api/booking/booking/', {
    facility: court.facility,
    date: inDays(day),
    time_slot_ids: slots.map((s) => s.id),
    name: 'Arjun Nair',
    mobile_no: String(phone++),
    ...(pay > 0 ? { payment: { amount: money(pay), payment_mode: cash, reference: '' } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { booking: res.json(), court, slots, free };
}

const get = async (id: number) => (await api('GET', `/api/booking/booking/${id}/`)).json();
const invoiceOf = async (id: number) => (await api('GET', `/api/administrator/invoice/${id}/`)).json();

describe('cancelling with a refund or a credit', () => {
  it('refuses a refund above what was paid with a field error, and changes nothing', async () => {
    const { booking } = await paidBooking(3, 1, (a) => a - 100);
    const res = await api('POST', `/api/booking/booking/${booking.id}/cancel/`, {
      reason: 'Rain',
      refund: { amount: money(cents(booking.paid_amount) + 1), payment_mode: cash, reference: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()['refund.amount'][0]).toMatch(/cannot exceed what was paid \(₹[\d,]+\.\d{2}\)/);
    expect(await get(booking.id)).toMatchObject({ status: 'confirmed', paid_amount: booking.paid_amount, refunded_amount: '0.00' });
    const moves = (await api('GET', `/api/booking/booking-transaction/?booking=${booking.id}`)).json();
    expect(moves.results.map((m: { kind: string }) => m.kind)).toEqual(['receipt']);
  });

  it('refunds part with a credit note, keeps the rest as credit, and collections drop by the refund', async () => {
    const { booking } = await paidBooking(3, 1);
    const paid = cents(booking.paid_amount);
    const res = await api('POST', `/api/booking/booking/${booking.id}/cancel/`, {
      reason: 'Injury',
      refund: { amount: money(paid - 200), payment_mode: cash, reference: 'R-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      paid_amount: '2.00',
      credit_amount: '2.00',
      refunded_amount: money(paid - 200),
      due_amount: '0.00',
    });
    const inv = await invoiceOf(booking.invoice.id);
    expect(inv.status).toBe('cancelled');
    expect(inv.credit_notes.length).toBeGreaterThan(0);
    const moves = (await api('GET', `/api/booking/booking-transaction/?booking=${booking.id}`)).json().results;
    expect(moves.map((m: { kind: string; signed_amount: string }) => [m.kind, m.signed_amount])).toEqual([
      ['refund', `-${money(paid - 200)}`],
      ['receipt', money(paid)],
    ]);
  });

  it('keeps everything paid as the client’s credit without a refund, and refunds that credit later (never above it)', async () => {
    const { booking } = await paidBooking(4, 1);
    const paid = booking.paid_amount;
    const cancelled = await api('POST', `/api/booking/booking/${booking.id}/cancel/`, { reason: 'Changed plans' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paid_amount: paid, credit_amount: paid, refunded_amount: '0.00' });

    const credit = await api('GET', `/api/booking/client/${booking.client}/credit/`);
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toEqual({
      client: booking.client,
      credit_amount: paid,
      bookings: [{ id: booking.id, code: booking.code, date: booking.date, credit_amount: paid }],
    });

    const tooMuch = await api('POST', `/api/booking/booking/${booking.id}/refund/`, {
      amount: money(cents(paid) + 1),
      payment_mode: cash,
      reference: '',
      reason: 'Asked back',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().amount[0]).toMatch(/cannot exceed the credit/);
    expect((await get(booking.id)).credit_amount).toBe(paid);

    const part = await api('POST', `/api/booking/booking/${booking.id}/refund/`, {
      amount: '1.00',
      payment_mode: cash,
      reference: '',
      reason: 'Asked back',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      credit_amount: money(cents(paid) - 100),
      paid_amount: money(cents(paid) - 100),
      refunded_amount: '1.00',
    });
    expect((await api('GET', `/api/booking/client/${booking.client}/credit/`)).json().credit_amount).toBe(money(cents(paid) - 100));
    const log = (await api('GET', `/api/booking/logs/?search=${booking.code}`)).json();
    expect(log.count).toBeGreaterThanOrEqual(3);
  });

  it('refuses a refund of a booking that holds no credit', async () => {
    const { booking } = await paidBooking(4, 1);
    const res = await api('POST', `/api/booking/booking/${booking.id}/refund/`, { amount: '1.00', payment_mode: cash });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toMatch(/no credit/);
    expect((await get(booking.id)).paid_amount).toBe(booking.paid_amount);
  });
});

describe('cancelling one slot of a booking', () => {
  it('frees exactly that slot, recomputes the totals, refunds the difference and lets someone else book it', async () => {
    const { booking, court } = await paidBooking(5, 2);
    const [first, second] = booking.time_slots;
    const res = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, {
      booked_slot_ids: [second.id],
      reason: 'Only one hour',
      refund: { amount: second.price, payment_mode: cash, reference: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({
      status: 'confirmed',
      sub_total: first.price,
      booking_amount: first.price,
      paid_amount: first.price,
      credit_amount: '0.00',
      refunded_amount: second.price,
      due_amount: '0.00',
    });
    expect(after.time_slots.map((s: { id: number; is_active: boolean }) => [s.id, s.is_active])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    // The invoice now charges the kept slot: a credit note for the cancelled one.
    const inv = await invoiceOf(booking.invoice.id);
    expect(inv.credit_notes).toHaveLength(1);
    expect(cents(inv.credit_notes[0].total)).toBe(cents(second.price));

    // The freed slot is bookable by someone else; the kept one is not.
    const other = (body: number[]) =>
      api('POST', '/api/booking/booking/', {
        facility: court.facility,
        date: inDays(5),
        time_slot_ids: body,
        name: 'Meera',
        mobile_no: '',
      });
    expect((await other([first.time_slot])).statusCode).toBe(409);
    const taken = await other([second.time_slot]);
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('keeps the difference as credit without a refund, and never refunds more than the difference', async () => {
    const { booking } = await paidBooking(6, 2);
    const [first, second] = booking.time_slots;
    const tooMuch = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, {
      booked_slot_ids: [first.id],
      reason: 'Late',
      refund: { amount: money(cents(first.price) + 1), payment_mode: cash, reference: '' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()['refund.amount'][0]).toMatch(/cannot exceed what was paid beyond the new amount/);
    expect((await get(booking.id)).time_slots.every((s: { is_active: boolean }) => s.is_active)).toBe(true);

    const res = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, { booked_slot_ids: [first.id], reason: 'Late' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ booking_amount: second.price, paid_amount: booking.paid_amount, credit_amount: first.price });
    expect((await api('GET', `/api/booking/client/${booking.client}/credit/`)).json().credit_amount).toBe(first.price);
    // A receipt cannot go on top of credit; the credit can be refunded.
    const pay = await api('POST', `/api/booking/booking/${booking.id}/payments/`, { amount: '1.00', payment_mode: cash });
    expect(pay.statusCode).toBe(400);
    const back = await api('POST', `/api/booking/booking/${booking.id}/refund/`, { amount: first.price, payment_mode: cash });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ credit_amount: '0.00', paid_amount: second.price, payment_status: 'paid' });
  });

  it('cancels the booking when every slot goes, and refuses on a cancelled booking or a foreign slot', async () => {
    const { booking } = await paidBooking(7, 2, () => 0);
    const foreign = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, { booked_slot_ids: [999999], reason: 'x' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().booked_slot_ids[0]).toMatch(/not active slots of this booking/);
    const noReason = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, {
      booked_slot_ids: [booking.time_slots[0].id],
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().reason[0]).toBe('Reason is required');
    const all = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, {
      booked_slot_ids: booking.time_slots.map((s: { id: number }) => s.id),
      reason: 'Team away',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Team away' });
    const again = await api('POST', `/api/booking/booking/${booking.id}/cancel-slots/`, {
      booked_slot_ids: [booking.time_slots[0].id],
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('moving a booking', () => {
  it('moves to a free slot on another date in one step, frees the old slot, and refuses a taken slot changing nothing', async () => {
    const { booking, court } = await paidBooking(8, 1);
    // A slot not dearer than the booking, so what was paid beyond it stays as credit (a dearer move: booking-move.int.test.ts).
    let day = 15;
    let target: PortalSlot | undefined;
    for (; !target && day < 22; day++)
      target = (await freeSlots('Court 1', 'Badminton', day)).free.find((s) => cents(s.price) <= cents(booking.booking_amount));
    day--;
    if (!target) throw new Error('no slot as cheap as the booking in a week');
    const moved = await api('POST', `/api/booking/booking/${booking.id}/move/`, { date: inDays(day), time_slot_ids: [target.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      date: inDays(day),
      booking_amount: target.price,
      paid_amount: booking.paid_amount,
      credit_amount: money(cents(booking.paid_amount) - cents(target.price)),
    });
    expect(moved.json().time_slots).toMatchObject([{ time_slot: target.id, date: inDays(day), is_active: true }]);
    expect((await slotsOn(t.app, court.facility, inDays(8))).find((s) => s.id === booking.time_slots[0].time_slot)!.booking_status).toBe(
      'available',
    );

    const { booking: other } = await paidBooking(10, 1);
    const clash = await api('POST', `/api/booking/booking/${other.id}/move/`, { date: inDays(day), time_slot_ids: [target.id] });
    expect(clash.statusCode).toBe(409);
    expect(await get(other.id)).toMatchObject({ date: inDays(10), time_slots: [{ id: other.time_slots[0].id, is_active: true }] });
    const log = (await api('GET', `/api/booking/logs/?search=${booking.code}`)).json().results as { changes?: unknown }[];
    expect(JSON.stringify(log)).toContain(inDays(day));
  });

  it('lets exactly one of many bookings moving onto one free slot at once win', async () => {
    const { free, court } = await freeSlots('Court 2', 'Badminton', 11);
    // The cheapest free slot, so every booking's move is priced alike (none costs more).
    const target = [...free].sort((x, y) => cents(x.price) - cents(y.price))[0];
    const bookings = [];
    for (let i = 0; i < 6; i++) {
      const day = 12 + (i % 3);
      const slot = (await freeSlots('Court 2', 'Badminton', day)).free.find((s) => cents(s.price) >= cents(target.price))!;
      const res = await api('POST', '/api/booking/booking/', {
        facility: court.facility,
        date: inDays(day),
        time_slot_ids: [slot.id],
        name: `Racer ${i}`,
        mobile_no: String(phone++),
      });
      expect(res.statusCode, res.body).toBe(201);
      bookings.push(res.json());
    }
    const responses = await Promise.all(
      bookings.map((b) => api('POST', `/api/booking/booking/${b.id}/move/`, { date: inDays(11), time_slot_ids: [target.id] })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const [org] = await queryRows<{ id: string }>(t.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    const rows = await withTenant(t.handle.db, Number(org.id), (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from booked_time_slot where facility_id = ${court.facility} and date = ${inDays(11)} and time_slot_id = ${target.id} and is_active`,
      ),
    );
    expect(rows[0].n).toBe(1);
    // The losers still hold their own slots.
    for (const [i, b] of bookings.entries())
      if (codes[i] === 409) expect((await get(b.id)).time_slots[0]).toMatchObject({ id: b.time_slots[0].id, is_active: true });
  });
});

describe('completing and no-shows', () => {
  it('refuses them before the booking has started, and allows them once it has', async () => {
    const { booking } = await paidBooking(2, 1);
    for (const path of ['complete', 'no-show']) {
      const res = await api('POST', `/api/booking/booking/${booking.id}/${path}/`);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This booking has not started yet.');
    }
    expect((await get(booking.id)).status).toBe('confirmed');
    // The same rule on the booking's day, once its first slot's start has come.
    const [org] = await t.handle.db
      .select()
      .from(organisation)
      .where(sql`subdomain = 'demo'`);
    const base = systemCtx(t.config, org, 'test');
    const at = (time: string) => ({ ...base, now: { ...base.now, today: booking.date, time } });
    const start = booking.time_slots[0].start_time as string;
    await expect(
      withTenant(t.handle.db, org.id, (tx) => closeBooking(tx, at('00:00:00'), { id: booking.id, to: 'completed' })),
    ).rejects.toMatchObject({ statusCode: 409 });
    const done = await withTenant(t.handle.db, org.id, (tx) => closeBooking(tx, at(start), { id: booking.id, to: 'completed' }));
    expect(done.status).toBe('completed');
  });
});
