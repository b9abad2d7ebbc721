/**
 * Issue 20 §3: batch seats are held by running memberships (a lapsed member keeps the seat for the
 * organisation's grace days, renewing restores it, after them it is freed), a full batch keeps a
 * waiting list (first in line offered a freed seat, the desk confirms; two confirms of one seat:
 * one wins), and a roll call per session (present writes attendance with source `batch`, a door
 * check-in shows present, dates bounded). Another organisation's batch is a 404 everywhere.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, batchMember, batchWaitlist, memberAttendance } from '../src/modules/membership/schema.js';
import { refreshOrganisation } from '../src/modules/membership/status.js';
import { addDays, displayDate, isoWeekday } from '../src/platform/time.js';
import {
  dayFrom,
  inOrg,
  makeCentre,
  makeMemberRow,
  makeMembershipRow,
  makeOrganisation,
  makePlan,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, withSocketWrites, type TestContext } from './helpers.js';

const API = '/api/member-management';
type Body = Record<string, unknown>;
type MemberRow = Awaited<ReturnType<typeof makeMemberRow>>;

describe('batch seats, waiting list and roll call', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let otherKey: string;
  let centreId: number;
  let plan: Awaited<ReturnType<typeof makePlan>>;
  let theirBatch: number;
  let theirMember: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });
  const makeBatch = async (extra: Body = {}) => {
    const res = await api('POST', `${API}/batch/`, {
      name: `Morning Yoga ${Math.random().toString(36).slice(2, 7)}`,
      centre: centreId,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start_time: '06:00',
      end_time: '07:00',
      capacity: 2,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string };
  };
  const join = (batchId: number, memberId: number) => api('POST', `${API}/batch/${batchId}/members/`, { member: memberId });
  const batchOf = async (id: number) => (await api('GET', `${API}/batch/${id}/`)).json();
  const membersOf = async (id: number) => (await api('GET', `${API}/batch/${id}/members/`)).json() as Body[];
  const waitlistOf = async (id: number) => (await api('GET', `${API}/batch/${id}/waitlist/`)).json() as Body[];

  /** A member with a membership from `start` to `end` (a running one by default). */
  const memberWith = (firstName: string, dates: { start: number; end: number; cancelled?: boolean } | null = { start: -10, end: 20 }) =>
    inOrg(t, acme, async (tx, ctx) => {
      const m = await makeMemberRow(tx, ctx, { centreId, firstName, lastName: 'Deshmukh' });
      if (dates)
        await makeMembershipRow(tx, ctx, {
          member: m,
          plan,
          start: dayFrom(ctx, dates.start),
          end: dayFrom(ctx, dates.end),
          cancelled: dates.cancelled,
        });
      return m;
    });
  /** History the service does not write: the member joined the batch `days` ago. */
  const joinedDaysAgo = (batchId: number, m: MemberRow, days: number) =>
    inOrg(t, acme, (tx, ctx) =>
      tx
        .update(batchMember)
        .set({ joinedOn: dayFrom(ctx, -days) })
        .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId), eq(batchMember.memberId, m.id))),
    );
  const counter = (batchId: number) =>
    inOrg(t, acme, async (tx, ctx) => {
      const [b] = await tx
        .select({ n: batch.memberCount })
        .from(batch)
        .where(and(eq(batch.organisationId, ctx.organisationId), eq(batch.id, batchId)));
      return b.n;
    });

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    otherKey = await login(t.app, other.owner, other.host);
    ({ centreId, plan } = await inOrg(t, acme, async (tx, ctx) => ({
      centreId: (await makeCentre(tx, ctx, { name: 'Indiranagar' })).id,
      plan: await makePlan(tx, ctx, { name: 'Monthly' }),
    })));
    const theirs = await inOrg(t, other, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      return { centre: c.id, member: (await makeMemberRow(tx, ctx, { centreId: c.id })).id };
    });
    theirMember = theirs.member;
    const made = await call(t.app, {
      method: 'POST',
      url: `${API}/batch/`,
      host: other.host,
      token: otherKey,
      payload: {
        name: 'Their batch',
        centre: theirs.centre,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start_time: '18:00',
        end_time: '19:00',
        capacity: 1,
      },
    });
    theirBatch = made.json().id;
  });
  afterAll(async () => t?.close());

  it('keeps a lapsed member’s seat for the grace days, frees it after them, and a renewal restores it', async () => {
    const b = await makeBatch({ capacity: 3 });
    const running = await memberWith('Tanvi');
    const lapsed = await memberWith('Rohan', { start: -40, end: -3 }); // lapsed 2 days ago: 5 days left
    const gone = await memberWith('Kabir', { start: -60, end: -20 }); // lapsed 19 days ago: freed
    for (const m of [running, lapsed, gone]) expect((await join(b.id, m.id)).statusCode).toBe(201);
    for (const m of [running, lapsed, gone]) await joinedDaysAgo(b.id, m, 45);

    expect(await batchOf(b.id)).toMatchObject({ capacity: 3, members_count: 2, lapsed_count: 1, seats_left: 1, waitlist_count: 0 });
    const today = acme.ctx.now.today;
    const seats = Object.fromEntries((await membersOf(b.id)).map((m) => [m.member_name, m]));
    expect(seats['Tanvi Deshmukh']).toMatchObject({ seat_status: 'held', lapsed_on: null, seat_until: null, seat_days_left: null });
    expect(seats['Rohan Deshmukh']).toMatchObject({
      seat_status: 'lapsed',
      lapsed_on: addDays(today, -2),
      seat_until: addDays(today, 4),
      seat_days_left: 5,
    });
    expect(seats['Kabir Deshmukh']).toMatchObject({ seat_status: 'freed', lapsed_on: addDays(today, -19) });
    // The freed seat is listed last; the member filter no longer finds the batch for Kabir once written down.
    expect((await membersOf(b.id)).at(-1)!.member_name).toBe('Kabir Deshmukh');

    // Renewing within the grace days holds the seat again.
    await inOrg(t, acme, (tx, ctx) => makeMembershipRow(tx, ctx, { member: lapsed, plan, start: dayFrom(ctx, 0), end: dayFrom(ctx, 30) }));
    expect(await batchOf(b.id)).toMatchObject({ members_count: 2, lapsed_count: 0, seats_left: 1 });
    expect((await membersOf(b.id)).find((m) => m.member === lapsed.id)).toMatchObject({ seat_status: 'held', seat_days_left: null });

    // The freed seat is taken by the next member: the counter is written down exactly.
    expect(await counter(b.id)).toBe(3);
    const newcomer = await memberWith('Meera');
    expect((await join(b.id, newcomer.id)).statusCode).toBe(201);
    expect(await counter(b.id)).toBe(3);
    expect(await batchOf(b.id)).toMatchObject({ members_count: 3, seats_left: 0 });
    const full = await join(b.id, (await memberWith('Ishaan')).id);
    expect(full.json()).toEqual({ detail: 'This batch is full (3 of 3 seats taken).' });
    // Kabir rejoins once a seat is free again (his freed row takes a seat again).
    expect((await api('DELETE', `${API}/batch/${b.id}/members/${newcomer.id}/`)).statusCode).toBe(204);
    const back = await join(b.id, gone.id);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ seat_status: 'lapsed', joined_on: today, seat_days_left: 7 });
  });

  it('uses the organisation’s grace days (0–60) and frees the seats past them at once', async () => {
    const bad = await api('PUT', `${API}/settings/`, { reminder_days: 7, batch_seat_grace_days: 61 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['batch_seat_grace_days']);
    const b = await makeBatch({ capacity: 2 });
    const cancelled = await memberWith('Nisha', { start: -30, end: 30, cancelled: true }); // cancelled today: lapsed today
    const ended = await memberWith('Arjun', { start: -40, end: -4 }); // lapsed 3 days ago
    for (const m of [cancelled, ended]) expect((await join(b.id, m.id)).statusCode).toBe(201);
    for (const m of [cancelled, ended]) await joinedDaysAgo(b.id, m, 45);
    expect(await batchOf(b.id)).toMatchObject({ members_count: 2, lapsed_count: 2, seats_left: 0 });

    const saved = await api('PUT', `${API}/settings/`, { reminder_days: 7, batch_seat_grace_days: 2 });
    expect(saved.json()).toEqual({ reminder_days: 7, batch_seat_grace_days: 2 });
    expect((await api('GET', `${API}/settings/`)).json()).toEqual({ reminder_days: 7, batch_seat_grace_days: 2 });
    expect(await batchOf(b.id)).toMatchObject({ members_count: 1, lapsed_count: 1, seats_left: 1 });
    expect(await counter(b.id)).toBe(1); // written down when the setting changed
    const seats = Object.fromEntries((await membersOf(b.id)).map((m) => [m.member_name, m]));
    expect(seats['Nisha Deshmukh']).toMatchObject({ seat_status: 'lapsed', seat_days_left: 2 });
    expect(seats['Arjun Deshmukh']).toMatchObject({ seat_status: 'freed' });
    expect((await api('PUT', `${API}/settings/`, { reminder_days: 7, batch_seat_grace_days: 7 })).statusCode).toBe(200);
    // A freed seat stays freed when the grace days grow again.
    expect((await membersOf(b.id)).find((m) => m.member === ended.id)).toMatchObject({ seat_status: 'freed' });
  });

  it('offers a freed seat to the waiting list in order, and keeps it for them until the desk confirms', async () => {
    const b = await makeBatch({ capacity: 1 });
    const [tanvi, rohan, kabir, meera] = [
      await memberWith('Tanvi'),
      await memberWith('Rohan'),
      await memberWith('Kabir'),
      await memberWith('Meera'),
    ];
    const early = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: rohan.id });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: `${b.name} has a free seat; add the member to the batch instead of the waiting list.` });
    expect((await join(b.id, tanvi.id)).statusCode).toBe(201);
    expect(await batchOf(b.id)).toMatchObject({ seats_left: 0, waitlist_count: 0 });

    const inAlready = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: tanvi.id });
    expect(inAlready.json()).toEqual({ member: ['This member is already in the batch.'] });
    const first = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: rohan.id, note: 'Prefers Mondays' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      member: rohan.id,
      member_name: 'Rohan Deshmukh',
      position: 1,
      status: 'waiting',
      note: 'Prefers Mondays',
    });
    const second = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: kabir.id });
    expect(second.json()).toMatchObject({ position: 2, status: 'waiting' });
    const twice = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: rohan.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ member: ['This member is already on the waiting list (1st in line).'] });
    expect(await batchOf(b.id)).toMatchObject({ members_count: 1, seats_left: 0, waitlist_count: 2 });

    // Not offered yet: the confirm is refused.
    const notYet = await api('POST', `${API}/batch/${b.id}/waitlist/${second.json().id}/confirm/`);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().detail).toBe(`Kabir Deshmukh is 2nd on the waiting list and has not been offered a seat yet: ${b.name} is full.`);

    // Tanvi leaves: Rohan, first in line, is offered the seat, which nobody else may take.
    expect((await api('DELETE', `${API}/batch/${b.id}/members/${tanvi.id}/`)).statusCode).toBe(204);
    const list = await waitlistOf(b.id);
    expect(list.map((e) => [e.member_name, e.position, e.status])).toEqual([
      ['Rohan Deshmukh', 1, 'offered'],
      ['Kabir Deshmukh', 2, 'waiting'],
    ]);
    expect(list[0].offered_at).toEqual(expect.any(String));
    expect(await batchOf(b.id)).toMatchObject({ members_count: 0, seats_left: 0, waitlist_count: 2 });
    const jumped = await join(b.id, meera.id);
    expect(jumped.statusCode).toBe(400);
    expect(jumped.json().detail).toBe(
      'The free seat is offered to the waiting list. Confirm or decline the offer first, or put this member on the waiting list.',
    );

    // Rohan declines: Kabir is offered it; the desk confirms and Kabir joins.
    const declined = await api('POST', `${API}/batch/${b.id}/waitlist/${first.json().id}/decline/`);
    expect(declined.json()).toMatchObject({ status: 'declined', position: null });
    expect((await waitlistOf(b.id)).map((e) => [e.member_name, e.status])).toEqual([
      ['Kabir Deshmukh', 'offered'],
      ['Rohan Deshmukh', 'declined'],
    ]);
    const confirmed = await api('POST', `${API}/batch/${b.id}/waitlist/${second.json().id}/confirm/`);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ member: kabir.id, seat_status: 'held' });
    expect(await batchOf(b.id)).toMatchObject({ members_count: 1, seats_left: 0, waitlist_count: 0 });
    const again = await api('POST', `${API}/batch/${b.id}/waitlist/${second.json().id}/confirm/`);
    expect(again.json()).toEqual({ detail: 'Kabir Deshmukh has already taken the seat.' });

    // Removing an entry takes it off the list (404 the second time).
    const meeraWaits = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: meera.id });
    expect(meeraWaits.statusCode).toBe(201);
    expect((await api('DELETE', `${API}/batch/${b.id}/waitlist/${meeraWaits.json().id}/`)).statusCode).toBe(204);
    expect((await api('DELETE', `${API}/batch/${b.id}/waitlist/${meeraWaits.json().id}/`)).statusCode).toBe(404);

    const logs = (await api('GET', `${API}/logs/?resource=batch_waitlist&page_size=100`)).json().results as Body[];
    expect(logs.filter((l) => String(l.object_label).startsWith(`${b.name} · `)).length).toBeGreaterThanOrEqual(4);
  });

  it('offers a seat freed by a lapse past its grace days, and lets exactly one of parallel confirms take it', async () => {
    const b = await makeBatch({ capacity: 1 });
    const lapsing = await memberWith('Vikram', { start: -50, end: -15 });
    expect((await join(b.id, lapsing.id)).statusCode).toBe(201);
    const [first, second] = [await memberWith('Pooja'), await memberWith('Sameer')];
    // Vikram's seat is still his (he joined today): the batch is full and they wait.
    for (const m of [first, second]) expect((await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: m.id })).statusCode).toBe(201);
    await joinedDaysAgo(b.id, lapsing, 30);
    // No write has seen the lapse: the lists read as the next write will make them.
    expect(await batchOf(b.id)).toMatchObject({ members_count: 0, seats_left: 0, waitlist_count: 2 });
    const list = await waitlistOf(b.id);
    expect(list.map((e) => [e.member_name, e.status])).toEqual([
      ['Pooja Deshmukh', 'offered'],
      ['Sameer Deshmukh', 'waiting'],
    ]);
    const [a, c, d] = await Promise.all([
      api('POST', `${API}/batch/${b.id}/waitlist/${list[0].id}/confirm/`),
      api('POST', `${API}/batch/${b.id}/waitlist/${list[0].id}/confirm/`),
      api('POST', `${API}/batch/${b.id}/waitlist/${list[1].id}/confirm/`),
    ]);
    expect([a, c, d].filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect([a, c, d].filter((r) => r.statusCode === 400)).toHaveLength(2);
    expect(await counter(b.id)).toBe(1);
    expect(await batchOf(b.id)).toMatchObject({ members_count: 1, seats_left: 0, waitlist_count: 1 });
    expect((await membersOf(b.id)).map((m) => [m.member_name, m.seat_status])).toEqual([
      ['Pooja Deshmukh', 'held'],
      ['Vikram Deshmukh', 'freed'],
    ]);
  });

  it('writes the lapses down in the daily status job, which offers the freed seats to the waiting list', async () => {
    const b = await makeBatch({ capacity: 1 });
    const lapsing = await memberWith('Farhan', { start: -50, end: -15 });
    expect((await join(b.id, lapsing.id)).statusCode).toBe(201);
    const waiter = await memberWith('Gauri');
    const entry = (await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: waiter.id })).json();
    await joinedDaysAgo(b.id, lapsing, 30);
    expect(await counter(b.id)).toBe(1);
    await inOrg(t, acme, (tx, ctx) => refreshOrganisation(tx, ctx, true));
    expect(await counter(b.id)).toBe(0);
    const stored = await inOrg(t, acme, (tx, ctx) =>
      tx
        .select({ status: batchWaitlist.status, offeredAt: batchWaitlist.offeredAt })
        .from(batchWaitlist)
        .where(and(eq(batchWaitlist.organisationId, ctx.organisationId), eq(batchWaitlist.id, entry.id))),
    );
    expect(stored).toEqual([{ status: 'offered', offeredAt: expect.any(Date) }]);
    expect((await membersOf(b.id)).map((m) => [m.member_name, m.seat_status])).toEqual([['Farhan Deshmukh', 'freed']]);
    // Running it again changes nothing.
    await inOrg(t, acme, (tx, ctx) => refreshOrganisation(tx, ctx, true));
    expect(await counter(b.id)).toBe(0);
  });

  it('takes a roll call: present writes attendance with source batch, absent records it, the door shows present', async () => {
    const b = await makeBatch({ capacity: 5 });
    const [tanvi, rohan, kabir] = [await memberWith('Tanvi'), await memberWith('Rohan'), await memberWith('Kabir')];
    for (const m of [tanvi, rohan, kabir]) expect((await join(b.id, m.id)).statusCode).toBe(201);
    const today = acme.ctx.now.today;

    const opened = await api('GET', `${API}/batch/${b.id}/roll-call/`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ batch: b.id, date: today, can_mark: true, present: 0, absent: 0, unmarked: 3 });
    expect(opened.json().results.map((r: Body) => [r.member_name, r.status])).toEqual([
      ['Kabir Deshmukh', 'unmarked'],
      ['Rohan Deshmukh', 'unmarked'],
      ['Tanvi Deshmukh', 'unmarked'],
    ]);

    const mark = (m: MemberRow, status: string, date = today) => api('PUT', `${API}/batch/${b.id}/roll-call/${m.id}/`, { date, status });
    const present = await mark(tanvi, 'present');
    expect(present.statusCode, present.body).toBe(200);
    expect(present.json()).toMatchObject({ member: tanvi.id, status: 'present', marked_by: 'roll_call' });
    expect((await mark(tanvi, 'present')).json()).toMatchObject({ status: 'present' }); // one tap twice: one visit
    const visits = async (m: MemberRow) =>
      inOrg(t, acme, (tx, ctx) =>
        tx
          .select({ source: memberAttendance.source, checkOut: memberAttendance.checkOut })
          .from(memberAttendance)
          .where(and(eq(memberAttendance.organisationId, ctx.organisationId), eq(memberAttendance.memberId, m.id))),
      );
    expect((await visits(tanvi)).map((v) => v.source)).toEqual(['batch']);
    const register = (await api('GET', `${API}/member-attendance-list/?date=${today}`)).json();
    expect(register.results.find((r: Body) => r.member === tanvi.id)).toMatchObject({ source: 'batch' });

    expect((await mark(rohan, 'absent')).json()).toMatchObject({ status: 'absent', marked_by: 'roll_call' });
    expect(await visits(rohan)).toEqual([]);
    // Present then absent: the visit the roll call wrote goes again.
    expect((await mark(tanvi, 'absent')).json()).toMatchObject({ status: 'absent' });
    expect(await visits(tanvi)).toEqual([]);
    expect((await mark(tanvi, 'present')).json()).toMatchObject({ status: 'present' });

    // Kabir comes through the door: present on the roll call, without a mark.
    const door = await api('POST', `${API}/member-attendance/`, { member: kabir.id });
    expect(door.statusCode, door.body).toBe(201);
    const after = (await api('GET', `${API}/batch/${b.id}/roll-call/?date=${today}`)).json();
    expect(after).toMatchObject({ present: 2, absent: 1, unmarked: 0 });
    expect(after.results.find((r: Body) => r.member === kabir.id)).toMatchObject({
      status: 'present',
      marked_by: 'door',
      check_in: door.json().check_in,
    });
    // Marking a door arrival present writes no second visit.
    expect((await mark(kabir, 'present')).json()).toMatchObject({ status: 'present' });
    expect((await visits(kabir)).map((v) => v.source)).toEqual(['desk']);
    // Clearing a mark.
    expect((await mark(rohan, 'unmarked')).json()).toMatchObject({ status: 'unmarked', marked_by: null });

    const log = (await api('GET', `${API}/logs/?resource=batch_attendance&page_size=100`)).json().results as Body[];
    expect(log.some((l) => l.object_label === `${b.name} · ${tanvi.memberCode} Tanvi Deshmukh, ${displayDate(today)}`)).toBe(true);
  });

  it('bounds the roll call’s date with field errors', async () => {
    const today = acme.ctx.now.today;
    const weekday = isoWeekday(today);
    const b = await makeBatch({ weekdays: [weekday] });
    const m = await memberWith('Tanvi');
    expect((await join(b.id, m.id)).statusCode).toBe(201);
    const get = (date: string) => api('GET', `${API}/batch/${b.id}/roll-call/?date=${date}`);
    const ahead = await get(addDays(today, 14));
    expect(ahead.statusCode).toBe(400);
    expect(Object.keys(ahead.json())).toEqual(['date']);
    expect(ahead.json().date[0]).toMatch(/^A roll call opens at most 7 days ahead/);
    const back = await get(addDays(today, -35));
    expect(back.statusCode).toBe(400);
    expect(back.json().date[0]).toMatch(/^A roll call goes back at most 31 days/);
    const off = await get(addDays(today, 1));
    expect(off.statusCode).toBe(400);
    expect(off.json().date[0]).toContain(`${b.name} meets on `);
    expect((await get('2026-13-40')).statusCode).toBe(400);
    // Next week's session opens but takes no marks yet.
    const next = await get(addDays(today, 7));
    expect(next.json()).toMatchObject({ can_mark: false, date: addDays(today, 7), previous_date: today, next_date: null });
    const early = await api('PUT', `${API}/batch/${b.id}/roll-call/${m.id}/`, { date: addDays(today, 7), status: 'present' });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json())).toEqual(['date']);
    const wrongStatus = await api('PUT', `${API}/batch/${b.id}/roll-call/${m.id}/`, { date: today, status: 'late' });
    expect(wrongStatus.json()).toEqual({ status: ['Status must be present, absent or unmarked.'] });
    const stranger = await memberWith('Zoya');
    const notIn = await api('PUT', `${API}/batch/${b.id}/roll-call/${stranger.id}/`, { date: today, status: 'present' });
    expect(notIn.statusCode).toBe(400);
    expect(notIn.json().detail).toContain(`This member is not in ${b.name}`);
  });

  it("answers 404 for another organisation's batch on every new endpoint", async () => {
    const m = await memberWith('Tanvi');
    const today = acme.ctx.now.today;
    for (const [method, url, payload] of [
      ['GET', `${API}/batch/${theirBatch}/waitlist/`],
      ['POST', `${API}/batch/${theirBatch}/waitlist/`, { member: m.id }],
      ['POST', `${API}/batch/${theirBatch}/waitlist/1/confirm/`],
      ['POST', `${API}/batch/${theirBatch}/waitlist/1/decline/`],
      ['DELETE', `${API}/batch/${theirBatch}/waitlist/1/`],
      ['GET', `${API}/batch/${theirBatch}/roll-call/`],
      ['PUT', `${API}/batch/${theirBatch}/roll-call/${theirMember}/`, { date: today, status: 'present' }],
    ] as const) {
      const res = await api(method, url, payload as Body | undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const b = await makeBatch({ capacity: 1 });
    expect((await join(b.id, m.id)).statusCode).toBe(201);
    const theirs = await api('POST', `${API}/batch/${b.id}/waitlist/`, { member: theirMember });
    expect(theirs.json()).toEqual({ member: [`Invalid pk "${theirMember}" - object does not exist.`] });
  });
});

/** On PostgreSQL with a real pool: parallel joins into a batch whose lapsed seats free on the way. */
describe.runIf(onPostgres)('batch seats under concurrency', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false, poolSize: 10 });
    acme = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());

  it('lets exactly the free seats be taken when 30 members join a 10-seat batch with 4 seats past their grace days', async () => {
    const { centreId, ids, old } = await inOrg(t, acme, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      const p = await makePlan(tx, ctx);
      const old: number[] = [];
      for (let i = 0; i < 10; i++) {
        const m = await makeMemberRow(tx, ctx, { centreId: c.id });
        // Four lapsed 20 days ago; six running.
        await makeMembershipRow(tx, ctx, { member: m, plan: p, start: dayFrom(ctx, -60), end: dayFrom(ctx, i < 4 ? -21 : 20) });
        old.push(m.id);
      }
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await makeMemberRow(tx, ctx, { centreId: c.id })).id);
      return { centreId: c.id, ids, old };
    });
    const post = (url: string, payload: Body) => call(t.app, { method: 'POST', url, host: acme.host, token: key, payload });
    const made = await post(`${API}/batch/`, {
      name: 'Evening Zumba',
      centre: centreId,
      weekdays: [1, 2, 3, 4, 5],
      start_time: '18:00',
      end_time: '19:00',
      capacity: 10,
    });
    const batchId = made.json().id;
    for (const id of old) expect((await post(`${API}/batch/${batchId}/members/`, { member: id })).statusCode).toBe(201);
    await inOrg(t, acme, (tx, ctx) =>
      tx
        .update(batchMember)
        .set({ joinedOn: dayFrom(ctx, -90) })
        .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId))),
    );
    const responses = await Promise.all(ids.map((id) => post(`${API}/batch/${batchId}/members/`, { member: id })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(4);
    for (const r of responses.filter((x) => x.statusCode !== 201))
      expect(r.json()).toEqual({ detail: 'This batch is full (10 of 10 seats taken).' });
    const shown = (await call(t.app, { method: 'GET', url: `${API}/batch/${batchId}/`, host: acme.host, token: key })).json();
    expect(shown).toMatchObject({ members_count: 10, seats_left: 0 });
    const rows = await inOrg(t, acme, (tx, ctx) =>
      tx
        .select({ freed: batchMember.freedOn })
        .from(batchMember)
        .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId))),
    );
    expect(rows.filter((r) => r.freed === null)).toHaveLength(10);
    expect(rows.filter((r) => r.freed !== null)).toHaveLength(4);
  });

  it('reads the batch list opened as it first shows in one message, seats and all', async () => {
    const centre = await inOrg(t, acme, (tx, ctx) => makeCentre(tx, ctx));
    const made = await call(t.app, {
      method: 'POST',
      url: `${API}/batch/`,
      host: acme.host,
      token: key,
      payload: { name: 'Aqua Aerobics', centre: centre.id, weekdays: [2, 4], start_time: '07:00', end_time: '08:00', capacity: 12 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const get = () => call(t.app, { method: 'GET', url: `${API}/batch/`, host: acme.host, token: key });
    expect((await get()).statusCode).toBe(200);
    const { result, writes } = await withSocketWrites(get);
    expect(result.statusCode, result.body).toBe(200);
    const row = result.json().results.find((b: Body) => b.id === made.json().id);
    expect(row).toMatchObject({ members_count: 0, seats_left: 12, lapsed_count: 0, waitlist_count: 0 });
    expect(writes).toHaveLength(1);
    expect(writes[0][0]).toBe('Q');
  });
});
