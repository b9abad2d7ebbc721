/**
 * CRM › Promotions (issue 22): a template to an audience (a contact group here) through the
 * messaging engine, now or at a scheduled time — previews write nothing, credits are refused
 * before anything is queued, opt-outs are skipped, a scheduled promotion goes once (twice run,
 * and concurrently on PostgreSQL), a cancelled one never, one refused when its time comes is
 * marked "not sent" with why; and the "enquiry follow-up due" trigger messages the assigned staff
 * once per enquiry and date.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmTriggers } from '../src/modules/crm/messaging.js';
import { sendDuePromotions } from '../src/modules/crm/promotion.service.js';
import { promotion } from '../src/modules/crm/schema.js';
import { runRules } from '../src/modules/messaging/rules.js';
import { message } from '../src/modules/messaging/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { systemCtx } from '../src/platform/request-context.js';
import {
  dayFrom,
  inOrg,
  makeCentre,
  makeMemberRow,
  makeMembershipRow,
  makeOrganisation,
  makePlan,
  makeStaff,
  makeStaffCategory,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
const P = '/api/crm/promotion/';
let t: TestContext;
let acme: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let centre: number;
let staff: number;
let group: number;
let otherGroup: number;
let sms: number;
let email: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key, host = acme.host) =>
  call(t.app, { method, url, host, token, ...(payload ? { payload } : {}) });
const counts = () =>
  inOrg(t, acme, async (tx) => ({
    promotions: (await tx.select({ n: count() }).from(promotion))[0].n,
    messages: (await tx.select({ n: count() }).from(message).where(eq(message.source, 'promotion')))[0].n,
  }));
const balance = async () => (await api('GET', '/api/administrator/messaging/credits/')).json().balance as number;
const setBalance = (n: number) =>
  inOrg(t, acme, (tx) => tx.execute(sql`update message_credit set balance = ${n} where organisation_id = ${acme.id}`));
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
/** Runs the organisation's due promotions as the task does, at `instant`. */
const runDue = async (instant: Date) => {
  const [org] = await t.handle.db.select().from(organisation).where(eq(organisation.id, acme.id));
  return withTenant(t.handle.db, acme.id, (tx) => sendDuePromotions(tx, systemCtx(t.config, org, 'test', instant)));
};
const offer = (extra: Body = {}) => ({
  name: 'Diwali offer',
  channel: 'sms',
  template: sms,
  audience: 'contact_group',
  param: group,
  ...extra,
});

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
  });
  const enquiries: number[] = [];
  for (const [name, phone] of [
    ['Asha Kulkarni', '9811111111'],
    ['Vikram Rao', '9822222222'],
    ['Meera Iyer', '9833333333'],
  ]) {
    const res = await api('POST', '/api/crm/enquiry/', { name, phone, centre });
    expect(res.statusCode, res.body).toBe(201);
    enquiries.push(res.json().id);
  }
  const made = await api('POST', '/api/crm/contact-group/', {
    name: 'Walk-ins',
    members: enquiries.map((id) => ({ kind: 'enquiry', id })),
  });
  expect(made.statusCode, made.body).toBe(201);
  group = made.json().id;
  // Meera replied STOP: her number is opted out of SMS.
  expect((await api('POST', '/api/administrator/messaging/opt-out/', { channel: 'sms', address: '9833333333' })).statusCode).toBe(201);
  const template = await api('POST', '/api/administrator/messaging/', {
    channel: 'sms',
    module: 'crm',
    name: 'Diwali',
    body: 'Hi {first_name}, 20% off memberships this Diwali at {organisation}.',
  });
  expect(template.statusCode, template.body).toBe(201);
  sms = template.json().id;
  const mail = await api('POST', '/api/administrator/messaging/', {
    channel: 'email',
    module: 'crm',
    name: 'Diwali mail',
    subject: 'Diwali offer',
    body: 'Hi {first_name}, 20% off.',
  });
  expect(mail.statusCode, mail.body).toBe(201);
  email = mail.json().id;
  const foreignCentre = await inOrg(t, other, async (tx, ctx) => (await makeCentre(tx, ctx)).id);
  const foreignEnquiry = await api(
    'POST',
    '/api/crm/enquiry/',
    { name: 'Other Lead', phone: '9844444444', centre: foreignCentre },
    otherKey,
    other.host,
  );
  expect(foreignEnquiry.statusCode, foreignEnquiry.body).toBe(201);
  const foreign = await api(
    'POST',
    '/api/crm/contact-group/',
    { name: 'Theirs', members: [{ kind: 'enquiry', id: foreignEnquiry.json().id }] },
    otherKey,
    other.host,
  );
  otherGroup = foreign.json().id;
  await setBalance(0);
});
afterAll(() => t?.close());

describe('promotions', () => {
  it('refuses a send the credits do not cover before anything is queued', async () => {
    const res = await api('POST', P, offer());
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/credit/i);
    expect(await counts()).toEqual({ promotions: 0, messages: 0 });
  });

  it('previews the reach, the skipped and the cost without writing', async () => {
    await setBalance(100);
    const res = await api('POST', `${P}preview/`, offer());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 3, skipped: 1, credits: 2, balance: 100 });
    expect(await counts()).toEqual({ promotions: 0, messages: 0 });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const cases: [Body, string][] = [
      [offer({ param: null }), 'param'],
      [offer({ param: otherGroup }), 'param'],
      [offer({ channel: 'email' }), 'template'],
      [offer({ template: email }), 'template'],
      [offer({ audience: 'nobody' }), 'audience'],
      [offer({ audience: 'enquiries' }), 'audience'],
      [offer({ scheduled_at: inMinutes(-5) }), 'scheduled_at'],
      [offer({ scheduled_at: inMinutes(91 * 24 * 60) }), 'scheduled_at'],
      [offer({ scheduled_at: 'tomorrow' }), 'scheduled_at'],
      [offer({ name: '' }), 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', P, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    expect(await counts()).toEqual({ promotions: 0, messages: 0 });
  });

  it('sends now: one message each, the opted-out skipped, credits spent, counts by status', async () => {
    const res = await api('POST', P, offer());
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      status: 'sent',
      recipients: 3,
      credits: 2,
      template_name: 'Diwali',
      audience_label: 'A contact group',
      param_label: 'Walk-ins',
      error: '',
    });
    expect(p.counts.skipped).toBe(1);
    expect(p.counts.queued + p.counts.sent + p.counts.delivered).toBe(2);
    expect(await balance()).toBe(98);
    const rows = await inOrg(t, acme, (tx) => tx.select().from(message).where(eq(message.sourceId, p.id)));
    expect(rows.map((r) => [r.recipientName, r.status === 'skipped', r.promotional]).sort()).toEqual([
      ['Asha Kulkarni', false, true],
      ['Meera Iyer', true, true],
      ['Vikram Rao', false, true],
    ]);
    expect(rows.find((r) => r.recipientName === 'Asha Kulkarni')!.body).toMatch(/^Hi Asha, 20% off/);
    // The delivery log shows the promotion's messages by its id.
    const log = (await api('GET', `/api/administrator/messaging/logs/?source=promotion&source_id=${p.id}`)).json();
    expect(log.count).toBe(3);
    // The list and the other organisation.
    const list = (await api('GET', `${P}?status=sent`)).json();
    expect(list.results.map((x: { id: number }) => x.id)).toContain(p.id);
    expect((await api('GET', `${P}${p.id}/`, undefined, otherKey, other.host)).statusCode).toBe(404);
    expect((await api('POST', `${P}${p.id}/cancel/`)).statusCode).toBe(400);
  });

  it('sends a scheduled promotion once when its time comes, and never a cancelled one', async () => {
    const before = await counts();
    const later = (await api('POST', P, offer({ name: 'Weekend', scheduled_at: inMinutes(30) }))).json();
    const dropped = (await api('POST', P, offer({ name: 'Dropped', scheduled_at: inMinutes(30) }))).json();
    expect(later).toMatchObject({ status: 'scheduled', recipients: 0, sent_at: null });
    const cancelled = await api('POST', `${P}${dropped.id}/cancel/`);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await api('POST', `${P}${dropped.id}/cancel/`)).statusCode).toBe(400);
    expect(await runDue(new Date())).toBe(0);
    expect((await counts()).messages).toBe(before.messages);
    const at = new Date(Date.now() + 31 * 60_000);
    expect(await runDue(at)).toBe(2);
    expect(await runDue(at)).toBe(0);
    expect((await counts()).messages).toBe(before.messages + 3);
    expect((await api('GET', `${P}${later.id}/`)).json()).toMatchObject({ status: 'sent', recipients: 3, credits: 2 });
    expect((await api('GET', `${P}${dropped.id}/`)).json()).toMatchObject({ status: 'cancelled', recipients: 0 });
  });

  it('marks a scheduled promotion "not sent" with why when the credits have run out, queueing nothing', async () => {
    const p = (await api('POST', P, offer({ name: 'Broke', scheduled_at: inMinutes(30) }))).json();
    await setBalance(1);
    const before = await counts();
    expect(await runDue(new Date(Date.now() + 31 * 60_000))).toBe(0);
    const after = (await api('GET', `${P}${p.id}/`)).json();
    expect(after.status).toBe('failed');
    expect(after.error).toMatch(/credit/i);
    expect((await counts()).messages).toBe(before.messages);
    expect(await balance()).toBe(1);
    await setBalance(100);
  });

  it('needs the CRM module, and manage to send (a view user may preview)', async () => {
    const viewer = await makeUser(t, acme.id, { modules: ['CRM Management'], levels: { 'CRM Management': 'view' } });
    const viewKey = await login(t.app, viewer, acme.host);
    expect((await api('POST', `${P}preview/`, offer(), viewKey)).statusCode).toBe(200);
    expect((await api('POST', P, offer(), viewKey)).statusCode).toBe(403);
  });

  it("names the plan or batch it goes to, and refuses another organisation's", async () => {
    const { gold, theirs } = {
      gold: (await inOrg(t, acme, (tx, ctx) => makePlan(tx, ctx, { name: 'Gold Annual' }))).id,
      theirs: (await inOrg(t, other, (tx, ctx) => makePlan(tx, ctx, { name: 'Their Gold' }))).id,
    };
    for (const audience of ['plan_members', 'batch_members']) {
      const foreign = await api('POST', `${P}preview/`, offer({ audience, param: theirs }));
      expect(foreign.statusCode, foreign.body).toBe(400);
      expect(Object.keys(foreign.json())).toEqual(['param']);
    }
    const p = await api('POST', P, offer({ name: 'Gold renewals', audience: 'plan_members', param: gold, scheduled_at: inMinutes(60) }));
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json()).toMatchObject({ audience_label: "A plan's members", param_label: 'Gold Annual' });
    expect((await api('POST', `${P}${p.json().id}/cancel/`)).statusCode).toBe(200);
  });

  describe.runIf(onPostgres)('on PostgreSQL', () => {
    it('sends a scheduled promotion once when two workers reach it at the same moment', async () => {
      const p = (await api('POST', P, offer({ name: 'Race', scheduled_at: inMinutes(30) }))).json();
      const at = new Date(Date.now() + 31 * 60_000);
      await Promise.all([runDue(at), runDue(at), runDue(at)]);
      const rows = await inOrg(t, acme, (tx) => tx.select({ n: count() }).from(message).where(eq(message.sourceId, p.id)));
      expect(rows[0].n).toBe(3);
    });
  });
});

describe('the enquiry follow-up due trigger', () => {
  it('messages the assigned staff on the day the follow-up falls due, once per enquiry and date', async () => {
    const today = acme.ctx.now.today;
    const due = await api('POST', '/api/crm/enquiry/', {
      name: 'Kabir Shah',
      phone: '9855555555',
      centre,
      assigned_to: staff,
      next_follow_up: today,
    });
    expect(due.statusCode, due.body).toBe(201);
    await api('POST', '/api/crm/enquiry/', { name: 'Not today', phone: '9866666666', centre, assigned_to: staff });
    const trigger = crmTriggers.find((x) => x.key === 'enquiry_follow_up_due')!;
    const recipients = await inOrg(t, acme, (tx, ctx) => trigger.due(tx, ctx, { offset: 0, today, now: new Date() }));
    expect(recipients).toEqual([
      expect.objectContaining({
        kind: 'staff',
        id: staff,
        eventKey: `enquiry:${due.json().id}:${today}`,
        values: expect.objectContaining({ first_name: 'Riya', enquiry_name: 'Kabir Shah', enquiry_phone: '9855555555' }),
      }),
    ]);
    const template = await api('POST', '/api/administrator/messaging/', {
      channel: 'sms',
      module: 'crm',
      name: 'Follow up',
      body: 'Hi {first_name}, call {enquiry_name} ({enquiry_phone}) today.',
    });
    expect(template.statusCode, template.body).toBe(201);
    const rule = await api('POST', '/api/administrator/messaging/auto/', {
      trigger: 'enquiry_follow_up_due',
      template: template.json().id,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await runRules(t.handle.db, t.config, acme.id);
    await runRules(t.handle.db, t.config, acme.id);
    const sent = await inOrg(t, acme, (tx) => tx.select().from(message).where(eq(message.ruleId, rule.json().id)));
    expect(sent.map((m) => [m.recipientKind, m.body])).toEqual([['staff', 'Hi Riya, call Kabir Shah (9855555555) today.']]);
  });
});

describe("today's actions: Message", () => {
  const M = '/api/crm/todays-action/message/';
  let reminder: number;
  let due: { id: number; phone: string; name: string }[];
  beforeAll(async () => {
    due = await inOrg(t, acme, async (tx, ctx) => {
      const plan = await makePlan(tx, ctx, { name: 'Gold Monthly' });
      const out = [];
      for (const [first, end] of [
        ['Tara', 2],
        ['Neel', 6],
        ['Later', 20],
      ] as const) {
        const m = await makeMemberRow(tx, ctx, { centreId: centre, firstName: first, lastName: 'Shah' });
        await makeMembershipRow(tx, ctx, { member: m, plan, start: dayFrom(ctx, -25), end: dayFrom(ctx, end) });
        out.push({ id: m.id, phone: m.phone, name: `${first} Shah` });
      }
      return out;
    });
    const made = await api('POST', '/api/administrator/messaging/', {
      channel: 'sms',
      module: 'crm',
      name: 'Renewal reminder',
      body: 'Hi {first_name}, your {plan} ends on {end_date}. Renew at {organisation}.',
    });
    expect(made.statusCode, made.body).toBe(201);
    reminder = made.json().id;
    await setBalance(100);
  });
  const contacts = () => inOrg(t, acme, (tx) => queryRows<Body>(tx, sql`select member_id, kind, note from crm_contact_log order by id`));

  it('previews a tab without sending or logging, then messages everyone on it with their own plan and end date', async () => {
    const preview = await api('POST', M, { tab: 'membership-expiry', days: 7, channel: 'sms', template: reminder, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ count: 2, skipped: 0, credits: 2, queued: 0 });
    expect(await contacts()).toEqual([]);
    const sent = await api('POST', M, { tab: 'membership-expiry', days: 7, channel: 'sms', template: reminder });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ count: 2, queued: 2, credits: 2 });
    const rows = await inOrg(t, acme, (tx) => tx.select().from(message).where(eq(message.source, 'todays_action')));
    const tara = rows.find((r) => r.recipientName === 'Tara Shah')!;
    const end = dayFrom(acme.ctx, 2).split('-').reverse().join('-');
    expect(tara.body).toBe(`Hi Tara, your Gold Monthly ends on ${end}. Renew at ${acme.ctx.organisation.displayName}.`);
    expect(rows.map((r) => r.recipientName).sort()).toEqual(['Neel Shah', 'Tara Shah']);
    expect((await contacts()).map((c) => [Number(c.member_id), c.kind, c.note])).toEqual(
      due.slice(0, 2).map((d) => [d.id, 'message', 'SMS: Renewal reminder']),
    );
    // The list shows the contact as the last one.
    const list = (await api('GET', '/api/crm/todays-action/?tab=membership-expiry&days=7')).json();
    expect(list.results.every((r: { last_contact: { kind: string } | null }) => r.last_contact?.kind === 'message')).toBe(true);
  });

  it('messages one chosen member of the tab, skips an opted-out one without logging, and refuses bad input', async () => {
    const before = (await contacts()).length;
    expect((await api('POST', '/api/administrator/messaging/opt-out/', { channel: 'sms', address: due[1].phone })).statusCode).toBe(201);
    const one = await api('POST', M, { tab: 'membership-expiry', channel: 'sms', template: reminder, members: [due[1].id] });
    expect(one.json()).toMatchObject({ count: 1, skipped: 1, queued: 0, credits: 0 });
    expect((await contacts()).length).toBe(before);
    // Not on the tab (ends in 20 days): nobody.
    expect(
      (await api('POST', M, { tab: 'membership-expiry', channel: 'sms', template: reminder, members: [due[2].id] })).json().count,
    ).toBe(0);
    for (const [body, field] of [
      [{ tab: 'nope', channel: 'sms', template: reminder }, 'tab'],
      [{ tab: 'membership-expiry', days: 61, channel: 'sms', template: reminder }, 'days'],
      [{ tab: 'membership-expiry', channel: 'whatsapp', template: reminder }, 'template'],
      [{ tab: 'membership-expiry', channel: 'sms', template: 999999 }, 'template'],
    ] as const) {
      const res = await api('POST', M, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    expect((await contacts()).length).toBe(before);
  });
});
