/**
 * Membership › Members lists (issue 20 §2): the expiring list soonest to end first, "Ends" and
 * "Due" sortable, the expired members' last plan and end date, and the dashboard's "Expired, last
 * 30 days" tile counting exactly the list it opens.
 */
import { MEMBER_SOURCE_LABELS } from '@arena/contracts';
import { and, eq } from 'drizzle-orm';
import { addDays } from '../src/platform/time.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member as memberTable, membership, plan as membershipPlan } from '../src/modules/membership/schema.js';
import { inOrg, makeCentre, makeMemberRow, makeMembershipRow, makeOrganisation, makePlan, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

const API = '/api/member-management';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let T: string;
let centre: number;
const ids: Record<string, number> = {};
const day = (n: number) => addDays(T, n);

interface ListedMember {
  id: number;
  member_code: string;
  due: string;
  current_membership: { id: number; plan_name: string; end_date: string } | null;
  last_membership: { id: number; plan: number; plan_name: string; end_date: string; status: string } | null;
}

async function get(url: string) {
  const res = await call(t.app, { method: 'GET', url: `${API}${url}`, host: org.host, token: key });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (rows: ListedMember[]) => rows.map((m) => Object.entries(ids).find(([, id]) => id === m.id)?.[0] ?? `#${m.id}`);

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  T = org.ctx.now.today;
  key = await login(t.app, org.owner, org.host);
  await inOrg(t, org, async (tx, ctx) => {
    centre = (await makeCentre(tx, ctx)).id;
    const monthly = await makePlan(tx, ctx, { name: 'Monthly', price: '1500.00' });
    const quarterly = await makePlan(tx, ctx, { name: 'Quarterly', price: '4000.00' });
    ids.monthly = monthly.id;
    ids.quarterly = quarterly.id;
    const person = async (name: string) => {
      const m = await makeMemberRow(tx, ctx, { centreId: centre, firstName: name });
      ids[name] = m.id;
      return m;
    };
    const paid = async (id: number, amount: string) =>
      tx
        .update(membership)
        .set({ paid: amount })
        .where(and(eq(membership.organisationId, ctx.organisationId), eq(membership.id, id)));

    // Expiring (within the 7-day window), made in an order that is not their end dates'.
    for (const [name, end, amount] of [
      ['Esha', 6, '1500.00'],
      ['Bala', 2, '500.00'],
      ['Kiran', 4, '0.00'],
    ] as const) {
      const ms = await makeMembershipRow(tx, ctx, { member: await person(name), plan: monthly, start: day(end - 29), end: day(end) });
      await paid(ms.id, amount);
    }

    // Expired: Chitra 5 days ago; Dev 40 days ago (outside the tile's 30 days); Farid 50 days ago.
    await makeMembershipRow(tx, ctx, { member: await person('Chitra'), plan: monthly, start: day(-34), end: day(-5) });
    await makeMembershipRow(tx, ctx, { member: await person('Dev'), plan: quarterly, start: day(-130), end: day(-40) });
    await makeMembershipRow(tx, ctx, { member: await person('Farid'), plan: monthly, start: day(-79), end: day(-50) });
    // Gita: Quarterly long ago, then Monthly ending 10 days ago, and a cancelled one that would have ended 3 days ago.
    const gita = await person('Gita');
    await makeMembershipRow(tx, ctx, { member: gita, plan: quarterly, start: day(-150), end: day(-60) });
    await makeMembershipRow(tx, ctx, { member: gita, plan: monthly, start: day(-39), end: day(-10) });
    await makeMembershipRow(tx, ctx, { member: gita, plan: quarterly, start: day(-33), end: day(-3), cancelled: true });
    // Hari: his old membership ended 8 days ago, not renewed, but he bought a new one: active, not expired.
    const hari = await person('Hari');
    await makeMembershipRow(tx, ctx, { member: hari, plan: monthly, start: day(-37), end: day(-8) });
    await makeMembershipRow(tx, ctx, { member: hari, plan: monthly, start: day(-7), end: day(22) });
  });
});
afterAll(async () => t?.close());

describe('Members › Expiring', () => {
  it('lists the soonest to end first when no ordering is asked', async () => {
    const list = await get('/member/?status=expiring');
    expect(names(list.results)).toEqual(['Bala', 'Kiran', 'Esha']);
    expect(list.results.map((m: ListedMember) => m.current_membership?.end_date)).toEqual([day(2), day(4), day(6)]);
  });

  it('sorts by Ends and by Due both ways', async () => {
    expect(names((await get('/member/?status=expiring&ordering=-end_date')).results)).toEqual(['Esha', 'Kiran', 'Bala']);
    expect(names((await get('/member/?status=expiring&ordering=end_date')).results)).toEqual(['Bala', 'Kiran', 'Esha']);
    // Dues: Esha paid in full (0), Bala owes 1000, Kiran 1500.
    const byDue = (await get('/member/?status=expiring&ordering=due')).results;
    expect(names(byDue)).toEqual(['Esha', 'Bala', 'Kiran']);
    expect(byDue.map((m: ListedMember) => m.due)).toEqual(['0.00', '1000.00', '1500.00']);
    expect(names((await get('/member/?status=expiring&ordering=-due')).results)).toEqual(['Kiran', 'Bala', 'Esha']);
  });
});

describe('Members › Expired', () => {
  it("shows each expired member's last membership (latest end, not cancelled): plan and end date", async () => {
    const list = await get('/member/?status=expired&ordering=-end_date');
    expect(names(list.results)).toEqual(['Chitra', 'Gita', 'Dev', 'Farid']);
    const byName = Object.fromEntries(list.results.map((m: ListedMember) => [names([m])[0], m]));
    expect(byName.Chitra).toMatchObject({
      current_membership: null,
      last_membership: { plan: ids.monthly, plan_name: 'Monthly', end_date: day(-5), status: 'expired' },
    });
    expect(byName.Dev.last_membership).toMatchObject({ plan_name: 'Quarterly', end_date: day(-40) });
    // Gita's cancelled Quarterly (to end 3 days ago) is passed over for her Monthly that ended 10 days ago.
    expect(byName.Gita.last_membership).toMatchObject({ plan_name: 'Monthly', end_date: day(-10), status: 'expired' });
    // The member's own read says the same.
    expect((await get(`/member/${ids.Gita}/`)).last_membership).toMatchObject({ plan_name: 'Monthly', end_date: day(-10) });
  });

  it('gives no last membership beside a current one', async () => {
    const hari = await get(`/member/${ids.Hari}/`);
    expect(hari.current_membership).toMatchObject({ end_date: day(22) });
    expect(hari.last_membership).toBeNull();
  });

  it('filters by the current or last end date, both ends inclusive', async () => {
    const list = await get(`/member/?status=expired&ended_after=${day(-10)}&ended_before=${day(-5)}&ordering=end_date`);
    expect(names(list.results)).toEqual(['Gita', 'Chitra']);
    expect(names((await get(`/member/?ended_after=${day(20)}&ordering=end_date`)).results)).toEqual(['Hari']);
    const bad = await call(t.app, { method: 'GET', url: `${API}/member/?ended_after=yesterday`, host: org.host, token: key });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the last plan and end date of an expired member', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: `${API}/member/?status=expired&ordering=-end_date&format=csv`,
      host: org.host,
      token: key,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const chitra = lines.find((line) => line.includes(`Chitra`))!;
    expect(chitra).toContain('Monthly');
    // Labels, not stored values; the dues are totalled on the last row.
    const header = lines[0].split(',');
    const cells = chitra.split(',');
    expect(['Female', 'Male', 'Other']).toContain(cells[header.indexOf('Gender')]);
    expect(Object.values(MEMBER_SOURCE_LABELS)).toContain(cells[header.indexOf('Source')]);
    expect(lines.at(-1)).toMatch(/^Total,/);
  });
});

describe('the dashboard tile "Expired, last 30 days"', () => {
  it('counts exactly the members of the list its link opens', async () => {
    for (const query of ['', `?centre=${centre}`]) {
      const tile = await get(`/dashboard/${query}`);
      expect(tile.expired_window).toEqual({ from: day(-30), to: day(-1) });
      const link = `status=expired&ended_after=${tile.expired_window.from}&ended_before=${tile.expired_window.to}`;
      const list = await get(`/member/?${link}${query ? `&${query.slice(1)}` : ''}`);
      // Chitra (5 days ago) and Gita (10); not Dev or Farid (longer ago), nor Hari, who has a new membership.
      expect(names(list.results).sort()).toEqual(['Chitra', 'Gita']);
      expect(tile.expired_last_30_days).toBe(list.count);
    }
  });
});

describe('the dashboard tile "Expiring in 7 days"', () => {
  it('counts members, as the list it opens does, even when a member has two expiring memberships', async () => {
    // Bala also holds a second (Quarterly) membership ending within the window.
    await inOrg(t, org, async (tx, ctx) => {
      const [bala] = await tx.select().from(memberTable).where(eq(memberTable.id, ids.Bala));
      const [quarterly] = await tx.select().from(membershipPlan).where(eq(membershipPlan.id, ids.quarterly));
      await makeMembershipRow(tx, ctx, { member: bala, plan: quarterly, start: day(-80), end: day(3) });
    });
    for (const query of ['', `?centre=${centre}`]) {
      const tile = await get(`/dashboard/${query}`);
      const list = await get(`/member/?status=expiring${query ? `&${query.slice(1)}` : ''}`);
      expect(names(list.results).sort()).toEqual(['Bala', 'Esha', 'Kiran']);
      expect(tile.expiring_7_days).toBe(list.count);
    }
  });
});
