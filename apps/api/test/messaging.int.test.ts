/**
 * Issue 22, the messaging engine: templates (placeholders validated, field errors write nothing),
 * credits (a send beyond the balance is refused before anything is queued; concurrent sends never
 * go below zero on PostgreSQL), sending through the offline provider, opt-outs skipped, secrets
 * never answered, webhook signatures, exactly once across a worker's restart, automatic rules once
 * per event across runs and instances, module screens filtered by module, 403 and 404.
 */
import { createHmac } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOrganisation } from '../src/modules/messaging/drain.js';
import type { MessageProvider, OutboundMessage } from '../src/modules/messaging/providers.js';
import { runRules } from '../src/modules/messaging/rules.js';
import { message, messageCredit, messageSetting, messageTemplate } from '../src/modules/messaging/schema.js';
import { membershipPlan } from '../src/modules/membership/index.js';
import { addPaidCredits, queueMessages } from '../src/modules/messaging/index.js';
import { offlineProvider } from '../src/modules/messaging/settings.service.js';
import { withTenant } from '../src/platform/db/client.js';
import {
  dayFrom,
  inOrg,
  makeBooking,
  makeCentre,
  makeFacility,
  makeMember,
  makeMemberRow,
  makeMembershipRow,
  makeOrganisation,
  makePlan,
  makeSport,
  makeUser,
  type TestOrganisation,
} from './factories.js';
import { call, createTestApp, login, onPostgres, settleJobs, type TestContext } from './helpers.js';

const A = '/api/administrator/messaging/';
const PURCHASE = '/api/administrator/organisation/purchase-message-count/';
type Body = Record<string, unknown>;

let t: TestContext;
let acme: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let centre: number;
const members: { id: number; phone: string }[] = [];

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body, token = key, host = acme.host) =>
  call(t.app, { method, url, host, token, ...(payload ? { payload } : {}) });
const countMessages = (org: TestOrganisation) =>
  withTenant(
    t.handle.db,
    org.id,
    async (tx) => (await tx.select({ n: count() }).from(message).where(eq(message.organisationId, org.id)))[0].n,
  );
const balanceOf = async (org: TestOrganisation) =>
  (await api('GET', `${A}credits/`, undefined, org === acme ? key : otherKey, org.host)).json().balance;

async function template(body: Body): Promise<number> {
  const res = await api('POST', A, {
    channel: 'sms',
    name: `T ${Math.random()}`,
    body: 'Hi {first_name}, see you at {organisation}.',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  acme = await makeOrganisation(t);
  other = await makeOrganisation(t);
  key = await login(t.app, acme.owner, acme.host);
  otherKey = await login(t.app, other.owner, other.host);
  await inOrg(t, acme, async (tx, ctx) => {
    centre = (await makeCentre(tx, ctx, { name: 'Main Centre' })).id;
    for (let i = 0; i < 3; i++) {
      const m = await makeMember(tx, ctx, { centre, first_name: `Asha${i}`, email: `asha${i}@example.com` });
      members.push({ id: m.id, phone: m.phone });
    }
  });
});
afterAll(async () => t?.close());

describe('templates', () => {
  it('creates a template and counts its SMS parts', async () => {
    const res = await api('POST', A, {
      channel: 'sms',
      name: 'Renewal',
      module: 'membership',
      body: 'Hi {first_name}, your {plan} ends on {end_date}.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ channel: 'sms', module: 'membership', segments: 1, is_active: true });
    const hindi = await api('POST', A, {
      channel: 'sms',
      name: 'Hindi',
      body: 'नमस्ते {first_name}, आपकी सदस्यता {end_date} को समाप्त हो रही है। कृपया नवीनीकरण करें। धन्यवाद!',
    });
    expect(hindi.json().segments).toBe(2);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await withTenant(t.handle.db, acme.id, async (tx) => (await tx.select({ n: count() }).from(messageTemplate))[0].n);
    const cases: [Body, string][] = [
      [{ channel: 'sms', name: 'Bad', body: 'Hi {firstname}' }, 'body'],
      [{ channel: 'email', name: 'No subject', body: 'Hi {first_name}' }, 'subject'],
      [{ channel: 'fax', name: 'Fax', body: 'Hi' }, 'channel'],
      [{ channel: 'sms', name: '', body: 'Hi' }, 'name'],
      [{ channel: 'sms', name: 'Long', body: 'x'.repeat(2001) }, 'body'],
      [{ channel: 'sms', name: 'DLT', body: 'Hi', dlt_template_id: 'abc' }, 'dlt_template_id'],
      [{ channel: 'whatsapp', name: 'WA', body: 'Hi', whatsapp_template_name: 'Has Spaces' }, 'whatsapp_template_name'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', A, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toContain(field);
    }
    expect(await api('POST', A, { channel: 'sms', name: 'Bad', body: 'Hi {firstname}' }).then((r) => r.json().body[0])).toMatch(
      /Unknown placeholder \{firstname\}/,
    );
    const after = await withTenant(t.handle.db, acme.id, async (tx) => (await tx.select({ n: count() }).from(messageTemplate))[0].n);
    expect(after).toBe(before);
  });

  it("answers 404 for another organisation's template, and a PATCH is checked as a whole", async () => {
    const id = await template({ name: 'Mine' });
    expect((await api('GET', `${A}${id}/`, undefined, otherKey, other.host)).statusCode).toBe(404);
    expect((await api('PATCH', `${A}${id}/`, { body: 'x' }, otherKey, other.host)).statusCode).toBe(404);
    expect((await api('DELETE', `${A}${id}/`, undefined, otherKey, other.host)).statusCode).toBe(404);
    const bad = await api('PATCH', `${A}${id}/`, { channel: 'email' });
    expect(Object.keys(bad.json())).toEqual(['subject']);
    const ok = await api('PATCH', `${A}${id}/`, { is_active: false });
    expect(ok.json().is_active).toBe(false);
  });

  it('previews with the sample values or a chosen member', async () => {
    const sample = await api('POST', `${A}preview/`, { channel: 'sms', body: 'Hi {first_name} of {organisation} €' });
    expect(sample.json()).toMatchObject({
      text: `Hi Asha of ${acme.subdomain} Sports €`,
      encoding: 'GSM-7',
      segments: 1,
      credits: 1,
      recipient: 'Sample member',
    });
    const chosen = await api('POST', `${A}preview/`, {
      channel: 'whatsapp',
      body: 'Hi {first_name}',
      recipient: { kind: 'member', id: members[0].id },
    });
    expect(chosen.json()).toMatchObject({ text: 'Hi Asha0', credits: 1 });
    expect(
      (
        await api(
          'POST',
          `${A}preview/`,
          { channel: 'sms', body: 'x', recipient: { kind: 'member', id: members[0].id } },
          otherKey,
          other.host,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses users without the module (403) and keeps module screens to their module', async () => {
    const staffOnly = await makeUser(t, acme.id, { modules: ['Staff Management'] });
    const staffKey = await login(t.app, staffOnly, acme.host);
    expect((await api('GET', A, undefined, staffKey)).statusCode).toBe(403);
    expect((await api('POST', `${A}send/`, { channel: 'sms', template: 1, audience: 'members', ids: [1] }, staffKey)).statusCode).toBe(403);
    const bookingUser = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    const bookingKey = await login(t.app, bookingUser, acme.host);
    expect((await api('GET', A, undefined, bookingKey)).statusCode).toBe(403);
    expect((await api('GET', `${A}?module=membership`, undefined, bookingKey)).statusCode).toBe(403);
    const own = await api('GET', `${A}?module=booking`, undefined, bookingKey);
    expect(own.statusCode).toBe(200);
    expect((await api('GET', `${A}settings/`, undefined, bookingKey)).statusCode).toBe(403);
    expect((await api('POST', PURCHASE, { count: 5 }, bookingKey)).statusCode).toBe(403);
  });
});

describe('audience options', () => {
  const options = async (audience: string, token = key, host = acme.host) => {
    const res = await api('GET', `${A}audience-options/?audience=${audience}`, undefined, token, host);
    return { status: res.statusCode, body: res.json() };
  };
  const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

  it("offers an audience's plans, batches and contact groups by name, only the organisation's own", async () => {
    const mine = await inOrg(t, acme, async (tx, ctx) => {
      const east = (await makeCentre(tx, ctx, { name: 'East Wing' })).id;
      const sport = (await makeSport(tx, ctx)).id;
      const plans = [];
      for (const name of ['Zumba Monthly', 'annual Gold', 'Basic']) plans.push((await makePlan(tx, ctx, { name })).id);
      await makePlan(tx, ctx, { name: 'Retired plan', isActive: false });
      return { east, sport, plans };
    });
    const theirs = await inOrg(t, other, async (tx, ctx) => {
      const plan = (await makePlan(tx, ctx, { name: 'Another gym plan' })).id;
      return { plan };
    });
    const batch = async (name: string, centreId: number) => {
      const res = await api('POST', '/api/member-management/batch/', {
        name,
        centre: centreId,
        sport: mine.sport,
        weekdays: [1, 3, 5],
        start_time: '06:00',
        end_time: '07:00',
        capacity: 10,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    await batch('Morning Yoga', centre);
    await batch('Morning Yoga', mine.east);
    await batch('Evening HIIT', centre);
    for (const [token, host, name] of [
      [key, acme.host, 'Walk-in leads'],
      [key, acme.host, 'alumni'],
      [otherKey, other.host, 'Their group'],
    ] as const)
      expect((await api('POST', '/api/crm/contact-group/', { name, filter: { audience: 'open_enquiries' } }, token, host)).statusCode).toBe(
        201,
      );

    const plans = await options('plan_members');
    expect(plans.status, JSON.stringify(plans.body)).toBe(200);
    // By name whatever the case, switched-off plans too (their members may still be running), never another organisation's.
    expect(names(plans.body)).toEqual(['annual Gold', 'Basic', 'Retired plan', 'Zumba Monthly']);
    expect(plans.body.results[0]).toEqual({ id: mine.plans[1], name: 'annual Gold' });
    expect(plans.body.results.map((r: { id: number }) => r.id)).not.toContain(theirs.plan);
    expect(names((await options('plan_members', otherKey, other.host)).body)).toEqual(['Another gym plan']);
    // Two batches of one name in two centres carry the centre's name.
    expect(names((await options('batch_members')).body)).toEqual([
      'Evening HIIT',
      'Morning Yoga · East Wing',
      'Morning Yoga · Main Centre',
    ]);
    expect(names((await options('batch_members', otherKey, other.host)).body)).toEqual([]);
    expect(names((await options('contact_group')).body)).toEqual(['alumni', 'Walk-in leads']);
    expect(names((await options('contact_group', otherKey, other.host)).body)).toEqual(['Their group']);
  });

  it('answers a field error for an unknown audience, one with nothing to choose, or none', async () => {
    for (const audience of ['nobody', 'active_members', 'members', ''])
      expect(await options(audience)).toEqual({ status: 400, body: { audience: [expect.any(String)] } });
    expect((await options('nobody')).body.audience[0]).toBe('Unknown audience "nobody".');
    expect((await options('members')).body.audience[0]).toContain('has no plan, batch or group to choose');
  });

  it('is open to the modules that may send, and caps the choices at 500', async () => {
    const bookingUser = await makeUser(t, acme.id, { modules: ['Booking Management'] });
    expect((await options('plan_members', await login(t.app, bookingUser, acme.host))).status).toBe(200);
    const staffOnly = await makeUser(t, acme.id, { modules: ['Staff Management'] });
    expect((await options('plan_members', await login(t.app, staffOnly, acme.host))).status).toBe(403);

    const big = await makeOrganisation(t);
    await inOrg(t, big, async (tx) => {
      await tx.insert(membershipPlan).values(
        Array.from({ length: 520 }, (_, i) => ({
          organisationId: big.id,
          name: `Plan ${String(i).padStart(3, '0')}`,
          durationValue: 1,
          durationUnit: 'month' as const,
          price: '1000.00',
        })),
      );
    });
    const bigKey = await login(t.app, big.owner, big.host);
    const capped = await options('plan_members', bigKey, big.host);
    expect(capped.body.results).toHaveLength(500);
    expect(capped.body.results[499].name).toBe('Plan 499');
  });
});

describe('credits and sending', () => {
  it('refuses a send beyond the balance before anything is queued, then sends after a purchase', async () => {
    const id = await template({ name: 'Hello', module: 'membership' });
    const before = await countMessages(acme);
    const send = (extra: Body = {}) =>
      api('POST', `${A}send/`, {
        channel: 'sms',
        module: 'membership',
        template: id,
        audience: 'members',
        ids: members.map((m) => m.id),
        ...extra,
      });
    const refused = await send();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/Not enough message credits: this needs 3 and the balance is 0/);
    expect(await countMessages(acme)).toBe(before);

    // Credits are bought from the provider (the subscription module's purchase-message-count/, paid through the checkout).
    expect(await inOrg(t, acme, (tx, ctx) => addPaidCredits(tx, ctx, 10, 'test'))).toBe(10);
    expect(Object.keys((await api('POST', PURCHASE, { count: 0 })).json())).toEqual(['count']);

    const preview = await send({ preview: true });
    expect(preview.json()).toMatchObject({ preview: true, count: 3, skipped: 0, credits: 3, balance: 11 - 1, queued: 0 });
    expect(await countMessages(acme)).toBe(before);

    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ queued: 3, credits: 3, balance: 7 });
    await settleJobs(t.app);
    await new Promise((r) => setTimeout(r, 400));
    await settleJobs(t.app);
    const log = (await api('GET', `${A}logs/?module=membership&channel=sms`)).json();
    expect(log.count).toBe(3);
    for (const row of log.results) {
      expect(row).toMatchObject({ status: 'sent', provider: 'offline', credits: 1, module: 'membership' });
      expect(row.text).toMatch(/^Hi Asha\d, see you at /);
      expect(row.provider_message_id).toBe(`offline-${acme.id}-${row.id}`);
    }
    const movements = (await api('GET', `${A}credits/movements/`)).json().results;
    expect(movements.map((m: { change: number }) => m.change)).toEqual([-3, 10]);
  });

  it('skips opted-out people and people without an address, spending nothing on them', async () => {
    const id = await template({ name: 'Opt', module: 'membership' });
    expect((await api('POST', `${A}opt-out/`, { channel: 'sms', address: `+91 ${members[1].phone}` })).statusCode).toBe(201);
    expect(Object.keys((await api('POST', `${A}opt-out/`, { channel: 'sms', address: '123' })).json())).toEqual(['address']);
    const balance = await balanceOf(acme);
    const res = await api('POST', `${A}send/`, {
      channel: 'email',
      module: 'membership',
      subject: 'Hi {first_name}',
      text: 'Hello {first_name}',
      audience: 'members',
      ids: [members[0].id],
    });
    expect(res.json()).toMatchObject({ queued: 1, credits: 0 });
    const sms = await api('POST', `${A}send/`, {
      channel: 'sms',
      module: 'membership',
      template: id,
      audience: 'members',
      ids: members.map((m) => m.id),
    });
    expect(sms.json()).toMatchObject({ count: 3, skipped: 1, queued: 2, credits: 2, balance: balance - 2 });
    const skipped = (await api('GET', `${A}logs/?status=skipped`)).json().results;
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ recipient_id: members[1].id, error: 'Opted out of SMS.', credits: 0 });
  });

  it("keeps the member's and the client's opt-out checkboxes in the engine's opt-outs", async () => {
    const M = '/api/member-management/member/';
    const C = '/api/booking/client/';
    // A fresh member: ticking SMS and e-mail on the form opts their phone and e-mail out.
    const created = await api('POST', M, {
      first_name: 'Optie',
      gender: 'female',
      phone: '9123400001',
      email: 'optie@example.com',
      centre,
      message_opt_out: ['sms', 'email', 'sms'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json().message_opt_out.sort()).toEqual(['email', 'sms']);
    const listed = (await api('GET', `${A}opt-out/?search=9123400001`)).json().results;
    expect(listed).toEqual([expect.objectContaining({ channel: 'sms', address: '9123400001', source: 'member' })]);
    // Every send honours it.
    const tpl = await template({ name: 'Form opt-out', module: 'membership' });
    const sms = await api('POST', `${A}send/`, { channel: 'sms', module: 'membership', template: tpl, audience: 'members', ids: [id] });
    expect(sms.json()).toMatchObject({ count: 1, skipped: 1, queued: 0, credits: 0 });
    // A new phone carries the opt-out with it when the form leaves the checkboxes alone.
    const moved = await api('PATCH', `${M}${id}/`, { phone: '9123400002' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message_opt_out.sort()).toEqual(['email', 'sms']);
    // Unticking removes them; the list of members shows the same.
    const cleared = await api('PATCH', `${M}${id}/`, { message_opt_out: ['whatsapp'] });
    expect(cleared.json().message_opt_out).toEqual(['whatsapp']);
    const row = (await api('GET', `${M}?search=Optie`)).json().results[0];
    expect(row.message_opt_out).toEqual(['whatsapp']);
    // No e-mail to opt out, or a channel that is not one: a field error, and nothing changes.
    const noEmail = await api('PATCH', `${M}${id}/`, { email: '', message_opt_out: ['email'] });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message_opt_out[0]).toBe('Add an email address to opt out of email.');
    const fax = await api('PATCH', `${M}${id}/`, { message_opt_out: ['fax'] });
    expect(fax.statusCode).toBe(400);
    expect(Object.keys(fax.json())[0]).toMatch(/^message_opt_out/);
    const same = (await api('GET', `${M}${id}/`)).json();
    expect(same).toMatchObject({ email: 'optie@example.com', message_opt_out: ['whatsapp'] });

    // A booking client: the same checkboxes, by their mobile.
    const client = await api('POST', C, { name: 'Opt Client', mobile: '9123400003', message_opt_out: ['whatsapp'] });
    expect(client.statusCode, client.body).toBe(201);
    expect(client.json().message_opt_out).toEqual(['whatsapp']);
    const clients = (await api('GET', `${C}?search=Opt Client`)).json().results;
    expect(clients[0].message_opt_out).toEqual(['whatsapp']);
    const noPhone = await api('PATCH', `${C}${client.json().id}/`, { mobile: '', message_opt_out: ['sms'] });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message_opt_out[0]).toBe('Add a phone number to opt out of SMS.');
    const off = await api('PATCH', `${C}${client.json().id}/`, { message_opt_out: [] });
    expect(off.json().message_opt_out).toEqual([]);
    expect((await api('GET', `${A}opt-out/?search=9123400003`)).json().count).toBe(0);
    expect((await api('PATCH', `${M}${id}/`, { message_opt_out: [] })).json().message_opt_out).toEqual([]);
    expect((await api('GET', `${A}opt-out/?channel=whatsapp`)).json().count).toBe(0);
  });

  it('opens WhatsApp with the rendered text and logs it as sent by hand, without credits', async () => {
    const id = await template({ channel: 'whatsapp', name: 'WA', body: 'Hi {first_name} & team' });
    const balance = await balanceOf(acme);
    const res = await api('POST', `${A}whatsapp-link/`, { template: id, recipient: { kind: 'member', id: members[0].id } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().link).toBe(`https://wa.me/91${members[0].phone}?text=Hi%20Asha0%20%26%20team`);
    const [row] = (await api('GET', `${A}logs/?channel=whatsapp&search=Asha0`)).json().results;
    expect(row).toMatchObject({ provider: 'manual', status: 'sent', credits: 0, source: 'whatsapp_link' });
    expect(await balanceOf(acme)).toBe(balance);
  });

  it('bounds the log window', async () => {
    expect((await api('GET', `${A}logs/?date_after=2025-01-01&date_before=2026-06-01`)).statusCode).toBe(400);
    expect((await api('GET', `${A}logs/?date_after=2026-01-01&date_before=2026-06-01`)).statusCode).toBe(200);
    const csv = await api('GET', `${A}logs/?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Recipient');
  });
});

describe('settings and webhooks', () => {
  it('stores secrets sealed and never answers them', async () => {
    const res = await api('PUT', `${A}settings/`, {
      sms_provider: 'msg91',
      msg91_sender_id: 'ARENAF',
      msg91_dlt_entity_id: '1201159876543210',
      msg91_auth_key: 'msg91-secret-key-abcd1234',
      whatsapp_provider: 'offline',
      whatsapp_app_secret: 'wa-app-secret-9876',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg91_auth_key: '••••1234', whatsapp_app_secret: '••••9876', whatsapp_access_token: '' });
    const got = await api('GET', `${A}settings/`);
    expect(got.body).not.toContain('msg91-secret');
    expect(got.body).not.toContain('wa-app-secret');
    const [row] = await withTenant(t.handle.db, acme.id, (tx) =>
      tx.select().from(messageSetting).where(eq(messageSetting.organisationId, acme.id)),
    );
    expect(row.msg91AuthKey).toMatch(/^v1:/);
    expect(row.msg91AuthKey).not.toContain('abcd1234');
    // Leaving a secret out keeps it.
    const kept = await api('PUT', `${A}settings/`, {
      sms_provider: 'msg91',
      msg91_sender_id: 'ARENAF',
      msg91_dlt_entity_id: '1201159876543210',
    });
    expect(kept.json().msg91_auth_key).toBe('••••1234');
    // MSG91 sends DLT templates only.
    const id = await template({ name: 'No DLT', module: 'membership' });
    const res2 = await api('POST', `${A}send/`, {
      channel: 'sms',
      module: 'membership',
      template: id,
      audience: 'members',
      ids: [members[0].id],
    });
    expect(Object.keys(res2.json())).toEqual(['template']);
    await api('PUT', `${A}settings/`, { sms_provider: 'offline' });
    expect(Object.keys((await api('PUT', `${A}settings/`, { sms_provider: 'msg91' })).json()).sort()).toEqual([
      'msg91_dlt_entity_id',
      'msg91_sender_id',
    ]);
  });

  it('refuses a WhatsApp webhook with a bad signature and changes nothing; a good one marks delivered and STOP opts out', async () => {
    await api('PUT', `${A}settings/`, { whatsapp_app_secret: 'wa-app-secret-9876' });
    const [sent] = (await api('GET', `${A}logs/?status=sent&channel=sms`)).json().results;
    const payload = JSON.stringify({
      entry: [
        {
          changes: [
            {
              value: {
                statuses: [{ id: sent.provider_message_id, status: 'delivered' }],
                messages: [{ from: `91${members[2].phone}`, text: { body: 'STOP' } }],
              },
            },
          ],
        },
      ],
    });
    const post = (signature: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/public/messaging/whatsapp/',
        host: acme.host,
        payload,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      });
    const bad = await post(`sha256=${createHmac('sha256', 'wrong').update(payload).digest('hex')}`);
    expect(bad.statusCode).toBe(400);
    expect((await api('GET', `${A}logs/${''}?search=${sent.recipient_name}&status=delivered`)).json().count).toBe(0);
    expect((await api('GET', `${A}opt-out/?channel=whatsapp`)).json().count).toBe(0);
    const good = await post(`sha256=${createHmac('sha256', 'wa-app-secret-9876').update(payload).digest('hex')}`);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().received).toBe(2);
    const after = (await api('GET', `${A}logs/?status=delivered`)).json().results.map((m: { id: number }) => m.id);
    expect(after).toContain(sent.id);
    expect((await api('GET', `${A}opt-out/?channel=whatsapp`)).json().results[0]).toMatchObject({
      address: members[2].phone,
      source: 'stop_reply',
    });
  });

  it("gives back a message's credits once when the provider reports it failed", async () => {
    const token = (await api('GET', `${A}settings/`)).json().webhook_token;
    const [sent] = (await api('GET', `${A}logs/?status=sent&channel=sms`)).json().results;
    expect(sent.credits).toBeGreaterThan(0);
    const balance = await balanceOf(acme);
    const report = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/public/messaging/msg91/?token=${token}`,
        host: acme.host,
        payload: [{ requestId: sent.provider_message_id, status: 'rejected', desc: 'DND number' }],
      });
    expect((await report()).json().received).toBe(1);
    expect((await report()).json().received).toBe(0);
    expect(await balanceOf(acme)).toBe(balance + sent.credits);
    const [row] = (await api('GET', `${A}logs/?status=failed&search=${sent.recipient_name}`)).json().results;
    expect(row).toMatchObject({ id: sent.id, error: 'DND number' });
  });

  it("answers Meta's webhook check with the challenge only for the organisation's token", async () => {
    const token = (await api('GET', `${A}settings/`)).json().webhook_token;
    const verify = (t0: string, host = acme.host) =>
      call(t.app, {
        method: 'GET',
        url: `/api/public/messaging/whatsapp/?hub.mode=subscribe&hub.verify_token=${t0}&hub.challenge=1158201444`,
        host,
      });
    const good = await verify(token);
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toMatch(/^text\/plain/);
    expect(good.body).toBe('1158201444');
    expect((await verify('wrong')).statusCode).toBe(403);
    // Another organisation's token is not this one's.
    expect((await verify(token, other.host)).statusCode).toBe(403);
  });

  it('checks the MSG91 webhook token', async () => {
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/public/messaging/msg91/?token=nope',
      host: acme.host,
      payload: [{ mobile: '919876543210', message: 'STOP' }],
    });
    expect(bad.statusCode).toBe(400);
    const token = (await api('GET', `${A}settings/`)).json().webhook_token;
    const good = await call(t.app, {
      method: 'POST',
      url: `/api/public/messaging/msg91/?token=${token}`,
      host: acme.host,
      payload: [{ mobile: `91${members[0].phone}`, message: 'stop' }],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect((await api('GET', `${A}opt-out/?channel=sms&search=${members[0].phone}`)).json().count).toBe(1);
  });
});

describe('the drain', () => {
  it('sends every message exactly once when the worker dies halfway and another takes over', async () => {
    await inOrg(t, other, async (tx, ctx) => {
      await tx.update(messageCredit).set({ balance: 1000 }).where(eq(messageCredit.organisationId, other.id));
      const c = await makeCentre(tx, ctx);
      const people = [];
      for (let i = 0; i < 40; i++) people.push(await makeMemberRow(tx, ctx, { centreId: c.id }));
      const [tpl] = await tx
        .insert(messageTemplate)
        .values({ organisationId: other.id, channel: 'sms', name: 'Bulk', body: 'Hi {first_name}' })
        .returning();
      await queueMessages(tx, ctx, {
        channel: 'sms',
        module: 'administrator',
        template: tpl,
        recipients: people.map((p) => ({ kind: 'member', id: p.id, name: p.firstName, phone: p.phone, email: '', values: {} })),
      });
    });
    const realSends = new Map<number, number>();
    const controller = new AbortController();
    let calls = 0;
    const dying: MessageProvider = {
      name: 'offline',
      async send(m: OutboundMessage) {
        const known = offlineProvider.sent.has(m.id);
        const out = await offlineProvider.send(m);
        if (!known) realSends.set(m.id, (realSends.get(m.id) ?? 0) + 1);
        if (++calls === 15) controller.abort();
        return out;
      },
    };
    const deps = { config: t.config, mailer: { send: async () => {} } };
    await expect(
      drainOrganisation(t.handle.db, deps, other.id, { providers: { sms: dying }, batch: 25, concurrency: 1, signal: controller.signal }),
    ).rejects.toThrow(/stopped/);
    const stuck = await withTenant(t.handle.db, other.id, (tx) =>
      tx.select({ n: count() }).from(message).where(eq(message.status, 'sending')),
    );
    expect(stuck[0].n).toBe(25);
    // A restarted worker before the lease runs out takes nothing of the dead one's batch …
    const early = await drainOrganisation(t.handle.db, deps, other.id, { providers: { sms: dying } });
    expect(early.sent).toBe(15);
    // … and after it, sends the rest: the provider already took 25 of them, so none goes twice.
    await withTenant(t.handle.db, other.id, (tx) =>
      tx.execute(sql`update message set lease_until = now() - interval '1 second' where status = 'sending'`),
    );
    const late = await drainOrganisation(t.handle.db, deps, other.id, { providers: { sms: dying } });
    expect(late.sent).toBe(25);
    expect(realSends.size).toBe(40);
    expect([...realSends.values()].every((n) => n === 1)).toBe(true);
    expect(calls).toBeGreaterThan(40);
    const statuses = await withTenant(t.handle.db, other.id, (tx) =>
      tx.select({ status: message.status, n: count() }).from(message).groupBy(message.status),
    );
    expect(statuses).toEqual([{ status: 'sent', n: 40 }]);
  });

  it('fails a message after its attempts, refunds its credits, and a retry spends them again', async () => {
    const id = await template({ name: 'Fails', module: 'membership' });
    const balance = await balanceOf(acme);
    const sent = await api('POST', `${A}send/`, {
      channel: 'sms',
      module: 'membership',
      template: id,
      audience: 'members',
      ids: [members[2].id],
    });
    expect(sent.json().credits).toBe(1);
    const broken: MessageProvider = { name: 'msg91', send: async () => Promise.reject(new Error('gateway down')) };
    const deps = { config: t.config, mailer: { send: async () => {} } };
    // The app's own drain may have sent it already; only a still-queued message is failed here.
    await withTenant(t.handle.db, acme.id, (tx) =>
      tx.execute(sql`update message set status = 'queued', attempts = 2 where template_id = ${id}`),
    );
    await drainOrganisation(t.handle.db, deps, acme.id, { providers: { sms: broken } });
    const [row] = (await api('GET', `${A}logs/?status=failed`)).json().results;
    expect(row).toMatchObject({ error: 'gateway down', attempts: 3 });
    expect(await balanceOf(acme)).toBe(balance);
    const retried = await api('POST', `${A}logs/${row.id}/retry/`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe('queued');
    expect(await balanceOf(acme)).toBe(balance - 1);
    expect((await api('POST', `${A}logs/${row.id}/retry/`)).statusCode).toBe(400);
    expect((await api('POST', `${A}logs/${row.id}/retry/`, undefined, otherKey, other.host)).statusCode).toBe(404);
  });
});

describe('automatic rules', () => {
  it('messages each person once per rule and event, however often the rules run', async () => {
    const tpl = await template({ name: 'Expiring', module: 'membership', body: 'Hi {first_name}, {plan} ends {end_date}.' });
    const rule = await api('POST', `${A}auto/`, { trigger: 'membership.expiring', template: tpl, offset: 7 });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(Object.keys((await api('POST', `${A}auto/`, { trigger: 'nope', template: tpl })).json())).toEqual(['trigger']);
    expect(Object.keys((await api('POST', `${A}auto/`, { trigger: 'membership.expiring', template: tpl, offset: 99 })).json())).toEqual([
      'offset',
    ]);
    const bad = await template({ name: 'Wrong placeholder', body: 'Your booking {booking_code}' });
    expect(Object.keys((await api('POST', `${A}auto/`, { trigger: 'membership.expiring', template: bad, offset: 7 })).json())).toEqual([
      'template',
    ]);
    await inOrg(t, acme, async (tx, ctx) => {
      const plan = await makePlan(tx, ctx, { name: 'Gold' });
      const m = await makeMemberRow(tx, ctx, { centreId: centre, firstName: 'Ravi' });
      await makeMembershipRow(tx, ctx, { member: m, plan, start: dayFrom(ctx, -20), end: dayFrom(ctx, 7) });
      const n = await makeMemberRow(tx, ctx, { centreId: centre, firstName: 'Later' });
      await makeMembershipRow(tx, ctx, { member: n, plan, start: dayFrom(ctx, -20), end: dayFrom(ctx, 8) });
    });
    const first = await runRules(t.handle.db, t.config, acme.id);
    expect(first.find((r) => r.rule === rule.json().id)).toMatchObject({ due: 1, queued: 1 });
    const second = await runRules(t.handle.db, t.config, acme.id);
    expect(second.find((r) => r.rule === rule.json().id)).toMatchObject({ due: 1, queued: 0 });
    const log = (await api('GET', `${A}logs/?rule=${rule.json().id}`)).json();
    expect(log.count).toBe(1);
    expect(log.results[0].text).toMatch(/^Hi Ravi, Gold ends \d\d-\d\d-\d{4}\.$/);
    expect((await api('GET', `${A}auto/`)).json().results[0]).toMatchObject({
      sent_count: 1,
      trigger_label: 'Membership expiring in N days',
    });
    expect((await api('DELETE', `${A}auto/${rule.json().id}/`)).statusCode).toBe(409);
    expect((await api('PATCH', `${A}auto/${rule.json().id}/`, { is_active: false })).json().is_active).toBe(false);
  });

  it("runs booking's triggers: confirmed and a reminder N hours before the first slot, once each", async () => {
    const confirmedTpl = await template({ name: 'Confirmed', module: 'booking', body: 'Booking {booking_code}: {facility}, {slot}.' });
    const reminderTpl = await template({
      channel: 'whatsapp',
      name: 'Reminder',
      module: 'booking',
      body: 'See you at {facility}, {slot}.',
    });
    const confirmed = (await api('POST', `${A}auto/`, { trigger: 'booking.confirmed', template: confirmedTpl })).json();
    const reminder = (await api('POST', `${A}auto/`, { trigger: 'booking.reminder', template: reminderTpl, offset: 72 })).json();
    expect(reminder.offset).toBe(72);
    let code = '';
    await inOrg(t, acme, async (tx, ctx) => {
      const sport = await makeSport(tx, ctx);
      const court = await makeFacility(tx, ctx, { centre, sport: sport.id, name: 'Court Nine' });
      const slot = court.slot_groups.flatMap((g) => g.time_slots)[0];
      const made = await makeBooking(tx, ctx, {
        facility: court.id,
        date: dayFrom(ctx, 2),
        slotIds: [slot.id],
        client: { name: 'Kiran Shah', email: '', mobile: '9811122233' },
      });
      code = made.code;
    });
    for (let run = 0; run < 2; run++) await runRules(t.handle.db, t.config, acme.id);
    const sent = (await api('GET', `${A}logs/?rule=${confirmed.id}`)).json();
    expect(sent.count).toBe(1);
    expect(sent.results[0]).toMatchObject({
      recipient_name: 'Kiran Shah',
      address: '9811122233',
      module: 'booking',
      recipient_kind: 'client',
    });
    expect(sent.results[0].text).toMatch(new RegExp(`^Booking ${code}: Court Nine, \\d\\d-\\d\\d-\\d{4} 06:00–07:00\\.$`));
    expect((await api('GET', `${A}logs/?rule=${reminder.id}`)).json().count).toBe(1);
  });

  it('resolves the audiences of the manifests for a send preview, and waits promotional SMS for 10:00–21:00', async () => {
    const id = await template({ name: 'Audience', module: 'membership' });
    const preview = await api('POST', `${A}send/`, {
      channel: 'sms',
      module: 'membership',
      template: id,
      audience: 'plan_members',
      preview: true,
    });
    expect(Object.keys(preview.json())).toEqual(['param']);
    const active = await api('POST', `${A}send/`, {
      channel: 'sms',
      module: 'membership',
      template: id,
      audience: 'active_members',
      preview: true,
    });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().count).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `${A}audiences/?module=booking`)).json().results.map((a: { key: string }) => a.key)).toEqual([
      'clients',
      'booking_clients',
    ]);
    const promo = await api('POST', `${A}send/`, {
      channel: 'sms',
      module: 'membership',
      template: id,
      audience: 'members',
      ids: [members[0].id],
      promotional: true,
    });
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: acme.ctx.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
    );
    if (hour >= 10 && hour < 21) expect(promo.json().not_before).toBeNull();
    else expect(promo.json().not_before).not.toBeNull();
  });

  it.runIf(onPostgres)('messages once when two instances run the rules at the same moment', async () => {
    const tpl = await template({ name: 'Birthday', module: 'membership', body: 'Happy birthday {first_name}!' });
    await inOrg(t, acme, (tx, ctx) => addPaidCredits(tx, ctx, 100, 'test'));
    const rule = (await api('POST', `${A}auto/`, { trigger: 'membership.birthday', template: tpl })).json();
    await inOrg(t, acme, async (tx, ctx) => {
      for (let i = 0; i < 5; i++)
        await makeMemberRow(tx, ctx, { centreId: centre, firstName: `Bday${i}`, dateOfBirth: `1990-${ctx.now.today.slice(5)}` });
    });
    const runs = await Promise.all([runRules(t.handle.db, t.config, acme.id), runRules(t.handle.db, t.config, acme.id)]);
    expect(runs.flat().filter((r) => r.rule === rule.id && r.error)).toEqual([]);
    const queued = runs
      .flat()
      .filter((r) => r.rule === rule.id)
      .reduce((s, r) => s + r.queued, 0);
    expect(queued).toBe(5);
    expect((await api('GET', `${A}logs/?rule=${rule.id}`)).json().count).toBe(5);
  });
});

describe.runIf(onPostgres)('credits under concurrency', () => {
  it('never goes below zero when 30 sends race for 10 credits', async () => {
    const org = await makeOrganisation(t);
    const orgKey = await login(t.app, org.owner, org.host);
    let ids: number[] = [];
    await inOrg(t, org, async (tx, ctx) => {
      const c = await makeCentre(tx, ctx);
      ids = [(await makeMemberRow(tx, ctx, { centreId: c.id })).id];
      await tx.update(messageCredit).set({ balance: 10 }).where(eq(messageCredit.organisationId, org.id));
    });
    const tpl = (await api('POST', A, { channel: 'sms', name: 'Race', body: 'Hi' }, orgKey, org.host)).json().id;
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        api('POST', `${A}send/`, { channel: 'sms', template: tpl, audience: 'members', ids }, orgKey, org.host),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(20);
    const [credit] = await withTenant(t.handle.db, org.id, (tx) =>
      tx.select().from(messageCredit).where(eq(messageCredit.organisationId, org.id)),
    );
    expect(credit.balance).toBe(0);
    const queued = await withTenant(t.handle.db, org.id, (tx) =>
      tx
        .select({ n: count() })
        .from(message)
        .where(and(eq(message.organisationId, org.id))),
    );
    expect(queued[0].n).toBe(10);
  });
});

describe('demo data', () => {
  it('has a template for every rule, the rules on, 500 credits and a month of delivery log', async () => {
    const demo = await createTestApp();
    try {
      const owner = await login(demo.app, { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' });
      const get = async (url: string) => (await call(demo.app, { method: 'GET', url, token: owner })).json();
      const templates = (await get(`${A}?page_size=100`)).results;
      expect(templates.some((t: { segments: number; name: string }) => t.name.includes('Hindi') && t.segments >= 1)).toBe(true);
      const rules = (await get(`${A}auto/?page_size=100`)).results;
      const triggers = (await get(`${A}auto/triggers/`)).results.map((t: { key: string }) => t.key);
      expect(rules.map((r: { trigger: string }) => r.trigger).sort()).toEqual([...triggers].sort());
      expect(rules.every((r: { is_active: boolean }) => r.is_active)).toBe(true);
      // 500 credits, less what the demo's sent promotion (CRM) spent.
      const promoted = (await get('/api/crm/promotion/?status=sent')).results.reduce(
        (n: number, p: { credits: number }) => n + p.credits,
        0,
      );
      expect(promoted).toBeGreaterThan(0);
      expect((await get(`${A}credits/`)).balance).toBe(500 - promoted);
      const statuses = new Set((await get(`${A}logs/?page_size=100&source=auto`)).results.map((m: { status: string }) => m.status));
      expect([...statuses].sort()).toEqual(expect.arrayContaining(['delivered', 'failed', 'sent', 'skipped']));
    } finally {
      await demo.close();
    }
  });
});
