import { NEVER_MODULE } from './modules.js';

/**
 * Menu visibility rules of spec 2.1. The web app's menu tree drives the sidebar, the breadcrumb
 * and the route guards through these functions; the API can use `hasModules` for the same checks.
 */

/** A module requirement: one module, any of several, none (`null`/absent = everyone), or Never. */
export type ModuleRequirement = string | readonly string[] | null | undefined;

export interface MenuEntry {
  module?: ModuleRequirement;
  children?: readonly MenuEntry[];
  /** Tabbed pages: the children are routes but are not listed in the menu. */
  hideChildren?: boolean;
}

export interface VisibilityOptions {
  /** Include the Never-module (not found) entry; it is hidden otherwise. */
  includeNever?: boolean;
}

type AllowedList = readonly string[] | null | undefined;

/** Whether a single entry's own module requirement is met (its children are not considered). */
export function isEntryAllowed(module: ModuleRequirement, allowed: AllowedList, options: VisibilityOptions = {}): boolean {
  if (!allowed || allowed.length === 0) return false;
  if (module === null || module === undefined) return true;
  const required = typeof module === 'string' ? [module] : module;
  if (required.length === 0) return true;
  if (required.includes(NEVER_MODULE)) return options.includeNever === true;
  return required.some((m) => allowed.includes(m));
}

/**
 * The entries of `entries` the user may see, recursively. A parent whose children are all
 * hidden is dropped. The returned entries are shallow copies with filtered `children`.
 */
export function filterMenu<T extends MenuEntry>(entries: readonly T[], allowed: AllowedList, options: VisibilityOptions = {}): T[] {
  const out: T[] = [];
  for (const entry of entries) {
    if (!isEntryAllowed(entry.module, allowed, options)) continue;
    if (entry.children && entry.children.length > 0) {
      const children = filterMenu(entry.children as readonly T[], allowed, options);
      if (children.length === 0) continue;
      out.push({ ...entry, children });
    } else {
      out.push(entry);
    }
  }
  return out;
}

/**
 * The first entry, depth first in menu order, that the user may see and that `accept` takes —
 * e.g. where a user lands after signing in: the first screen of the first module they may use.
 */
export function findEntry<T extends MenuEntry>(
  entries: readonly T[],
  allowed: AllowedList,
  accept: (entry: T) => boolean,
  options: VisibilityOptions = {},
): T | undefined {
  for (const entry of filterMenu(entries, allowed, options)) {
    if (accept(entry)) return entry;
    const inner = findEntry((entry.children ?? []) as readonly T[], allowed, accept, options);
    if (inner) return inner;
  }
  return undefined;
}

/** The children an entry shows in the menu: none for tabbed pages (`hideChildren`). */
export function menuChildren<T extends MenuEntry>(entry: T): readonly T[] {
  if (entry.hideChildren) return [];
  return (entry.children ?? []) as readonly T[];
}

/** Spec 6: whether one module is allowed. */
export function hasModule(allowed: AllowedList, module: string): boolean {
  return !!allowed && allowed.includes(module);
}

/** Spec 6: whether any (default) or all of a set of modules are allowed. */
export function hasModules(allowed: AllowedList, modules: readonly string[], mode: 'any' | 'all' = 'any'): boolean {
  if (!allowed || allowed.length === 0 || modules.length === 0) return false;
  return mode === 'all' ? modules.every((m) => allowed.includes(m)) : modules.some((m) => allowed.includes(m));
}
