import { createStore, useStore } from '../lib/store';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

export type ThemeColor = 'blue' | 'green' | 'red';
export interface Theme {
  mode: 'light' | 'dark';
  sidebarColor: ThemeColor;
  menuColor: ThemeColor;
  fontSize: 'small' | 'medium' | 'large';
}

export const DEFAULT_THEME: Theme = { mode: 'light', sidebarColor: 'blue', menuColor: 'blue', fontSize: 'medium' };

const COLORS: ThemeColor[] = ['blue', 'green', 'red'];
function sanitise(stored: Partial<Theme> | null): Theme {
  const t = { ...DEFAULT_THEME, ...(stored ?? {}) };
  return {
    mode: t.mode === 'dark' ? 'dark' : 'light',
    sidebarColor: COLORS.includes(t.sidebarColor) ? t.sidebarColor : 'blue',
    menuColor: COLORS.includes(t.menuColor) ? t.menuColor : 'blue',
    fontSize: ['small', 'medium', 'large'].includes(t.fontSize) ? t.fontSize : 'medium',
  };
}

export const themeStore = createStore<Theme>(sanitise(readJson<Partial<Theme>>(STORAGE_KEYS.appTheme)));

/** Applies the theme to <html>: dark class, accent colours and root font size. */
export function applyTheme(theme: Theme = themeStore.get()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme.mode === 'dark');
  root.style.colorScheme = theme.mode;
  root.dataset.accent = theme.menuColor;
  root.dataset.sidebar = theme.sidebarColor;
  root.dataset.fontSize = theme.fontSize;
}

export function setTheme(changes: Partial<Theme>): void {
  themeStore.set(changes);
  writeJson(STORAGE_KEYS.appTheme, themeStore.get());
  applyTheme();
}

export const useTheme = <S>(selector: (t: Theme) => S): S => useStore(themeStore, selector);
