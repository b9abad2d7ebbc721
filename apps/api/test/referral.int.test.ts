import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardReferral } from '../src/modules/referral/index.js';
import { referralReward } from '../src/modules/referral/schema.js';
import { addOneMonth, ownerEmail, SELF_REFERRAL, UNKNOWN_CODE } from '../src/modules/referral/referral.service.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { auditLog, organisation, subscriptionPlan } from '../src/platform/db/schema.js';
import { systemCtx } from '../src/platform/request-context.js';
import { addDays, nowIn } from '../src/platform/time.js';
import { makeOrganisation } from './factories.js';
import {
  call,
  createTestApp,
  DESK,
  login,
  onPostgres,
  OWNER,
  PROVIDER_HOST,
  RIVERSIDE_HOST,
  RIVERSIDE_OWNER,
  verifiedNewUser,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
const today = () => nowIn('Asia/Kolkata').today;

const orgRow = async (id: number) => (await ctx.handle.db.select().from(organisation).where(eq(organisation.id, id)))[0];
const orgBySubdomain = async (subdomain: string) =>
  (await ctx.handle.db.select().from(organisation).where(eq(organisation.subdomain, subdomain)))[0];

/** A new user registers an organisation on the provider host, with what else is given (a referral code, a phone). */
async function register(email: string, subdomain: string, extra: Record<string, string> = {}) {
  const key = await verifiedNewUser(ctx, email);
  return call(ctx.app, {
    method: 'POST',
    url: '/api/administrator/organisation/',
    host: PROVIDER_HOST,
    token: key,
    payload: { display_name: `${subdomain} club`, subdomain, ...extra },
  });
}

const overview = async (token: string, host = PROVIDER_HOST) => call(ctx.app, { method: 'GET', url: '/api/referral/', host, token });

/** Runs rewardReferral as the paying organisation's subscription module would, in its tenant transaction. */
const reward = async (id: number) => {
  const org = await orgRow(id);
  return withTenant(ctx.handle.db, id, (tx) => rewardReferral(tx, systemCtx(ctx.config, org, 'subscription')));
};

beforeAll(async () => {
  ctx = await createTestApp({}, { poolSize: 12 });
});
afterAll(async () => ctx?.close());

describe('referral codes', () => {
  it('gives every organisation a unique code: the seeded, the registered and the factories', async () => {
    const made = await makeOrganisation(ctx);
    const rows = await ctx.handle.db.select({ id: organisation.id, code: organisation.referralCode }).from(organisation);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.code, `organisation ${r.id}`).toMatch(/^[A-Z0-9]{6,}$/);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    expect((await orgRow(made.id)).referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('backfills the organisations that have none (the custom migration)', async () => {
    const file = fs.readdirSync(path.resolve(import.meta.dirname, '../src/db/migrations')).find((f) => /_referral_backfill\.sql$/.test(f))!;
    const backfill = fs.readFileSync(path.resolve(import.meta.dirname, '../src/db/migrations', file), 'utf8');
    const [a, b] = await ctx.handle.db
      .insert(organisation)
      .values([
        { subdomain: 'old-one', displayName: 'Old one', accountNumber: 'OLD1' },
        { subdomain: 'old-two', displayName: 'Old two', accountNumber: 'OLD2' },
      ])
      .returning();
    expect(a.referralCode).toBeNull();
    const before = (await orgBySubdomain('demo')).referralCode;
    await ctx.handle.db.execute(sql.raw(backfill));
    const [a2, b2] = [await orgRow(a.id), await orgRow(b.id)];
    expect(a2.referralCode).toMatch(/^[0-9A-F]{6,}$/);
    expect(b2.referralCode).toMatch(/^[0-9A-F]{6,}$/);
    expect(a2.referralCode).not.toBe(b2.referralCode);
    expect((await orgBySubdomain('demo')).referralCode).toBe(before);
  });

  it("answers the owner's code, link, share text and list on the provider host and the organisation's own", async () => {
    const demo = await orgBySubdomain('demo');
    const onProvider = await overview(await login(ctx.app, OWNER, PROVIDER_HOST));
    expect(onProvider.statusCode, onProvider.body).toBe(200);
    const body = onProvider.json();
    expect(body).toMatchObject({ code: demo.referralCode, link: `http://localhost:3000/?ref=${demo.referralCode}`, months_earned: 0 });
    expect(body.share_text).toContain(body.link);
    expect(Buffer.from(body.qr_svg.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(body.whatsapp_url).toBe(`https://wa.me/?text=${encodeURIComponent(body.share_text)}`);
    const onOwnHost = await overview(await login(ctx.app, OWNER), 'demo.localhost:3000');
    expect(onOwnHost.json().code).toBe(demo.referralCode);
  });

  it('is the owner’s alone: staff 403, no key 401', async () => {
    expect((await overview(await login(ctx.app, DESK), 'demo.localhost:3000')).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/referral/', host: PROVIDER_HOST })).statusCode).toBe(401);
  });
});

describe('registering through a referral link', () => {
  it('links the new organisation to its referrer and lists it as signed up (the code in any case)', async () => {
    const demo = await orgBySubdomain('demo');
    const res = await register('referred1@example.com', 'referred-one', { referral_code: demo.referralCode!.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    const made = await orgBySubdomain('referred-one');
    expect(made.referredById).toBe(demo.id);
    expect(made.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const list = (await overview(await login(ctx.app, OWNER, PROVIDER_HOST))).json().referrals;
    expect(list).toEqual([
      { id: made.id, display_name: 'referred-one club', registered_on: today(), state: 'signed_up', rewarded_on: null },
    ]);
    // The registration is in the new organisation's logs.
    const rows = await withTenant(ctx.handle.db, made.id, (tx) => tx.select().from(auditLog).where(eq(auditLog.resource, 'referral')));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown code with a field error and registers nothing', async () => {
    const res = await register('referred2@example.com', 'referred-two', { referral_code: 'NOSUCHCODE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ referral_code: [UNKNOWN_CODE] });
    expect(await orgBySubdomain('referred-two')).toBeUndefined();
    const bad = await register('referred2b@example.com', 'referred-two-b', { referral_code: 'has spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().referral_code).toEqual(['Enter a valid referral code.']);
  });

  it('refuses a self-referral by the same owner e-mail or phone', async () => {
    const demo = await orgBySubdomain('demo');
    await ctx.handle.db
      .update(organisation)
      .set({ email: 'Boss@Club.example.com', phone: '9876543210' })
      .where(eq(organisation.id, demo.id));
    const byEmail = await register('boss+second@club.example.com', 'self-one', { referral_code: demo.referralCode! });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json()).toEqual({ referral_code: [SELF_REFERRAL] });
    const byPhone = await register('someone@else.example.com', 'self-two', { referral_code: demo.referralCode!, phone: '+91 98765 43210' });
    expect(byPhone.statusCode).toBe(400);
    expect(byPhone.json()).toEqual({ referral_code: [SELF_REFERRAL] });
    expect(await orgBySubdomain('self-one')).toBeUndefined();
    expect(await orgBySubdomain('self-two')).toBeUndefined();
    // The same user can still register without the code.
    const plain = await call(ctx.app, {
      method: 'POST',
      url: '/api/administrator/organisation/',
      host: PROVIDER_HOST,
      token: await login(ctx.app, { email: 'someone@else.example.com', password: 'Founder#2026' }, PROVIDER_HOST),
      payload: { display_name: 'Plain club', subdomain: 'self-two', phone: '98765 43210' },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await orgBySubdomain('self-two')).referredById).toBeNull();
    expect(ownerEmail('Boss+x@Club.example.com')).toBe('boss@club.example.com');
  });

  it('shows a referrer only its own referrals', async () => {
    const riverside = await overview(await login(ctx.app, RIVERSIDE_OWNER, PROVIDER_HOST));
    expect(riverside.json().referrals).toEqual([]);
    expect(riverside.json().code).toBe((await orgBySubdomain('riverside')).referralCode);
    const onHost = await overview(await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST), RIVERSIDE_HOST);
    expect(onHost.json().referrals).toEqual([]);
  });
});

describe('rewardReferral', () => {
  it('adds a month to both due dates, from the later of the due date and today, exactly once', async () => {
    const demo = await orgBySubdomain('demo');
    // The referrer's subscription has lapsed: its month runs from today. The referred one's from its due date.
    await ctx.handle.db
      .update(organisation)
      .set({ dueDate: addDays(today(), -20) })
      .where(eq(organisation.id, demo.id));
    const referred = await orgBySubdomain('referred-one');
    const due = addDays(today(), 45);
    await ctx.handle.db.update(organisation).set({ dueDate: due }).where(eq(organisation.id, referred.id));

    const first = await reward(referred.id);
    expect(first).toEqual({
      referrerId: demo.id,
      referredId: referred.id,
      referrerDueDate: addOneMonth(today()),
      referredDueDate: addOneMonth(due),
    });
    expect((await orgRow(demo.id)).dueDate).toBe(addOneMonth(today()));
    expect((await orgRow(referred.id)).dueDate).toBe(addOneMonth(due));

    expect(await reward(referred.id)).toBeNull();
    expect((await orgRow(demo.id)).dueDate).toBe(addOneMonth(today()));
    expect((await orgRow(referred.id)).dueDate).toBe(addOneMonth(due));
    expect(await ctx.handle.db.select().from(referralReward).where(eq(referralReward.referredId, referred.id))).toHaveLength(1);

    const page = (await overview(await login(ctx.app, OWNER, PROVIDER_HOST))).json();
    expect(page.months_earned).toBe(1);
    expect(page.referrals[0]).toMatchObject({ id: referred.id, state: 'rewarded', rewarded_on: today() });
  });

  it('does nothing for an organisation nobody referred', async () => {
    const plain = await orgBySubdomain('self-two');
    const before = plain.dueDate;
    expect(await reward(plain.id)).toBeNull();
    expect((await orgRow(plain.id)).dueDate).toBe(before);
  });

  it('keeps a month within its calendar (Jan 31 → Feb 28)', () => {
    expect(addOneMonth('2027-01-31')).toBe('2027-02-28');
    expect(addOneMonth('2028-01-31')).toBe('2028-02-29');
    expect(addOneMonth('2026-12-15')).toBe('2027-01-15');
  });

  it('shows trial and paid referrals', async () => {
    const demo = await orgBySubdomain('demo');
    expect((await register('referred3@example.com', 'referred-three', { referral_code: demo.referralCode! })).statusCode).toBe(201);
    expect((await register('referred4@example.com', 'referred-four', { referral_code: demo.referralCode! })).statusCode).toBe(201);
    const three = await orgBySubdomain('referred-three');
    const four = await orgBySubdomain('referred-four');
    await ctx.handle.db
      .update(organisation)
      .set({ dueDate: addDays(today(), -2) })
      .where(eq(organisation.id, three.id));
    const [pro] = await ctx.handle.db
      .insert(subscriptionPlan)
      .values({ name: 'Pro (referral test)', durationDays: 30, modules: ['Booking Management'], price: '999' })
      .returning();
    await ctx.handle.db.update(organisation).set({ subscriptionPlanId: pro.id }).where(eq(organisation.id, four.id));
    const list = (await overview(await login(ctx.app, OWNER, PROVIDER_HOST))).json().referrals as { id: number; state: string }[];
    expect(Object.fromEntries(list.map((r) => [r.id, r.state]))).toMatchObject({ [three.id]: 'trial', [four.id]: 'paid' });
  });

  it('rewards once when many payments report at the same time', async () => {
    const demo = await orgBySubdomain('demo');
    const four = await orgBySubdomain('referred-four');
    const demoDue = (await orgRow(demo.id)).dueDate!;
    const fourDue = (await orgRow(four.id)).dueDate!;
    const results = await Promise.all(Array.from({ length: onPostgres ? 10 : 4 }, () => reward(four.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ctx.handle.db.select().from(referralReward).where(eq(referralReward.referredId, four.id))).toHaveLength(1);
    expect((await orgRow(demo.id)).dueDate).toBe(addOneMonth(demoDue));
    expect((await orgRow(four.id)).dueDate).toBe(addOneMonth(fourDue));
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from referral_reward where referrer_id = ${demo.id}`,
    );
    expect(n).toBe(2);
  });
});
