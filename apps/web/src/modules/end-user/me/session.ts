import { useSyncExternalStore } from 'react';

/**
 * The member's key (`m_…`) and what the app keeps for offline use, in local storage under names of
 * their own: the member app never reads or writes the staff app's `token` (docs/security.md).
 */
export const ME_STORAGE = {
  key: 'arena.member.key',
  home: 'arena.member.home',
  organisation: 'arena.member.organisation',
} as const;

export function readItem(name: string): string | null {
  try {
    return window.localStorage.getItem(name);
  } catch {
    return null;
  }
}

export function writeItem(name: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(name);
    else window.localStorage.setItem(name, value);
  } catch {
    // storage full or disabled: the app still works for this tab
  }
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const readMemberKey = (): string | null => {
  const key = readItem(ME_STORAGE.key);
  return key && key.startsWith('m_') ? key : null;
};

/** Keeps the key the sign-in answered. */
export function signedIn(key: string): void {
  writeItem(ME_STORAGE.key, key);
  emit();
}

/** Forgets the key and what was kept for offline use (sign-out, a 401, a block). */
export function signedOut(): void {
  writeItem(ME_STORAGE.key, null);
  writeItem(ME_STORAGE.home, null);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === ME_STORAGE.key && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** Whether a member key is kept (re-renders on sign-in and sign-out, in this tab and others). */
export const useSignedIn = (): boolean => useSyncExternalStore(subscribe, () => readMemberKey() !== null);

/** The last value of `name` kept as JSON, or null. */
export function readKept<T>(name: string): T | null {
  const raw = readItem(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
