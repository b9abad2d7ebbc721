/** The local storage keys of spec section 9; nothing else is kept in local storage. */
export const STORAGE_KEYS = {
  token: 'token',
  selectedCentre: 'selectedCentre',
  sidebarState: 'sidebarState',
  appTheme: 'appTheme',
  user: 'user',
  organisation: 'organisation',
  /** A referrer's code from `?ref=CODE`, kept through sign-up until the organisation is registered (issue 23 §3). */
  referralCode: 'referralCode',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readText(key: Key): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Spec 8: unreadable stored JSON logs an error and yields nothing. */
export function readJson<T>(key: Key): T | null {
  const raw = readText(key);
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.error(`Unreadable value in local storage under "${key}"`, error);
    return null;
  }
}

export function writeText(key: Key, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the app still works for this tab
  }
}

export function writeJson(key: Key, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}
