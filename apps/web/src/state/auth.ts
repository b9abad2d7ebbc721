import type { User } from '@arena/contracts/accounts';
import { setDisplayTimeZone } from '../lib/format';
import { createStore, useStore } from '../lib/store';
import { readJson, readText, STORAGE_KEYS, writeJson, writeText } from '../lib/storage';

export type Organisation = NonNullable<User['organisation']>;

/** Spec 3: auth state. User, token and organisation are mirrored in local storage. */
export interface AuthState {
  user: User | null;
  token: string | null;
  organisation: Organisation | null;
  loading: boolean;
  error: string | null;
}

export const authStore = createStore<AuthState>({
  user: readJson<User>(STORAGE_KEYS.user),
  token: readText(STORAGE_KEYS.token) || null,
  organisation: readJson<Organisation>(STORAGE_KEYS.organisation),
  loading: false,
  error: null,
});
// Moments are shown in the organisation's time zone, 24-hour (lib/format's formatDateTime).
setDisplayTimeZone(authStore.get().organisation?.time_zone);
authStore.subscribe(() => setDisplayTimeZone(authStore.get().organisation?.time_zone));

/** Setting the user stores the user, organisation and token locally (spec 4). */
export function setUser(user: User, token?: string): void {
  const nextToken = token ?? authStore.get().token;
  writeJson(STORAGE_KEYS.user, user);
  writeJson(STORAGE_KEYS.organisation, user.organisation);
  writeText(STORAGE_KEYS.token, nextToken);
  authStore.set({ user, organisation: user.organisation, token: nextToken, error: null, loading: false });
}

/** Merge organisation changes (profile screen) into the stored user and organisation. */
export function updateOrganisation(changes: Partial<Organisation>): void {
  const { user, organisation } = authStore.get();
  if (!organisation) return;
  const next = { ...organisation, ...changes };
  writeJson(STORAGE_KEYS.organisation, next);
  if (user) writeJson(STORAGE_KEYS.user, { ...user, organisation: next });
  authStore.set({ organisation: next, user: user ? { ...user, organisation: next } : user });
}

/** Logout clears user, token and organisation from state and from local storage (spec 4). */
export function clearAuth(): void {
  writeText(STORAGE_KEYS.token, null);
  writeText(STORAGE_KEYS.user, null);
  writeText(STORAGE_KEYS.organisation, null);
  authStore.set({ user: null, token: null, organisation: null, loading: false, error: null });
}

export const useAuth = <S>(selector: (s: AuthState) => S): S => useStore(authStore, selector);
