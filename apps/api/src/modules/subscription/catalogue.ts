/**
 * The provider's catalogue (issue 23 §2): plans and add-ons, platform tables. `ensureCatalogue`
 * writes the defaults on boot and in the demo seed (idempotent); a row the provider edited (its
 * description no longer blank, or through the CLI) is never overwritten.
 */
import { MODULES, type ModuleName } from '@arena/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../../platform/db/client.js';
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

// ---------------------------------------------------------------- the provider's edits (`npm run catalogue`)

const rupees = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter rupees, e.g. 999 or 999.50 (at most ₹99,99,999.99).')
  .transform((v) => Number(v).toFixed(2));
const count = (max: number) => z.coerce.number().int('Enter a whole number.').min(0).max(max);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const planEditSchema = z
  .object({
    price: rupees,
    price_yearly: rupees,
    max_centres: count(1000).refine((n) => n >= 1, 'A plan allows at least 1 centre.'),
    max_users: count(10_000).refine((n) => n >= 1, 'A plan allows at least 1 user (the owner).'),
    sms: count(1_000_000),
    modules: z
      .string()
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.enum(MODULES as unknown as [ModuleName, ...ModuleName[]], { message: `Modules are among: ${MODULES.join(', ')}.` }))
          .refine((m) => m.includes('Administrator Management'), {
            message: 'A plan includes Administrator Management: without it the owner could not renew.',
          }),
      ),
    description: z.string().trim().min(1).max(300),
    sort: count(1000),
    active: flag,
  })
  .partial()
  .strict();

export const addonEditSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(300),
    price: rupees,
    active: flag,
    sort: count(1000),
  })
  .partial()
  .strict();

export class CatalogueError extends Error {}

function problems(error: z.ZodError): CatalogueError {
  return new CatalogueError(error.issues.map((i) => `--${i.path.join('.').replace(/_/g, '-') || 'option'}: ${i.message}`).join('\n'));
}

/**
 * Changes a plan, or creates it when no plan has that name (a new one needs its prices and
 * modules). Every organisation on it sees the change at once (the plan's cache is dropped on
 * commit); prices apply from each organisation's next payment.
 */
export async function editPlan(db: Database, name: string, options: Record<string, string>): Promise<typeof subscriptionPlan.$inferSelect> {
  const parsed = planEditSchema.safeParse(options);
  if (!parsed.success) throw problems(parsed.error);
  const o = parsed.data;
  const values = {
    ...(o.price !== undefined && { price: o.price }),
    ...(o.price_yearly !== undefined && { priceYearly: o.price_yearly }),
    ...(o.max_centres !== undefined && { maxCentres: o.max_centres }),
    ...(o.max_users !== undefined && { maxUsers: o.max_users }),
    ...(o.sms !== undefined && { smsCreditsPerMonth: o.sms }),
    ...(o.modules !== undefined && { modules: o.modules }),
    ...(o.description !== undefined && { description: o.description }),
    ...(o.sort !== undefined && { sortOrder: o.sort }),
    ...(o.active !== undefined && { isActive: o.active }),
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(subscriptionPlan).where(eq(subscriptionPlan.name, name)).for('update');
    if (existing) {
      if (existing.isTrial && (Number(o.price ?? 0) > 0 || Number(o.price_yearly ?? 0) > 0))
        throw new CatalogueError('The trial plan is free: it has no price.');
      if (!Object.keys(values).length) return existing;
      const [row] = await tx.update(subscriptionPlan).set(values).where(eq(subscriptionPlan.id, existing.id)).returning();
      return row;
    }
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 60) throw new CatalogueError('A plan name has 1 to 60 characters.');
    if (o.price === undefined || o.price_yearly === undefined || o.modules === undefined)
      throw new CatalogueError('A new plan needs --price, --price-yearly and --modules.');
    const [row] = await tx
      .insert(subscriptionPlan)
      .values({ name: trimmed, durationDays: 30, description: `${trimmed} plan.`, ...values, modules: o.modules })
      .returning();
    return row;
  });
}

/** Changes an add-on of the catalogue, by its code (`extra_centre`, `sms_1000`, `whatsapp`). */
export async function editAddon(
  db: Database,
  code: string,
  options: Record<string, string>,
): Promise<typeof subscriptionAddonCatalogue.$inferSelect> {
  const parsed = addonEditSchema.safeParse(options);
  if (!parsed.success) throw problems(parsed.error);
  const o = parsed.data;
  const values = {
    ...(o.name !== undefined && { name: o.name }),
    ...(o.description !== undefined && { description: o.description }),
    ...(o.price !== undefined && { price: o.price }),
    ...(o.active !== undefined && { isActive: o.active }),
    ...(o.sort !== undefined && { sortOrder: o.sort }),
  };
  const [existing] = await db.select().from(subscriptionAddonCatalogue).where(eq(subscriptionAddonCatalogue.code, code));
  if (!existing)
    throw new CatalogueError(
      `No add-on '${code}'. The add-ons are: ${DEFAULT_ADDONS.map((a) => a.code).join(', ')} (their kinds are built in).`,
    );
  if (!Object.keys(values).length) return existing;
  const [row] = await db.update(subscriptionAddonCatalogue).set(values).where(eq(subscriptionAddonCatalogue.id, existing.id)).returning();
  return row;
}

/** The catalogue as the CLI prints it. */
export async function catalogueLines(db: Queryable): Promise<string[]> {
  const plans = await db.select().from(subscriptionPlan).orderBy(asc(subscriptionPlan.sortOrder), asc(subscriptionPlan.id));
  const addons = await db
    .select()
    .from(subscriptionAddonCatalogue)
    .orderBy(asc(subscriptionAddonCatalogue.sortOrder), asc(subscriptionAddonCatalogue.id));
  return [
    'Plans:',
    ...plans.map(
      (p) =>
        `  ${p.name.padEnd(14)} ₹${p.price}/month ₹${p.priceYearly}/year  centres ${p.maxCentres}  users ${p.maxUsers}  SMS ${p.smsCreditsPerMonth}/month` +
        `${p.isTrial ? '  (trial)' : ''}${p.isActive ? '' : '  (inactive)'}\n    ${p.modules.join(', ')}`,
    ),
    'Add-ons:',
    ...addons.map((a) => `  ${a.code.padEnd(14)} ${a.name} ₹${a.price}${a.recurring ? '/month' : ''}${a.isActive ? '' : '  (inactive)'}`),
  ];
}
