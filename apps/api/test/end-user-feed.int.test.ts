/**
 * End User Login (issue 27), announcements and feeds: a member sees the published, unexpired items
 * of everyone, their centre, their running plan and their batch only (never drafts, scheduled or
 * expired ones, nor another centre's, plan's or batch's), pinned first then newest; the job
 * publishes a scheduled item at its time; field errors write nothing; another organisation's items
 * are a 404; the reach counts a member once per item; the announcements switch closes the member feed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, batchMember } from '../src/modules/membership/index.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { ADMIN, makeClub, ME, newMember, setMode, signIn, type Club } from './end-user-support.js';
import { dayFrom, inOrg, makeCentre, makeMembership, makePlan, makeUser } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
let club: Club;
beforeAll(async () => {
  t = await createTestApp();
  club = await makeClub(t);
}, 120_000);
afterAll(() => t?.close());

type Body = Record<string, unknown>;
const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, c = club) =>
  call(t.app, { method, url, host: c.org.host, token, ...(payload ? { payload } : {}) });
const FEED = `${ADMIN}feed/`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const feedCount = (c = club) =>
  withTenant(t.handle.db, c.org.id, async (tx) =>
    Number((await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from end_user_feed`))[0].n),
  );

async function post(body: Body, c = club) {
  const res = await as(c.key, 'POST', FEED, { body: 'Hello members', status: 'published', ...body }, c);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; title: string; published_at: string | null; reach: number };
}
const titlesFor = async (key: string) => {
  const res = await as(key, 'GET', `${ME}feed/`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as { title: string }[]).map((r) => r.title);
};

describe('the member sees their audience only', () => {
  it('everyone, own centre, own running plan and own batch; never drafts, scheduled, expired or others’', async () => {
    const { otherCentre, plan, planName, otherPlan, myBatch, otherBatch } = await inOrg(t, club.org, async (tx, ctx) => {
      const otherCentre = (await makeCentre(tx, ctx)).id;
      const planRow = await makePlan(tx, ctx);
      const plan = planRow.id;
      const otherPlan = (await makePlan(tx, ctx)).id;
      const [myBatch, otherBatch] = await tx
        .insert(batch)
        .values(
          ['Morning', 'Evening'].map((name) => ({
            organisationId: ctx.organisationId,
            name,
            centreId: club.centre,
            weekdays: [1, 3, 5],
            startTime: '06:00',
            endTime: '07:00',
            capacity: 10,
          })),
        )
        .returning({ id: batch.id });
      return { otherCentre, plan, planName: planRow.name, otherPlan, myBatch: myBatch.id, otherBatch: otherBatch.id };
    });
    const mine = await newMember(t, club);
    const theirs = await newMember(t, club);
    await inOrg(t, club.org, async (tx, ctx) => {
      await makeMembership(tx, ctx, { member: mine.id, plan, start_date: dayFrom(ctx, -3) });
      await makeMembership(tx, ctx, { member: theirs.id, plan: otherPlan, start_date: dayFrom(ctx, -3) });
      await tx.insert(batchMember).values([
        { organisationId: ctx.organisationId, batchId: myBatch, memberId: mine.id, joinedOn: ctx.now.today },
        { organisationId: ctx.organisationId, batchId: otherBatch, memberId: theirs.id, joinedOn: ctx.now.today },
      ]);
    });

    await post({ title: 'All: old news', publish_at: inMinutes(-120) });
    await post({ title: 'All: pinned', pinned: true, publish_at: inMinutes(-300) });
    await post({ title: 'All: newest' });
    await post({ title: 'Centre: mine', audience: { kind: 'centre', id: club.centre } });
    await post({ title: 'Centre: other', audience: { kind: 'centre', id: otherCentre } });
    const planItem = await post({ title: 'Plan: mine', audience: { kind: 'plan', id: plan } });
    expect((planItem as unknown as { audience: { name: string } }).audience.name).toBe(planName);
    await post({ title: 'Plan: other', audience: { kind: 'plan', id: otherPlan } });
    await post({ title: 'Batch: mine', audience: { kind: 'batch', id: myBatch } });
    await post({ title: 'Batch: other', audience: { kind: 'batch', id: otherBatch } });
    await post({ title: 'Draft', status: 'draft' });
    await post({ title: 'Scheduled later', status: 'active', publish_at: inMinutes(60) });
    const expiring = await post({ title: 'Expired', publish_at: inMinutes(-60), expires_at: inMinutes(1) });
    await withTenant(t.handle.db, club.org.id, (tx) =>
      tx.execute(sql`update end_user_feed set expires_at = now() - interval '1 minute' where id = ${expiring.id}`),
    );

    const key = await signIn(t, club, mine.phone);
    const seen = await titlesFor(key);
    expect(seen[0]).toBe('All: pinned');
    expect(new Set(seen)).toEqual(new Set(['All: pinned', 'All: newest', 'Centre: mine', 'Plan: mine', 'Batch: mine', 'All: old news']));
    expect(seen[seen.length - 1]).toBe('All: old news');

    const theirKey = await signIn(t, club, theirs.phone);
    const theySee = await titlesFor(theirKey);
    expect(theySee).toContain('Plan: other');
    expect(theySee).toContain('Batch: other');
    expect(theySee).toContain('Centre: mine');
    expect(theySee).not.toContain('Plan: mine');
    expect(theySee).not.toContain('Batch: mine');

    // The shape H1's app reads.
    const item = (await as(key, 'GET', `${ME}feed/`)).json().results[0];
    expect(Object.keys(item).sort()).toEqual(['body', 'id', 'picture', 'pinned', 'published_at', 'title']);
  });

  it('reach: a member counts once per item however often they look, and parallel looks write one row', async () => {
    const item = await post({ title: `Reach ${Date.now()}` });
    const a = await newMember(t, club);
    const b = await newMember(t, club);
    const ka = await signIn(t, club, a.phone);
    const kb = await signIn(t, club, b.phone);
    await Promise.all([1, 2, 3, 4].map(() => as(ka, 'GET', `${ME}feed/`)));
    await as(ka, 'GET', `${ME}feed/`);
    await as(kb, 'GET', `${ME}feed/`);
    const after = (await as(club.key, 'GET', `${FEED}${item.id}/`)).json();
    expect(after.reach).toBe(2);
    const dash = (await as(club.key, 'GET', `${ADMIN}dashboard/`)).json();
    expect(dash.feed_reach.members).toBeGreaterThanOrEqual(2);
  });

  it('the announcements switch off: the member feed is a 403', async () => {
    const m = await newMember(t, club);
    const key = await signIn(t, club, m.phone);
    await setMode(t, club, 'everyone', { announcements: false });
    expect((await as(key, 'GET', `${ME}feed/`)).statusCode).toBe(403);
    await setMode(t, club, 'everyone');
    expect((await as(key, 'GET', `${ME}feed/`)).statusCode).toBe(200);
    // A staff key is not a member's.
    expect((await as(club.key, 'GET', `${ME}feed/`)).statusCode).toBe(401);
  });
});

describe('scheduling', () => {
  it('an active item waits for its publish time; the job publishes it then', async () => {
    const m = await newMember(t, club);
    const key = await signIn(t, club, m.phone);
    const title = `Soon ${Date.now()}`;
    const item = await post({ title, status: 'active', publish_at: new Date(Date.now() + 2500).toISOString() });
    expect(item.status).toBe('active');
    expect(item.published_at).toBeNull();
    expect(await titlesFor(key)).not.toContain(title);
    let published = false;
    for (let i = 0; i < 40 && !published; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      published = (await as(club.key, 'GET', `${FEED}${item.id}/`)).json().status === 'published';
    }
    expect(published).toBe(true);
    expect(await titlesFor(key)).toContain(title);
    const later = await post({ title: `Later ${Date.now()}`, status: 'active', publish_at: inMinutes(30) });
    expect((await as(club.key, 'GET', `${FEED}${later.id}/`)).json().status).toBe('active');
  }, 30_000);

  it('an active item whose time has come is published at once', async () => {
    const item = await post({ status: 'active', publish_at: inMinutes(-5), title: 'Due already' });
    expect(item.status).toBe('published');
    expect(item.published_at).not.toBeNull();
  });
});

describe('validation writes nothing', () => {
  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'x'.repeat(121) }, 'title'],
    [{ body: 'x'.repeat(5001) }, 'body'],
    [{ audience: { kind: 'plan', id: null } }, 'audience'],
    [{ audience: { kind: 'centre', id: 999_999_999 } }, 'audience'],
    [{ status: 'active', publish_at: inMinutes(60), expires_at: inMinutes(30) }, 'expires_at'],
    [{ publish_at: inMinutes(60 * 24 * 400), status: 'active' }, 'publish_at'],
    [{ status: 'active', publish_at: inMinutes(10), expires_at: inMinutes(60 * 24 * 370) }, 'expires_at'],
    [{ publish_at: 'tomorrow' }, 'publish_at'],
  ])('%j is a field error on %s', async (body, field) => {
    const before = await feedCount();
    const res = await as(club.key, 'POST', FEED, { title: 'Valid', body: 'Valid', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toHaveProperty(field);
    expect(await feedCount()).toBe(before);
  });

  it('a change that puts the expiry before the publish time is refused and changes nothing', async () => {
    const item = await post({ status: 'active', publish_at: inMinutes(120), title: 'Fixed' });
    const res = await as(club.key, 'PATCH', `${FEED}${item.id}/`, { expires_at: inMinutes(60) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('expires_at');
    expect((await as(club.key, 'GET', `${FEED}${item.id}/`)).json().expires_at).toBeNull();
  });
});

describe('tenancy, permissions, list and logs', () => {
  it('another organisation’s item is a 404; its plan as an audience is a field error', async () => {
    const other = await makeClub(t);
    const theirs = await post({ title: 'Theirs' }, other);
    const plan = await inOrg(t, other.org, (tx, ctx) => makePlan(tx, ctx));
    for (const method of ['GET', 'PATCH', 'DELETE'] as const)
      expect((await as(club.key, method, `${FEED}${theirs.id}/`, method === 'PATCH' ? { title: 'Mine now' } : undefined)).statusCode).toBe(
        404,
      );
    const res = await as(club.key, 'POST', FEED, { title: 'X', body: 'Y', audience: { kind: 'plan', id: plan.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('audience');
    const mine = await as(other.key, 'GET', `${FEED}${theirs.id}/`, undefined, other);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().title).toBe('Theirs');
  });

  it('a user without the module gets 403', async () => {
    const user = await makeUser(t, club.org.id, { modules: ['Membership Management'] });
    const key = await login(t.app, user, club.org.host);
    expect((await as(key, 'GET', FEED)).statusCode).toBe(403);
    expect((await as(key, 'POST', FEED, { title: 'X', body: 'Y' })).statusCode).toBe(403);
    expect((await as(key, 'GET', `${ADMIN}dashboard/`)).statusCode).toBe(403);
    expect((await as(key, 'GET', `${ADMIN}reports/end-user/pie-chart/`)).statusCode).toBe(403);
  });

  it('the tabs’ filters, the export, and the audit log', async () => {
    const title = `Tabbed ${Date.now()}`;
    const draft = await post({ title, status: 'draft' });
    const unpublished = (await as(club.key, 'GET', `${FEED}?unpublished=true&page_size=200`)).json().results as { id: number }[];
    const published = (await as(club.key, 'GET', `${FEED}?status=published&page_size=200`)).json().results as { id: number }[];
    expect(unpublished.map((r) => r.id)).toContain(draft.id);
    expect(published.map((r) => r.id)).not.toContain(draft.id);
    const csv = await as(club.key, 'GET', `${FEED}?format=csv&search=${encodeURIComponent(title)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(title);
    const logs = (await as(club.key, 'GET', `${ADMIN}logs/`)).json().results as { resource?: string; object_repr?: string }[];
    expect(JSON.stringify(logs)).toContain(title);
  });
});
