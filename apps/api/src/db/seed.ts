import type { ModuleName } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../platform/config.js';
import { queryRows, withTenant, type Database } from '../platform/db/client.js';
import { appUser, organisation } from '../platform/db/schema.js';
import { organisationCreated, runDemoHistory, type DemoHistory, type ModuleManifest } from '../platform/module.js';
import { systemCtx } from '../platform/request-context.js';
import { addDays, dateInZone } from '../platform/time.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { TRIAL_DAYS, trialPlan } from '../modules/administrator/organisation.service.js';
import { MODULE_MANIFESTS } from '../modules/manifests.js';

export const DEMO = {
  url: 'http://demo.localhost:3000/',
  organisations: [
    {
      subdomain: 'demo',
      displayName: 'Demo Sports Club',
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
          modules: ['Membership Management', 'Booking Management', 'CRM Management', 'Store Management'] as ModuleName[],
        },
      ],
    },
    {
      subdomain: 'riverside',
      displayName: 'Riverside Athletics',
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
    {
      // A club whose subscription lapsed past its grace (issue 23 §2): read-only, its portal paused.
      subdomain: 'lakeview',
      displayName: 'Lakeview Fitness',
      dueInDays: -10,
      users: [
        {
          email: 'owner@lakeview.example.com',
          password: 'ArenaDemo#2026',
          firstName: 'Kavya',
          lastName: 'Rao',
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
 * Creates the demo organisations and their users, then each module's demo data through its
 * manifest's seed (in the order the manifests are listed), the sales of the past day by day
 * across modules (so invoices are numbered in date order). Idempotent by subdomain: an
 * organisation that exists is left as it is.
 */
export async function seedDemo(db: Database, config: Config = loadConfig({}), modules: ModuleManifest[] = MODULE_MANIFESTS): Promise<void> {
  // Provider-wide data (the catalogue, the exercise library…) before the demo organisations use it.
  for (const m of modules) await m.globalData?.(db);
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
        dueDate: addDays(dateInZone(new Date(), 'Asia/Kolkata'), 'dueInDays' in spec ? spec.dueInDays : TRIAL_DAYS),
        email: `hello@${spec.subdomain}.example.com`,
      })
      .returning();
    // The users first: the staff seed files the front desk as a staff member linked to its login.
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
        moduleLevels: u.owner ? {} : Object.fromEntries(u.modules.map((m) => [m, 'operate'])),
        emailVerifiedAt: new Date(),
      });
    }
    const ctx = systemCtx(config, org, 'seed');
    await withTenant(db, org.id, async (tx) => {
      // What every new organisation gets (the manifests' setup hooks), then each module's demo data.
      await organisationCreated(tx, ctx, modules);
      const histories: (DemoHistory | void)[] = [];
      for (const m of modules) histories.push(await m.seed?.(tx, ctx));
      // The modules' sales of the past, day by day across modules: each series is numbered in date order.
      await runDemoHistory(histories);
    });
  }
}

export function demoLoginLines(): string[] {
  return DEMO.organisations.flatMap((o) =>
    o.users.map((u) => `  ${o.subdomain.padEnd(10)} ${u.email.padEnd(30)} ${u.password}  (${u.roleName})`),
  );
}
