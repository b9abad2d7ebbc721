import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DESK, login, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, settleJobs, type TestContext } from './helpers.js';
import { dmy, inDays, portalFacility, requestBody, slotsOn, today } from './booking-helpers.js';

let ctx: TestContext;
let owner: string;
let court: { centre: number; facility: number };
beforeAll(async () => {
  ctx = await createTestApp({ BOOKING_MAX_PER_PHONE_PER_DAY: '2' });
  owner = await login(ctx.app, OWNER);
  court = await portalFacility(ctx.app);
});
afterAll(async () => ctx?.close());

const book = (body: unknown, host?: string) =>
  call(ctx.app, { method: 'POST', url: '/api/public/bookings/', payload: body as Record<string, unknown>, host });
const bookingCount = async () =>
  (await call(ctx.app, { method: 'GET', url: '/api/booking/booking/?page_size=1', token: owner })).json().count as number;

describe('the public portal', () => {
  it('lists centres and the facilities open for online booking as sport and facility', async () => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/public/facilities/?centre=${court.centre}&enable_online_booking=true` });
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((f: { sport_name: string; name: string }) => `${f.sport_name} - ${f.name}`);
    expect(names).toEqual(['Badminton - Court 1', 'Badminton - Court 2', 'Football - Turf A']);
  });

  it('offers a date’s slots grouped by Morning and Evening with prices and statuses', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/booking/facility/${court.facility}/online-available-slots/${dmy(inDays(3))}/`,
    });
    expect(res.statusCode).toBe(200);
    const groups = res.json();
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['Morning', 'Evening']);
    expect(groups[0].time_slots[0]).toMatchObject({
      start_time: '06:00:00',
      end_time: '07:00:00',
      price: expect.stringMatching(/^\d+\.\d\d$/),
    });
    const statuses = new Set(
      groups.flatMap((g: { time_slots: { booking_status: string }[] }) => g.time_slots.map((s) => s.booking_status)),
    );
    expect([...statuses].every((s) => ['available', 'booked'].includes(s as string))).toBe(true);
  });

  it('answers past dates and dates beyond the window with every slot unavailable', async () => {
    for (const date of [inDays(-1), inDays(31)]) {
      const slots = await slotsOn(ctx.app, court.facility, date);
      expect(slots.length).toBeGreaterThan(0);
      expect(slots.filter((s) => s.booking_status === 'available')).toHaveLength(0);
    }
  });

  it('answers 404 for an unknown facility, a bad date, or a facility not open online', async () => {
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/booking/facility/999999/online-available-slots/${dmy(inDays(1))}/` })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/booking/facility/${court.facility}/online-available-slots/31-02-2026/` }))
        .statusCode,
    ).toBe(404);
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/booking/facility/',
      token: owner,
      payload: {
        name: 'Private Court',
        centre: court.centre,
        sport: (await call(ctx.app, { method: 'GET', url: '/api/administrator/sport/dropdown/', token: owner })).json().results[0].id,
        enable_online_booking: false,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/booking/facility/${created.json().id}/online-available-slots/${dmy(inDays(1))}/` }))
        .statusCode,
    ).toBe(404);
  });

  it('books two slots, recomputing the total, and then shows them booked', async () => {
    const date = inDays(4);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available').slice(0, 2);
    const res = await book(requestBody(court.centre, court.facility, date, free));
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b.code).toMatch(/^BK-\d{4}-\d{6}$/);
    expect(b).toMatchObject({ source: 'online', status: 'confirmed', payment_status: 'unpaid', mobile: '9845011111', date });
    expect(b.time_slots.map((s: { time_slot: number }) => s.time_slot).sort()).toEqual(free.map((s) => s.id).sort());
    const after = await slotsOn(ctx.app, court.facility, date);
    for (const s of free) expect(after.find((x) => x.id === s.id)!.booking_status).toBe('booked');
    await settleJobs();
    const mail = ctx.mails.find((m) => m.to === 'meera@example.com');
    expect(mail?.subject).toContain(b.code);
    expect(b.invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
    expect(mail?.text).toContain(`Invoice: ${b.invoice.number}`);
    const logs = (await call(ctx.app, { method: 'GET', url: '/api/booking/logs/?resource=booking', token: owner })).json().results;
    expect(logs[0]).toMatchObject({ module: 'Booking Management', action: 'create', object_id: String(b.id) });
  });

  it('refuses a slot that is already booked with a 409 and writes nothing', async () => {
    const date = inDays(5);
    const [slot] = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    expect((await book(requestBody(court.centre, court.facility, date, [slot], { mobile_no: '9000000001' }))).statusCode).toBe(201);
    const before = await bookingCount();
    const again = await book(requestBody(court.centre, court.facility, date, [slot], { mobile_no: '9000000002' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/just been booked/);
    expect(await bookingCount()).toBe(before);
  });

  it('refuses totals that do not match, past, duplicated and foreign slots, writing nothing', async () => {
    const date = inDays(6);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const before = await bookingCount();
    const cheap = await book({ ...requestBody(court.centre, court.facility, date, [free[0]]), booking_amount: '1.00', sub_total: '1.00' });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().booking_amount[0]).toMatch(/does not match/);
    const twice = await book(requestBody(court.centre, court.facility, date, [free[0], free[0]]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().time_slots[0]).toMatch(/more than once/);
    const pastDate = inDays(-2);
    const past = await book(requestBody(court.centre, court.facility, pastDate, [free[0]]));
    expect(past.statusCode).toBe(400);
    expect(past.json().time_slots.join(' ')).toMatch(/past/);
    const turf = await portalFacility(ctx.app, 'Turf A', 'Football');
    const foreignSlot = (await slotsOn(ctx.app, turf.facility, date))[0];
    const foreign = await book(requestBody(court.centre, court.facility, date, [foreignSlot]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().time_slots[0]).toMatch(/do not belong/);
    const wrongDate = await book({ ...requestBody(court.centre, court.facility, date, [free[0]]), date: inDays(7) });
    expect(wrongDate.statusCode).toBe(400);
    expect(await bookingCount()).toBe(before);
  });

  it("refuses another organisation's facility", async () => {
    const riverside = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    const rCentre = (await call(ctx.app, { method: 'GET', url: '/api/public/centres/', host: RIVERSIDE_HOST })).json().results[0].id;
    const rSport = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/sport/',
      host: RIVERSIDE_HOST,
      token: riverside,
      payload: { name: 'Tennis' },
    });
    const rFacility = await call(ctx.app, {
      method: 'POST',
      url: '/api/booking/facility/',
      host: RIVERSIDE_HOST,
      token: riverside,
      payload: {
        name: 'Clay 1',
        centre: rCentre,
        sport: rSport.json().id,
        enable_online_booking: true,
        slot_groups: [{ name: 'Morning', time_slots: [{ start_time: '06:00', end_time: '07:00', price: '500' }] }],
      },
    });
    expect(rFacility.statusCode).toBe(201);
    const rSlot = rFacility.json().slot_groups[0].time_slots[0];
    const date = inDays(2);
    const onDemo = await book(requestBody(court.centre, rFacility.json().id, date, [{ ...rSlot, booking_status: 'available' }]));
    expect(onDemo.statusCode).toBe(400);
    expect(onDemo.json().facility[0]).toMatch(/does not exist/);
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/booking/facility/${rFacility.json().id}/online-available-slots/${dmy(date)}/` }))
        .statusCode,
    ).toBe(404);
    const onRiverside = await book(
      requestBody(rCentre, rFacility.json().id, date, [{ ...rSlot, booking_status: 'available' }]),
      RIVERSIDE_HOST,
    );
    expect(onRiverside.statusCode).toBe(201);
  });

  it('validates the contact fields with the spec messages', async () => {
    const date = inDays(6);
    const [slot] = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const empty = await book(requestBody(court.centre, court.facility, date, [slot], { name: '', email: '', mobile_no: '' }));
    expect(empty.json()).toMatchObject({
      name: ['Name is required'],
      email: ['Email is required'],
      mobile_no: ['Phone number is required'],
    });
    const bad = await book(requestBody(court.centre, court.facility, date, [slot], { email: 'nope', mobile_no: '12345' }));
    expect(bad.json()).toMatchObject({ email: ['Invalid email format'], mobile_no: ['Phone number must be 10 digits'] });
    const none = await book({ ...requestBody(court.centre, court.facility, date, []) });
    expect(none.json().time_slots).toEqual(['Please select at least one slot.']);
  });

  it('caps slots per request and open bookings per phone per day', async () => {
    const date = inDays(8);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const all = await slotsOn(ctx.app, court.facility, date);
    expect(all.length).toBeGreaterThanOrEqual(9);
    const many = await book(requestBody(court.centre, court.facility, date, all.slice(0, 9)));
    expect(many.statusCode).toBe(400);
    expect(many.json().time_slots[0]).toMatch(/At most 8 slots/);
    const phone = { mobile_no: '9123456789' };
    expect((await book(requestBody(court.centre, court.facility, date, [free[0]], phone))).statusCode).toBe(201);
    expect((await book(requestBody(court.centre, court.facility, date, [free[1]], phone))).statusCode).toBe(201);
    const third = await book(requestBody(court.centre, court.facility, date, [free[2]], phone));
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/already has 2 open online bookings/);
  });
});

describe('the back office', () => {
  it('shows the booking in the day view, cancels it, and the portal offers the slot again', async () => {
    const date = inDays(9);
    const [slot] = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const created = (
      await book(requestBody(court.centre, court.facility, date, [slot], { name: 'Day View', mobile_no: '9000000009' }))
    ).json();
    const desk = await login(ctx.app, DESK);
    const day = (
      await call(ctx.app, { method: 'GET', url: `/api/booking/facility/${court.facility}/available-slots/${dmy(date)}/`, token: desk })
    ).json();
    const cell = day.flatMap((g: { time_slots: unknown[] }) => g.time_slots).find((s: { id: number }) => s.id === slot.id);
    expect(cell).toMatchObject({ booking_status: 'booked', booking: { code: created.code, name: 'Day View', status: 'confirmed' } });
    const cancel = await call(ctx.app, {
      method: 'POST',
      url: `/api/booking/booking/${created.id}/cancel/`,
      token: desk,
      payload: { reason: 'Rain' },
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Rain' });
    expect((await slotsOn(ctx.app, court.facility, date)).find((s) => s.id === slot.id)!.booking_status).toBe('available');
    const twice = await call(ctx.app, { method: 'POST', url: `/api/booking/booking/${created.id}/cancel/`, token: desk });
    expect(twice.statusCode, twice.body).toBe(409);
    expect((await book(requestBody(court.centre, court.facility, date, [slot], { mobile_no: '9000000010' }))).statusCode).toBe(201);
  });

  it('creates desk bookings with a discount and payments, and never takes more than is due', async () => {
    const date = inDays(10);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available').slice(0, 2);
    const modes = (await call(ctx.app, { method: 'GET', url: '/api/administrator/payment-mode/dropdown/', token: owner })).json().results;
    expect(modes.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Cash', 'UPI', 'Card', 'Bank transfer', 'Cheque']));
    const upi = modes.find((m: { name: string }) => m.name === 'UPI').id;
    const sub = free.reduce((s, x) => s + Number(x.price), 0);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/booking/booking/',
      token: owner,
      payload: {
        facility: court.facility,
        date,
        time_slot_ids: free.map((s) => s.id),
        name: 'Walk In',
        mobile_no: '9555512345',
        discount: '100',
        payment: { amount: '200', payment_mode: upi },
      },
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      source: 'desk',
      discount: '100.00',
      paid_amount: '200.00',
      payment_status: 'partial',
      booking_amount: (sub - 100).toFixed(2),
    });
    const over = await call(ctx.app, {
      method: 'POST',
      url: `/api/booking/booking/${b.id}/payments/`,
      token: owner,
      payload: { amount: String(sub), payment_mode: upi },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toMatch(/exceeds the due amount/);
    const rest = await call(ctx.app, {
      method: 'POST',
      url: `/api/booking/booking/${b.id}/payments/`,
      token: owner,
      payload: { amount: b.due_amount, payment_mode: upi, reference: 'UPI-778' },
    });
    expect(rest.json()).toMatchObject({ payment_status: 'paid', due_amount: '0.00' });
    const txs = (await call(ctx.app, { method: 'GET', url: `/api/booking/booking-transaction/?booking=${b.id}`, token: owner })).json();
    expect(txs.count).toBe(2);
    expect(txs.results[0]).toMatchObject({ booking_code: b.code, payment_mode_name: 'UPI', reference: 'UPI-778' });
    const done = await call(ctx.app, { method: 'POST', url: `/api/booking/booking/${b.id}/complete/`, token: owner });
    // Complete and no-show only once the booking has started (issue 12): this one is ahead.
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe('This booking has not started yet.');
    const list = (
      await call(ctx.app, { method: 'GET', url: `/api/booking/booking/?search=Walk%20In&status=confirmed`, token: owner })
    ).json();
    expect(list.results.map((x: { id: number }) => x.id)).toContain(b.id);
  });

  it('validates slot templates: end after start, no negative price, no overlap in a group', async () => {
    const sportId = (await call(ctx.app, { method: 'GET', url: '/api/administrator/sport/dropdown/', token: owner })).json().results[0].id;
    const base = { name: 'Template Test', centre: court.centre, sport: sportId };
    const backwards = await call(ctx.app, {
      method: 'POST',
      url: '/api/booking/facility/',
      token: owner,
      payload: { ...base, slot_groups: [{ name: 'M', time_slots: [{ start_time: '08:00', end_time: '07:00', price: '100' }] }] },
    });
    expect(backwards.json()['slot_groups.0.time_slots.0.end_time']).toEqual(['End time must be after start time.']);
    const negative = await call(ctx.app, {
      method: 'POST',
      url: '/api/booking/facility/',
      token: owner,
      payload: { ...base, slot_groups: [{ name: 'M', time_slots: [{ start_time: '06:00', end_time: '07:00', price: '-5' }] }] },
    });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json())[0]).toMatch(/price/);
    const overlap = await call(ctx.app, {
      method: 'POST',
      url: '/api/booking/facility/',
      token: owner,
      payload: {
        ...base,
        slot_groups: [
          {
            name: 'M',
            time_slots: [
              { start_time: '06:00', end_time: '07:00', price: '100' },
              { start_time: '06:30', end_time: '07:30', price: '100' },
            ],
          },
        ],
      },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()['slot_groups.0.time_slots.1.start_time'][0]).toMatch(/Overlaps the slot 06:00–07:00/);
  });

  it('keeps existing bookings when the template changes', async () => {
    const date = inDays(11);
    const [slot] = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const b = (await book(requestBody(court.centre, court.facility, date, [slot], { mobile_no: '9000000011' }))).json();
    const facility = (await call(ctx.app, { method: 'GET', url: `/api/booking/facility/${court.facility}/`, token: owner })).json();
    const groups = facility.slot_groups.map((g: { id: number; name: string; time_slots: { id: number; price: string }[] }) => ({
      ...g,
      time_slots: g.time_slots.filter((s) => s.id !== slot.id).map((s) => ({ ...s, price: '999.00' })),
    }));
    const put = await call(ctx.app, {
      method: 'PATCH',
      url: `/api/booking/facility/${court.facility}/`,
      token: owner,
      payload: { slot_groups: groups },
    });
    expect(put.statusCode).toBe(200);
    const ids = put.json().slot_groups.flatMap((g: { time_slots: { id: number }[] }) => g.time_slots.map((s) => s.id));
    expect(ids).not.toContain(slot.id);
    const again = (await call(ctx.app, { method: 'GET', url: `/api/booking/booking/${b.id}/`, token: owner })).json();
    expect(again.time_slots[0]).toMatchObject({ time_slot: slot.id, price: slot.price, start_time: slot.start_time });
    expect(again.booking_amount).toBe(b.booking_amount);
  });

  it('keeps Booking Management and Administrator routes to their modules', async () => {
    const desk = await login(ctx.app, DESK);
    expect((await call(ctx.app, { method: 'GET', url: '/api/booking/booking/', token: desk })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/administrator/sport/', token: desk, payload: { name: 'Chess' } })).statusCode,
    ).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/administrator/sport/dropdown/', token: desk })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'GET', url: '/api/booking/booking/' })).statusCode).toBe(401);
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
