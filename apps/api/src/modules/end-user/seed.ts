/**
 * The demo's member app (Demo Sports Club only): member login on for everyone; 40 members with app
 * access and sign-in history over the last six weeks (some devices signed out, two members
 * blocked); ten announcements across audiences and statuses, with some reach. The member whose
 * phone is DEMO_MEMBER_PHONE always has access (README: "Sign in as a demo member"). Runs after the
 * modules' history (the memberships exist then).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { centre } from '../administrator/index.js';
import { addDays } from '../../platform/time.js';
import { bookAsMember, memberAvailability, memberFacilities } from '../booking/index.js';
import { memberFeedAudience, memberMembershipDues, memberSigningIn, runningMemberIds } from '../membership/index.js';
import { settleOrderWithin } from '../payments/index.js';
import { createRequest, myRequests } from './me-desk.service.js';
import { payDue, payerOf } from './me-money.service.js';
import { settleFeed } from './feed.service.js';
import { endUser, endUserFeed, endUserFeedSeen, endUserSession, endUserSettings } from './schema.js';

/** The demo member's phone (the membership seed's first member): sign in at demo.localhost:PORT/me with it. */
export const DEMO_MEMBER_PHONE = '9800000000';
const DAY_MS = 86_400_000;
const AGENTS = [
  'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 Chrome/127 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1',
];

export async function seedEndUsers(tx: Tx, ctx: Ctx): Promise<void | DemoHistory> {
  if (ctx.organisation.subdomain !== 'demo') return;
  return { steps: [], after: () => seedMemberApp(tx, ctx) };
}

async function seedMemberApp(tx: Tx, ctx: Ctx): Promise<void> {
  const org = ctx.organisationId;
  const now = ctx.now.instant.getTime();
  const at = (daysAgo: number, hour = 9) => new Date(now - daysAgo * DAY_MS - ((hour * 37) % 600) * 60_000);
  await tx
    .insert(endUserSettings)
    .values({ organisationId: org, loginMode: 'everyone' })
    .onConflictDoUpdate({ target: endUserSettings.organisationId, set: { loginMode: 'everyone' } });

  const demo = await memberSigningIn(tx, ctx, { phone: DEMO_MEMBER_PHONE });
  const running = await runningMemberIds(tx, ctx, 60);
  const ids = [...new Set([...(demo ? [demo.id] : []), ...running])].slice(0, 40);
  for (const [i, memberId] of ids.entries()) {
    const blocked = i === 7 || i === 23;
    const sessions = 1 + (i % 4);
    const idle = i % 5 === 4;
    const firstDay = (idle ? 70 : 42) - (i % 20);
    const [user] = await tx
      .insert(endUser)
      .values({
        organisationId: org,
        memberId,
        status: blocked ? 'blocked' : 'active',
        blockedAt: blocked ? at(3 + (i % 5)) : null,
        createdAt: at(firstDay),
        updatedAt: at(1),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    let last: Date | null = null;
    for (let s = 0; s < sessions; s++) {
      // The last sign-in of most is this week; one in five has not opened the app for over 30 days.
      const daysAgo =
        s === sessions - 1 && !blocked
          ? idle
            ? 31 + (i % 9)
            : i % 7
          : firstDay - Math.floor(((s + 1) * firstDay) / (sessions + 1)) - (i % 3);
      const opened = at(Math.max(0, idle && s < sessions - 1 ? daysAgo + 30 : daysAgo), 7 + s * 3);
      const used = new Date(Math.min(idle ? now - 31 * DAY_MS : now, opened.getTime() + ((i + s) % 6) * DAY_MS));
      const revoked = blocked || (s < sessions - 1 && (i + s) % 3 === 0);
      await tx.insert(endUserSession).values({
        organisationId: org,
        endUserId: user.id,
        keyHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        remember: s % 2 === 0,
        userAgent: AGENTS[(i + s) % AGENTS.length],
        ip: `10.0.${i % 255}.${s + 10}`,
        createdAt: opened,
        lastUsedAt: used,
        revokedAt: revoked ? new Date(Math.min(now, used.getTime() + 3600_000)) : null,
      });
      if (!last || opened > last) last = opened;
    }
    await tx
      .update(endUser)
      .set({ lastLoginAt: last })
      .where(and(eq(endUser.organisationId, org), eq(endUser.id, user.id)));
  }

  // Audiences: the demo member's centre, plan and batch (so they see those), and another centre.
  const mine = demo ? await memberFeedAudience(tx, ctx, demo.id) : null;
  const centres = await tx.select({ id: centre.id }).from(centre).where(eq(centre.organisationId, org)).orderBy(centre.id);
  const other = centres.find((c) => c.id !== mine?.centre)?.id ?? null;
  type Item = Partial<typeof endUserFeed.$inferInsert> & { title: string; body: string };
  const iso = (days: number) => new Date(now + days * DAY_MS);
  const items: Item[] = [
    {
      title: 'Welcome to the member app',
      body: 'See your membership, pay dues, book courts and check in with your phone. Questions? Ask at the front desk.',
      status: 'published',
      publishAt: iso(-30),
      pinned: true,
    },
    {
      title: 'Diwali timings',
      body: 'The club closes at 2 pm on Diwali. All batches resume the next morning. Happy Diwali!',
      status: 'published',
      publishAt: iso(-12),
    },
    {
      title: 'New spin bikes have arrived',
      body: 'Six new Keiser M3i bikes are in the spin studio. Book a class at https://demo.example.com/classes',
      status: 'published',
      publishAt: iso(-6),
    },
    {
      title: 'Pool maintenance on Sunday',
      body: 'The pool is closed on Sunday from 6 am to 12 noon for cleaning.',
      status: 'published',
      publishAt: iso(-20),
      expiresAt: iso(-10),
    },
    {
      title: 'Badminton doubles tournament',
      body: 'Entries open for the monthly doubles tournament. Register at the desk by Friday.',
      status: 'active',
      publishAt: iso(3),
      expiresAt: iso(20),
    },
    { title: 'Yoga workshop (draft)', body: 'A weekend workshop on breathing and mobility. Details to follow.', status: 'draft' },
  ];
  if (mine) {
    items.push({
      title: 'Your centre: locker room refurbished',
      body: 'The changing rooms at your centre have new lockers. Bring your own lock.',
      status: 'published',
      publishAt: iso(-4),
      audienceKind: 'centre',
      audienceId: mine.centre,
    });
    if (mine.plans[0])
      items.push({
        title: 'For your plan: free body-composition check',
        body: 'Members on your plan get a free body-composition check this month. Ask a trainer.',
        status: 'published',
        publishAt: iso(-2),
        audienceKind: 'plan',
        audienceId: mine.plans[0],
      });
    if (mine.batches[0])
      items.push({
        title: 'Batch update: new coach from Monday',
        body: 'Your batch welcomes a new coach from Monday. Timings stay the same.',
        status: 'published',
        publishAt: iso(-1),
        audienceKind: 'batch',
        audienceId: mine.batches[0],
      });
  }
  if (other)
    items.push({
      title: 'Second centre: parking closed this week',
      body: 'The parking at our second centre is closed for resurfacing; please use the street parking.',
      status: 'published',
      publishAt: iso(-3),
      audienceKind: 'centre',
      audienceId: other,
    });
  while (items.length < 10)
    items.push({
      title: 'Hydration tip',
      body: 'Drink water before, during and after your workout.',
      status: 'published',
      publishAt: iso(-8),
    });

  const users = await tx.select({ id: endUser.id }).from(endUser).where(eq(endUser.organisationId, org)).orderBy(endUser.id);
  for (const [n, item] of items.slice(0, 10).entries()) {
    const [row] = await tx
      .insert(endUserFeed)
      .values({
        organisationId: org,
        createdAt: at(35 - n),
        updatedAt: at(35 - n),
        publishedAt: item.status === 'published' ? item.publishAt : null,
        ...item,
      })
      .returning({ id: endUserFeed.id });
    await settleFeed(tx, ctx, row.id);
    // Reach: the everyone items seen by some of the members.
    if (item.status === 'published' && !item.audienceKind) {
      const seen = users.filter((_, i) => (i + n) % 3 !== 0);
      if (seen.length)
        await tx
          .insert(endUserFeedSeen)
          .values(seen.map((u) => ({ organisationId: org, feedId: row.id, endUserId: u.id })))
          .onConflictDoNothing();
    }
  }
  // Payments and bookings made in the app: a few members paid a due online and booked a court.
  await seedAppActivity(tx, ctx, ids);
}

/**
 * What members did in the app, as the app does it: dues paid online (an order through the payments
 * module, settled as the gateway's callback would) and courts booked for the coming days.
 */
async function seedAppActivity(tx: Tx, ctx: Ctx, memberIds: number[]): Promise<void> {
  let paid = 0;
  for (const memberId of memberIds) {
    if (paid >= 6) break;
    const [due] = (await memberMembershipDues(tx, ctx, memberId)).filter((d) => Number(d.due) > 0);
    if (!due) continue;
    const amount = Math.min(Number(due.due), 500 + paid * 250).toFixed(2);
    const order = await payDue(tx, ctx, memberId, { membership: due.membership, amount });
    await settleOrderWithin(tx, ctx, order.order, { status: 'paid', paymentId: `pay_demo_app_${paid + 1}` }, 'demo');
    paid++;
  }
  // Two requests waiting at the desk (Membership › Member Requests): a week's freeze and a cancellation.
  const asking = memberIds.slice(10, 20);
  const memberships = await Promise.all(asking.map(async (id) => ({ id, live: (await myRequests(tx, ctx, id)).memberships })));
  const [freezer, canceller] = memberships.filter((m) => m.live.length);
  if (freezer)
    await createRequest(tx, ctx, freezer.id, {
      kind: 'freeze',
      membership: freezer.live[0].id,
      from: addDays(ctx.now.today, 3),
      days: 7,
      reason: 'Travel',
    });
  if (canceller) await createRequest(tx, ctx, canceller.id, { kind: 'cancel', membership: canceller.live[0].id, reason: 'Moving to Pune' });
  const [court] = (await memberFacilities(tx, ctx)) as { id: number }[];
  if (!court) return;
  for (const [i, memberId] of memberIds.slice(0, 5).entries()) {
    const date = addDays(ctx.now.today, 1 + i);
    const free = (await memberAvailability(tx, ctx, court.id, date))
      .flatMap((g) => g.time_slots)
      .filter((t) => t.booking_status === 'available');
    const slot = free[(i * 3) % Math.max(free.length, 1)];
    if (!slot) continue;
    const made = await bookAsMember(tx, ctx, await payerOf(tx, ctx, memberId), { facility: court.id, date, slots: [slot.id] });
    if (made.checkout_url)
      await settleOrderWithin(
        tx,
        ctx,
        made.checkout_url.split('/checkout/')[1],
        { status: 'paid', paymentId: `pay_demo_book_${i + 1}` },
        'demo',
      );
  }
}
