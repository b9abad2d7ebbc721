/**
 * End User Login (issue 27), signing in: codes by SMS through the messaging engine (the offline
 * outbox holds the text), expiry, single use, 5 tries, the per-phone and per-address limits (also
 * under 10 parallel requests), answers and work that do not tell a member from anyone else, the
 * invited mode, e-mailed links, field errors that write nothing.
 */
import { BLOCKED_DETAIL, CODE_DEAD, CODE_WRONG, LINK_WRONG, OTP_SENT_DETAIL } from '@arena/contracts/end-user';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endUser, endUserCode } from '../src/modules/end-user/schema.js';
import { withTenant } from '../src/platform/db/client.js';
import {
  ADMIN,
  askCode,
  codeFor,
  codeRows,
  makeClub,
  ME,
  newMember,
  setMode,
  signIn,
  smsTo,
  verify,
  type Club,
} from './end-user-support.js';
import { call, createTestApp, linkIn, settleJobs, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const admin = (club: Club, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  call(t.app, { method, url, host: club.org.host, token: club.key, ...(payload ? { payload } : {}) });

describe('a sign-in code', () => {
  it('goes out as an SMS through the messaging engine, its text in the offline outbox, free of credits and past opt-outs; the right code signs the member in', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    // The member opted out of SMS: promotions skip them, their sign-in code does not.
    await withTenant(t.handle.db, club.org.id, (tx) =>
      tx.execute(sql`insert into message_opt_out (organisation_id, channel, address) values (${club.org.id}, 'sms', ${m.phone})`),
    );
    const res = await askCode(t, club, m.phone);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: OTP_SENT_DETAIL });

    const code = await codeFor(t, club, m.phone);
    const logs = await admin(club, 'GET', `/api/administrator/messaging/logs/?search=${m.phone}`);
    expect(logs.statusCode).toBe(200);
    const sms = logs.json().results.find((r: { source: string }) => r.source === 'sign_in');
    expect(sms).toMatchObject({ channel: 'sms', address: m.phone, credits: 0, error: '' });
    // The log (any staff member with Messaging reads it) shows the code masked; only the provider got it.
    expect(sms.text).not.toContain(code);
    expect(sms.text).toMatch(/^•{6} is your .+ sign-in code\./);
    expect(['queued', 'sending', 'sent', 'delivered']).toContain(sms.status);
    // The real text was sealed in the row for the provider alone, and dropped once sent; a failed
    // code is never sent again from the log (the member asks for a new one).
    let [stored] = await smsTo(t, club, m.phone);
    for (let i = 0; i < 100 && stored.sealed !== ''; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [stored] = await smsTo(t, club, m.phone);
    }
    expect(stored).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/), sealed: '' });
    expect(JSON.stringify(stored)).not.toContain(code);
    await withTenant(t.handle.db, club.org.id, (tx) => tx.execute(sql`update message set status = 'failed' where id = ${stored.id}`));
    const retried = await admin(club, 'POST', `/api/administrator/messaging/logs/${stored.id}/retry/`);
    expect(retried.statusCode).toBe(400);
    expect(retried.json()).toEqual({ detail: 'A one-time code is not sent again: the member asks for a new one.' });
    // Only its hash is stored.
    const [row] = await withTenant(t.handle.db, club.org.id, (tx) => tx.select().from(endUserCode).where(eq(endUserCode.address, m.phone)));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);

    const ok = await verify(t, club, m.phone, code, true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().key).toMatch(/^m_[0-9a-f]{64}$/);
    expect(ok.json().member).toMatchObject({ id: m.id, member_code: m.memberCode, phone: m.phone });
    const home = await call(t.app, { method: 'GET', url: ME, host: club.org.host, token: ok.json().key });
    expect(home.statusCode).toBe(200);
    expect(home.json().member.id).toBe(m.id);
    // The first sign-in made the end user (everyone mode), with its sign-in time.
    const list = await admin(club, 'GET', `${ADMIN}end-user/`);
    expect(list.json().results).toEqual([expect.objectContaining({ status: 'active', devices: 1, invited_at: null })]);
    expect(list.json().results[0].last_login_at).not.toBeNull();
  });

  it('goes from the organisation’s "Member sign-in code" template, made when login is switched on: reworded, it is what the member gets; without {code} the built-in text goes', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    const templates = await admin(club, 'GET', '/api/administrator/messaging/?search=sign-in');
    const template = templates.json().results.find((r: { name: string }) => r.name === 'Member sign-in code');
    expect(template).toMatchObject({ channel: 'sms', module: 'membership', is_active: true });
    expect(template.body).toContain('{code}');
    // Switching login on again keeps the organisation's own wording.
    const reworded = '{code}: your {organisation} app code, valid {minutes} min.';
    const patched = await admin(club, 'PATCH', `/api/administrator/messaging/${template.id}/`, { body: reworded });
    expect(patched.statusCode, patched.body).toBe(200);
    await setMode(t, club, 'everyone');
    await askCode(t, club, m.phone);
    const code = await codeFor(t, club, m.phone);
    const [sent] = await smsTo(t, club, m.phone);
    expect(sent.templateId).toBe(template.id);
    expect(sent.body).toBe(`••••••: your ${club.org.ctx.organisation.displayName} app code, valid 10 min.`);
    expect(sent.params).toEqual(['••••••', club.org.ctx.organisation.displayName, '10']);
    const file = (await import('node:fs')).readFileSync(`${t.config.DATA_DIR}/outbox/sms.log`, 'utf8');
    expect(file).toContain(`${code}: your ${club.org.ctx.organisation.displayName} app code, valid 10 min.`);

    await admin(club, 'PATCH', `/api/administrator/messaging/${template.id}/`, { body: 'Your code is ready.' });
    await askCode(t, club, m.phone, '10.9.0.2');
    const again = await codeFor(t, club, m.phone);
    const [latest] = await smsTo(t, club, m.phone);
    expect(latest.templateId).toBeNull();
    expect(latest.body).toMatch(/^•{6} is your .+ sign-in code\. It expires in 10 minutes\./);
    expect(again).not.toBe(code);
  });

  it('expires after 10 minutes', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    await askCode(t, club, m.phone);
    const code = await codeFor(t, club, m.phone);
    // Eleven minutes later.
    await withTenant(t.handle.db, club.org.id, (tx) =>
      tx.update(endUserCode).set({ createdAt: sql`now() - interval '11 minutes'`, expiresAt: sql`now() - interval '1 minute'` }),
    );
    const res = await verify(t, club, m.phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [CODE_WRONG] });
  });

  it('is single use', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    await askCode(t, club, m.phone);
    const code = await codeFor(t, club, m.phone);
    expect((await verify(t, club, m.phone, code)).statusCode).toBe(200);
    const again = await verify(t, club, m.phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: [CODE_WRONG] });
  });

  it('dies after 5 wrong tries, the right one included after them; a new code works', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    await askCode(t, club, m.phone);
    const code = await codeFor(t, club, m.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(t, club, m.phone, wrong)).json());
    expect(answers).toEqual([...Array(4).fill({ code: [CODE_WRONG] }), { code: [CODE_DEAD] }]);
    const right = await verify(t, club, m.phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ code: [CODE_DEAD] });

    await askCode(t, club, m.phone);
    const fresh = await codeFor(t, club, m.phone);
    expect((await verify(t, club, m.phone, fresh)).statusCode).toBe(200);
  });

  it('an old code stops counting once a new one is sent', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    await askCode(t, club, m.phone);
    const first = await codeFor(t, club, m.phone);
    await askCode(t, club, m.phone);
    const second = await codeFor(t, club, m.phone);
    if (first !== second) expect((await verify(t, club, m.phone, first)).statusCode).toBe(400);
    expect((await verify(t, club, m.phone, second)).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it('allows 5 codes an hour per phone, then 429 with Retry-After; nothing more is written', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    for (let i = 0; i < 5; i++) expect((await askCode(t, club, m.phone, `10.2.0.${i + 1}`)).statusCode).toBe(202);
    const refused = await askCode(t, club, m.phone, '10.2.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many codes for this number\. Try again in \d+ minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await codeRows(t, club)).toBe(5);
    expect(await smsTo(t, club, m.phone)).toHaveLength(5);
    // An hour later the phone may ask again.
    await withTenant(t.handle.db, club.org.id, (tx) => tx.update(endUserCode).set({ createdAt: sql`now() - interval '61 minutes'` }));
    expect((await askCode(t, club, m.phone, '10.2.0.9')).statusCode).toBe(202);
  });

  it('allows 20 requests an hour per device address, then 429; another address is not held up', async () => {
    const club = await makeClub(t);
    for (let i = 0; i < 20; i++) expect((await askCode(t, club, `98000000${String(i).padStart(2, '0')}`, '10.3.0.1')).statusCode).toBe(202);
    const refused = await askCode(t, club, '9800000099', '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many sign-in requests from this device/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await askCode(t, club, '9800000099', '10.3.0.2')).statusCode).toBe(202);
    expect(await codeRows(t, club)).toBe(21);
  });

  it('10 parallel requests for one phone never pass the per-phone limit', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => askCode(t, club, m.phone, `10.4.0.${i + 1}`)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(202), ...Array(5).fill(429)]);
    expect(await codeRows(t, club)).toBe(5);
  });
});

describe('answers that tell nobody who is a member', () => {
  it('answers a member, a stranger, a blocked member and a member while login is off alike, with one row written each', async () => {
    const club = await makeClub(t);
    const member = await newMember(t, club);
    const blocked = await newMember(t, club);
    const invited = await admin(club, 'POST', `${ADMIN}end-user/invite/`, { member: blocked.id });
    expect((await admin(club, 'POST', `${ADMIN}end-user/${invited.json().id}/block/`)).statusCode).toBe(200);

    const answers = [];
    let rows = await codeRows(t, club);
    for (const phone of [member.phone, '9999912345', blocked.phone]) {
      const res = await askCode(t, club, phone);
      answers.push({ status: res.statusCode, body: res.body });
      expect(await codeRows(t, club)).toBe(++rows);
    }
    await setMode(t, club, 'off');
    const other = await newMember(t, club);
    const off = await askCode(t, club, other.phone);
    answers.push({ status: off.statusCode, body: off.body });
    expect(await codeRows(t, club)).toBe(++rows);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: JSON.stringify({ detail: OTP_SENT_DETAIL }) });

    // Only those who may sign in get an SMS (a blocked member too: a right code tells them they are blocked).
    expect(await smsTo(t, club, member.phone)).toHaveLength(1);
    expect(await smsTo(t, club, '9999912345')).toHaveLength(0);
    expect(await smsTo(t, club, other.phone)).toHaveLength(0);
    const code = await codeFor(t, club, blocked.phone);
    await setMode(t, club, 'everyone');
    const refused = await verify(t, club, blocked.phone, code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: BLOCKED_DETAIL });
    // A stranger's guess gets the wrong-code answer.
    expect((await verify(t, club, '9999912345', '123456')).json()).toEqual({ code: [CODE_WRONG] });
  });
});

describe('the invited mode', () => {
  it('sends codes only to invited members; inviting is idempotent', async () => {
    const club = await makeClub(t, 'invited');
    const m = await newMember(t, club);
    await askCode(t, club, m.phone);
    expect(await smsTo(t, club, m.phone)).toHaveLength(0);
    expect((await verify(t, club, m.phone, '123456')).json()).toEqual({ code: [CODE_WRONG] });

    const first = await admin(club, 'POST', `${ADMIN}end-user/invite/`, { member: m.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'active', devices: 0, member: { id: m.id } });
    const again = await admin(club, 'POST', `${ADMIN}end-user/invite/`, { member: m.id });
    expect(again.json()).toEqual(first.json());
    const key = await signIn(t, club, m.phone);
    expect((await call(t.app, { method: 'GET', url: ME, host: club.org.host, token: key })).statusCode).toBe(200);
    const rows = await withTenant(t.handle.db, club.org.id, (tx) => tx.select().from(endUser));
    expect(rows).toHaveLength(1);
    expect(rows[0].invitedAt).not.toBeNull();
  });
});

describe('e-mailed links', () => {
  it('mails a 15-minute single-use link to a member; a stranger gets the same answer and no mail', async () => {
    const club = await makeClub(t);
    const m = await newMember(t, club, { email: 'asha@example.com' });
    const ask = (email: string) => call(t.app, { method: 'POST', url: `${ME}auth/email/`, host: club.org.host, payload: { email } });
    const a = await ask('Asha@Example.com');
    const b = await ask('nobody@example.com');
    expect(a.statusCode).toBe(202);
    expect(b.body).toBe(a.body);
    await settleJobs(t.app);
    expect(t.mails.filter((x) => x.to === 'nobody@example.com')).toHaveLength(0);
    const link = linkIn(t.mails, 'asha@example.com');
    expect(link).toContain(`${club.org.subdomain}.`);
    const token = new URL(link).searchParams.get('token')!;
    expect(new URL(link).pathname).toBe('/me/sign-in');

    const use = () =>
      call(t.app, { method: 'POST', url: `${ME}auth/email/verify/`, host: club.org.host, payload: { token, remember: true } });
    const ok = await use();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().member.id).toBe(m.id);
    expect((await use()).json()).toEqual({ token: [LINK_WRONG] });

    await ask('asha@example.com');
    await settleJobs(t.app);
    const late = new URL(linkIn(t.mails, 'asha@example.com')).searchParams.get('token')!;
    await withTenant(t.handle.db, club.org.id, (tx) => tx.update(endUserCode).set({ expiresAt: sql`now() - interval '1 second'` }));
    const expired = await call(t.app, { method: 'POST', url: `${ME}auth/email/verify/`, host: club.org.host, payload: { token: late } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ token: [LINK_WRONG] });
  });
});

describe('bad input', () => {
  it('is a field error and writes nothing', async () => {
    const club = await makeClub(t);
    const post = (url: string, payload: unknown) =>
      call(t.app, { method: 'POST', url: `${ME}${url}`, host: club.org.host, payload: payload as object });
    const cases: [string, unknown, string][] = [
      ['auth/otp/', { phone: '12345' }, 'phone'],
      ['auth/otp/', {}, 'phone'],
      ['auth/otp/', { phone: 98765 }, 'phone'],
      ['auth/otp/verify/', { phone: '9876543210', code: '12ab56' }, 'code'],
      ['auth/otp/verify/', { phone: '98765', code: '123456' }, 'phone'],
      ['auth/email/', { email: 'not-an-address' }, 'email'],
      ['auth/email/verify/', { token: 'x'.repeat(64) }, 'token'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    expect(await codeRows(t, club)).toBe(0);
    const settings = await admin(club, 'PUT', `${ADMIN}settings/`, { login_mode: 'sometimes' });
    expect(settings.statusCode).toBe(400);
    expect(settings.json()).toHaveProperty('login_mode');
    expect((await admin(club, 'GET', `${ADMIN}settings/`)).json().login_mode).toBe('everyone');
  });
});
