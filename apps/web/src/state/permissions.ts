import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import type { ModuleLevel } from '@arena/contracts/kit';
import { call } from '../lib/api';
import { createStore, useStore } from '../lib/store';
import { authStore } from './auth';

/** Spec 3: permissions state; the list is kept for 30 minutes (spec 9). */
export interface PermissionsState {
  allowedModules: string[];
  /** The level within each allowed module (issue 21): view < operate < manage. */
  moduleLevels: Record<string, ModuleLevel>;
  isLoading: boolean;
  isRefreshing: boolean;
  error: unknown;
  lastFetched: number | null;
  cacheExpiry: number;
}

export const PERMISSIONS_CACHE_MS = 30 * 60 * 1000;

export const permissionsStore = createStore<PermissionsState>({
  allowedModules: [],
  moduleLevels: {},
  isLoading: false,
  isRefreshing: false,
  error: null,
  lastFetched: null,
  cacheExpiry: PERMISSIONS_CACHE_MS,
});

function serverData(error: unknown): unknown {
  return (error as { data?: unknown })?.data ?? null;
}

/** Fetch when signed in and the list is empty and not loading, or when the last fetch is stale (spec 4). */
export function shouldFetchPermissions(now = Date.now()): boolean {
  const s = permissionsStore.get();
  if (!authStore.get().token || s.isLoading) return false;
  if (s.allowedModules.length === 0 && s.lastFetched === null) return true;
  return s.lastFetched !== null && now - s.lastFetched > s.cacheExpiry;
}

export async function fetchPermissions(): Promise<void> {
  permissionsStore.set({ isLoading: true, error: null });
  try {
    const data = await call(organisationEndpoints.allowedModules);
    permissionsStore.set({
      allowedModules: data.allowed_modules,
      moduleLevels: data.module_levels ?? {},
      isLoading: false,
      lastFetched: Date.now(),
    });
  } catch (error) {
    permissionsStore.set({ isLoading: false, error: serverData(error) ?? 'Failed to fetch permissions' });
  }
}

export async function refreshPermissions(): Promise<void> {
  if (permissionsStore.get().isRefreshing || !authStore.get().token) return;
  permissionsStore.set({ isRefreshing: true });
  try {
    const data = await call(organisationEndpoints.refreshAllowedModules);
    permissionsStore.set({
      allowedModules: data.allowed_modules,
      moduleLevels: data.module_levels ?? {},
      isRefreshing: false,
      lastFetched: Date.now(),
      error: null,
    });
  } catch (error) {
    permissionsStore.set({ isRefreshing: false, error: serverData(error) ?? 'Failed to refresh permissions' });
  }
}

export function clearPermissions(): void {
  permissionsStore.set({ allowedModules: [], moduleLevels: {}, error: null, lastFetched: null, isLoading: false, isRefreshing: false });
}

export const usePermissions = <S>(selector: (s: PermissionsState) => S): S => useStore(permissionsStore, selector);
