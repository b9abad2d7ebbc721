/**
 * CRM Management (issue 22): enquiries (rules, filters, close/reopen, convert to a member with a
 * plan and payment, twice → 400, concurrent converts → one member on PostgreSQL), follow-ups (the
 * enquiry's next follow-up moves), complaints (closing needs a resolution), contact groups and
 * their preview, today's actions on boundary days, levels and the module's 403, the dashboard and
 * reports.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveContactGroup } from '../src/modules/crm/index.js';
import { enquiry, followUp } from '../src/modules/crm/schema.js';
import { member, memberService } from '../src/modules/membership/schema.js';
import { auditLog } from '../src/platform/db/schema.js';
import {
  dayFrom,
  inOrg,
  makeCentre,
  makeClient,
  makeMember,
  makeMembershipRow,
  makeMemberRow,
  makeOrganisation,
  makePlan,
  makeSport,
  makeStaff,
  makeStaffCategory,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
const E = '/api/crm/enquiry/';
const F = '/api/crm/enquiry-followup-history/';
const C = '/api/crm/complaint/';
const G = '/api/crm/contact-group/';
const T = '/api/crm/todays-action/';

let t: TestContext;
let acme: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let centre: number;
let staff: number;
let plan: number;
let sport: number;
let cash: number;
let otherCentre: number;
let otherStaff: number;
let otherPlan: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key, host = acme.host) =>
  call(t.app, { method, url, host, token, ...(payload ? { payload } : {}) });
const auditOf = (resource: string, objectId: number) =>
  inOrg(t, acme, (tx) =>
    tx
      .select({ action: auditLog.action, label: auditLog.objectLabel })
      .from(auditLog)
      .where(and(eq(auditLog.resource, resource), eq(auditLog.objectId, String(objectId))))
      .orderBy(auditLog.id),
  );
const enquiryCount = () => inOrg(t, acme, async (tx) => (await tx.select({ n: count() }).from(enquiry))[0].n);
const newEnquiry = async (extra: Body = {}) => {
  const res = await api('POST', E, {
    name: 'Asha Kulkarni',
    phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    centre,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({}, { seed: false, poolSize: 10 });
  acme = await makeOrganisation(t);
  other = await makeOrganisation(t);
  key = await login(t.app, acme.owner, acme.host);
  otherKey = await login(t.app, other.owner, other.host);
  await inOrg(t, acme, async (tx, ctx) => {
    centre = (await makeCentre(tx, ctx)).id;
    const cat = await makeStaffCategory(tx, ctx);
    staff = (await makeStaff(tx, ctx, { category: cat.id, centres: [centre], first_name: 'Riya', last_name: 'Desk' })).id;
    plan = (await makePlan(tx, ctx, { name: 'Monthly', price: '1500.00' })).id;
    sport = (await makeSport(tx, ctx)).id;
  });
  await inOrg(t, other, async (tx, ctx) => {
    otherCentre = (await makeCentre(tx, ctx)).id;
    const cat = await makeStaffCategory(tx, ctx);
    otherStaff = (await makeStaff(tx, ctx, { category: cat.id, centres: [otherCentre] })).id;
    otherPlan = (await makePlan(tx, ctx)).id;
  });
  const modes = (await api('GET', '/api/administrator/payment-mode/')).json().results;
  cash = modes.find((m: { name: string }) => m.name === 'Cash').id;
});
afterAll(async () => t?.close());

describe('enquiries', () => {
  it('creates with the phone normalised and names behind the references', async () => {
    const e = await newEnquiry({
      phone: '+91 98765 43210',
      source: 'instagram',
      plans: [plan],
      sports: [sport],
      assigned_to: staff,
      next_follow_up: dayFrom(acme.ctx, 1),
      interested_in: 'Weight loss',
    });
    expect(e).toMatchObject({
      phone: '9876543210',
      status: 'open',
      source: 'instagram',
      plan_names: ['Monthly'],
      assigned_to_name: 'Riya Desk',
      member: null,
    });
    expect(e.sport_names).toHaveLength(1);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await enquiryCount();
    const bad = await api('POST', E, { name: '', phone: '12345', centre, source: 'tv', email: 'x', next_follow_up: '9999-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'name', 'next_follow_up', 'phone', 'source']);
    for (const [field, body] of [
      ['centre', { centre: otherCentre }],
      ['assigned_to', { assigned_to: otherStaff }],
      ['plans', { plans: [otherPlan] }],
      ['sports', { sports: [999999] }],
    ] as const) {
      const res = await api('POST', E, Object.assign({ name: 'X', phone: '9876500000', centre }, body));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
    expect(await enquiryCount()).toBe(before);
  });

  it("answers 404 for another organisation's enquiry", async () => {
    const e = await newEnquiry();
    for (const [method, url, body] of [
      ['GET', `${E}${e.id}/`],
      ['PATCH', `${E}${e.id}/`, { notes: 'x' }],
      ['POST', `${E}${e.id}/close/`, { reason: 'x' }],
      ['DELETE', `${E}${e.id}/`],
    ] as const)
      expect((await api(method, url, body as Body | undefined, otherKey, other.host)).statusCode).toBe(404);
    const fu = await api('POST', F, { enquiry: e.id, method: 'call', outcome: 'x' }, otherKey, other.host);
    expect(fu.statusCode).toBe(400);
    expect(Object.keys(fu.json())).toEqual(['enquiry']);
  });

  it('closes only with a reason, reopens, and filters by status', async () => {
    const e = await newEnquiry();
    const noReason = await api('POST', `${E}${e.id}/close/`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json())).toEqual(['reason']);
    const closed = await api('POST', `${E}${e.id}/close/`, { reason: 'Joined elsewhere' });
    expect(closed.json()).toMatchObject({ status: 'closed', close_reason: 'Joined elsewhere' });
    expect((await api('POST', `${E}${e.id}/close/`, { reason: 'again' })).statusCode).toBe(400);
    const list = (await api('GET', `${E}?status=closed`)).json();
    expect(list.results.map((x: { id: number }) => x.id)).toContain(e.id);
    expect(list.results.every((x: { status: string }) => x.status === 'closed')).toBe(true);
    expect((await api('POST', `${E}${e.id}/reopen/`)).json()).toMatchObject({ status: 'open', close_reason: '' });
  });

  it('logs a follow-up and moves the next follow-up in the same step; filters due today / overdue', async () => {
    const e = await newEnquiry({ next_follow_up: dayFrom(acme.ctx, -2), name: 'Overdue Lead' });
    expect((await api('GET', `${E}?follow_up=overdue&search=Overdue`)).json().count).toBe(1);
    const bad = await api('POST', F, { enquiry: e.id, method: 'fax', outcome: '' });
    expect(Object.keys(bad.json()).sort()).toEqual(['method', 'outcome']);
    const tomorrow = dayFrom(acme.ctx, 1);
    const fu = await api('POST', F, { enquiry: e.id, method: 'call', outcome: 'Will visit', next_follow_up: acme.ctx.now.today, staff });
    expect(fu.statusCode, fu.body).toBe(201);
    expect(fu.json()).toMatchObject({ method: 'call', staff_name: 'Riya Desk', date: acme.ctx.now.today });
    const after = (await api('GET', `${E}${e.id}/`)).json();
    expect(after).toMatchObject({ next_follow_up: acme.ctx.now.today, follow_ups: 1 });
    expect((await api('GET', `${E}?follow_up=overdue&search=Overdue`)).json().count).toBe(0);
    expect((await api('GET', `${E}?follow_up=today&search=Overdue`)).json().count).toBe(1);
    await api('POST', F, { enquiry: e.id, method: 'whatsapp', outcome: 'Sent prices', next_follow_up: tomorrow });
    expect((await api('GET', `${F}?enquiry=${e.id}`)).json().count).toBe(2);
    expect((await api('GET', `${E}${e.id}/`)).json().next_follow_up).toBe(tomorrow);
    // Ordered by the next follow-up.
    const ordered = (await api('GET', `${E}?ordering=next_follow_up&status=open`)).json().results.map((x: Body) => x.next_follow_up);
    const dated = ordered.filter(Boolean);
    expect([...dated].sort()).toEqual(dated);
  });

  it('converts into a member with a plan and payment, once', async () => {
    const e = await newEnquiry({ name: 'Kabir Rao', phone: '9811122233', email: 'kabir@example.com', gender: 'male' });
    const body = {
      first_name: 'Kabir',
      last_name: 'Rao',
      gender: 'male',
      phone: '9811122233',
      email: 'kabir@example.com',
      centre,
      membership: { plan, payment: { amount: '1500.00', payment_mode: cash } },
    };
    // A bad member body: field errors, nothing written, still open.
    const bad = await api('POST', `${E}${e.id}/convert/`, { ...body, first_name: '' });
    expect(bad.statusCode).toBe(400);
    expect((await api('GET', `${E}${e.id}/`)).json().status).toBe('open');
    const res = await api('POST', `${E}${e.id}/convert/`, body);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ status: 'converted', member_name: 'Kabir Rao' });
    expect(out.member_code).toMatch(/^MEM-/);
    const m = (await api('GET', `/api/member-management/member/${out.member}/`)).json();
    expect(m).toMatchObject({ phone: '9811122233', source: 'enquiry' });
    expect(m.current_membership?.plan).toBe(plan);
    const again = await api('POST', `${E}${e.id}/convert/`, { ...body, phone: '9811122234' });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json())).toEqual(['status']);
    const members = await inOrg(
      t,
      acme,
      async (tx) => (await tx.select({ n: count() }).from(member).where(eq(member.phone, '9811122234')))[0].n,
    );
    expect(members).toBe(0);
    expect((await api('GET', `${E}?status=converted`)).json().results.map((x: Body) => x.id)).toContain(e.id);
  });

  it.runIf(onPostgres)('gives one member for concurrent converts', async () => {
    const e = await newEnquiry({ name: 'Race Lead' });
    const res = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api('POST', `${E}${e.id}/convert/`, {
          first_name: 'Race',
          gender: 'female',
          phone: `97000000${String(i).padStart(2, '0')}`,
          centre,
        }),
      ),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const made = await inOrg(
      t,
      acme,
      async (tx) => (await tx.select({ n: count() }).from(member).where(eq(member.firstName, 'Race')))[0].n,
    );
    expect(made).toBe(1);
  });

  it('deletes (manage) with its follow-ups', async () => {
    const e = await newEnquiry();
    await api('POST', F, { enquiry: e.id, method: 'visit', outcome: 'Came by' });
    expect((await api('DELETE', `${E}${e.id}/`)).statusCode).toBe(204);
    const left = await inOrg(
      t,
      acme,
      async (tx) => (await tx.select({ n: count() }).from(followUp).where(eq(followUp.enquiryId, e.id)))[0].n,
    );
    expect(left).toBe(0);
  });

  it('deletes an open or closed enquiry (audited), never a converted one, nor another organisation’s', async () => {
    const closed = await newEnquiry({ name: 'Gone Lead' });
    await api('POST', `${E}${closed.id}/close/`, { reason: 'Moved away' });
    expect((await api('DELETE', `${E}${closed.id}/`, undefined, otherKey, other.host)).statusCode).toBe(404);
    expect((await api('DELETE', `${E}${closed.id}/`)).statusCode).toBe(204);
    expect((await api('GET', `${E}${closed.id}/`)).statusCode).toBe(404);
    expect((await auditOf('enquiry', closed.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);

    const e = await newEnquiry({ name: 'Joined Lead', phone: '9822200011' });
    const converted = await api('POST', `${E}${e.id}/convert/`, {
      first_name: 'Joined',
      last_name: 'Lead',
      gender: 'female',
      phone: '9822200011',
      centre,
      membership: { plan, payment: { amount: '1500.00', payment_mode: cash } },
    });
    expect(converted.statusCode, converted.body).toBe(200);
    const refused = await api('DELETE', `${E}${e.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      `This enquiry became member Joined Lead (${converted.json().member_code}) and cannot be deleted: it is the record of how they joined.`,
    );
    expect((await api('GET', `${E}${e.id}/`)).json().status).toBe('converted');
    expect((await auditOf('enquiry', e.id)).map((a) => a.action)).not.toContain('delete');
  });
});

describe('complaints', () => {
  it('comes from a member or a name and phone, and closes only with a resolution', async () => {
    const none = await api('POST', C, { subject: 'Cold water' });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json()).sort()).toEqual(['name', 'phone']);
    const m = await inOrg(t, acme, (tx, ctx) => makeMember(tx, ctx, { centre, first_name: 'Meera', last_name: 'Iyer' }));
    const made = await api('POST', C, { member: m.id, subject: 'Cold water', priority: 'high', assigned_to: staff, centre });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Meera Iyer', status: 'open', priority: 'high', assigned_to_name: 'Riya Desk' });
    const foreignMember = await inOrg(t, other, async (tx, ctx) => makeMember(tx, ctx, { centre: otherCentre }));
    const cross = await api('POST', C, { member: foreignMember.id, subject: 'x' });
    expect(Object.keys(cross.json())).toEqual(['member']);
    const id = made.json().id;
    const noRes = await api('POST', `${C}${id}/close/`, {});
    expect(noRes.statusCode).toBe(400);
    expect(Object.keys(noRes.json())).toEqual(['resolution']);
    expect((await api('GET', `${C}${id}/`)).json().status).toBe('open');
    const closed = (await api('POST', `${C}${id}/close/`, { resolution: 'Heater fixed' })).json();
    expect(closed).toMatchObject({ status: 'closed', resolution: 'Heater fixed' });
    expect(closed.resolved_by).not.toBeNull();
    expect(closed.resolved_at).not.toBeNull();
    expect((await api('GET', `${C}?status=closed`)).json().results.map((x: Body) => x.id)).toContain(id);
    expect((await api('POST', `${C}${id}/reopen/`)).json()).toMatchObject({ status: 'open', resolution: '', resolved_by: null });
    const assigned = await api('PATCH', `${C}${id}/`, { assigned_to: null, priority: 'low' });
    expect(assigned.json()).toMatchObject({ assigned_to: null, priority: 'low' });
    expect((await api('GET', `${C}${id}/`, undefined, otherKey, other.host)).statusCode).toBe(404);
  });
});

describe('contact groups', () => {
  it('saves a list or a filter, previews and resolves them', async () => {
    const { m1, client } = await inOrg(t, acme, async (tx, ctx) => {
      const m = await makeMember(tx, ctx, { centre, first_name: 'Listed' });
      const c = await makeClient(tx, ctx, { name: 'Court Client', mobile: '9123400000' });
      return { m1: m, client: c };
    });
    const e = await newEnquiry({ name: 'Grouped Lead' });
    const listed = await api('POST', G, {
      name: 'VIPs',
      members: [
        { kind: 'member', id: m1.id },
        { kind: 'client', id: client.id },
        { kind: 'enquiry', id: e.id },
      ],
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const preview = (await api('GET', `${G}${listed.json().id}/preview/`)).json();
    expect(preview.count).toBe(3);
    expect(preview.results.map((r: Body) => r.kind).sort()).toEqual(['client', 'enquiry', 'member']);
    const filtered = await api('POST', G, { name: 'Leads', filter: { audience: 'open_enquiries' } });
    expect(filtered.statusCode).toBe(201);
    const open = (await api('GET', `${E}?status=open`)).json().count;
    expect((await api('GET', `${G}${filtered.json().id}/preview/`)).json().count).toBe(open);
    const recipients = await inOrg(t, acme, (tx, ctx) => resolveContactGroup(tx, ctx, filtered.json().id));
    expect(recipients).toHaveLength(open);
    expect(recipients[0]).toEqual(expect.objectContaining({ kind: 'enquiry', name: expect.any(String), phone: expect.any(String) }));
    // Rules: neither or both, another organisation's person or plan.
    expect((await api('POST', G, { name: 'Empty' })).statusCode).toBe(400);
    const foreign = await api('POST', G, { name: 'Foreign', members: [{ kind: 'enquiry', id: 999999 }] });
    expect(Object.keys(foreign.json())).toEqual(['members']);
    const plan2 = await api('POST', G, { name: 'Plan', filter: { audience: 'plan', plan: otherPlan } });
    expect(Object.keys(plan2.json())).toEqual(['filter.plan']);
    expect((await api('GET', `${G}${listed.json().id}/preview/`, undefined, otherKey, other.host)).statusCode).toBe(404);
  });
});

describe('contact group people', () => {
  const people = async (id: number, query = '', token = key, host = acme.host) => {
    const res = await api('GET', `${G}${id}/people/${query}`, undefined, token, host);
    return { status: res.statusCode, body: res.json() };
  };

  it('lists a group’s people by name a page at a time, with search; a filter’s as it finds them today', async () => {
    const made = await inOrg(t, acme, async (tx, ctx) => {
      const a = await makeMember(tx, ctx, { centre, first_name: 'Zoya', last_name: 'Listed', email: 'zoya@example.com' });
      const b = await makeMember(tx, ctx, { centre, first_name: 'Aarav', last_name: 'Listed' });
      const c = await makeClient(tx, ctx, { name: 'Mira Court', mobile: '9123400077' });
      return { a, b, c };
    });
    const lead = await newEnquiry({ name: 'Kiran Lead', phone: '9812345670' });
    const group = (
      await api('POST', G, {
        name: 'Front row',
        members: [
          { kind: 'member', id: made.a.id },
          { kind: 'member', id: made.b.id },
          { kind: 'client', id: made.c.id },
          { kind: 'enquiry', id: lead.id },
        ],
      })
    ).json();
    const all = await people(group.id);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 4, previous: null, next: null, capped: false });
    expect(all.body.results.map((r: Body) => r.name)).toEqual(['Aarav Listed', 'Kiran Lead', 'Mira Court', 'Zoya Listed']);
    expect(all.body.results[3]).toEqual({
      kind: 'member',
      id: made.a.id,
      name: 'Zoya Listed',
      phone: made.a.phone,
      email: 'zoya@example.com',
    });
    const page2 = await people(group.id, '?page=2&page_size=3');
    expect(page2.body).toMatchObject({ count: 4, next: null, previous: '?page=1' });
    expect(page2.body.results.map((r: Body) => r.name)).toEqual(['Zoya Listed']);
    expect((await people(group.id, '?page_size=3')).body.next).toBe('?page=2');
    expect((await people(group.id, '?search=listed')).body.count).toBe(2);
    expect((await people(group.id, '?search=912 340 0077')).body.results.map((r: Body) => r.name)).toEqual(['Mira Court']);
    expect((await people(group.id, '?page_size=500')).status).toBe(400);

    const filter = (await api('POST', G, { name: 'All leads', filter: { audience: 'open_enquiries' } })).json();
    const open = (await api('GET', `${E}?status=open`)).json().count;
    const found = await people(filter.id, '?page_size=200');
    expect(found.body.count).toBe(open);
    expect(found.body.results.map((r: Body) => r.name)).toContain('Kiran Lead');
    await api('POST', `${E}${lead.id}/close/`, { reason: 'Not now' });
    expect((await people(filter.id)).body.count).toBe(open - 1);

    expect((await people(group.id, '', otherKey, other.host)).status).toBe(404);
    expect((await people(999999)).status).toBe(404);
  });

  it('renames a group keeping its people, adds and removes people of a list, and deletes it (all audited)', async () => {
    const made = await inOrg(t, acme, async (tx, ctx) => {
      const a = await makeMember(tx, ctx, { centre, first_name: 'Edit', last_name: 'One' });
      const b = await makeMember(tx, ctx, { centre, first_name: 'Edit', last_name: 'Two' });
      const c = await makeClient(tx, ctx, { name: 'Edit Client', mobile: '9123400088' });
      return { a, b, c };
    });
    const theirs = await inOrg(t, other, (tx, ctx) => makeMember(tx, ctx, { centre: otherCentre }));
    const group = (await api('POST', G, { name: 'Edit me', members: [{ kind: 'member', id: made.a.id }] })).json();

    const renamed = await api('PATCH', `${G}${group.id}/`, { name: 'Edited', description: 'Saturday regulars' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Edited',
      description: 'Saturday regulars',
      filter: null,
      members: [{ kind: 'member', id: made.a.id }],
    });

    const added = await api('POST', `${G}${group.id}/add-people/`, {
      members: [
        { kind: 'member', id: made.a.id },
        { kind: 'member', id: made.b.id },
        { kind: 'client', id: made.c.id },
        { kind: 'client', id: made.c.id },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members).toEqual([
      { kind: 'member', id: made.a.id },
      { kind: 'member', id: made.b.id },
      { kind: 'client', id: made.c.id },
    ]);
    // Another organisation's person, or nobody: a field error, nothing written.
    const foreign = await api('POST', `${G}${group.id}/add-people/`, { members: [{ kind: 'member', id: theirs.id }] });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual(['members']);
    expect(Object.keys((await api('POST', `${G}${group.id}/add-people/`, { members: [] })).json())).toEqual(['members']);
    expect((await api('GET', `${G}${group.id}/`)).json().members).toHaveLength(3);

    const removed = await api('POST', `${G}${group.id}/remove-people/`, {
      members: [
        { kind: 'member', id: made.a.id },
        { kind: 'client', id: made.c.id },
      ],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().members).toEqual([{ kind: 'member', id: made.b.id }]);
    const last = await api('POST', `${G}${group.id}/remove-people/`, { members: [{ kind: 'member', id: made.b.id }] });
    expect(last.statusCode).toBe(400);
    expect(last.json().members[0]).toContain('at least one person');

    // A filter group has no people to add or take out; a filter sent alone turns a list into it.
    const filter = (await api('POST', G, { name: 'Active', filter: { audience: 'active_members' } })).json();
    const onFilter = await api('POST', `${G}${filter.id}/add-people/`, { members: [{ kind: 'member', id: made.a.id }] });
    expect(onFilter.statusCode).toBe(400);
    expect(onFilter.json().members[0]).toContain('saved filter');
    const switched = await api('PATCH', `${G}${group.id}/`, { filter: { audience: 'plan', plan } });
    expect(switched.json()).toMatchObject({ filter: { audience: 'plan', plan, batch: null }, members: [] });
    expect(Object.keys((await api('PATCH', `${G}${group.id}/`, { filter: { audience: 'plan', plan: otherPlan } })).json())).toEqual([
      'filter.plan',
    ]);
    expect(Object.keys((await api('PATCH', `${G}${group.id}/`, { name: '' })).json())).toEqual(['name']);

    // Another organisation's group is a 404 for every write.
    for (const [method, url, body] of [
      ['PATCH', `${G}${group.id}/`, { name: 'Theirs' }],
      ['POST', `${G}${group.id}/add-people/`, { members: [{ kind: 'member', id: theirs.id }] }],
      ['POST', `${G}${group.id}/remove-people/`, { members: [{ kind: 'member', id: made.b.id }] }],
      ['DELETE', `${G}${group.id}/`, undefined],
    ] as const)
      expect((await api(method, url, body, otherKey, other.host)).statusCode).toBe(404);

    expect((await api('DELETE', `${G}${group.id}/`)).statusCode).toBe(204);
    expect((await api('GET', `${G}${group.id}/`)).statusCode).toBe(404);
    expect((await auditOf('contact_group', group.id)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
      'delete',
    ]);
  });

  it('needs manage to change a group’s people (a desk user may look)', async () => {
    const desk = await makeUser(t, acme.id, { modules: ['CRM Management'], levels: { 'CRM Management': 'operate' } });
    const deskKey = await login(t.app, desk, acme.host);
    const m = await inOrg(t, acme, (tx, ctx) => makeMember(tx, ctx, { centre, first_name: 'Level' }));
    const group = (await api('POST', G, { name: 'Levels', members: [{ kind: 'member', id: m.id }] })).json();
    expect((await people(group.id, '', deskKey)).status).toBe(200);
    expect((await api('PATCH', `${G}${group.id}/`, { name: 'Desk' }, deskKey)).statusCode).toBe(403);
    expect((await api('POST', `${G}${group.id}/add-people/`, { members: [{ kind: 'member', id: m.id }] }, deskKey)).statusCode).toBe(403);
    expect((await api('POST', `${G}${group.id}/remove-people/`, { members: [{ kind: 'member', id: m.id }] }, deskKey)).statusCode).toBe(
      403,
    );
  });
});

describe("today's actions", () => {
  it('lists the boundary days of each tab and the last contact', async () => {
    const org = await makeOrganisation(t);
    const k = await login(t.app, org.owner, org.host);
    const get = async (q: string) => {
      const res = await call(t.app, { method: 'GET', url: `${T}?${q}`, host: org.host, token: k });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const names = await inOrg(t, org, async (tx, ctx) => {
      const c = (await makeCentre(tx, ctx)).id;
      const p = await makePlan(tx, ctx, { name: 'Month', durationValue: 1, durationUnit: 'month', price: '1000.00' });
      const mk = async (first: string, start: string, end: string) => {
        const m = await makeMemberRow(tx, ctx, { centreId: c, firstName: first });
        return makeMembershipRow(tx, ctx, { member: m, plan: p, start, end });
      };
      await mk('EndsToday', dayFrom(ctx, -30), ctx.now.today);
      await mk('EndsIn7', dayFrom(ctx, -20), dayFrom(ctx, 7));
      await mk('EndsIn8', dayFrom(ctx, -20), dayFrom(ctx, 8));
      await mk('EndedYesterday', dayFrom(ctx, -31), dayFrom(ctx, -1));
      await mk('Ended31DaysAgo', dayFrom(ctx, -70), dayFrom(ctx, -31));
      const renewedOld = await mk('Renewed', dayFrom(ctx, -28), dayFrom(ctx, 2));
      const rm = await tx.select().from(member).where(eq(member.id, renewedOld.memberId));
      const renewal = await makeMembershipRow(tx, ctx, { member: rm[0], plan: p, start: dayFrom(ctx, 3), end: dayFrom(ctx, 33) });
      const { membership } = await import('../src/modules/membership/schema.js');
      await tx.update(membership).set({ renewedFromId: renewedOld.id }).where(eq(membership.id, renewal.id));
      return { c, p };
    });
    const tab = async (q: string) => (await get(q)).results.map((r: { name: string }) => r.name.split(' ')[0]).sort();
    expect(await tab('tab=membership-expiry')).toEqual(['EndsIn7', 'EndsToday']);
    expect(await tab('tab=membership-expiry&days=0')).toEqual(['EndsToday']);
    expect(await tab('tab=membership-expiry&days=8')).toEqual(['EndsIn7', 'EndsIn8', 'EndsToday']);
    expect(await tab('tab=membership-expired&days=1')).toEqual(['EndedYesterday']);
    expect(await tab('tab=membership-expired&days=30')).toEqual(['EndedYesterday']);
    expect(await tab('tab=membership-expired&days=31')).toEqual(['Ended31DaysAgo', 'EndedYesterday']);
    // Every membership row is unpaid (history rows): payment due lists them by due.
    const due = await get('tab=payment-due&page_size=2');
    expect(due.count).toBe(7);
    expect(due.results).toHaveLength(2);
    expect(due.next).not.toBeNull();
    expect(due.results[0].due).toBe('1000.00');
    const bad = await call(t.app, { method: 'GET', url: `${T}?tab=membership-expiry&days=61`, host: org.host, token: k });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['days']);
    // Services: ends today (expiry) and ended yesterday (expired).
    await inOrg(t, org, async (tx, ctx) => {
      const { service } = await import('../src/modules/membership/schema.js');
      const [s] = await tx
        .insert(service)
        .values({ organisationId: ctx.organisationId, name: 'Personal training', price: '500.00', durationDays: 30 })
        .returning();
      const m1 = await makeMemberRow(tx, ctx, { centreId: names.c, firstName: 'SvcToday' });
      const m2 = await makeMemberRow(tx, ctx, { centreId: names.c, firstName: 'SvcYesterday' });
      for (const [m, end] of [
        [m1, ctx.now.today],
        [m2, dayFrom(ctx, -1)],
      ] as const)
        await tx.insert(memberService).values({
          organisationId: ctx.organisationId,
          memberId: m.id,
          serviceId: s.id,
          centreId: names.c,
          label: 'PT',
          party: m.memberCode,
          startDate: dayFrom(ctx, -29),
          endDate: end,
          price: '500.00',
          total: '500.00',
          paid: '500.00',
          status: 'active',
        });
    });
    expect(await tab('tab=service-expiry')).toEqual(['SvcToday']);
    expect(await tab('tab=service-expired')).toEqual(['SvcYesterday']);
    // A call logged from a row shows as its last contact.
    const row = (await get('tab=membership-expiry&days=0')).results[0];
    expect(row.last_contact).toBeNull();
    const logged = await call(t.app, {
      method: 'POST',
      url: `${T}contact/`,
      host: org.host,
      token: k,
      payload: { member: row.member, kind: 'call', note: 'Will renew' },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const again = (await get('tab=membership-expiry&days=0')).results[0];
    expect(again.last_contact).toMatchObject({ kind: 'call', note: 'Will renew' });
    const foreign = await call(t.app, {
      method: 'POST',
      url: `${T}contact/`,
      host: org.host,
      token: k,
      payload: { member: 999999, kind: 'call' },
    });
    expect(Object.keys(foreign.json())).toEqual(['member']);
  });
});

describe('levels and the module', () => {
  it('refuses users without the module (403), view users any write, operate users deletes and groups', async () => {
    const none = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    const viewer = await makeUser(t, acme.id, { modules: ['CRM Management'], levels: { 'CRM Management': 'view' } });
    const desk = await makeUser(t, acme.id, {
      modules: ['CRM Management', 'Membership Management'],
      levels: { 'CRM Management': 'operate', 'Membership Management': 'operate' },
    });
    const [kn, kv, kd] = await Promise.all([none, viewer, desk].map((u) => login(t.app, u, acme.host)));
    expect((await api('GET', E, undefined, kn)).statusCode).toBe(403);
    expect((await api('GET', '/api/crm/dashboard/', undefined, kn)).statusCode).toBe(403);
    expect((await api('GET', E, undefined, kv)).statusCode).toBe(200);
    expect((await api('POST', E, { name: 'V', phone: '9876512345', centre }, kv)).statusCode).toBe(403);
    const made = await api('POST', E, { name: 'Desk lead', phone: '9876512345', centre }, kd);
    expect(made.statusCode, made.body).toBe(201);
    expect((await api('POST', `${E}${made.json().id}/close/`, { reason: 'No answer' }, kd)).statusCode).toBe(200);
    expect((await api('DELETE', `${E}${made.json().id}/`, undefined, kd)).statusCode).toBe(403);
    expect((await api('POST', G, { name: 'Desk group', filter: { audience: 'active_members' } }, kd)).statusCode).toBe(403);
    expect((await api('POST', C, { name: 'Walk-in', phone: '9000000001', subject: 'Noise' }, kd)).statusCode).toBe(201);
  });
});

describe('dashboard and reports', () => {
  it('counts open enquiries, follow-ups due, conversions, complaints; reports add up', async () => {
    const org = await makeOrganisation(t);
    const k = await login(t.app, org.owner, org.host);
    const post = (url: string, payload: Body) => call(t.app, { method: 'POST', url, host: org.host, token: k, payload });
    const get = (url: string) => call(t.app, { method: 'GET', url, host: org.host, token: k });
    const c = await inOrg(t, org, async (tx, ctx) => (await makeCentre(tx, ctx)).id);
    const today = org.ctx.now.today;
    const mk = async (phone: string, extra: Body) => (await post(E, { name: `Lead ${phone}`, phone, centre: c, ...extra })).json();
    await mk('9000000001', { source: 'instagram', next_follow_up: today });
    await mk('9000000002', { source: 'instagram', next_follow_up: dayFrom(org.ctx, -3) });
    const closing = await mk('9000000003', { source: 'phone' });
    await post(`${E}${closing.id}/close/`, { reason: 'Not interested' });
    const conv = await mk('9000000004', { source: 'instagram' });
    expect((await post(`${E}${conv.id}/convert/`, { first_name: 'Conv', gender: 'male', phone: '9000000004', centre: c })).statusCode).toBe(
      200,
    );
    await post(C, { name: 'A', phone: '9000000005', subject: 'x', priority: 'high' });
    await post(C, { name: 'B', phone: '9000000006', subject: 'y', priority: 'low' });
    const d = (await get('/api/crm/dashboard/')).json();
    expect(d).toMatchObject({
      open_enquiries: 2,
      follow_ups_today: 1,
      follow_ups_overdue: 1,
      open_complaints: { low: 1, medium: 0, high: 1 },
    });
    expect(d.conversion_by_source.find((s: Body) => s.source === 'instagram')).toEqual({
      source: 'instagram',
      enquiries: 3,
      converted: 1,
      rate: 33.3,
    });
    expect(d.months).toHaveLength(12);
    expect(d.months[11]).toEqual({ month: today.slice(0, 7), enquiries: 4, conversions: 1 });
    const rep = (await get('/api/crm/reports/enquiry/')).json();
    expect(rep.total).toEqual({ enquiries: 4, open: 2, closed: 1, converted: 1, rate: 25 });
    const comp = (await get('/api/crm/reports/complaint/')).json();
    expect(comp.total).toEqual({ received: 2, open: 2, closed: 0 });
    const staffRep = (await get('/api/crm/reports/enquiry/staff/')).json();
    expect(staffRep.rows).toEqual([{ staff: null, staff_name: 'Unassigned', assigned: 4, converted: 1, rate: 25 }]);
    const csv = await get('/api/crm/reports/enquiry/staff/?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Conversion %');
    const xlsx = await get('/api/crm/reports/complaint/?format=xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheet');
    const list = await get(`${E}?format=csv`);
    expect(list.body).toContain('Lead 9000000001');
    const logs = (await get('/api/crm/logs/')).json();
    expect(logs.count).toBeGreaterThan(5);
  });
});

describe('demo seed', () => {
  it('has forty enquiries with follow-ups, a dozen complaints and two contact groups', async () => {
    const s = await createTestApp();
    try {
      const k = await login(s.app, { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' });
      const get = (url: string) => call(s.app, { method: 'GET', url, token: k }).then((r) => r.json());
      expect((await get(E)).count).toBe(40);
      expect((await get(`${E}?status=converted`)).results.every((e: Body) => e.member !== null)).toBe(true);
      expect((await get(`${E}?status=converted`)).count).toBeGreaterThan(0);
      expect((await get(`${E}?follow_up=overdue`)).count).toBeGreaterThan(0);
      expect((await get(`${E}?follow_up=today`)).count).toBeGreaterThan(0);
      expect((await get(F)).count).toBeGreaterThan(20);
      expect((await get(C)).count).toBe(12);
      expect((await get(`${C}?status=closed`)).count).toBe(6);
      expect((await get(G)).count).toBe(2);
      const d = await get('/api/crm/dashboard/');
      expect(d.open_enquiries).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });
});
