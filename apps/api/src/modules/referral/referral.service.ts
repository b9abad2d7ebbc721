/**
 * Refer and earn (issue 23 §3): every organisation's code, the link a registration carries it
 * through, and the free month both organisations get when the referred one pays its first
 * subscription — exactly once (`referral_reward` is unique per referred organisation).
 */
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { normalisePhone } from '@arena/contracts';
import type { Referral, ReferralOverview, ReferralState } from '@arena/contracts/referral';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { organisationOrigin, type Config } from '../../platform/config.js';
import type { OrganisationRow } from '../../platform/context.js';
import type { Queryable, Tx } from '../../platform/db/client.js';
import { appUser, organisation, subscriptionPlan } from '../../platform/db/schema.js';
import { fieldError } from '../../platform/errors.js';
import type { OrganisationRegistration } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { dateInZone } from '../../platform/time.js';
import { MODULE } from './constants.js';
import { referralReward } from './schema.js';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export const UNKNOWN_CODE = 'This referral code is not valid.';
export const SELF_REFERRAL = 'An organisation cannot refer itself: this code belongs to an organisation with your e-mail or phone.';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * The organisation's code, made if it has none (the setup hook of every new organisation; the
 * migration gave every older one theirs). A code another organisation holds is never taken: the
 * statement checks it, and a (vanishingly rare) clash tries another.
 */
export async function ensureReferralCode(db: Queryable, organisationId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newReferralCode();
    await db.execute(sql`
      update organisation set referral_code = ${code}
      where id = ${organisationId} and referral_code is null
        and not exists (select 1 from organisation other where other.referral_code = ${code})`);
    const [row] = await db.select({ code: organisation.referralCode }).from(organisation).where(eq(organisation.id, organisationId));
    if (!row) throw new Error(`organisation ${organisationId} not found`);
    if (row.code) return row.code;
  }
  throw new Error('could not make a referral code');
}

/** An e-mail as a person owns it: lower-case, without a `+tag` ("Owner+2@Club.in" → "owner@club.in"). */
export function ownerEmail(email: string): string {
  const [local, domain] = email.trim().toLowerCase().split('@');
  return domain === undefined ? local : `${local.split('+')[0]}@${domain}`;
}

/** The e-mails and phone an organisation is known by: its owners' and its own contact details. */
async function identityOf(db: Queryable, org: Pick<OrganisationRow, 'id' | 'email' | 'phone'>) {
  const owners = await db
    .select({ email: appUser.email })
    .from(appUser)
    .where(and(eq(appUser.organisationId, org.id), eq(appUser.isOwner, true)));
  const emails = new Set([...owners.map((o) => ownerEmail(o.email)), ...(org.email ? [ownerEmail(org.email)] : [])]);
  const phones = new Set(org.phone ? [normalisePhone(org.phone)] : []);
  return { emails, phones };
}

function sameOwner(a: { emails: Set<string>; phones: Set<string> }, b: { emails: Set<string>; phones: Set<string> }): boolean {
  for (const e of a.emails) if (b.emails.has(e)) return true;
  for (const p of a.phones) if (p && b.phones.has(p)) return true;
  return false;
}

/**
 * The manifest's `onOrganisationCreated`: the new organisation's code, and, when it registered
 * through a link, the link to its referrer. An unknown code or a code of the owner's own
 * organisation (same e-mail or phone) is a field error on `referral_code`, which undoes the
 * registration.
 */
export async function setUpReferral(tx: Tx, ctx: Ctx, registration?: OrganisationRegistration): Promise<void> {
  await ensureReferralCode(tx, ctx.organisationId);
  const code = registration?.referralCode?.trim().toUpperCase();
  if (!code) return;
  const [referrer] = await tx.select().from(organisation).where(eq(organisation.referralCode, code));
  if (!referrer || !referrer.isActive) throw fieldError('referral_code', UNKNOWN_CODE);
  if (referrer.id === ctx.organisationId) throw fieldError('referral_code', SELF_REFERRAL);
  const registrant = {
    emails: new Set([ownerEmail(registration!.owner.email)]),
    phones: new Set(registration!.phone ? [normalisePhone(registration!.phone)] : []),
  };
  if (sameOwner(registrant, await identityOf(tx, referrer))) throw fieldError('referral_code', SELF_REFERRAL);
  await tx.update(organisation).set({ referredById: referrer.id }).where(eq(organisation.id, ctx.organisationId));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'referral',
    objectId: ctx.organisationId,
    label: ctx.organisation.displayName,
    action: 'create',
    after: { referred_by: referrer.id, referral_code: code },
  });
}

/** One calendar month later, the day kept where the month has it (Jan 31 → Feb 28/29), as PostgreSQL's `+ interval '1 month'`. */
export function addOneMonth(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export interface ReferralRewarded {
  referrerId: number;
  referredId: number;
  referrerDueDate: string;
  referredDueDate: string;
}

/**
 * The free month of a referral, for the subscription module's `onPaid` of an organisation's first
 * paid subscription (`ctx` is the paying organisation's). When the organisation was referred and
 * not yet rewarded, both organisations' due dates move one month on from max(due date, their own
 * today) and the reward is recorded; otherwise nothing changes (null). Exactly once however often
 * or concurrently it runs: both rows are locked (in id order, so two calls never deadlock) and
 * `referral_reward` is unique per referred organisation. A referrer that turns out to be the same
 * owner (e-mail or phone, as the profile now says) earns nothing.
 */
export async function rewardReferral(tx: Tx, ctx: Ctx): Promise<ReferralRewarded | null> {
  const [me] = await tx.select().from(organisation).where(eq(organisation.id, ctx.organisationId));
  if (!me?.referredById) return null;
  const ids = [me.id, me.referredById].sort((a, b) => a - b);
  const rows = await tx.select().from(organisation).where(inArray(organisation.id, ids)).orderBy(asc(organisation.id)).for('update');
  const referred = rows.find((r) => r.id === me.id)!;
  const referrer = rows.find((r) => r.id === me.referredById);
  if (!referrer) return null;
  const [done] = await tx.select({ id: referralReward.id }).from(referralReward).where(eq(referralReward.referredId, referred.id));
  if (done) return null;
  if (sameOwner(await identityOf(tx, referred), await identityOf(tx, referrer))) return null;

  const moved = (org: OrganisationRow) => {
    const today = dateInZone(ctx.now.instant, org.timeZone);
    return addOneMonth(org.dueDate && org.dueDate > today ? org.dueDate : today);
  };
  const referrerDueDate = moved(referrer);
  const referredDueDate = moved(referred);
  const [reward] = await tx
    .insert(referralReward)
    .values({
      referrerId: referrer.id,
      referredId: referred.id,
      referrerDueBefore: referrer.dueDate,
      referrerDueAfter: referrerDueDate,
      referredDueBefore: referred.dueDate,
      referredDueAfter: referredDueDate,
    })
    .onConflictDoNothing()
    .returning({ id: referralReward.id });
  if (!reward) return null;
  const now = new Date();
  await tx.update(organisation).set({ dueDate: referrerDueDate, updatedAt: now }).where(eq(organisation.id, referrer.id));
  await tx.update(organisation).set({ dueDate: referredDueDate, updatedAt: now }).where(eq(organisation.id, referred.id));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'referral_reward',
    objectId: reward.id,
    label: `Referral reward: ${referrer.displayName} and ${referred.displayName}`,
    action: 'create',
    before: { due_date: referred.dueDate, referrer_due_date: referrer.dueDate },
    after: { due_date: referredDueDate, referrer: referrer.id, referrer_due_date: referrerDueDate },
  });
  return { referrerId: referrer.id, referredId: referred.id, referrerDueDate, referredDueDate };
}

const MAX_LISTED = 500;

export function referralLink(config: Config, code: string): string {
  return `${organisationOrigin(config, null)}/?ref=${encodeURIComponent(code)}`;
}

/**
 * An organisation's code, link and the organisations registered through it (newest first), each
 * with where it stands: rewarded, paid (on a paid plan), trial (its trial is over, unpaid) or
 * signed up (its trial is running).
 */
export async function referralOverview(
  db: Queryable,
  config: Config,
  org: OrganisationRow,
  instant = new Date(),
): Promise<ReferralOverview> {
  const code = org.referralCode ?? (await ensureReferralCode(db, org.id));
  const rows = await db
    .select({
      id: organisation.id,
      displayName: organisation.displayName,
      createdAt: organisation.createdAt,
      dueDate: organisation.dueDate,
      timeZone: organisation.timeZone,
      isTrial: subscriptionPlan.isTrial,
      rewardedAt: referralReward.rewardedAt,
    })
    .from(organisation)
    .leftJoin(subscriptionPlan, eq(subscriptionPlan.id, organisation.subscriptionPlanId))
    .leftJoin(referralReward, eq(referralReward.referredId, organisation.id))
    .where(eq(organisation.referredById, org.id))
    .orderBy(sql`${organisation.createdAt} desc`, sql`${organisation.id} desc`)
    .limit(MAX_LISTED);
  const referrals: Referral[] = rows.map((r) => {
    const state: ReferralState = r.rewardedAt
      ? 'rewarded'
      : r.isTrial === false
        ? 'paid'
        : r.dueDate && dateInZone(instant, r.timeZone) > r.dueDate
          ? 'trial'
          : 'signed_up';
    return {
      id: r.id,
      display_name: r.displayName,
      registered_on: dateInZone(r.createdAt, org.timeZone),
      state,
      rewarded_on: r.rewardedAt ? dateInZone(r.rewardedAt, org.timeZone) : null,
    };
  });
  const [{ asReferrer }] = await db.select({ asReferrer: count() }).from(referralReward).where(eq(referralReward.referrerId, org.id));
  const [own] = await db.select({ id: referralReward.id }).from(referralReward).where(eq(referralReward.referredId, org.id));
  const link = referralLink(config, code);
  const shareText = `Run your sports centre on Arena. Sign up with my link and we both get a free month: ${link}`;
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    code,
    link,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    share_text: shareText,
    whatsapp_url: `https://wa.me/?text=${encodeURIComponent(shareText)}`,
    months_earned: Number(asReferrer) + (own ? 1 : 0),
    referrals,
  };
}

/** The organisation row of the signed-in owner (the provider host has none of its own). */
export async function organisationOf(db: Queryable, organisationId: number): Promise<OrganisationRow | null> {
  const [row] = await db
    .select()
    .from(organisation)
    .where(and(eq(organisation.id, organisationId), eq(organisation.isActive, true)));
  return row ?? null;
}
