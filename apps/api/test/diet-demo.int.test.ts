/** Diet Management's demo data: eight plans of IFCT foods in the demo club, assigned to about half of its running members. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, OWNER, type TestContext } from './helpers.js';

describe('diet demo data', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, OWNER);
  });
  afterAll(async () => t?.close());

  it('has eight plans of 1,500–3,000 kcal, veg and non-veg, assigned to members', async () => {
    const plans = (await call(t.app, { method: 'GET', url: '/api/diet/diet-plan/?page_size=50', token })).json();
    expect(plans.count).toBe(8);
    const types = new Set(plans.results.map((p: { diet_type: string }) => p.diet_type));
    expect(types.has('veg') && types.has('non_veg')).toBe(true);
    for (const p of plans.results) {
      expect(p.target_kcal).toBeGreaterThanOrEqual(1500);
      expect(p.target_kcal).toBeLessThanOrEqual(3000);
    }
    // What the foods add up to is the plan's target, give or take a tenth.
    const off = plans.results
      .filter((p: { target_kcal: number; totals: { kcal: number } }) => Math.abs(p.totals.kcal - p.target_kcal) > p.target_kcal * 0.1)
      .map((p: { name: string; totals: { kcal: number } }) => `${p.name}: ${p.totals.kcal} kcal`);
    expect(off).toEqual([]);
    const dash = (await call(t.app, { method: 'GET', url: '/api/diet/dashboard/', token })).json();
    expect(dash.members_with_plan).toBeGreaterThan(0);
    expect(dash.members_with_plan / dash.members_total).toBeGreaterThan(0.4);
    expect(dash.members_with_plan / dash.members_total).toBeLessThan(0.6);
    const ended = (await call(t.app, { method: 'GET', url: '/api/diet/member-diet/?status=ended', token })).json();
    expect(ended.count).toBeGreaterThan(0);
  });

  it('has only foods each plan’s diet type eats (saving each plan as it is passes the check)', async () => {
    const plans = (await call(t.app, { method: 'GET', url: '/api/diet/diet-plan/?page_size=50', token })).json().results;
    for (const { id } of plans) {
      const plan = (await call(t.app, { method: 'GET', url: `/api/diet/diet-plan/${id}/`, token })).json();
      const meals = plan.meals.map((m: { meal: string; time: string | null; items: Record<string, unknown>[] }) => ({
        meal: m.meal,
        time: m.time,
        items: m.items.map((i) => ({ food: i.food, measure: i.measure, amount: i.amount, notes: i.notes })),
      }));
      const saved = await call(t.app, { method: 'PATCH', url: `/api/diet/diet-plan/${id}/`, token, payload: { meals } });
      expect(saved.statusCode, `${plan.name} (${plan.diet_type}): ${saved.body}`).toBe(200);
    }
  });
});
