/**
 * The organisation as API JSON — a platform row that the accounts (the signed-in user's
 * organisation) and the administrator module both present the same way.
 */
import type { Organisation } from '@arena/contracts';
import { eq } from 'drizzle-orm';
import { subscriptionPlan } from './db/schema.js';
import { organisationOrigin, type Config } from './config.js';
import type { OrganisationRow } from './context.js';
import type { Queryable } from './db/client.js';

export function pictureUrl(config: Config, org: OrganisationRow): string | null {
  return org.displayPicture ? `${organisationOrigin(config, org.subdomain)}/uploads/${org.displayPicture}` : null;
}

export function organisationJson(config: Config, org: OrganisationRow, planName: string | null): Organisation {
  return {
    id: org.id,
    display_name: org.displayName,
    display_picture: pictureUrl(config, org),
    subdomain: org.subdomain,
    account_number: org.accountNumber,
    due_date: org.dueDate,
    legal_name: org.legalName,
    gstin: org.gstin,
    state: org.state,
    address: org.address,
    phone: org.phone,
    email: org.email,
    time_zone: org.timeZone,
    plan_name: planName,
    embed_origins: org.embedOrigins ?? [],
    operate_discount_cap_percent: Number(org.operateDiscountCapPercent).toFixed(2),
    created_at: org.createdAt.toISOString(),
  };
}

export async function planName(db: Queryable, org: OrganisationRow): Promise<string | null> {
  if (!org.subscriptionPlanId) return null;
  const [plan] = await db
    .select({ name: subscriptionPlan.name })
    .from(subscriptionPlan)
    .where(eq(subscriptionPlan.id, org.subscriptionPlanId));
  return plan?.name ?? null;
}
