/**
 * The many-member choice both plan modules take (`members` | `batch` | `plan_filter`, resolved by
 * membership's selectMembers): a batch's current members and a membership plan's running members
 * get their own copies, in Diet and in Training/Workouts alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleName } from '@arena/contracts';
import { inOrg, makeCentre, makeMember, makeMembership, makeOrganisation, makePlan, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;

describe('assigning a plan to a batch or to a membership plan’s members', () => {
  let t: TestContext;
  let acme: TestOrganisation;
  let key: string;
  let centre: number;
  let membershipPlan: number;
  let onPlan: number[];
  let loner: number;
  let batch: number;

  const api = (method: 'GET' | 'POST', url: string, payload?: Body) => call(t.app, { method, url, host: acme.host, token: key, payload });

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    acme = await makeOrganisation(t);
    key = await login(t.app, acme.owner, acme.host);
    ({ centre, membershipPlan, onPlan, loner } = await inOrg(t, acme, async (tx, ctx) => {
      const c = (await makeCentre(tx, ctx)).id;
      const plan = await makePlan(tx, ctx);
      const ids: number[] = [];
      for (const first_name of ['Asha', 'Ravi', 'Meena']) {
        const m = await makeMember(tx, ctx, { centre: c, first_name });
        await makeMembership(tx, ctx, { member: m.id, plan: plan.id });
        ids.push(m.id);
      }
      const alone = (await makeMember(tx, ctx, { centre: c, first_name: 'Kiran' })).id;
      return { centre: c, membershipPlan: plan.id, onPlan: ids, loner: alone };
    }));
    const made = await api('POST', '/api/member-management/batch/', {
      name: 'Morning Strength',
      centre,
      weekdays: [1, 3, 5],
      start_time: '06:00',
      end_time: '07:00',
      capacity: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    batch = made.json().id;
    for (const member of onPlan.slice(0, 2)) {
      const joined = await api('POST', `/api/member-management/batch/${batch}/members/`, { member });
      expect(joined.statusCode, joined.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each of a batch’s members their own diet, and the plan’s running members a workout', async () => {
    const today = acme.ctx.now.today;
    const diet = await api('POST', '/api/diet/diet-plan/', { name: 'Batch diet', diet_type: 'veg', meals: [] });
    expect(diet.statusCode, diet.body).toBe(201);
    const byBatch = await api('POST', '/api/diet/assign-members-to-diet/', { plan: diet.json().id, batch, start_date: today });
    expect(byBatch.statusCode, byBatch.body).toBe(201);
    expect(byBatch.json()).toMatchObject({ assigned: 2, skipped: 0 });
    const diets = (await api('GET', `/api/diet/member-diet/?plan=${diet.json().id}`)).json().results;
    expect(diets.map((d: Body) => d.member).sort()).toEqual(onPlan.slice(0, 2).sort());

    const workout = await api('POST', '/api/training-workout/training-workout-plan/', {
      name: 'Plan members workout',
      level: 'beginner',
      days_per_week: 1,
      weeks: 4,
      days: [{ name: 'Full body', items: [{ exercise: 1, sets: 3, reps: '10' }] }],
    });
    expect(workout.statusCode, workout.body).toBe(201);
    const url = '/api/training-workout/assign-members-to-training-workout/';
    const byPlan = await api('POST', url, { plan: workout.json().id, plan_filter: membershipPlan, start_date: today });
    expect(byPlan.statusCode, byPlan.body).toBe(201);
    expect(byPlan.json()).toMatchObject({ assigned: 3, already: 0 });
    const copies = (await api('GET', `/api/training-workout/member-training-workout/?plan=${workout.json().id}`)).json().results;
    expect(copies.map((c: Body) => c.member).sort()).toEqual([...onPlan].sort());
    expect(copies.map((c: Body) => c.member)).not.toContain(loner);
    // The same choice again: everyone already has an active copy.
    expect((await api('POST', url, { plan: workout.json().id, batch, start_date: today })).json()).toMatchObject({
      assigned: 0,
      already: 2,
    });
    // Named members: an empty list is a field error, as in Diet.
    expect((await api('POST', url, { plan: workout.json().id, members: [], start_date: today })).json()).toEqual({
      members: ['Choose at least one member.'],
    });
  });

  it('lets a trainer with Diet or Training (or the hostel desk) but not Membership find members, batches and plans to assign; not a booking clerk', async () => {
    const asUser = async (modules: ModuleName[]) => {
      const user = await makeUser(t, acme.id, { modules, levels: Object.fromEntries(modules.map((m) => [m, 'operate'])) });
      const token = await login(t.app, user, acme.host);
      return (url: string) => call(t.app, { method: 'GET', url, host: acme.host, token });
    };
    for (const module of ['Diet Management', 'Training/Workouts', 'CRM Management', 'Accommodation Management'] as const) {
      const get = await asUser([module]);
      const found = await get('/api/member-management/member/lookup/?search=Meena');
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().results).toEqual([
        expect.objectContaining({ id: onPlan[2], full_name: expect.stringContaining('Meena'), status: expect.any(String) }),
      ]);
      // Only what a picker shows: no dues, address or health notes.
      expect(Object.keys(found.json().results[0]).sort()).toEqual(['full_name', 'id', 'member_code', 'phone', 'photo', 'status']);
      expect((await get('/api/member-management/batch/dropdown/')).json().results).toEqual([
        expect.objectContaining({ id: batch, name: expect.stringContaining('Morning Strength') }),
      ]);
      expect((await get('/api/member-management/plan/dropdown/')).json().results.map((p: Body) => p.id)).toContain(membershipPlan);
      // The member record itself stays Membership's.
      expect((await get(`/api/member-management/member/${onPlan[2]}/`)).statusCode).toBe(403);
      expect((await get('/api/member-management/member/?search=Meena')).statusCode).toBe(403);
    }
    const clerk = await asUser(['Booking Management']);
    for (const url of [
      '/api/member-management/member/lookup/?search=Meena',
      '/api/member-management/batch/dropdown/',
      '/api/member-management/plan/dropdown/',
    ])
      expect((await clerk(url)).statusCode).toBe(403);
    // Bounded: two characters at least, twenty members at most; another organisation's members are never found.
    const owner = (url: string) => api('GET', url);
    expect((await owner('/api/member-management/member/lookup/?search=M')).json()).toEqual({ search: ['Type at least 2 characters.'] });
    expect((await owner('/api/member-management/member/lookup/?search=Meena&limit=500')).statusCode).toBe(400);
    const other = await makeOrganisation(t);
    await inOrg(t, other, async (tx, ctx) => makeMember(tx, ctx, { centre: (await makeCentre(tx, ctx)).id, first_name: 'Meena' }));
    expect((await owner('/api/member-management/member/lookup/?search=Meena')).json().results.map((m: Body) => m.id)).toEqual([onPlan[2]]);
  });

  it('links a resident of the hostel to a member found with the picker; the residents show the member’s name and code', async () => {
    const user = await makeUser(t, acme.id, { modules: ['Accommodation Management'], levels: { 'Accommodation Management': 'operate' } });
    const token = await login(t.app, user, acme.host);
    const desk = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Body) =>
      call(t.app, { method, url, host: acme.host, token, payload });
    const found = (await desk('GET', '/api/member-management/member/lookup/?search=Meena')).json().results[0];
    expect(found).toMatchObject({ id: onPlan[2], member_code: expect.any(String) });
    const made = await desk('POST', '/api/accommodation/client/', { name: 'Meena at the hostel', phone: '9812345678', member: found.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ member: found.id, member_name: found.full_name, member_code: found.member_code });
    const listed = (await desk('GET', `/api/accommodation/client/?member=${found.id}`)).json().results;
    expect(listed).toEqual([expect.objectContaining({ id: made.json().id, member_name: found.full_name, member_code: found.member_code })]);
    const csv = (await desk('GET', `/api/accommodation/client/?member=${found.id}&format=csv`)).body;
    expect(csv).toContain(`${found.full_name} (${found.member_code})`);
    // Unlinked again; another organisation's member is refused on the field and nothing is written.
    const unlinked = await desk('PATCH', `/api/accommodation/client/${made.json().id}/`, { member: null });
    expect(unlinked.json()).toMatchObject({ member: null, member_name: '', member_code: '' });
    const other = await makeOrganisation(t);
    const stranger = await inOrg(t, other, async (tx, ctx) => (await makeMember(tx, ctx, { centre: (await makeCentre(tx, ctx)).id })).id);
    const refused = await desk('PATCH', `/api/accommodation/client/${made.json().id}/`, { member: stranger });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('member');
    expect((await desk('GET', `/api/accommodation/client/${made.json().id}/`)).json()).toMatchObject({ member: null });
  });
});
