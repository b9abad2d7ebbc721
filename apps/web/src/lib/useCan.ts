/**
 * The signed-in user's level within a module (issue 21): `view` (read only) < `operate` (the daily
 * desk work) < `manage` (settings, prices, deletes, refunds). The API refuses what the level does
 * not allow; these hooks only hide the buttons that would be refused.
 *
 *   const canManage = useCan('Booking Management', 'manage');
 *   {canManage && <Button>Edit prices</Button>}
 */
import type { ModuleLevel, ModuleName } from '@arena/contracts/kit';
import { usePermissions } from '../state/permissions';

const ORDER: Record<ModuleLevel, number> = { view: 0, operate: 1, manage: 2 };

/** The user's level in the module; null when the module is not allowed to them. */
export function useModuleLevel(module: ModuleName): ModuleLevel | null {
  return usePermissions((s) => (s.allowedModules.includes(module) ? (s.moduleLevels[module] ?? 'operate') : null));
}

/** Whether the user's level in the module reaches `level`. */
export function useCan(module: ModuleName, level: ModuleLevel): boolean {
  const have = useModuleLevel(module);
  return have !== null && ORDER[have] >= ORDER[level];
}
