/**
 * Issue 20 §5: freezes can be changed while scheduled or running (days of a scheduled one, the last
 * day of a running one — longer, or shorter to end early), with a reason from the list the owner
 * keeps (Membership › Freeze Reasons).
 */
import { shiftDays } from '@arena/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrg, makeCentre, makeOrganisation, makePlan, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

const API = '/api/member-management';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestContext;
let org: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let today: string;
let centre: number;
let monthly: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  other = await makeOrganisation(t);
  today = org.ctx.now.today;
  ({ centre, monthly } = await inOrg(t, org, async (tx, ctx) => {
    const c = await makeCentre(tx, ctx);
    const p = await makePlan(tx, ctx, { name: 'Monthly', price: '1500.00', freezeMaxTimes: 3, freezeMaxDays: 20, durationValue: 2 });
    return { centre: c.id, monthly: p.id };
  }));
  key = await login(t.app, org.owner, org.host);
  otherKey = await login(t.app, other.owner, other.host);
});
afterAll(async () => t?.close());

const api = (method: Method, url: string, payload?: unknown, as: { org: TestOrganisation; key: string } = { org, key }) =>
  call(t.app, { method, url: `${API}${url}`, host: as.org.host, token: as.key, payload: payload as Record<string, unknown> });

let phones = 0;
async function member(start = today) {
  const res = await api('POST', '/member/', {
    first_name: 'Tanvi',
    last_name: 'Deshmukh',
    gender: 'female',
    phone: `97${String(process.pid % 10000).padStart(4, '0')}${String(++phones).padStart(4, '0')}`,
    centre,
    membership: { plan: monthly, start_date: start },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().membership as { id: number; end_date: string };
}

describe('freeze reasons the owner keeps', () => {
  it('any words while the list is empty; once it has reasons, one of them in its own words', async () => {
    const ms = await member();
    const free = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(today, 2),
      to_date: shiftDays(today, 3),
      reason: 'Wedding in Pune',
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().freezes[0].reason).toBe('Wedding in Pune');

    expect((await api('POST', '/freeze-reason/', { name: 'Travel' })).statusCode).toBe(201);
    expect((await api('POST', '/freeze-reason/', { name: 'Medical' })).statusCode).toBe(201);
    const dup = await api('POST', '/freeze-reason/', { name: 'travel' });
    expect(dup.json()).toEqual({ name: ['A freeze reason with this name already exists.'] });
    const list = await api('GET', '/freeze-reason/dropdown/');
    expect(list.json().results.map((r: { label?: string; name?: string }) => r.label ?? r.name)).toEqual(['Medical', 'Travel']);

    const other = await member();
    const wrong = await api('POST', `/membership/${other.id}/freeze/`, {
      from_date: shiftDays(today, 2),
      to_date: shiftDays(today, 3),
      reason: 'Bored',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ reason: ['Choose one of your freeze reasons: Medical, Travel.'] });
    const none = await api('POST', `/membership/${other.id}/freeze/`, { from_date: shiftDays(today, 2), to_date: shiftDays(today, 3) });
    expect(none.json()).toEqual({ reason: ['Choose a reason: Medical, Travel.'] });
    expect((await api('GET', `/membership/${other.id}/`)).json().freezes).toEqual([]);
    const ok = await api('POST', `/membership/${other.id}/freeze/`, {
      from_date: shiftDays(today, 2),
      to_date: shiftDays(today, 3),
      reason: 'medical',
    });
    expect(ok.json().freezes[0].reason).toBe('Medical');
  });

  it('another organisation does not see the list', async () => {
    const theirs = await api('GET', '/freeze-reason/', undefined, { org: other, key: otherKey });
    expect(theirs.json().count).toBe(0);
    const mine = (await api('GET', '/freeze-reason/')).json().results[0];
    expect((await api('GET', `/freeze-reason/${mine.id}/`, undefined, { org: other, key: otherKey })).statusCode).toBe(404);
  });
});

describe('changing a freeze', () => {
  it('moves a scheduled freeze and its days; the end date follows', async () => {
    const ms = await member();
    const made = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(today, 5),
      to_date: shiftDays(today, 9),
      reason: 'Travel',
    });
    const freeze = made.json().freezes[0];
    expect(made.json().end_date).toBe(shiftDays(ms.end_date, 5));
    const moved = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, {
      from_date: shiftDays(today, 10),
      to_date: shiftDays(today, 17),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().freezes[0]).toMatchObject({
      from_date: shiftDays(today, 10),
      to_date: shiftDays(today, 17),
      days: 8,
      reason: 'Travel',
    });
    expect(moved.json().end_date).toBe(shiftDays(ms.end_date, 8));
    // The plan's limits count the freeze as changed, beside the others.
    const tooLong = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { to_date: shiftDays(today, 40) });
    expect(tooLong.json()).toEqual({ detail: 'The plan "Monthly" allows at most 20 frozen days per membership; 0 used, 31 asked.' });
    expect((await api('GET', `/membership/${ms.id}/`)).json().end_date).toBe(shiftDays(ms.end_date, 8));
    const reason = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { reason: 'medical' });
    expect(reason.json().freezes[0]).toMatchObject({ reason: 'Medical', days: 8 });
    const bad = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { reason: 'Bored' });
    expect(bad.json().reason[0]).toMatch(/^Choose one of your freeze reasons/);
  });

  it('a running freeze keeps its first day; its last day moves later, or earlier to end it early', async () => {
    const ms = await member(shiftDays(today, -10));
    const made = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(today, -2),
      to_date: shiftDays(today, 4),
      reason: 'Medical',
    });
    const freeze = made.json().freezes[0];
    expect(made.json().status).toBe('frozen');
    const first = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { from_date: shiftDays(today, -1) });
    expect(first.statusCode).toBe(400);
    expect(first.json().from_date[0]).toMatch(/has started/);
    const longer = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { to_date: shiftDays(today, 7) });
    expect(longer.json().freezes[0]).toMatchObject({ days: 10, ended_on: null });
    expect(longer.json().end_date).toBe(shiftDays(ms.end_date, 10));
    const tooEarly = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { to_date: shiftDays(today, -2) });
    expect(tooEarly.json().to_date[0]).toMatch(/ends yesterday at the earliest/);
    // Ends early: back today, yesterday was its last day.
    const early = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { to_date: shiftDays(today, -1) });
    expect(early.json().freezes[0]).toMatchObject({ days: 2, to_date: shiftDays(today, -1), ended_on: today });
    expect(early.json().end_date).toBe(shiftDays(ms.end_date, 2));
    expect(early.json().status).not.toBe('frozen');
    // Over: only its reason can change.
    const over = await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { to_date: shiftDays(today, 3) });
    expect(over.json().detail).toMatch(/^This freeze is over/);
    expect((await api('PATCH', `/membership/${ms.id}/freeze/${freeze.id}/`, { reason: 'Travel' })).json().freezes[0].reason).toBe('Travel');
  });

  it("another organisation's freeze is not found, and nothing changes", async () => {
    const ms = await member();
    const made = await api('POST', `/membership/${ms.id}/freeze/`, {
      from_date: shiftDays(today, 5),
      to_date: shiftDays(today, 6),
      reason: 'Travel',
    });
    const freeze = made.json().freezes[0];
    const theirs = await api(
      'PATCH',
      `/membership/${ms.id}/freeze/${freeze.id}/`,
      { to_date: shiftDays(today, 8) },
      { org: other, key: otherKey },
    );
    expect(theirs.statusCode).toBe(404);
    expect((await api('GET', `/membership/${ms.id}/`)).json().freezes[0].days).toBe(2);
  });
});
