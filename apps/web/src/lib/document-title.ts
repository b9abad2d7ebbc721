import { useEffect } from 'react';
import { createStore } from './store';

/**
 * The browser tab's title names the screen: "Day view · Booking · Demo Sports Club" (screen ·
 * module · organisation). The app names the route from the menu; a screen may refine its own name
 * (a view or a record), which lasts while it is mounted.
 */
interface TitleState {
  route: readonly string[];
  screen: string | null;
}

export const titleStore = createStore<TitleState>({ route: [], screen: null });

const SEPARATOR = '\u0000';

/** The app's part: [screen, module] from the menu, or a public page's name; no parts leaves the title alone. */
export function useRouteTitle(...parts: (string | null | undefined)[]): void {
  const key = parts.filter(Boolean).join(SEPARATOR);
  useEffect(() => {
    if (key) titleStore.set({ route: key.split(SEPARATOR) });
  }, [key]);
}

/** A screen's more precise name for itself ("Day view", "BK-2026-000311"). */
export function useScreenTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    titleStore.set({ screen: title });
    return () => titleStore.set((s) => (s.screen === title ? { screen: null } : {}));
  }, [title]);
}

/** "Screen · Module · Organisation", without a part that repeats the one before it. */
export function composeTitle({ route, screen }: TitleState, organisation: string | null | undefined): string {
  const parts = [screen ?? route[0], ...route.slice(1), organisation?.trim() || 'Arena'].filter((p): p is string => !!p);
  return parts.filter((p, i) => i === 0 || p.toLowerCase() !== parts[i - 1].toLowerCase()).join(' · ');
}
