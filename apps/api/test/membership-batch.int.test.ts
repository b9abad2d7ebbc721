/**
 * Batches and their members: joining takes a seat and leaving gives it back, a full batch says
 * so, the capacity never drops below the members in it, members are the organisation's and
 * active, coaches are active staff of the organisation — and, on PostgreSQL, 30 members joining a 10-seat
 * batch at once leave exactly 10 in it.
 */
import { MODULES } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, batchMember, member } from '../src/modules/membership/schema.js';
import { updateStaff } from '../src/modules/staff/staff.service.js';
import {
  inOrg,
  makeCentre,
  makeMemberRow,
  makeOrganisation,
  makeSport,
  makeStaff,
  makeStaffCategory,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';

const API = '/api/member-management';
type Body = Record<string, unknown>;

describe('batches and their members', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let other: TestOrganisation;
  let key: string;
  let otherKey: string;
  let centreId: number;
  let sportId: number;
  let members: { id: number; memberCode: string; firstName: string }[];
  let theirMember: number;
  let theirBatch: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key) =>
    call(t.app, { method, url, host: acme.host, token, payload });
  const makeBatch = async (extra: Body = {}) => {
    const res = await api('POST', `${API}/batch/`, {
      name: `Morning Yoga ${Math.random().toString(36).slice(2, 7)}`,
      centre: centreId,
      sport: sportId,
      weekdays: [1, 3, 5],
      start_time: '06:00',
      end_time: '07:00',
      capacity: 2,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const join = (batchId: number, memberId: number, token = key) =>
    api('POST', `${API}/batch/${batchId}/members/`, { member: memberId }, token);

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    other = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    otherKey = await login(t.app, other.owner, other.host);
    ({ centreId, sportId, members } = await inOrg(t, acme, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx, { name: 'Indiranagar' });
      const s = await makeSport(tx, ctx, { name: 'Yoga' });
      const names = ['Asha', 'Bhavna', 'Chetan', 'Divya'];
      const rows = [];
      for (const firstName of names) rows.push(await makeMemberRow(tx, ctx, { centreId: c.id, firstName, lastName: 'Iyer' }));
      return { centreId: c.id, sportId: s.id, members: rows };
    }));
    theirMember = (await inOrg(t, other, async (tx, ctx) => makeMemberRow(tx, ctx, { centreId: (await makeCentre(tx, ctx)).id }))).id;
    const theirCentre = (await inOrg(t, other, (tx, ctx) => makeCentre(tx, ctx))).id;
    const made = await call(t.app, {
      method: 'POST',
      url: `${API}/batch/`,
      host: other.host,
      token: otherKey,
      payload: { name: 'Their batch', centre: theirCentre, weekdays: [2], start_time: '18:00', end_time: '19:00', capacity: 5 },
    });
    expect(made.statusCode, made.body).toBe(201);
    theirBatch = made.json().id;
  });
  afterAll(async () => t?.close());

  it('shows a new batch with its names, sorted weekdays, no coach and every seat free', async () => {
    const b = await makeBatch({ weekdays: [5, 1, 3, 1], capacity: 20 });
    expect(b).toMatchObject({
      centre: centreId,
      centre_name: 'Indiranagar',
      sport: sportId,
      sport_name: 'Yoga',
      coach: null,
      coach_name: '',
      weekdays: [1, 3, 5],
      start_time: '06:00:00',
      end_time: '07:00:00',
      capacity: 20,
      members_count: 0,
      seats_left: 20,
      is_active: true,
    });
  });

  it('lets members join until the batch is full, and leave again, with audit rows', async () => {
    const b = await makeBatch();
    const [asha, bhavna, chetan] = members;
    const joined = await join(b.id, asha.id);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({
      batch: b.id,
      member: asha.id,
      member_name: 'Asha Iyer',
      member_code: asha.memberCode,
      status: 'inactive',
      joined_on: acme.ctx.now.today,
    });
    expect((await api('GET', `${API}/batch/${b.id}/`)).json()).toMatchObject({ members_count: 1, seats_left: 1 });

    const again = await join(b.id, asha.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ member: ['This member is already in the batch.'] });

    expect((await join(b.id, bhavna.id)).statusCode).toBe(201);
    const full = await join(b.id, chetan.id);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ detail: 'This batch is full (2 of 2 seats taken).' });
    expect((await api('GET', `${API}/batch/${b.id}/`)).json()).toMatchObject({ members_count: 2, seats_left: 0 });

    const list = (await api('GET', `${API}/batch/${b.id}/members/`)).json();
    expect(list.map((m: Body) => m.member_name)).toEqual(['Asha Iyer', 'Bhavna Iyer']);
    expect((await api('GET', `${API}/batch/?member=${asha.id}`)).json().results.map((x: Body) => x.id)).toEqual([b.id]);
    expect((await api('GET', `${API}/batch/?has_seats=false&search=${encodeURIComponent(b.name)}`)).json().count).toBe(1);

    expect((await api('DELETE', `${API}/batch/${b.id}/members/${asha.id}/`)).statusCode).toBe(204);
    const gone = await api('DELETE', `${API}/batch/${b.id}/members/${asha.id}/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'This member is not in the batch.' });
    expect((await api('GET', `${API}/batch/${b.id}/`)).json()).toMatchObject({ members_count: 1, seats_left: 1 });
    expect((await join(b.id, chetan.id)).statusCode).toBe(201);

    const logs = (await api('GET', `${API}/logs/?resource=batch_member&page_size=100`)).json().results as Body[];
    const mine = logs.filter((l) => String(l.object_label).startsWith(`${b.name} · `));
    expect(mine.map((l) => l.action)).toEqual(['create', 'delete', 'create', 'create']);
    expect(mine[1]).toMatchObject({ object_label: `${b.name} · ${asha.memberCode} Asha Iyer`, actor_email: acme.owner.email });
  });

  it('keeps the capacity at or above the members, and the times in order', async () => {
    const b = await makeBatch({ capacity: 3 });
    await join(b.id, members[0].id);
    await join(b.id, members[1].id);
    const lower = await api('PATCH', `${API}/batch/${b.id}/`, { capacity: 1 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toEqual({
      capacity: ['This batch has 2 members; the capacity cannot be lower than that. Remove members first.'],
    });
    expect((await api('PATCH', `${API}/batch/${b.id}/`, { capacity: 2 })).json()).toMatchObject({ capacity: 2, seats_left: 0 });
    const times = await api('PATCH', `${API}/batch/${b.id}/`, { end_time: '05:30' });
    expect(times.statusCode).toBe(400);
    expect(times.json()).toEqual({ end_time: ['End time must be after start time.'] });
    const put = await api('PUT', `${API}/batch/${b.id}/`, {
      name: b.name,
      centre: centreId,
      weekdays: [6],
      start_time: '07:00',
      end_time: '06:00',
      capacity: 2,
    });
    expect(put.json()).toEqual({ end_time: ['End time must be after start time.'] });
    expect(
      (
        await api('POST', `${API}/batch/`, {
          name: 'No days',
          centre: centreId,
          weekdays: [],
          start_time: '06:00',
          end_time: '07:00',
          capacity: 5,
        })
      ).json(),
    ).toEqual({
      weekdays: ['Pick at least one weekday.'],
    });
    expect(
      (
        await api('POST', `${API}/batch/`, {
          name: 'Day 8',
          centre: centreId,
          weekdays: [8],
          start_time: '06:00',
          end_time: '07:00',
          capacity: 5,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("takes an active staff member of the organisation as coach, with the coach's name; refuses any other", async () => {
    const { asha, gone } = await inOrg(t, acme, async (tx, ctx) => {
      const category = (await makeStaffCategory(tx, ctx, { name: 'Coach' })).id;
      return {
        asha: await makeStaff(tx, ctx, { first_name: 'Asha', last_name: 'Rao', category, centres: [centreId] }),
        gone: await makeStaff(tx, ctx, { first_name: 'Old', last_name: 'Coach', category, centres: [centreId], status: 'inactive' }),
      };
    });
    const theirs = await inOrg(t, other, async (tx, ctx) => {
      const category = (await makeStaffCategory(tx, ctx)).id;
      return makeStaff(tx, ctx, { category, centres: [(await makeCentre(tx, ctx)).id] });
    });
    const coached = await makeBatch({ name: 'Coached', coach: asha.id });
    expect(coached).toMatchObject({ coach: asha.id, coach_name: 'Asha Rao' });
    expect((await api('GET', `${API}/batch/?search=Coached`)).json().results[0]).toMatchObject({ coach: asha.id, coach_name: 'Asha Rao' });
    for (const [coach, message] of [
      [theirs.id, `Invalid pk "${theirs.id}" - object does not exist.`],
      [gone.id, `Invalid pk "${gone.id}" - object does not exist.`],
      [999999, 'Invalid pk "999999" - object does not exist.'],
    ] as const) {
      const res = await api('POST', `${API}/batch/`, {
        name: `Refused ${coach}`,
        centre: centreId,
        coach,
        weekdays: [2],
        start_time: '06:00',
        end_time: '07:00',
        capacity: 5,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ coach: [message] });
      expect((await api('PATCH', `${API}/batch/${coached.id}/`, { coach })).json()).toEqual({ coach: [message] });
    }
    expect((await api('GET', `${API}/batch/${coached.id}/`)).json().coach).toBe(asha.id);
    // A coach who later becomes inactive stays on the batch through other changes.
    await inOrg(t, acme, (tx, ctx) => updateStaff(tx, ctx, asha.id, { status: 'inactive' }));
    const kept = await api('PATCH', `${API}/batch/${coached.id}/`, { coach: asha.id, capacity: 3 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ coach: asha.id, coach_name: 'Asha Rao', capacity: 3 });
    expect((await api('PATCH', `${API}/batch/${coached.id}/`, { coach: null })).json()).toMatchObject({ coach: null, coach_name: '' });
  });

  it('refuses to delete a batch with members, and deletes it once empty', async () => {
    const b = await makeBatch();
    await join(b.id, members[0].id);
    const refused = await api('DELETE', `${API}/batch/${b.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This batch has 1 member and cannot be deleted. Remove them first, or deactivate it (is_active: false).',
    });
    await api('DELETE', `${API}/batch/${b.id}/members/${members[0].id}/`);
    expect((await api('DELETE', `${API}/batch/${b.id}/`)).statusCode).toBe(204);
  });

  it('lets only active members join active batches', async () => {
    const b = await makeBatch();
    const quitter = await inOrg(t, acme, (tx, ctx) => makeMemberRow(tx, ctx, { centreId, firstName: 'Esha', isActive: false }));
    const res = await join(b.id, quitter.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ member: [`Esha Rao (${quitter.memberCode}) is inactive and cannot join a batch.`] });
    await api('PATCH', `${API}/batch/${b.id}/`, { is_active: false });
    const closed = await join(b.id, members[0].id);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().detail).toBe(`${b.name} is inactive; members cannot join it.`);
  });

  it("answers 400 for another organisation's member and 404 for its batch", async () => {
    const b = await makeBatch();
    const res = await join(b.id, theirMember);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ member: [`Invalid pk "${theirMember}" - object does not exist.`] });
    expect((await api('GET', `${API}/batch/${b.id}/`)).json().members_count).toBe(0);
    expect((await api('GET', `${API}/batch/${theirBatch}/members/`)).statusCode).toBe(404);
    expect((await join(theirBatch, members[0].id)).statusCode).toBe(404);
    expect((await api('DELETE', `${API}/batch/${theirBatch}/members/${theirMember}/`)).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: `${API}/batch/${theirBatch}/`, host: other.host, token: otherKey })).json().members_count,
    ).toBe(0);
  });

  it('keeps batch members to users allowed Membership Management', async () => {
    const b = await makeBatch();
    const restricted = await makeUser(t, acme.id, { modules: MODULES.filter((m) => m !== 'Membership Management') });
    const outsider = await login(t.app, restricted, acme.host);
    expect((await api('GET', `${API}/batch/${b.id}/members/`, undefined, outsider)).statusCode).toBe(403);
    expect((await join(b.id, members[0].id, outsider)).statusCode).toBe(403);
    expect((await api('DELETE', `${API}/batch/${b.id}/members/${members[0].id}/`, undefined, outsider)).statusCode).toBe(403);
    expect((await api('GET', `${API}/batch/${b.id}/`)).json().members_count).toBe(0);
  });
});

/**
 * The seats under concurrency on PostgreSQL with a real pool (PGlite has one session, so nothing
 * races there): 30 members join a 10-seat batch at once.
 */
describe.runIf(onPostgres)('batch capacity under concurrency', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false, poolSize: 10 });
    acme = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
  });
  afterAll(async () => t?.close());

  it('lets exactly 10 of 30 members joining a 10-seat batch at once in', async () => {
    const { centreId, ids } = await inOrg(t, acme, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await makeMemberRow(tx, ctx, { centreId: c.id })).id);
      return { centreId: c.id, ids };
    });
    const made = await call(t.app, {
      method: 'POST',
      url: `${API}/batch/`,
      host: acme.host,
      token: key,
      payload: { name: 'Evening Zumba', centre: centreId, weekdays: [1, 2, 3, 4, 5], start_time: '18:00', end_time: '19:00', capacity: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const batchId = made.json().id;
    const responses = await Promise.all(
      ids.map((id) =>
        call(t.app, { method: 'POST', url: `${API}/batch/${batchId}/members/`, host: acme.host, token: key, payload: { member: id } }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(10);
    for (const r of responses.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ detail: 'This batch is full (10 of 10 seats taken).' });
    }
    const counts = await inOrg(t, acme, async (tx, ctx) => {
      const [b] = await tx
        .select({ n: batch.memberCount })
        .from(batch)
        .where(and(eq(batch.organisationId, ctx.organisationId), eq(batch.id, batchId)));
      const [rows] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(batchMember)
        .innerJoin(member, eq(member.id, batchMember.memberId))
        .where(and(eq(batchMember.organisationId, ctx.organisationId), eq(batchMember.batchId, batchId)));
      return { counter: b.n, rows: rows.n };
    });
    expect(counts).toEqual({ counter: 10, rows: 10 });
    const shown = (await call(t.app, { method: 'GET', url: `${API}/batch/${batchId}/`, host: acme.host, token: key })).json();
    expect(shown).toMatchObject({ members_count: 10, seats_left: 0 });
    expect(new Set(ok.map((r) => r.json().member)).size).toBe(10);
  });
});
