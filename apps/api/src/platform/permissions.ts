import { DEFAULT_MODULE_LEVEL, MODULES, isModuleLevel, isModuleName, type ModuleLevel, type ModuleName } from '@arena/contracts';
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

/** The user's level in a module they are allowed: the owner manages everything; a granted module with no stored level is `operate`. */
export function levelIn(user: UserRow, module: ModuleName): ModuleLevel {
  if (user.isOwner) return 'manage';
  const stored = user.moduleLevels?.[module];
  return isModuleLevel(stored) ? stored : DEFAULT_MODULE_LEVEL;
}

/** The levels of the allowed modules, by module name (the allowed-modules answer's `module_levels`). */
export function moduleLevels(user: UserRow, allowed: readonly ModuleName[]): Partial<Record<ModuleName, ModuleLevel>> {
  return Object.fromEntries(allowed.map((m) => [m, levelIn(user, m)]));
}
