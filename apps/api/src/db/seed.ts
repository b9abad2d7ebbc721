import type { ModuleName } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows, withTenant, type Database } from '../platform/db/client.js';
import { addDays, dateInZone } from '../platform/time.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { addDefaultPaymentModes, TRIAL_DAYS, trialPlan } from '../modules/administrator/organisation.service.js';
import { seedBooking } from './seed-booking.js';
import { appUser, centre, organisation } from './schema/index.js';

export const DEMO = {
  url: 'http://demo.localhost:3000/',
  organisations: [
    {
      subdomain: 'demo',
      displayName: 'Demo Sports Club',
      centres: ['Main Centre', 'Riverside Centre'],
      users: [
        {
          email: 'owner@demo.example.com',
          password: 'ArenaDemo#2026',
          firstName: 'Asha',
          lastName: 'Menon',
          roleName: 'Owner',
          owner: true,
          modules: [] as ModuleName[],
        },
        {
          email: 'desk@demo.example.com',
          password: 'ArenaDesk#2026',
          firstName: 'Ravi',
          lastName: 'Kumar',
          roleName: 'Front Desk',
          owner: false,
          modules: ['Membership Management', 'Booking Management', 'CRM Management'] as ModuleName[],
        },
      ],
    },
    {
      subdomain: 'riverside',
      displayName: 'Riverside Athletics',
      centres: ['Riverside Arena'],
      users: [
        {
          email: 'owner@riverside.example.com',
          password: 'ArenaDemo#2026',
          firstName: 'Imran',
          lastName: 'Shaikh',
          roleName: 'Owner',
          owner: true,
          modules: [] as ModuleName[],
        },
      ],
    },
  ],
} as const;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: organisation.id }).from(organisation).limit(1);
  return !row;
}

/**
 * Creates the demo organisations, their centres and users. Idempotent by subdomain: an
 * organisation that exists is left as it is. Later issues add their module's demo data here.
 */
export async function seedDemo(db: Database): Promise<void> {
  const planId = await trialPlan(db);
  for (const spec of DEMO.organisations) {
    const [existing] = await db.select().from(organisation).where(eq(organisation.subdomain, spec.subdomain));
    if (existing) continue;
    const [{ next }] = await queryRows<{ next: string }>(db, sql`select nextval('organisation_account_seq')::text as next`);
    const [org] = await db
      .insert(organisation)
      .values({
        subdomain: spec.subdomain,
        displayName: spec.displayName,
        accountNumber: `ARN${next}`,
        subscriptionPlanId: planId,
        dueDate: addDays(dateInZone(new Date(), 'Asia/Kolkata'), TRIAL_DAYS),
        email: `hello@${spec.subdomain}.example.com`,
      })
      .returning();
    await withTenant(db, org.id, async (tx) => {
      for (const name of spec.centres)
        await tx.insert(centre).values({ organisationId: org.id, name, city: 'Bengaluru', state: 'Karnataka' });
      await addDefaultPaymentModes(tx, org.id);
      if (spec.subdomain === 'demo') await seedBooking(tx, org.id, org.timeZone);
    });
    for (const u of spec.users) {
      await db.insert(appUser).values({
        email: u.email,
        passwordHash: await hashPassword(u.password),
        firstName: u.firstName,
        lastName: u.lastName,
        roleName: u.roleName,
        organisationId: org.id,
        isOwner: u.owner,
        grantedModules: [...u.modules],
        emailVerifiedAt: new Date(),
      });
    }
  }
}

export function demoLoginLines(): string[] {
  return DEMO.organisations.flatMap((o) =>
    o.users.map((u) => `  ${o.subdomain.padEnd(10)} ${u.email.padEnd(30)} ${u.password}  (${u.roleName})`),
  );
}
