/**
 * Members sign in (issue 27) with their phone and a 6-digit code sent by SMS, or their e-mail and
 * a link. Asking does the same work whoever asks (a member or not, blocked or not, login on or
 * off): the limits, one `end_user_code` row, one job. The job looks the person up and, when they
 * may sign in, fills the row's hash and sends the code (through the messaging engine, which logs it
 * in the outbox) or mails the link; otherwise the row keeps an empty hash that nothing matches.
 *
 * Codes are single use, live 10 minutes, die after 5 wrong tries; links live 15 minutes. Both are
 * stored as HMAC-SHA256 with a secret derived from the server's sealing key. The limits (5 an hour
 * per phone or address, 20 an hour per device address) count the rows in the database under an
 * advisory lock, so they hold across instances and parallel requests.
 */
import {
  BLOCKED_DETAIL,
  CODE_DEAD,
  CODE_WRONG,
  LINK_LIFETIME_MINUTES,
  LINK_WRONG,
  OTP_LIFETIME_MINUTES,
  OTP_MAX_ATTEMPTS,
  OTP_PER_ADDRESS_PER_HOUR,
  OTP_PER_IP_PER_HOUR,
  type MeMember,
  type SignInResponse,
} from '@arena/contracts/end-user';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { record } from '../../platform/audit.js';
import { organisationOrigin } from '../../platform/config.js';
import type { Database, Tx } from '../../platform/db/client.js';
import { ApiError, fieldError, permissionDenied, tooManyRequests } from '../../platform/errors.js';
import { forEachOrganisation, type JobRunner, type Task } from '../../platform/jobs.js';
import type { Mail } from '../../platform/mail.js';
import type { Ctx } from '../../platform/request-context.js';
import { derivedSecret } from '../../platform/secrets.js';
import { newSecret } from '../../platform/tokens.js';
import { memberSigningIn, type MemberProfile } from '../membership/index.js';
import { activeTemplate, drainSoon, queueMessages, templateIdByName, type TemplateRow } from '../messaging/index.js';
import { MODULE, SIGN_IN_TASK, SIGN_IN_TEMPLATE } from './constants.js';
import { endUser, endUserCode } from './schema.js';
import { openSession } from './sessions.js';
import { readSettings } from './settings.service.js';

type Channel = 'sms' | 'email';
const HOUR_MS = 3600_000;
/** First key of the two-key advisory locks on sign-in limits (apart from the throttle's and the jobs'). */
const LOCK_SPACE = 727_274_127;

function secretHash(ctx: Ctx, text: string): string {
  return createHmac('sha256', derivedSecret(ctx.config, 'end-user sign-in')).update(text).digest('hex');
}
const codeHashOf = (ctx: Ctx, phone: string, code: string) => secretHash(ctx, `${ctx.organisationId}:sms:${phone}:${code}`);
const tokenHashOf = (ctx: Ctx, token: string) => secretHash(ctx, `${ctx.organisationId}:email:${token}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function lock(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key}))`);
}

/** How many rows in the last hour match, and when the oldest of them leaves the window (seconds from now). */
async function lastHour(tx: Tx, ctx: Ctx, where: ReturnType<typeof and>): Promise<{ count: number; retryAfter: number }> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${endUserCode.createdAt})::text` })
    .from(endUserCode)
    .where(and(eq(endUserCode.organisationId, ctx.organisationId), gt(endUserCode.createdAt, new Date(Date.now() - HOUR_MS)), where));
  const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
  return { count: Number(row.n), retryAfter: Math.max(1, Math.ceil((oldest + HOUR_MS - Date.now()) / 1000)) };
}

/**
 * Records one request for a code (or a link) after the limits: answers the row's id, or throws a
 * 429 with Retry-After. The same for any phone or address.
 */
export async function takeSignInRequest(tx: Tx, ctx: Ctx, channel: Channel, address: string): Promise<number> {
  const ip = ctx.actor.ip;
  // Always the device's lock first, then the address's: parallel requests queue, never deadlock.
  await lock(tx, `${ctx.organisationId}:ip:${ip}`);
  await lock(tx, `${ctx.organisationId}:${channel}:${address}`);
  const byAddress = await lastHour(tx, ctx, and(eq(endUserCode.channel, channel), eq(endUserCode.address, address)));
  if (byAddress.count >= OTP_PER_ADDRESS_PER_HOUR) {
    const what = channel === 'sms' ? 'codes for this number' : 'sign-in links for this address';
    throw tooManyRequests(`Too many ${what}. Try again in ${Math.ceil(byAddress.retryAfter / 60)} minutes.`, byAddress.retryAfter);
  }
  const byIp = await lastHour(tx, ctx, eq(endUserCode.ip, ip));
  if (byIp.count >= OTP_PER_IP_PER_HOUR)
    throw tooManyRequests(
      `Too many sign-in requests from this device. Try again in ${Math.ceil(byIp.retryAfter / 60)} minutes.`,
      byIp.retryAfter,
    );
  const minutes = channel === 'sms' ? OTP_LIFETIME_MINUTES : LINK_LIFETIME_MINUTES;
  const [row] = await tx
    .insert(endUserCode)
    .values({
      organisationId: ctx.organisationId,
      channel,
      address,
      expiresAt: new Date(Date.now() + minutes * 60_000),
      ip,
    })
    .returning({ id: endUserCode.id });
  return row.id;
}

/** The runner the sign-in job asks to drain the SMS it queued (set when the module's routes are registered). */
const runners = new WeakMap<Database, JobRunner>();
export const rememberRunner = (app: FastifyInstance) => runners.set(app.db, app.jobs);

interface SignInJob {
  organisation: number;
  code: number;
}

export const queueSignIn = (app: FastifyInstance, ctx: Ctx, code: number) =>
  app.jobs.add(SIGN_IN_TASK, { organisation: ctx.organisationId, code } satisfies SignInJob);

/** The member the phone or address signs in, when the settings let them sign in (blocked ones too: a right code tells them they are blocked). */
async function whoMaySignIn(
  tx: Tx,
  ctx: Ctx,
  by: { phone: string } | { email: string },
): Promise<{ person: MemberProfile; endUser: typeof endUser.$inferSelect | undefined } | null> {
  const settings = await readSettings(tx, ctx);
  if (settings.login_mode === 'off') return null;
  const person = await memberSigningIn(tx, ctx, by);
  if (!person) return null;
  const [found] = await tx
    .select()
    .from(endUser)
    .where(and(eq(endUser.organisationId, ctx.organisationId), eq(endUser.memberId, person.id)))
    .for('update');
  if (settings.login_mode === 'invited' && !found?.invitedAt) return null;
  return { person, endUser: found };
}

/**
 * The organisation's sign-in template when it can carry the code: active and with `{code}`.
 */
async function signInTemplate(tx: Tx, ctx: Ctx): Promise<TemplateRow | null> {
  const id = await templateIdByName(tx, ctx, SIGN_IN_TEMPLATE.module, SIGN_IN_TEMPLATE.name);
  if (id == null) return null;
  const row = await activeTemplate(tx, ctx, id, 'sms').catch(() => null);
  if (!row || !row.body.includes('{code}')) return null;
  return row;
}

/** The job: fills the code's hash and sends it when the phone or address may sign in; otherwise nothing. Answers the mail to send after the commit. */
export async function sendSignIn(tx: Tx, ctx: Ctx, codeId: number): Promise<{ sms: boolean; mail: Mail | null }> {
  const [row] = await tx
    .select()
    .from(endUserCode)
    .where(and(eq(endUserCode.organisationId, ctx.organisationId), eq(endUserCode.id, codeId), eq(endUserCode.codeHash, '')))
    .for('update');
  if (!row || row.usedAt || row.expiresAt <= new Date()) return { sms: false, mail: null };
  const who = await whoMaySignIn(tx, ctx, row.channel === 'sms' ? { phone: row.address } : { email: row.address });
  if (!who) return { sms: false, mail: null };
  const org = ctx.organisation.displayName;
  if (row.channel === 'sms') {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx
      .update(endUserCode)
      .set({ codeHash: codeHashOf(ctx, row.address, code) })
      .where(eq(endUserCode.id, row.id));
    const sms = (template: TemplateRow | null) =>
      queueMessages(tx, ctx, {
        channel: 'sms',
        module: 'membership',
        ...(template ? { template } : { text: SIGN_IN_TEMPLATE.body, system: true }),
        recipients: [
          {
            kind: 'member',
            id: who.person.id,
            name: who.person.full_name,
            phone: row.address,
            email: '',
            values: { code, organisation: org, minutes: String(OTP_LIFETIME_MINUTES) },
          },
        ],
        source: 'sign_in',
        sourceId: row.id,
        transactional: true,
        // Staff reading the messaging log must not be able to sign in as the member.
        secrets: [code],
      });
    // A template the provider would refuse (MSG91 without its DLT template id) gives way to the built-in text.
    const template = await signInTemplate(tx, ctx);
    await (template
      ? sms(template).catch((err: unknown) => {
          if (err instanceof ApiError && 'template' in err.body) return sms(null);
          throw err;
        })
      : sms(null));
    return { sms: true, mail: null };
  }
  const token = newSecret();
  await tx
    .update(endUserCode)
    .set({ codeHash: tokenHashOf(ctx, token) })
    .where(eq(endUserCode.id, row.id));
  const link = `${organisationOrigin(ctx.config, ctx.organisation.subdomain)}/me/sign-in?token=${token}`;
  return {
    sms: false,
    mail: {
      to: row.address,
      subject: `Sign in to ${org}`,
      text: `Hello ${who.person.full_name},\n\nTo sign in to ${org}'s member app, open this link:\n\n${link}\n\nThe link is valid for ${LINK_LIFETIME_MINUTES} minutes and can be used once. If it was not you, ignore this e-mail.\n`,
    },
  };
}

export const signInTask: Task = {
  name: SIGN_IN_TASK,
  async run(payload, task) {
    const job = payload as SignInJob;
    let outcome: { sms: boolean; mail: Mail | null } = { sms: false, mail: null };
    await forEachOrganisation(
      task,
      'member sign-in',
      async (tx, ctx) => {
        outcome = await sendSignIn(tx, ctx, job.code);
      },
      job.organisation,
    );
    if (outcome.mail) await task.mailer.send(outcome.mail);
    const runner = runners.get(task.db);
    if (outcome.sms && runner) await drainSoon(runner, job.organisation);
  },
};

type Outcome = { ok: SignInResponse } | { error: 'wrong' | 'dead' | 'blocked' };

/** Answers an outcome as the API does: the key and member, a field error, or the blocked 403. */
export function answer(outcome: Outcome, field: 'code' | 'token'): SignInResponse {
  if ('ok' in outcome) return outcome.ok;
  if (outcome.error === 'blocked') throw permissionDenied(BLOCKED_DETAIL);
  if (outcome.error === 'dead') throw fieldError(field, CODE_DEAD);
  throw fieldError(field, field === 'code' ? CODE_WRONG : LINK_WRONG);
}

/** A right code or link: the member's session, or why not (their end user made at the first sign-in in the "everyone" mode). */
async function signIn(tx: Tx, ctx: Ctx, by: { phone: string } | { email: string }, remember: boolean, channel: Channel): Promise<Outcome> {
  const who = await whoMaySignIn(tx, ctx, by);
  if (!who) return { error: 'wrong' };
  if (who.endUser?.status === 'blocked') return { error: 'blocked' };
  let eu = who.endUser;
  if (!eu) [eu] = await tx.insert(endUser).values({ organisationId: ctx.organisationId, memberId: who.person.id }).returning();
  const { key, session } = await openSession(tx, ctx, eu.id, remember);
  await tx.update(endUser).set({ lastLoginAt: ctx.now.instant, updatedAt: new Date() }).where(eq(endUser.id, eu.id));
  const member: MeMember = who.person;
  await record(
    tx,
    { ...ctx.actor, actorEmail: `member:${member.member_code}` },
    {
      module: MODULE,
      resource: 'end_user',
      objectId: eu.id,
      label: `${member.full_name} (${member.member_code})`,
      action: 'login',
      after: { channel, remember, session: session.id },
    },
  );
  return { ok: { key, member: { ...member } } };
}

/** The code row a check is about (locked), or null when there is none still usable (used or expired). */
async function usableCode(tx: Tx, ctx: Ctx, channel: Channel, match: SQL) {
  const [row] = await tx
    .select()
    .from(endUserCode)
    .where(and(eq(endUserCode.organisationId, ctx.organisationId), eq(endUserCode.channel, channel), match))
    .orderBy(desc(endUserCode.createdAt), desc(endUserCode.id))
    .limit(1)
    .for('update');
  return row && !row.usedAt && row.expiresAt > ctx.now.instant ? row : null;
}

const markUsed = (tx: Tx, ctx: Ctx, id: number) => tx.update(endUserCode).set({ usedAt: ctx.now.instant }).where(eq(endUserCode.id, id));

/** Checks a phone's code: the newest one sent counts; a wrong one uses up one of its 5 tries (kept even though the answer is an error). */
export async function verifyCode(tx: Tx, ctx: Ctx, input: { phone: string; code: string; remember: boolean }): Promise<Outcome> {
  const row = await usableCode(tx, ctx, 'sms', and(eq(endUserCode.address, input.phone), sql`${endUserCode.codeHash} <> ''`)!);
  if (!row) return { error: 'wrong' };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { error: 'dead' };
  if (!sameHash(codeHashOf(ctx, input.phone, input.code), row.codeHash)) {
    const attempts = row.attempts + 1;
    await tx.update(endUserCode).set({ attempts }).where(eq(endUserCode.id, row.id));
    return { error: attempts >= OTP_MAX_ATTEMPTS ? 'dead' : 'wrong' };
  }
  await markUsed(tx, ctx, row.id);
  return signIn(tx, ctx, { phone: input.phone }, input.remember, 'sms');
}

/** Checks an e-mailed link's token: single use, 15 minutes. */
export async function verifyLink(tx: Tx, ctx: Ctx, input: { token: string; remember: boolean }): Promise<Outcome> {
  const row = await usableCode(tx, ctx, 'email', eq(endUserCode.codeHash, tokenHashOf(ctx, input.token)));
  if (!row) return { error: 'wrong' };
  await markUsed(tx, ctx, row.id);
  return signIn(tx, ctx, { email: row.address }, input.remember, 'email');
}
