import type { RegistrationInput, User } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, record } from '../../platform/audit.js';
import { authenticateKey } from '../../platform/auth.js';
import { organisationOrigin, type Config } from '../../platform/config.js';
import type { OrganisationRow, UserRow } from '../../platform/context.js';
import { REVOCATION_GRACE_MS, settleInvalidations, withTenant, type Queryable } from '../../platform/db/client.js';
import type { TaskContext } from '../../platform/jobs.js';
import { badRequest, fieldError, tooManyRequests } from '../../platform/errors.js';
import { queueMail } from '../../platform/mail-queue.js';
import { clearEvents, removeEvent, takeSlot } from '../../platform/throttle.js';
import { keyExpired } from '../../platform/tokens.js';
import { appUser, organisation } from '../../platform/db/schema.js';
import { centre } from '../administrator/index.js';
import { organisationJson, planName } from '../../platform/organisations.js';
import { subscriptionStanding } from '../../platform/subscription-guard.js';
import { consumeKey, issueKey, retireKeys } from './one-time-keys.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { issueSessionKey, revokeKey, revokeUserKeys } from './sessions.js';

export const INVALID_CREDENTIALS = 'Unable to log in with provided credentials.';
export const EMAIL_NOT_VERIFIED = 'E-mail is not verified. Please open the link in the verification e-mail we sent you.';
export const INVALID_KEY = 'This link is invalid or has expired.';
export const RESET_SENT = 'Password reset e-mail has been sent.';
export const LOCKED_OUT = 'Too many failed login attempts for this account. Try again in 15 minutes.';
export const ALREADY_REGISTERED_SUBJECT = 'You already have an Arena account';
const LOGIN_WINDOW_MS = 15 * 60_000;
const RESET_WINDOW_MS = 3600_000;

const device = (request: FastifyRequest) => ({ userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip });

export function findUserByEmail(app: FastifyInstance, email: string): Promise<UserRow | null> {
  return userByEmail(app.db, email);
}

async function userByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(appUser)
    .where(sql`lower(${appUser.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

export async function userJson(app: FastifyInstance, user: UserRow): Promise<User> {
  let org: OrganisationRow | undefined;
  if (user.organisationId) [org] = await app.db.select().from(organisation).where(eq(organisation.id, user.organisationId));
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role_name: user.roleName,
    is_owner: user.isOwner,
    account_number: org?.accountNumber ?? null,
    due_date: org?.dueDate ?? null,
    ...(({ state, graceUntil }) => ({ subscription_state: state, grace_until: graceUntil }))(
      org ? subscriptionStanding(org) : { state: 'active' as const, graceUntil: null },
    ),
    center_id: user.centerId,
    organisation: org
      ? (({ id, display_name, display_picture, subdomain, time_zone }) => ({ id, display_name, display_picture, subdomain, time_zone }))(
          organisationJson(app.config, org, await planName(app.db, org)),
        )
      : null,
  };
}

/**
 * Signs up. An address that already has an account gets the same answer as a new one (so sign-up
 * does not reveal which addresses have accounts); its owner is mailed a password-reset link
 * instead, and nothing is created. The password is hashed either way, so both take as long.
 */
export async function register(app: FastifyInstance, request: FastifyRequest, input: RegistrationInput): Promise<void> {
  const passwordHash = await hashPassword(input.password1);
  const key = await app.db.transaction(async (tx) => {
    // The unique index on lower(email) decides, so two sign-ups racing for one address cannot both create it.
    const [user] = await tx
      .insert(appUser)
      .values({ email: input.email, passwordHash, firstName: input.first_name, lastName: input.last_name })
      .onConflictDoNothing()
      .returning({ id: appUser.id });
    return user ? issueKey(tx, user.id, 'verify_email') : null;
  });
  if (key) await sendVerification(app, input.email, input.first_name, key);
  else await mailExistingAccount(app, request, input.email);
}

async function sendVerification(app: FastifyInstance, email: string, firstName: string, key: string): Promise<void> {
  const link = `${organisationOrigin(app.config, null)}/accounts/confirm-email/${key}`;
  await queueMail(app, {
    to: email,
    subject: 'Confirm your e-mail address for Arena',
    text: `Hello ${firstName || 'there'},\n\nPlease confirm your e-mail address by opening this link:\n\n${link}\n\nThe link is valid for 3 days. If you did not sign up for Arena, ignore this e-mail.\n`,
  });
}

/**
 * Someone signed up with an address that has an account: tell its owner, with a password-reset
 * link in case they forgot. Shares the reset requests' hourly limit, so sign-up cannot be used
 * to flood an inbox; over the limit (or for a deactivated account) nothing is sent.
 */
async function mailExistingAccount(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  const user = await findUserByEmail(app, email);
  if (!user || !user.isActive) return;
  const slot = await takeSlot(app.db, resetBucket(user.email), RESET_WINDOW_MS, app.config.RESET_MAX_PER_HOUR, request.ip);
  if (slot === null) return;
  const token = await issueKey(app.db, user.id, 'password_reset');
  const host = request.organisation;
  const link = resetLink(app.config, host && user.organisationId === host.id ? host.subdomain : null, user.id, token);
  await queueMail(app, {
    to: user.email,
    subject: ALREADY_REGISTERED_SUBJECT,
    text: `Hello ${user.firstName || 'there'},\n\nSomeone, perhaps you, tried to sign up for Arena with this e-mail address, but you already have an Arena account. If you forgot your password, choose a new one with this link:\n\n${link}\n\nThe link is valid for 24 hours and can be used once. If it was not you, ignore this e-mail; your account and password stay as they are.\n`,
  });
}

export async function resendVerification(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app, email);
  if (!user || user.emailVerifiedAt) return;
  const bucket = `verify:${email.toLowerCase()}`;
  if ((await takeSlot(app.db, bucket, RESET_WINDOW_MS, app.config.RESET_MAX_PER_HOUR, '')) === null) return;
  await sendVerification(app, user.email, user.firstName, await issueKey(app.db, user.id, 'verify_email'));
}

export async function verifyEmail(app: FastifyInstance, key: string): Promise<void> {
  const userId = await consumeKey(app.db, key, 'verify_email');
  if (!userId) throw badRequest(INVALID_KEY);
  await app.db
    .update(appUser)
    .set({ emailVerifiedAt: sql`coalesce(${appUser.emailVerifiedAt}, now())` })
    .where(eq(appUser.id, userId));
}

/** The per-account bucket of login attempts (whether or not the account exists). */
export const loginBucket = (email: string) => `login:${email.toLowerCase()}`;
const resetBucket = (email: string) => `reset:${email.toLowerCase()}`;

/**
 * Password login. On an organisation's host only its users may log in; on the provider host
 * anyone. An account with too many recent failures is refused even with the right password.
 *
 * The attempt is counted before the (slow) password check, atomically with the check of the
 * limit (see `takeSlot`), so a burst of parallel guesses gets at most LOGIN_MAX_FAILURES
 * password checks, not one per request. A successful login clears the account's failures; a
 * right password on an unverified account does not count as a failure.
 */
export async function loginWithPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; password: string; remember?: boolean },
) {
  const email = input.email.toLowerCase();
  const bucket = loginBucket(email);
  const attempt = await takeSlot(app.db, bucket, LOGIN_WINDOW_MS, app.config.LOGIN_MAX_FAILURES, request.ip);
  const user = await findUserByEmail(app, email);
  if (attempt === null) {
    if (user) await recordSessionEvent(app, request, user, 'locked_out');
    throw tooManyRequests(LOCKED_OUT, LOGIN_WINDOW_MS / 1000);
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  const host = request.organisation;
  if (!user || !ok || !user.isActive || (host && user.organisationId !== host.id)) {
    if (user) await recordSessionEvent(app, request, user, 'login_failed');
    throw badRequest({ non_field_errors: [INVALID_CREDENTIALS] });
  }
  if (!user.emailVerifiedAt) {
    await removeEvent(app.db, attempt);
    throw badRequest({ non_field_errors: [EMAIL_NOT_VERIFIED] });
  }
  await clearEvents(app.db, bucket);
  return startSession(app, request, user, input.remember ?? false);
}

/**
 * Exchanges a valid key (e.g. one that travelled in `/login?token=`) for a fresh one and revokes
 * it. The fresh key keeps the presented key's creation time, so exchanging keys cannot outlive
 * the absolute lifetime; and the revocation decides, so two requests racing with one key cannot
 * both get a fresh key.
 */
export async function loginWithKey(app: FastifyInstance, request: FastifyRequest, token: string, remember?: boolean) {
  const presented = await authenticateKey(app.db, token, request.organisation);
  if (!presented) throw badRequest({ non_field_errors: [INVALID_CREDENTIALS] });
  const revoked = await revokeKey(app.db, presented.tokenId);
  await settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS });
  if (!revoked || keyExpired(revoked)) throw badRequest({ non_field_errors: [INVALID_CREDENTIALS] });
  // The fresh key keeps the presented key's birth and may not be remembered longer than it was.
  return startSession(app, request, presented.user, revoked.remember && (remember ?? true), revoked.createdAt);
}

type SessionEvent = 'login_failed' | 'locked_out' | 'logout';

/**
 * Audits a failed login, a refused (locked) one or a logout in the user's organisation; users
 * without one (the provider's) have no audit trail. A failed or locked attempt has no actor (it
 * is not known who tried): the account is the object.
 */
async function recordSessionEvent(app: FastifyInstance, request: FastifyRequest, user: UserRow, event: SessionEvent): Promise<void> {
  const organisationId = user.organisationId;
  if (!organisationId) return;
  await withTenant(app.db, organisationId, (tx) =>
    record(tx, actorOf(request, organisationId), {
      module: 'Administrator Management',
      resource: 'session',
      objectId: user.id,
      label: user.email,
      action: event === 'logout' ? 'logout' : 'action',
      after: { event },
    }),
  );
}

async function startSession(app: FastifyInstance, request: FastifyRequest, user: UserRow, remember: boolean, createdAt?: Date) {
  const key = await issueSessionKey(app.db, user, remember, device(request), createdAt);
  if (user.organisationId) {
    await withTenant(app.db, user.organisationId, (tx) =>
      record(
        tx,
        { ...actorOf(request, user.organisationId!), actorId: user.id, actorEmail: user.email },
        { module: 'Administrator Management', resource: 'session', objectId: user.id, action: 'login' },
      ),
    );
  }
  return { key, user: await userJson(app, user) };
}

/** Revokes the key of this request (if it has a valid one) and audits the logout. */
export async function logout(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!request.auth) return;
  const revoked = await revokeKey(app.db, request.auth.tokenId);
  // Answered only once every instance has dropped the key (see settleInvalidations).
  await settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS });
  if (revoked) await recordSessionEvent(app, request, request.auth.user, 'logout');
}

export function resetLink(config: Config, subdomain: string | null, userId: number, token: string): string {
  const uid = Buffer.from(String(userId)).toString('base64url');
  return `${organisationOrigin(config, subdomain)}/password/reset/confirm/${uid}/${token}/`;
}

/** The job that looks up the account behind a reset request and mails it a link. */
export const PASSWORD_RESET_TASK = 'accounts.password-reset';
interface PasswordResetJob {
  email: string;
  /** The organisation host where it was asked (null: the provider's host). */
  organisationId: number | null;
  subdomain: string | null;
}

/**
 * Asks for a reset link to the address. The request does the same work whatever the address:
 * the per-address limit, then one job queued with what was asked (`sendPasswordReset` looks the
 * account up, issues the key and mails it), so neither the answer nor its time tells whether an
 * account exists.
 */
export async function requestPasswordReset(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  const slot = await takeSlot(app.db, resetBucket(email), RESET_WINDOW_MS, app.config.RESET_MAX_PER_HOUR, request.ip);
  if (slot === null)
    throw tooManyRequests('Too many password reset requests for this e-mail address. Try again in an hour.', RESET_WINDOW_MS / 1000);
  const host = request.organisation;
  const job: PasswordResetJob = { email, organisationId: host?.id ?? null, subdomain: host?.subdomain ?? null };
  await app.jobs.add(PASSWORD_RESET_TASK, job);
}

/**
 * The reset job: an active account of the host's organisation (any, on the provider's host) gets
 * a key and a mail with its link; any other address, nothing. A mail that fails is retried by the
 * job, with a fresh key (an unused one expires on its own in 24 hours).
 */
export async function sendPasswordReset(payload: unknown, { db, config, mailer }: TaskContext): Promise<void> {
  const job = payload as PasswordResetJob;
  const found = await userByEmail(db, job.email);
  const user = found && found.isActive && (job.organisationId === null || found.organisationId === job.organisationId) ? found : null;
  if (!user) return;
  const token = await issueKey(db, user.id, 'password_reset');
  await mailer.send({
    to: user.email,
    subject: 'Reset your Arena password',
    text: `Hello ${user.firstName || 'there'},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link:\n\n${resetLink(config, job.subdomain, user.id, token)}\n\nThe link is valid for 24 hours and can be used once. If it was not you, ignore this e-mail; your password stays as it is.\n`,
  });
}

export async function confirmPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  uid: string,
  token: string,
  password: string,
): Promise<void> {
  const userId = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(userId) || userId <= 0) throw badRequest({ uid: ['Invalid value'] });
  const passwordHash = await hashPassword(password);
  const user = await app.db.transaction(async (tx) => {
    // The same page sets the first password of an invited staff member (a 7-day `invite` key).
    const owner = (await consumeKey(tx, token, 'password_reset', userId)) ?? (await consumeKey(tx, token, 'invite', userId));
    if (!owner) throw badRequest({ token: ['Invalid value'] });
    await retireKeys(tx, userId, 'password_reset');
    await retireKeys(tx, userId, 'invite');
    await revokeUserKeys(tx, userId);
    const [updated] = await tx
      .update(appUser)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${appUser.emailVerifiedAt}, now())` })
      .where(eq(appUser.id, userId))
      .returning();
    return updated;
  });
  await settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS });
  await clearEvents(app.db, loginBucket(user.email));
  if (user.organisationId) {
    await withTenant(app.db, user.organisationId, (tx) =>
      record(
        tx,
        { ...actorOf(request, user.organisationId!), actorId: user.id, actorEmail: user.email },
        { module: 'Administrator Management', resource: 'user', objectId: user.id, action: 'action', after: { event: 'password_reset' } },
      ),
    );
  }
}

export interface UserChanges {
  first_name?: string;
  last_name?: string;
  center_id?: number | null;
}

export async function updateUser(app: FastifyInstance, request: FastifyRequest, changes: UserChanges): Promise<User> {
  const user = request.auth!.user;
  if (changes.center_id != null) {
    if (!user.organisationId) throw fieldError('center_id', `Invalid pk "${changes.center_id}" - object does not exist.`);
    const [found] = await withTenant(app.db, user.organisationId, (tx) =>
      tx
        .select({ id: centre.id })
        .from(centre)
        .where(and(eq(centre.id, changes.center_id!), eq(centre.organisationId, user.organisationId!))),
    );
    if (!found) throw fieldError('center_id', `Invalid pk "${changes.center_id}" - object does not exist.`);
  }
  const values = { firstName: changes.first_name, lastName: changes.last_name, centerId: changes.center_id };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return userJson(app, user);
  const update = async (db: typeof app.db | Parameters<Parameters<typeof app.db.transaction>[0]>[0]) =>
    (await db.update(appUser).set(set).where(eq(appUser.id, user.id)).returning())[0];
  const updated = user.organisationId
    ? await withTenant(app.db, user.organisationId, async (tx) => {
        const row = await update(tx);
        await record(tx, actorOf(request, user.organisationId!), {
          module: 'Administrator Management',
          resource: 'user',
          objectId: user.id,
          action: 'update',
          before: { first_name: user.firstName, last_name: user.lastName, center_id: user.centerId },
          after: { first_name: row.firstName, last_name: row.lastName, center_id: row.centerId },
        });
        return row;
      })
    : await update(app.db);
  await settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS }); // every instance's cached user has the new name and centre
  return userJson(app, updated);
}
