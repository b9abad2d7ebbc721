import { MODULES, isModuleName, type ModuleName } from '@arena/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from './db/client.js';
import { subscriptionPlan } from './db/schema.js';
import type { OrganisationRow, UserRow } from './context.js';

/** The modules of the organisation's plan; an organisation without a plan has none. */
export async function planModules(db: Queryable, org: OrganisationRow): Promise<ModuleName[]> {
  if (!org.subscriptionPlanId) return [];
  const [plan] = await db
    .select({ modules: subscriptionPlan.modules })
    .from(subscriptionPlan)
    .where(eq(subscriptionPlan.id, org.subscriptionPlanId));
  return (plan?.modules ?? []).filter(isModuleName);
}

/** The owner gets every module of the plan; anyone else the modules granted to them, within the plan. */
export function allowedModules(user: UserRow, org: OrganisationRow | null, plan: readonly ModuleName[]): ModuleName[] {
  if (!org || user.organisationId !== org.id || !user.isActive) return [];
  const granted = user.isOwner ? plan : user.grantedModules.filter((m): m is ModuleName => plan.includes(m as ModuleName));
  return MODULES.filter((m) => granted.includes(m));
}
