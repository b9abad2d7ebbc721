/**
 * The provider's catalogue (issue 23 §2): plans and add-ons, platform tables. `ensureCatalogue`
 * writes the defaults on boot and in the demo seed (idempotent); a row the provider edited (its
 * description no longer blank, or through the CLI) is never overwritten.
 */
import { MODULES, type ModuleName } from '@arena/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.js';
import { subscriptionAddonCatalogue, subscriptionPlan } from '../../platform/db/schema.js';

type PlanSeed = {
  name: string;
  description: string;
  price: string;
  priceYearly: string;
  modules: readonly ModuleName[];
  maxCentres: number;
  maxUsers: number;
  smsCreditsPerMonth: number;
  sortOrder: number;
  isTrial?: boolean;
  durationDays: number;
};

const STARTER: ModuleName[] = ['Administrator Management', 'Membership Management', 'Income/Expenses Management', 'Invoice Management'];
const PROFESSIONAL: ModuleName[] = [...STARTER, 'Booking Management', 'Staff Management', 'CRM Management'];

export const DEFAULT_PLANS: PlanSeed[] = [
  {
    name: 'Trial',
    description: 'Every module for 30 days, to try Arena.',
    price: '0',
    priceYearly: '0',
    modules: MODULES,
    maxCentres: 3,
    maxUsers: 10,
    smsCreditsPerMonth: 100,
    sortOrder: 0,
    isTrial: true,
    durationDays: 30,
  },
  {
    name: 'Starter',
    description: 'One centre: members, their plans and payments, income and expenses.',
    price: '999',
    priceYearly: '9990',
    modules: STARTER,
    maxCentres: 1,
    maxUsers: 3,
    smsCreditsPerMonth: 500,
    sortOrder: 1,
    durationDays: 30,
  },
  {
    name: 'Professional',
    description: 'Up to three centres with bookings, staff and payroll, and CRM.',
    price: '2499',
    priceYearly: '24990',
    modules: PROFESSIONAL,
    maxCentres: 3,
    maxUsers: 10,
    smsCreditsPerMonth: 2000,
    sortOrder: 2,
    durationDays: 30,
  },
  {
    name: 'Enterprise',
    description: 'Every module, ten centres and fifty logins.',
    price: '4999',
    priceYearly: '49990',
    modules: MODULES,
    maxCentres: 10,
    maxUsers: 50,
    smsCreditsPerMonth: 5000,
    sortOrder: 3,
    durationDays: 30,
  },
];

export const DEFAULT_ADDONS = [
  {
    code: 'extra_centre',
    name: 'Extra centre',
    description: 'One more centre than the plan allows.',
    kind: 'centre',
    quantity: 1,
    price: '499',
    recurring: true,
    sortOrder: 1,
  },
  {
    code: 'sms_1000',
    name: '1,000 SMS credits',
    description: 'A pack of 1,000 message credits, added at once.',
    kind: 'sms',
    quantity: 1000,
    price: '250',
    recurring: false,
    sortOrder: 2,
  },
  {
    code: 'whatsapp',
    name: 'WhatsApp',
    description: 'Send WhatsApp messages through your WhatsApp Business number.',
    kind: 'whatsapp',
    quantity: 1,
    price: '299',
    recurring: true,
    sortOrder: 3,
  },
] as const;

/** Writes the default plans and add-ons that are missing, and fills the ones nobody has described yet (the trial made by registration). */
export async function ensureCatalogue(db: Queryable): Promise<void> {
  for (const p of DEFAULT_PLANS) {
    const values = {
      name: p.name,
      description: p.description,
      price: p.price,
      priceYearly: p.priceYearly,
      modules: [...p.modules],
      maxCentres: p.maxCentres,
      maxUsers: p.maxUsers,
      smsCreditsPerMonth: p.smsCreditsPerMonth,
      sortOrder: p.sortOrder,
      isTrial: p.isTrial ?? false,
      durationDays: p.durationDays,
    };
    const { name: _name, modules: _modules, isTrial: _trial, durationDays: _days, ...fill } = values;
    await db
      .insert(subscriptionPlan)
      .values(values)
      .onConflictDoUpdate({ target: subscriptionPlan.name, set: fill, setWhere: sql`${subscriptionPlan.description} = ''` });
  }
  for (const a of DEFAULT_ADDONS) await db.insert(subscriptionAddonCatalogue).values(a).onConflictDoNothing();
}

export const activePlans = (db: Queryable) =>
  db
    .select()
    .from(subscriptionPlan)
    .where(eq(subscriptionPlan.isActive, true))
    .orderBy(asc(subscriptionPlan.sortOrder), asc(subscriptionPlan.id));
export const activeAddons = (db: Queryable) =>
  db
    .select()
    .from(subscriptionAddonCatalogue)
    .where(eq(subscriptionAddonCatalogue.isActive, true))
    .orderBy(asc(subscriptionAddonCatalogue.sortOrder), asc(subscriptionAddonCatalogue.id));
