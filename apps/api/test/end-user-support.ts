/** Shared steps of the End User Login tests (issue 27): an organisation with members, sign-in codes read from the outbox. */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import { withTenant } from '../src/platform/db/client.js';
import { endUserCode } from '../src/modules/end-user/schema.js';
import { message } from '../src/modules/messaging/schema.js';
import { inOrg, makeCentre, makeMember, makeOrganisation, type TestOrganisation } from './factories.js';
import { call, login, settleJobs, type TestContext } from './helpers.js';

export const ME = '/api/me/';
export const ADMIN = '/api/end-user/';
type Body = Record<string, unknown>;

export interface Club {
  org: TestOrganisation;
  key: string;
  centre: number;
}

export async function makeClub(t: TestContext, mode: 'off' | 'everyone' | 'invited' = 'everyone'): Promise<Club> {
  const org = await makeOrganisation(t);
  const key = await login(t.app, org.owner, org.host);
  const centre = (await inOrg(t, org, (tx, ctx) => makeCentre(tx, ctx))).id;
  const club = { org, key, centre };
  if (mode !== 'off') await setMode(t, club, mode);
  return club;
}

export async function setMode(t: TestContext, club: Club, mode: 'off' | 'everyone' | 'invited', features: Body = {}) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `${ADMIN}settings/`,
    host: club.org.host,
    token: club.key,
    payload: { login_mode: mode, ...features },
  });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}

export function newMember(t: TestContext, club: Club, input: Record<string, string> = {}) {
  return inOrg(t, club.org, (tx, ctx) => makeMember(tx, ctx, { centre: club.centre, ...input }));
}

export const askCode = (t: TestContext, club: Club, phone: string, ip = '10.1.0.1') =>
  call(t.app, { method: 'POST', url: `${ME}auth/otp/`, host: club.org.host, payload: { phone }, remoteAddress: ip });

export const verify = (t: TestContext, club: Club, phone: string, code: string, remember = false, ip = '10.1.0.1') =>
  call(t.app, { method: 'POST', url: `${ME}auth/otp/verify/`, host: club.org.host, payload: { phone, code, remember }, remoteAddress: ip });

/** The sign-in SMS to a phone, newest first, as the outbox (the messaging log) holds them. */
export async function smsTo(t: TestContext, club: Club, phone: string) {
  await settleJobs(t.app);
  return withTenant(t.handle.db, club.org.id, (tx) =>
    tx
      .select()
      .from(message)
      .where(and(eq(message.address, phone), eq(message.source, 'sign_in')))
      .orderBy(desc(message.id)),
  );
}

/**
 * The newest code sent to a phone, read where the offline provider writes what it sends
 * (DATA_DIR/outbox/sms.log): the stored message masks it. Waits for the drain to have sent every
 * sign-in SMS queued for the phone.
 */
export async function codeFor(t: TestContext, club: Club, phone: string): Promise<string> {
  const queued = (await smsTo(t, club, phone)).filter((m) => m.status !== 'skipped').length;
  const file = path.join(t.config.DATA_DIR, 'outbox', 'sms.log');
  for (let waited = 0; waited < 10_000; waited += 50) {
    const lines = fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { to: string; text: string })
          .filter((l) => l.to === phone)
      : [];
    if (queued && lines.length >= queued) {
      const match = /\b(\d{6})\b/.exec(lines[lines.length - 1].text);
      if (match) return match[1];
    }
    await settleJobs(t.app);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code sent to ${phone}: ${JSON.stringify(await smsTo(t, club, phone))}`);
}

export const codeRows = (t: TestContext, club: Club) =>
  withTenant(t.handle.db, club.org.id, async (tx) => (await tx.select({ n: count() }).from(endUserCode))[0].n);

/** A member signed in by phone: their key. */
export async function signIn(t: TestContext, club: Club, phone: string, remember = false, ip = '10.1.0.1'): Promise<string> {
  const asked = await askCode(t, club, phone, ip);
  if (asked.statusCode !== 202) throw new Error(`otp: ${asked.statusCode} ${asked.body}`);
  const res = await verify(t, club, phone, await codeFor(t, club, phone), remember, ip);
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return res.json().key;
}
