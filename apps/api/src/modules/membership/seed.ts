/**
 * Demo data of Membership Management (the `demo` organisation): realistic plans, services,
 * batches near capacity, performance items, and about 120 members in both centres — sold
 * through the same services as the desk (invoices, receipts), on the dates they happened: some
 * with part dues, some expiring this week, some lapsed, one frozen, renewals — plus three months
 * of attendance and measurements, so the dashboard, reports and today's actions show something true.
 * The sales are the seed's history (`DemoHistory`): planned here, made on their days among the other
 * modules' sales (so invoices are numbered in date order), then what reads them (a freeze,
 * statuses, attendance) once every module's history is written.
 */
import { memberInputSchema, membershipEndDate, renewalStart, shiftDays, type MemberInput } from '@arena/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { nowIn } from '../../platform/time.js';
import { centre, paymentMode, sport } from '../administrator/index.js';
import { demoCoaches } from '../staff/index.js';
import { createMember } from './member.service.js';
import { freezeMembership } from './freeze.service.js';
import { renewMembership, sellMembership, sellService } from './sales.service.js';
import {
  batch,
  batchMember,
  batchWaitlist,
  freezeReason,
  memberAttendance,
  memberPerformance,
  membership,
  performanceCategory,
  performanceItem,
  plan,
  service,
} from './schema.js';
import { refreshStatuses } from './status.js';
import { freeLapsedSeats } from './seats.js';

const FIRST_F = [
  'Asha',
  'Priya',
  'Kavya',
  'Meera',
  'Ananya',
  'Divya',
  'Sneha',
  'Pooja',
  'Lakshmi',
  'Nandini',
  'Shruti',
  'Aishwarya',
  'Deepa',
  'Ritu',
  'Swati',
];
const FIRST_M = [
  'Arjun',
  'Rahul',
  'Vikram',
  'Karthik',
  'Rohan',
  'Siddharth',
  'Aditya',
  'Manoj',
  'Suresh',
  'Naveen',
  'Harish',
  'Imran',
  'Joseph',
  'Ravi',
  'Varun',
];
const LAST = [
  'Nair',
  'Rao',
  'Reddy',
  'Iyer',
  'Sharma',
  'Gowda',
  'Menon',
  'Shetty',
  'Kulkarni',
  'Pillai',
  'Khan',
  'Patel',
  'Das',
  'Hegde',
  'Joshi',
  'DSouza',
];
const SOURCES = ['walk-in', 'walk-in', 'walk-in', 'referral', 'referral', 'online', 'enquiry', 'social-media'] as const;

/** A small deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** A ctx whose "today" is `date` (a sale made on that day is invoiced and paid that day). */
const on = (ctx: Ctx, date: string): Ctx => ({ ...ctx, now: nowIn(ctx.timeZone, new Date(`${date}T06:30:00Z`)) });

export async function seedMembership(tx: Tx, ctx: Ctx): Promise<DemoHistory | void> {
  if (ctx.organisation.subdomain !== 'demo') return;
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const rnd = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];

  const [centres, modes, sports] = await Promise.all([
    tx.select().from(centre).where(eq(centre.organisationId, org)).orderBy(centre.id),
    tx.select().from(paymentMode).where(eq(paymentMode.organisationId, org)),
    tx.select().from(sport).where(eq(sport.organisationId, org)),
  ]);
  if (!centres.length || !modes.length) return;
  const mode = (name: string) => (modes.find((m) => m.name === name) ?? modes[0]).id;
  const sportId = (name: string) => sports.find((s) => s.name.toLowerCase() === name.toLowerCase())?.id ?? null;

  // The owner's freeze reasons: a freeze picks one of them.
  await tx.insert(freezeReason).values(
    [
      ['Travel', 'Holidays, work trips, going home'],
      ['Medical', 'Illness, surgery, recovery'],
      ['Injury', 'Sports or other injuries'],
      ['Exams', 'Board exams, college exams'],
      ['Personal', 'Family events and other personal reasons'],
    ].map(([name, description]) => ({ organisationId: org, name, description })),
  );

  const plans = await tx
    .insert(plan)
    .values(
      [
        {
          name: 'Monthly',
          durationValue: 1,
          durationUnit: 'month' as const,
          price: '1500.00',
          joiningFee: '500.00',
          freezeMaxTimes: 1,
          freezeMaxDays: 7,
        },
        {
          name: 'Quarterly',
          durationValue: 3,
          durationUnit: 'month' as const,
          price: '4000.00',
          joiningFee: '500.00',
          freezeMaxTimes: 2,
          freezeMaxDays: 15,
        },
        {
          name: 'Half-yearly',
          durationValue: 6,
          durationUnit: 'month' as const,
          price: '7500.00',
          joiningFee: '0.00',
          freezeMaxTimes: 2,
          freezeMaxDays: 30,
        },
        {
          name: 'Yearly',
          durationValue: 12,
          durationUnit: 'month' as const,
          price: '12000.00',
          joiningFee: '0.00',
          freezeMaxTimes: 3,
          freezeMaxDays: 45,
          maxFreezesPerYear: 2,
          maxFreezeDaysPerYear: 30,
          minFreezeDays: 5,
        },
        {
          name: 'Personal Training 12 sessions',
          durationValue: 60,
          durationUnit: 'day' as const,
          sessions: 12,
          price: '9000.00',
          joiningFee: '0.00',
          freezeMaxTimes: 1,
          freezeMaxDays: 10,
          description: 'Twelve one-to-one sessions with a trainer, within two months.',
        },
      ].map((p) => ({ organisationId: org, ...p })),
    )
    .returning();
  const [monthly, quarterly, half, yearly, pt] = plans;

  const services = await tx
    .insert(service)
    .values([
      {
        organisationId: org,
        name: 'Personal training (monthly)',
        price: '3000.00',
        durationDays: 30,
        sessions: 12,
        description: 'Three sessions a week with a trainer.',
      },
      {
        organisationId: org,
        name: 'Locker',
        price: '300.00',
        durationDays: 30,
        gstRates: [{ rate: 18, from: '2017-07-01' }],
        sacCode: '999729',
      },
      {
        organisationId: org,
        name: 'Physiotherapy',
        price: '2500.00',
        durationDays: 30,
        sessions: 5,
        description: 'Five sessions with the physiotherapist.',
      },
    ])
    .returning();

  const main = centres[0].id;
  const second = centres[1]?.id ?? main;
  const batches = await tx
    .insert(batch)
    .values([
      {
        organisationId: org,
        name: 'Morning Yoga',
        centreId: main,
        sportId: sportId('yoga'),
        weekdays: [1, 2, 3, 4, 5, 6],
        startTime: '06:00:00',
        endTime: '07:00:00',
        capacity: 20,
      },
      {
        organisationId: org,
        name: 'Evening Zumba',
        centreId: main,
        sportId: null,
        weekdays: [1, 3, 5],
        startTime: '18:30:00',
        endTime: '19:30:00',
        capacity: 25,
      },
      {
        organisationId: org,
        name: 'Kids Badminton',
        centreId: second,
        sportId: sportId('badminton'),
        weekdays: [6, 7],
        startTime: '09:00:00',
        endTime: '10:30:00',
        capacity: 16,
      },
    ])
    .returning();

  const [strength, cardio, body] = await tx
    .insert(performanceCategory)
    .values([
      { organisationId: org, name: 'Strength', description: 'Lifts and body-weight exercises.' },
      { organisationId: org, name: 'Cardio', description: 'Endurance.' },
      { organisationId: org, name: 'Body composition', description: 'Weight and measurements.' },
    ])
    .returning();
  const items = await tx
    .insert(performanceItem)
    .values([
      { organisationId: org, name: 'Bench press', categoryId: strength.id, unit: 'kg' },
      { organisationId: org, name: 'Push-ups', categoryId: strength.id, unit: 'reps' },
      { organisationId: org, name: '5 km run', categoryId: cardio.id, unit: 'min' },
      { organisationId: org, name: 'Body weight', categoryId: body.id, unit: 'kg' },
      { organisationId: org, name: 'Body fat', categoryId: body.id, unit: '%' },
    ])
    .returning();

  // ---- members and their memberships ----
  // Members are written now; each sale is a dated step, its end dates worked out as the sale
  // service works them out, so the plan (and every random draw) is what selling at once would make.
  const steps: DemoHistory['steps'] = [];
  const running: { id: number; membershipId: number; start: string; centre: number }[] = [];
  for (let i = 0; i < 120; i++) {
    const female = rnd() < 0.45;
    const first = female ? FIRST_F[i % FIRST_F.length] : FIRST_M[i % FIRST_M.length];
    const last = LAST[(i * 7) % LAST.length];
    const centreId = i % 3 === 2 ? second : main;
    // Joined between ~7 months and today; the story of each member follows from when.
    const joinedDaysAgo = Math.floor(rnd() * 210);
    const joined = shiftDays(today, -joinedDaysAgo);
    const input: MemberInput = memberInputSchema.parse({
      first_name: first,
      last_name: last,
      gender: female ? 'female' : 'male',
      date_of_birth: shiftDays('1998-01-01', -Math.floor(rnd() * 9000) + 2000),
      phone: `9${String(800000000 + i * 7919).padStart(9, '0')}`,
      email: `${first}.${last}${i}@example.com`.toLowerCase(),
      address: pick([
        'Indiranagar, Bengaluru',
        'Koramangala, Bengaluru',
        'HSR Layout, Bengaluru',
        'Whitefield, Bengaluru',
        'Jayanagar, Bengaluru',
      ]),
      centre: centreId,
      emergency_contact_name: `${pick(FIRST_M)} ${last}`,
      emergency_contact_phone: `9${String(700000000 + i * 6007).padStart(9, '0')}`,
      blood_group: pick(['A+', 'B+', 'O+', 'AB+', 'O-', '']),
      health_notes: i % 9 === 0 ? 'Mild asthma; carries an inhaler.' : i % 13 === 0 ? 'Knee surgery in 2023: no deep squats.' : '',
      source: pick(SOURCES),
      joined_on: joined,
      notes: '',
    });
    const sold = on(ctx, joined);
    const created = await createMember(tx, sold, input, null);
    const id = created.member.id;
    if (i >= 114) continue; // a few enquiries that became members without a plan yet

    const choice = rnd();
    const p = choice < 0.45 ? monthly : choice < 0.7 ? quarterly : choice < 0.82 ? half : choice < 0.92 ? yearly : pt;
    const discount = rnd() < 0.15 ? 200 : 0;
    const total = Number(p.price) - discount + Number(p.joiningFee);
    // Most pay in full; one in five leaves a due.
    const payNow = rnd() < 0.8 ? total : Math.round((total * (0.4 + rnd() * 0.4)) / 100) * 100;
    const member = { id, membershipId: 0, start: joined, centre: centreId };
    const joining = {
      member: id,
      plan: p.id,
      start_date: joined,
      discount: discount.toFixed(2),
      payment: { amount: payNow.toFixed(2), payment_mode: mode(rnd() < 0.6 ? 'UPI' : 'Cash'), reference: '', notes: '' },
      notes: '',
    };
    steps.push({ date: joined, run: async () => void (member.membershipId = await sellMembership(tx, sold, joining)) });
    // Renew most monthly/quarterly members whose plan ran out, on the day after it ended.
    let end = membershipEndDate(joined, p.durationValue, p.durationUnit);
    for (let round = 0; round < 6; round++) {
      if (end >= today || rnd() < 0.25) break;
      const renewOn = shiftDays(end, rnd() < 0.7 ? 0 : 3);
      if (renewOn > today) break;
      const renewal = {
        discount: '0.00',
        payment: { amount: String(Number(p.price)), payment_mode: mode(rnd() < 0.6 ? 'UPI' : 'Cash'), reference: '', notes: '' },
        notes: '',
      };
      steps.push({
        date: renewOn,
        run: async () => void (member.membershipId = await renewMembership(tx, on(ctx, renewOn), member.membershipId, renewal)),
      });
      end = membershipEndDate(renewalStart(end, renewOn), p.durationValue, p.durationUnit);
    }
    running.push(member);
  }

  // Services for some members.
  for (const r of running.slice(0, 24)) {
    const s = services[r.id % services.length];
    const start = shiftDays(today, -Math.floor(rnd() * 40));
    const sale = {
      member: r.id,
      service: s.id,
      start_date: start,
      staff: null,
      discount: '0.00',
      payment: rnd() < 0.75 ? { amount: s.price, payment_mode: mode('UPI'), reference: '', notes: '' } : null,
      notes: '',
    };
    steps.push({ date: start, run: async () => void (await sellService(tx, on(ctx, start), sale)) });
  }

  // What reads the sales, once every module's history is written.
  const after = async () => {
    // The batches' coaches: the demo's Coach staff (Staff Management seeds them before this runs).
    const coaches = await demoCoaches(tx, ctx);
    if (coaches.length)
      for (const [i, b] of batches.entries())
        await tx
          .update(batch)
          .set({ coachId: coaches[i % coaches.length] })
          .where(and(eq(batch.organisationId, org), eq(batch.id, b.id)));
    // One member frozen for a trip right now.
    const frozen = running.find((r) => r.start < shiftDays(today, -20));
    if (frozen) {
      const [m] = await tx
        .select()
        .from(membership)
        .where(and(eq(membership.organisationId, org), eq(membership.id, frozen.membershipId)));
      if (m.endDate > shiftDays(today, 3) && m.startDate <= shiftDays(today, -2)) {
        const [p] = await tx.select().from(plan).where(eq(plan.id, m.planId));
        if (p.freezeMaxDays >= 5)
          await freezeMembership(tx, on(ctx, shiftDays(today, -2)), m.id, {
            from_date: shiftDays(today, -2),
            to_date: shiftDays(today, Math.min(p.freezeMaxDays, 10) - 3),
            reason: 'Travel',
          });
      }
    }

    // Batches close to full.
    const joins: (typeof batchMember.$inferInsert)[] = [];
    const fill = (b: (typeof batches)[number], centreId: number, from: number, n: number) => {
      for (const r of running.filter((x) => x.centre === centreId).slice(from, from + Math.min(n, b.capacity)))
        joins.push({ organisationId: org, batchId: b.id, memberId: r.id, joinedOn: r.start });
    };
    fill(batches[1], main, 18, 22);
    fill(batches[2], second, 0, 14);
    if (joins.length) await tx.insert(batchMember).values(joins).onConflictDoNothing();
    for (const b of batches)
      await tx
        .update(batch)
        .set({ memberCount: sql`(select count(*) from batch_member where organisation_id = ${org} and batch_id = ${b.id})` })
        .where(eq(batch.id, b.id));

    await refreshStatuses(tx, ctx);
    await seedMorningYoga(tx, ctx, batches[0].id, main);

    // Three months of attendance for members on a running or past membership (bulk).
    const visits: (typeof memberAttendance.$inferInsert)[] = [];
    const memberships = await tx
      .select({
        id: membership.id,
        memberId: membership.memberId,
        start: membership.startDate,
        end: membership.endDate,
        centreId: membership.centreId,
        status: membership.status,
        sessions: membership.sessionsTotal,
      })
      .from(membership)
      .where(and(eq(membership.organisationId, org), sql`${membership.cancelledAt} is null`))
      .orderBy(membership.memberId, membership.startDate);
    for (const m of memberships) {
      const habit = 0.35 + ((m.memberId * 37) % 40) / 100; // 35–75 % of days
      for (let d = 90; d >= 0; d--) {
        const date = shiftDays(today, -d);
        // Session packs are visits with a trainer, counted on their own; a frozen member is away.
        if (m.sessions !== null || date < m.start || date > m.end || m.status === 'frozen') continue;
        if (rnd() > habit) continue;
        const morning = m.memberId % 2 === 0;
        const hour = morning ? 6 + Math.floor(rnd() * 3) : 17 + Math.floor(rnd() * 3);
        const minute = Math.floor(rnd() * 60);
        const checkIn = new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);
        // Today, the evening people are still to come and a few morning people are still in.
        if (d === 0 && checkIn.getTime() > Date.now()) continue;
        const stillIn = d === 0 && rnd() < 0.3;
        visits.push({
          organisationId: org,
          memberId: m.memberId,
          membershipId: m.id,
          centreId: m.centreId,
          date,
          checkIn,
          checkOut: stillIn ? null : new Date(checkIn.getTime() + (60 + Math.floor(rnd() * 45)) * 60_000),
          source: rnd() < 0.4 ? 'qr' : 'desk',
          spentSession: false, // a time membership: no sessions to spend
        });
      }
    }
    for (let i = 0; i < visits.length; i += 1000)
      await tx
        .insert(memberAttendance)
        .values(visits.slice(i, i + 1000))
        .onConflictDoNothing();

    // Measurements every two weeks for a dozen members: steady progress.
    const measures: (typeof memberPerformance.$inferInsert)[] = [];
    for (const r of running.slice(0, 12)) {
      const base = {
        'Bench press': 30 + (r.id % 25),
        'Push-ups': 10 + (r.id % 15),
        '5 km run': 38 - (r.id % 8),
        'Body weight': 62 + (r.id % 25),
        'Body fat': 24 + (r.id % 8),
      };
      for (let k = 0; k < 6; k++) {
        const date = shiftDays(today, -75 + k * 14);
        if (date < r.start) continue;
        for (const item of items) {
          const start = base[item.name as keyof typeof base];
          const step =
            item.name === 'Bench press'
              ? 2.5
              : item.name === 'Push-ups'
                ? 2
                : item.name === '5 km run'
                  ? -0.6
                  : item.name === 'Body weight'
                    ? -0.7
                    : -0.5;
          measures.push({ organisationId: org, memberId: r.id, itemId: item.id, value: (start + step * k).toFixed(2), date });
        }
      }
    }
    if (measures.length) await tx.insert(memberPerformance).values(measures);
  };
  return { steps, after };
}

/**
 * Morning Yoga as the desk finds it: full of members on running plans, three whose plan ended a
 * few days ago (lapsed, their seats kept for the grace days), one whose plan ended weeks ago (the
 * seat is freed and offered to the first of the two members on the waiting list).
 */
async function seedMorningYoga(tx: Tx, ctx: Ctx, batchId: number, centreId: number): Promise<void> {
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const pick = async (condition: ReturnType<typeof sql>, n: number) =>
    (
      await queryRows<{ id: string | number }>(
        tx,
        sql`select mb.id from member mb where mb.organisation_id = ${org} and mb.centre_id = ${centreId} and mb.is_active
              and not exists (select 1 from batch_member x where x.organisation_id = mb.organisation_id and x.member_id = mb.id and x.batch_id = ${batchId})
              and ${condition} order by mb.id limit ${n}`,
      )
    ).map((r) => Number(r.id));
  const ended = (from: number, to: number) =>
    sql`not exists (select 1 from membership m where m.organisation_id = mb.organisation_id and m.member_id = mb.id
                      and m.cancelled_at is null and m.end_date >= ${today}::date)
        and exists (select 1 from membership m where m.organisation_id = mb.organisation_id and m.member_id = mb.id
                      and m.cancelled_at is null and m.end_date between ${shiftDays(today, from)}::date and ${shiftDays(today, to)}::date)`;
  const lapsed = await pick(ended(-6, -1), 3);
  const gone = await pick(ended(-60, -15), 1);
  const held = await pick(sql`mb.status in ('active', 'expiring', 'frozen')`, 20 - lapsed.length - gone.length);
  const joinedOn = shiftDays(today, -90);
  const rows = [...held, ...lapsed, ...gone].map((memberId) => ({ organisationId: org, batchId, memberId, joinedOn }));
  if (rows.length) await tx.insert(batchMember).values(rows).onConflictDoNothing();
  await tx
    .update(batch)
    .set({ memberCount: sql`(select count(*) from batch_member where organisation_id = ${org} and batch_id = ${batchId})` })
    .where(and(eq(batch.organisationId, org), eq(batch.id, batchId)));
  const waiting = await pick(
    sql`mb.status in ('active', 'expiring') and not exists (select 1 from batch_member y where y.organisation_id = mb.organisation_id and y.member_id = mb.id)`,
    2,
  );
  if (waiting.length)
    await tx
      .insert(batchWaitlist)
      .values(waiting.map((memberId) => ({ organisationId: org, batchId, memberId, note: 'Asked at the desk' })));
  // The seat of the member gone weeks ago is freed and offered to the first in line.
  await freeLapsedSeats(tx, ctx, [batchId]);
}
