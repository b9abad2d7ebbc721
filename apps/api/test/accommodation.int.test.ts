/**
 * Accommodation Management: the lookups (generic suites), stays that never overlap on a bed,
 * check-in with the deposit, nightly bills at check-out (an early check-out bills the nights
 * stayed), monthly bills once per stay and month (the job run twice), room changes, cancelling,
 * payments, the board, the dashboard, the settings, the module's ledger rows and the ID proof.
 */
import { BED_TAKEN_MESSAGE, GUARDIAN_MESSAGE } from '@arena/contracts/accommodation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/client.js';
import { addDays } from '../src/platform/time.js';
import { billMonthlyRent } from '../src/modules/accommodation/stay.service.js';
import { accommodationAudiences, accommodationTriggers } from '../src/modules/accommodation/messaging.js';
import { describeCrudResource } from './crud-resource.js';
import { inOrg, makeAccommodationRoom, makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, multipartBody, TINY_PNG, type TestContext } from './helpers.js';

const MODULE = 'Accommodation Management';
type Body = Record<string, unknown>;

describeCrudResource({
  resource: 'accommodation_room_type',
  path: '/api/accommodation/room-type/',
  module: MODULE,
  make: (name) => ({ name, beds_per_room: 3, rate_per_night: '900', rate_per_month: '12000', deposit: '5000' }),
  update: { description: 'Bunk beds', amenities: ['Fan', 'Locker'] },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A room type with this name already exists.',
  exportHeaders: ['Name', 'Beds per room', 'Rate per night', 'Rate per month'],
});

describeCrudResource({
  resource: 'accommodation_client',
  path: '/api/accommodation/client/',
  module: MODULE,
  make: (name) => ({ name, phone: '9876543210' }),
  update: { email: 'resident@example.in', guardian_name: 'Ravi' },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  exportHeaders: ['Name', 'Phone', 'Email', 'Guardian'],
});

describe('accommodation: stays, bills, deposits, board and dashboard', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let owner: string;
  let cash: number;
  let typeId: number;
  let roomId: number;
  let centreId: number;
  let today: string;
  const day = (d: number) => addDays(today, d);

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    owner = await login(t.app, acme.owner, acme.host);
    today = acme.ctx.now.today;
    const made = await inOrg(t, acme, async (tx, ctx) => {
      const r = await makeAccommodationRoom(tx, ctx, { beds: 2, perNight: '1000.00', perMonth: '15000.00', deposit: '3000.00' });
      const [mode] = await queryRows<{ id: number }>(
        tx,
        sql`select id from payment_mode where organisation_id = ${ctx.organisationId} and lower(name) = 'cash'`,
      );
      return { ...r, cash: Number(mode.id) };
    });
    ({ typeId, centreId } = made);
    roomId = made.id;
    cash = made.cash;
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Body, token = owner, host = acme.host) =>
    call(t.app, { method, url, host, token, payload });
  let phone = 9000000000;
  const resident = async (extra: Body = {}) => {
    const res = await api('POST', '/api/accommodation/client/', { name: `Resident ${phone}`, phone: String(++phone), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const reserve = (body: Body) => api('POST', '/api/accommodation/booking/', body);
  const count = (table: string) =>
    inOrg(t, acme, async (tx) => Number((await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n));

  it('refuses a minor without a guardian, and takes one with', async () => {
    const dob = `${Number(today.slice(0, 4)) - 15}-01-01`;
    const res = await api('POST', '/api/accommodation/client/', { name: 'Young Trainee', phone: '9811111111', date_of_birth: dob });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ guardian_name: [GUARDIAN_MESSAGE] });
    const ok = await api('POST', '/api/accommodation/client/', {
      name: 'Young Trainee',
      phone: '9811111111',
      date_of_birth: dob,
      guardian_name: 'Suresh',
      guardian_phone: '9822222222',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ is_minor: true, guardian_name: 'Suresh' });
  });

  it('reserves a bed; an overlapping stay on it is refused (400 on bed) and writes nothing; adjacent stays both succeed', async () => {
    const a = await resident();
    const b = await resident();
    const first = await reserve({ client: a, room: roomId, bed: 1, check_in: day(10), check_out: day(13), rate_basis: 'nightly' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'reserved', rate: '1000.00', nights: 3, bed: 1, room_type: typeId, deposit: '0.00' });
    const before = await count('accommodation_stay');
    const clash = await reserve({ client: b, room: roomId, bed: 1, check_in: day(12), check_out: day(15), rate_basis: 'nightly' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ bed: [BED_TAKEN_MESSAGE] });
    expect(await count('accommodation_stay')).toBe(before);
    // Adjacent: one leaves the day the next arrives; the other bed is free for the same dates.
    expect(
      (await reserve({ client: b, room: roomId, bed: 1, check_in: day(13), check_out: day(15), rate_basis: 'nightly' })).statusCode,
    ).toBe(201);
    expect(
      (await reserve({ client: b, room: roomId, bed: 1, check_in: day(8), check_out: day(10), rate_basis: 'nightly' })).statusCode,
    ).toBe(201);
    expect(
      (await reserve({ client: b, room: roomId, bed: 2, check_in: day(11), check_out: day(12), rate_basis: 'nightly' })).statusCode,
    ).toBe(201);
  });

  it('checks bed numbers, dates and references', async () => {
    const a = await resident();
    const bad = await reserve({ client: a, room: roomId, bed: 3, check_in: day(40), check_out: day(41), rate_basis: 'nightly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ bed: ['This room has beds 1 to 2.'] });
    const backwards = await reserve({ client: a, room: roomId, bed: 1, check_in: day(41), check_out: day(40), rate_basis: 'nightly' });
    expect(backwards.json()).toEqual({ check_out: ['Check-out must be after check-in.'] });
    const far = await reserve({ client: a, room: roomId, bed: 1, check_in: '2100-01-01', check_out: '2100-01-02', rate_basis: 'nightly' });
    expect(far.statusCode).toBe(400);
    expect(Object.keys(far.json())).toEqual(['check_in', 'check_out']);
    // Another organisation's room and resident are not this one's.
    const theirs = await inOrg(t, other, (tx, ctx) => makeAccommodationRoom(tx, ctx));
    const foreign = await reserve({ client: a, room: theirs.id, bed: 1, check_in: day(40), check_out: day(41), rate_basis: 'nightly' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('room');
    expect((await api('GET', `/api/accommodation/booking/999999/`)).statusCode).toBe(404);
  });

  it('rooms: a number once per centre, the type and centre of this organisation, beds from the type', async () => {
    const body = { number: 'G-01', room_type: typeId, centre: centreId, floor: 'Ground' };
    const made = await api('POST', '/api/accommodation/room/', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ number: 'G-01', beds: 2, status: 'available', occupied_today: 0 });
    expect((await api('POST', '/api/accommodation/room/', body)).json()).toEqual({
      number: ['This center already has a room with this number.'],
    });
    const theirs = await inOrg(t, other, (tx, ctx) => makeAccommodationRoom(tx, ctx));
    const foreign = await api('POST', '/api/accommodation/room/', { ...body, number: 'G-02', room_type: theirs.typeId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('room_type');
    const list = (await api('GET', `/api/accommodation/room/?room_type=${typeId}&ordering=number`)).json();
    expect(list.results.map((r: Body) => r.number)).toContain('G-01');
    expect((await api('GET', '/api/accommodation/room/?format=csv')).body.split('\n')[0]).toContain('Number');
    expect(
      (await api('GET', `/api/accommodation/room/${made.json().id}/`, undefined, await login(t.app, other.owner, other.host), other.host))
        .statusCode,
    ).toBe(404);
    // Under maintenance, a room takes no stays.
    await api('PATCH', `/api/accommodation/room/${made.json().id}/`, { status: 'maintenance' });
    const a = await resident();
    const refused = await reserve({
      client: a,
      room: made.json().id,
      bed: 1,
      check_in: day(60),
      check_out: day(61),
      rate_basis: 'nightly',
    });
    expect(refused.json()).toEqual({ room: ['This room is under maintenance: it takes no stays.'] });
  });

  it('a room type cannot drop below a bed a stay holds', async () => {
    const a = await resident();
    const own = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 3 }));
    expect(
      (await reserve({ client: a, room: own.id, bed: 3, check_in: day(70), check_out: day(72), rate_basis: 'nightly' })).statusCode,
    ).toBe(201);
    const res = await api('PATCH', `/api/accommodation/room-type/${own.typeId}/`, { beds_per_room: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().beds_per_room[0]).toMatch(/bed 3/);
    const type = (await api('GET', `/api/accommodation/room-type/${own.typeId}/`)).json();
    expect(type).toMatchObject({ beds_per_room: 3, gst_rate: 5, sac_code: '996311' });
  });

  it('a cancelled stay frees its bed', async () => {
    const a = await resident();
    const s = (await reserve({ client: a, room: roomId, bed: 2, check_in: day(50), check_out: day(52), rate_basis: 'nightly' })).json();
    const cancelled = await api('POST', `/api/accommodation/booking/${s.id}/cancel/`, { reason: 'Plans changed' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Plans changed' });
    expect(
      (await reserve({ client: a, room: roomId, bed: 2, check_in: day(50), check_out: day(52), rate_basis: 'nightly' })).statusCode,
    ).toBe(201);
    // Only a reserved stay cancels.
    expect((await api('POST', `/api/accommodation/booking/${s.id}/cancel/`, { reason: '' })).statusCode).toBe(409);
  });

  it('nightly: check in with the deposit, check out early — the bill counts the nights stayed and the deposit is refunded', async () => {
    const a = await resident();
    const s = (
      await reserve({ client: a, room: roomId, bed: 2, check_in: today, check_out: day(5), rate_basis: 'nightly', deposit: '2000' })
    ).json();
    const noMode = await api('POST', `/api/accommodation/booking/${s.id}/check-in/`, {});
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json()).toHaveProperty('deposit_payment_mode');
    const inn = await api('POST', `/api/accommodation/booking/${s.id}/check-in/`, { deposit_payment_mode: cash });
    expect(inn.statusCode, inn.body).toBe(200);
    expect(inn.json()).toMatchObject({ status: 'checked_in', deposit_status: 'held', billed: '0.00' });
    const quote = (await api('GET', `/api/accommodation/booking/${s.id}/check-out-quote/`)).json();
    expect(quote).toMatchObject({ early: true, nights: 1, charges: '1000.00', deposit: '2000.00', due: '1000.00' });
    // Checked in today and out today: one night, the bed free from tomorrow.
    const out = await api('POST', `/api/accommodation/booking/${s.id}/check-out/`, {
      deductions: '500',
      payment: { amount: '1000', payment_mode: cash },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      status: 'checked_out',
      check_out: day(1),
      nights: 1,
      billed: '1000.00',
      paid: '1000.00',
      due: '0.00',
      deposit_status: 'refunded',
      deposit_deducted: '500.00',
    });
    expect(out.json().invoices).toHaveLength(1);
    expect(out.json().invoices[0]).toMatchObject({ month: '', total: '1000.00', due: '0.00' });
    expect(out.json().invoices[0].number).not.toBe('');
    // The ledger: the deposit held, 500 of it kept (income), 1,500 of it back, the bill's payment.
    const rows = (await api('GET', `/api/accommodation/income-expense/?search=${encodeURIComponent(`#${s.id}`)}`)).json().results;
    expect(rows.map((r: Body) => [r.kind, r.amount, r.category_name]).sort()).toEqual(
      [
        ['receipt', '1000.00', 'Accommodation'],
        ['receipt', '500.00', 'Deposit deductions'],
        ['receipt', '2000.00', 'Security Deposits (refundable)'],
        ['refund', '500.00', 'Security Deposits (refundable)'],
        ['refund', '1500.00', 'Security Deposits (refundable)'],
      ].sort(),
    );
    // The bed is free from tomorrow.
    expect(
      (await reserve({ client: a, room: roomId, bed: 2, check_in: day(1), check_out: day(2), rate_basis: 'nightly' })).statusCode,
    ).toBe(201);
  });

  it('monthly: the month is billed at check-in (its share by days), the job bills each month once, an early check-out credits the days not stayed', async () => {
    const a = await resident();
    const own = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1, perMonth: '15000.00', deposit: '3000.00' }));
    const s = (await reserve({ client: a, room: own.id, bed: 1, check_in: today, check_out: day(200), rate_basis: 'monthly' })).json();
    expect(s).toMatchObject({ rate: '15000.00', deposit: '3000.00' });
    const inn = (await api('POST', `/api/accommodation/booking/${s.id}/check-in/`, { deposit_payment_mode: cash })).json();
    const month = today.slice(0, 7);
    const [y, m] = month.split('-').map(Number);
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const left = days - Number(today.slice(8, 10)) + 1;
    const share = left === days ? 1_500_000 : Math.round((1_500_000 * left) / days);
    expect(inn.invoices).toHaveLength(1);
    expect(inn.invoices[0]).toMatchObject({ month, period_start: today });
    expect(Math.round(Number(inn.invoices[0].total) * 100)).toBeGreaterThanOrEqual(share - 100);
    // The job, twice: nothing more for this month.
    const billed = await inOrg(t, acme, async (tx, ctx) => [await billMonthlyRent(tx, ctx), await billMonthlyRent(tx, ctx)]);
    expect(billed).toEqual([0, 0]);
    // Next month's start: one more bill, once.
    const next = addDays(`${month}-01`, days);
    const nextBilled = await inOrg(t, acme, async (tx, ctx) => [
      await billMonthlyRent(tx, ctx, next),
      await billMonthlyRent(tx, ctx, next),
    ]);
    expect(nextBilled).toEqual([1, 0]);
    const two = (await api('GET', `/api/accommodation/booking/${s.id}/`)).json();
    expect(two.invoices.map((i: Body) => i.month)).toEqual([month, next.slice(0, 7)]);
    expect(two.invoices[1]).toMatchObject({ total: '15000.00', period_start: next });
    // Pay the first month; check out today: this month's days after today and all of next month are credited.
    await api('POST', `/api/accommodation/booking/${s.id}/pay/`, { amount: inn.invoices[0].total, payment_mode: cash });
    const over = await api('POST', `/api/accommodation/booking/${s.id}/pay/`, { amount: '999999', payment_mode: cash });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toMatch(/exceeds the due amount/);
    const out = await api('POST', `/api/accommodation/booking/${s.id}/check-out/`, { deposit_action: 'adjust' });
    expect(out.statusCode, out.body).toBe(200);
    const o = out.json();
    expect(o).toMatchObject({ status: 'checked_out', check_out: day(1), deposit_status: 'adjusted' });
    // One night of this month stays billed; the rest was credited.
    const oneNight = Math.round(1_500_000 / days);
    expect(Math.round(Number(o.billed) * 100)).toBe(oneNight);
    expect(o.invoices[1]).toMatchObject({ total: '0.00', due: '0.00' });
  });

  it('moves a checked-in resident to another bed from today: the old stay ends, a new one begins', async () => {
    const a = await resident();
    const other2 = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1 }));
    const from = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1 }));
    const s = (
      await reserve({ client: a, room: from.id, bed: 1, check_in: day(-3), check_out: day(4), rate_basis: 'nightly', deposit: '0' })
    ).json();
    expect((await api('POST', `/api/accommodation/booking/${s.id}/check-in/`, {})).statusCode).toBe(200);
    const moved = await api('POST', `/api/accommodation/booking/${s.id}/change-room/`, { room: other2.id, bed: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    const { old, new: fresh } = moved.json();
    expect(old).toMatchObject({ status: 'checked_out', check_out: today, nights: 3, billed: '3000.00', next_stay: fresh.id });
    expect(fresh).toMatchObject({ status: 'checked_in', check_in: today, check_out: day(4), room: other2.id, bed: 1, previous_stay: s.id });
  });

  it('the board shows rooms × days with beds and stays; the dashboard and settings answer', async () => {
    const board = await api('GET', `/api/accommodation/occupancy-board/?from=${day(8)}&days=7`);
    expect(board.statusCode, board.body).toBe(200);
    const b = board.json();
    expect(b.days).toHaveLength(7);
    const r = b.rooms.find((x: Body) => x.id === roomId);
    expect(r.beds.map((x: Body) => x.bed)).toEqual([1, 2]);
    expect(r.beds[0].stays.map((x: Body) => [x.check_in, x.check_out])).toEqual([
      [day(8), day(10)],
      [day(10), day(13)],
      [day(13), day(15)],
    ]);
    expect((await api('GET', '/api/accommodation/occupancy-board/?days=99')).statusCode).toBe(400);
    const dash = await api('GET', '/api/accommodation/dashboard/');
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json()).toMatchObject({ today });
    expect(dash.json().monthly).toHaveLength(12);
    const settings = await api('PUT', '/api/accommodation/settings/', {
      check_in_time: '13:00',
      check_out_time: '10:00',
      deposit_required: false,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await api('GET', '/api/accommodation/settings/')).json()).toMatchObject({
      check_in_time: '13:00:00',
      deposit_required: false,
      rent_due_days: 5,
    });
    // Without deposits required, a new monthly stay takes none.
    const a = await resident();
    const s = (await reserve({ client: a, room: roomId, bed: 2, check_in: day(300), check_out: day(330), rate_basis: 'monthly' })).json();
    expect(s.deposit).toBe('0.00');
  });

  it('keeps a resident’s ID proof private to the organisation', async () => {
    const a = await resident();
    const up = await call(t.app, {
      method: 'POST',
      url: `/api/accommodation/client/${a}/id-proof/`,
      host: acme.host,
      token: owner,
      ...multipartBody({}, { name: 'aadhaar.png', type: 'image/png', data: TINY_PNG, field: 'file' }),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ has_id_proof: true, id_proof_name: 'aadhaar.png' });
    const file = await api('GET', `/api/accommodation/client/${a}/id-proof/`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const otherOwner = await login(t.app, other.owner, other.host);
    expect((await api('GET', `/api/accommodation/client/${a}/id-proof/`, undefined, otherOwner, other.host)).statusCode).toBe(404);
  });

  it('offers residents and stay events to the messaging engine', async () => {
    const a = await resident({ name: 'Message Me' });
    const own = await inOrg(t, acme, (tx, ctx) => makeAccommodationRoom(tx, ctx, { beds: 1, deposit: '0.00' }));
    const s = (
      await reserve({ client: a, room: own.id, bed: 1, check_in: today, check_out: day(3), rate_basis: 'monthly', deposit: '0' })
    ).json();
    expect((await api('POST', `/api/accommodation/booking/${s.id}/check-in/`, {})).statusCode).toBe(200);
    const trigger = (key: string) => accommodationTriggers.find((x) => x.key === key)!;
    const due = (key: string, offset: number) => inOrg(t, acme, (tx, ctx) => trigger(key).due(tx, ctx, { offset, today, now: new Date() }));
    const welcome = await due('accommodation.check_in_welcome', 0);
    expect(welcome.find((r) => r.id === a)).toMatchObject({ kind: 'resident', name: 'Message Me', eventKey: `welcome:${s.id}` });
    const reminder = await due('accommodation.check_out_reminder', 3);
    expect(reminder.find((r) => r.id === a)?.values.check_out).toBe(day(3).split('-').reverse().join('-'));
    expect((await due('accommodation.check_out_reminder', 2)).find((r) => r.id === a)).toBeUndefined();
    const rent = await due('accommodation.rent_due', 0);
    expect(Number(rent.find((r) => r.id === a)?.values.due)).toBeGreaterThan(0);
    const inHouse = await inOrg(t, acme, (tx, ctx) => accommodationAudiences[0].resolve(tx, ctx, { param: null, ids: [], limit: 100 }));
    expect(inHouse.map((r) => r.id)).toContain(a);
  });

  it('is refused to a user without the module (403)', async () => {
    const clerk = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    const token = await login(t.app, clerk, acme.host);
    for (const url of [
      '/api/accommodation/booking/',
      '/api/accommodation/occupancy-board/',
      '/api/accommodation/dashboard/',
      '/api/accommodation/income-expense/',
    ])
      expect((await api('GET', url, undefined, token)).statusCode, url).toBe(403);
  });

  it('exports the stays as CSV', async () => {
    const res = await api('GET', '/api/accommodation/booking/?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toContain('Resident');
  });
});
