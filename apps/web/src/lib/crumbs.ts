import { useEffect } from 'react';
import { createStore } from './store';

/** Names pages give to their own path (a member's page: "Tanvi Deshmukh (MEM-00122)"), by path. */
export const crumbNames = createStore<{ names: Readonly<Record<string, string>> }>({ names: {} });

/**
 * A page names the crumb of its path once it knows the name (a member, a staff member, an
 * invoice), so the breadcrumb reads "Members › Tanvi Deshmukh (MEM-00122) › Performance", not an id.
 */
export function useCrumbName(path: string, name: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    crumbNames.set((s) => ({ names: { ...s.names, [path]: name } }));
  }, [path, name]);
}
