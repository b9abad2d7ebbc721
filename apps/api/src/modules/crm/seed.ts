/**
 * CRM's demo data: forty enquiries over the last year across sources and statuses (some converted,
 * linked to real demo members), each open one with one to three follow-ups and its next follow-up
 * overdue, today or ahead; a dozen complaints (open, and closed with resolutions); two contact
 * groups. Written after the members' history (the `after` step), assigned to demo staff.
 */
import { ENQUIRY_SOURCES } from '@arena/contracts/crm';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays } from '../../platform/time.js';
import { centre } from '../administrator/index.js';
import { memberAudience } from '../membership/index.js';
import { templateIdByName } from '../messaging/index.js';
import { demoDeskStaff } from '../staff/index.js';
import { createPromotion } from './promotion.service.js';
import { complaint, contactGroup, enquiry, followUp } from './schema.js';

const FIRST = [
  'Aarav',
  'Diya',
  'Kabir',
  'Ananya',
  'Vihaan',
  'Isha',
  'Arjun',
  'Meera',
  'Reyansh',
  'Saanvi',
  'Aditya',
  'Kiara',
  'Rohan',
  'Tara',
  'Nikhil',
  'Pooja',
  'Siddharth',
  'Riya',
  'Varun',
  'Nisha',
];
const LAST = ['Kulkarni', 'Iyer', 'Reddy', 'Nair', 'Gowda', 'Joshi', 'Bhat', 'Rao', 'Das', 'Kapoor'];
const INTERESTS = [
  'Weight loss',
  'Strength training',
  'Yoga mornings',
  'Badminton coaching',
  'Swimming for kids',
  'Personal training',
  'Zumba',
  'Marathon prep',
];
const OUTCOMES = [
  'Asked for the price list; will visit on the weekend.',
  'Busy, call back later.',
  'Visited and took the trial session.',
  'Comparing with a gym nearby.',
  'Wants the quarterly plan with a discount.',
];
const REASONS = ['Moved to another city.', 'Joined a gym closer to home.', 'Budget too high.', 'Not reachable after three calls.'];
const SUBJECTS = [
  ['Shower water is cold in the mornings', 'The men’s shower has no hot water before 7 am.'],
  ['Treadmill 3 is noisy', 'The belt squeaks at higher speeds.'],
  ['Locker key missing', 'Lost the locker key; asked for a replacement.'],
  ['Trainer came late', 'The 6 am batch started 15 minutes late twice this week.'],
  ['AC not cooling in the studio', 'The yoga studio is too warm in the evening batch.'],
  ['Parking is full', 'No space for two-wheelers after 6 pm.'],
];

export async function seedCrm(tx: Tx, ctx: Ctx): Promise<DemoHistory> {
  return { steps: [], after: () => seedCrmNow(tx, ctx) };
}

async function seedCrmNow(tx: Tx, ctx: Ctx): Promise<void> {
  const org = ctx.organisationId;
  const centres = (await tx.select({ id: centre.id }).from(centre).where(eq(centre.organisationId, org))).map((c) => c.id);
  if (!centres.length) return;
  const staff = await demoDeskStaff(tx, ctx);
  const members = await memberAudience(tx, ctx, { audience: 'active_members' }, 200);
  const today = ctx.now.today;
  const at = (daysAgo: number, hour = 11) => new Date(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:30:00+05:30`);
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
  let converted = 0;
  for (let i = 0; i < 40; i++) {
    // The first sixteen arrived in the last four weeks, the rest over the year before.
    const daysAgo = i < 16 ? (i * 3) % 28 : 20 + ((i * 17) % 340);
    // Recent ones mostly open (a few already joined or closed this month); older ones a mix.
    const converting = (i >= 16 ? i % 3 === 0 : i % 5 === 4) && converted < members.length;
    const status = converting ? 'converted' : (i >= 16 ? i % 4 === 1 : i % 7 === 6) ? 'closed' : 'open';
    const member = status === 'converted' ? members[converted++] : null;
    const name = member ? member.name : `${pick(FIRST, i)} ${pick(LAST, i * 3 + 1)}`;
    const phone = member ? member.phone : `96${String(10000000 + i * 7919).padStart(8, '0')}`;
    const created = at(daysAgo, 9 + (i % 9));
    const next = status === 'open' ? addDays(today, (i % 9) - 4) : null; // overdue, today and ahead
    const [row] = await tx
      .insert(enquiry)
      .values({
        organisationId: org,
        name,
        phone,
        email: i % 2 ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com` : '',
        gender: i % 2 ? 'female' : 'male',
        source: pick([...ENQUIRY_SOURCES], i),
        interestedIn: pick(INTERESTS, i),
        assignedTo: staff.length ? pick(staff, i) : null,
        status,
        nextFollowUp: next,
        notes: i % 5 === 0 ? 'Prefers a call after 6 pm.' : '',
        centreId: pick(centres, i),
        memberId: member?.id ?? null,
        closeReason: status === 'closed' ? pick(REASONS, i) : '',
        closedAt: status === 'closed' ? at(Math.max(daysAgo - 5, 0)) : null,
        convertedAt: status === 'converted' ? at(Math.max(daysAgo - 3, 0)) : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: enquiry.id });
    if (status !== 'open') continue;
    const n = 1 + (i % 3);
    for (let k = 0; k < n; k++) {
      const date = addDays(today, -Math.max(daysAgo - k * 2, 0));
      await tx.insert(followUp).values({
        organisationId: org,
        enquiryId: row.id,
        date: date > today ? today : date,
        method: pick(['call', 'whatsapp', 'visit', 'call', 'sms'] as const, i + k),
        outcome: pick(OUTCOMES, i + k),
        nextFollowUp: k === n - 1 ? next : addDays(date, 2),
        staffId: staff.length ? pick(staff, i) : null,
        createdAt: at(Math.max(daysAgo - k * 2, 0), 12),
      });
    }
  }
  for (let i = 0; i < 12; i++) {
    const [subject, description] = pick(SUBJECTS, i);
    const m = members.length && i % 3 !== 2 ? members[(i * 5) % members.length] : null;
    const closed = i % 2 === 1;
    const created = at(2 + i * 4);
    await tx.insert(complaint).values({
      organisationId: org,
      memberId: m?.id ?? null,
      name: m ? '' : `${pick(FIRST, i + 7)} ${pick(LAST, i)}`,
      phone: m ? '' : `9${String(700000000 + i * 104729).slice(0, 9)}`,
      subject,
      description,
      priority: pick(['high', 'medium', 'low'] as const, i),
      assignedTo: staff.length ? pick(staff, i + 2) : null,
      centreId: pick(centres, i),
      status: closed ? 'closed' : 'open',
      resolution: closed ? 'Fixed by maintenance; the member was informed.' : '',
      resolvedAt: closed ? at(i * 4) : null,
      createdAt: created,
      updatedAt: created,
    });
  }
  const groups = await tx
    .insert(contactGroup)
    .values([
      {
        organisationId: org,
        name: 'Active members',
        description: 'Everyone with a running membership.',
        filter: { audience: 'active_members', plan: null, batch: null },
      },
      {
        organisationId: org,
        name: 'Open leads',
        description: 'Enquiries still open, for the monthly offer.',
        filter: { audience: 'open_enquiries', plan: null, batch: null },
      },
    ])
    .returning({ id: contactGroup.id, name: contactGroup.name });
  await seedPromotions(tx, ctx, groups.find((g) => g.name === 'Open leads')!.id);
}

/** Two promotions: the festive offer sent to the open leads (real messages through the engine), and a trial invite scheduled for next week. */
async function seedPromotions(tx: Tx, ctx: Ctx, leads: number): Promise<void> {
  const offer = await templateIdByName(tx, ctx, 'crm', 'Festive offer');
  const invite = await templateIdByName(tx, ctx, 'crm', 'Free trial invite');
  if (offer)
    await createPromotion(tx, ctx, {
      name: 'Festive offer',
      channel: 'sms',
      template: offer,
      audience: 'contact_group',
      param: leads,
      scheduled_at: null,
    });
  if (invite) {
    const nextWeek = new Date(`${addDays(ctx.now.today, 7)}T10:30:00+05:30`).toISOString();
    await createPromotion(tx, ctx, {
      name: 'Free trial week',
      channel: 'whatsapp',
      template: invite,
      audience: 'open_enquiries',
      param: null,
      scheduled_at: nextWeek,
    });
  }
}
