import type { ModuleName, NEVER_MODULE } from '@arena/contracts/kit';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A web module describes itself once, in `modules/<m>/manifest.ts(x)`: its screens (lazy, by
 * screen id), its menu entries, its dashboard tiles and the kinds of things the top bar's search
 * finds for it. `app/modules.ts` lists the manifests; the menu tree, the routes, the dashboard
 * and the search are built from them, so adding a module is its folder plus one line.
 */

/** The module(s) an entry needs: one, any of several, none (`null`: everyone signed in), or Never. */
export type ModuleNeed = ModuleName | readonly ModuleName[] | typeof NEVER_MODULE | null;

/**
 * A menu entry (spec 2.6). `path` is relative to the parent ('' is the parent's own page);
 * `module` is inherited from the parent when absent.
 */
export interface MenuNode<S extends string = string> {
  label: string;
  path: string;
  module?: ModuleNeed;
  children?: MenuNode<S>[];
  /** Tabbed pages: children are routes shown as tabs, not menu entries. */
  hideChildren?: boolean;
  /** A route that is not a menu entry (detail pages). */
  hidden?: boolean;
  /** A pure group with no page of its own: its path redirects to its first child. */
  group?: boolean;
  screen?: S;
  /** What the screen holds, in a sentence; a screen that is not built yet says it. */
  note?: string;
}

/**
 * Where a manifest's entry goes. `order` places it among the top-level entries, which the spec
 * lists in steps of 10 (Dashboard 10, Administrator 20 … Booking 70 … Reports 160, Settings 170,
 * Logout 200); `under` puts it in another manifest's top-level group instead ('reports'), ordered
 * by `order` among that group's entries.
 */
export interface MenuPlacement<S extends string = string> {
  order: number;
  under?: string;
  node: MenuNode<S>;
}

/** A menu entry with its absolute path and its effective module. */
export interface ResolvedNode {
  label: string;
  fullPath: string;
  module: ModuleNeed;
  children: ResolvedNode[];
  hideChildren: boolean;
  hidden: boolean;
  group: boolean;
  screen?: string;
  note?: string;
  parent: ResolvedNode | null;
}

/** A screen gets its menu node (tabbed pages draw their tabs from it). */
export type ScreenComponent = ComponentType<{ node: ResolvedNode }>;
export type LazyScreen = LazyExoticComponent<ScreenComponent>;

/** A dashboard tile reads the centre chosen in the sidebar ('' = all centres). */
export type TileComponent = ComponentType<{ centre: string }>;

export interface DashboardTile {
  id: string;
  title: string;
  /** The tile shows only to users allowed this module. */
  module: ModuleName;
  /** The screen the tile opens, and the link's words ("Open day view"). */
  to: string;
  linkLabel: string;
  /** Columns of the dashboard's four on a wide screen. */
  span: 1 | 2;
  order: number;
  component: LazyExoticComponent<TileComponent>;
}

/** A kind of result of `GET /api/search/` and the heading its group of results has. */
export interface SearchKind {
  kind: string;
  label: string;
  /** The API returns these results only to users allowed this module. */
  module: ModuleName;
}

/**
 * A page a module serves outside the staff app, with its own HTML entry and its own bundle (the
 * online-booking portal; the members' app next). The build makes each one a page of its own
 * (vite.config.ts reads the manifests) and lists them in `dist/.vite/public-pages.json`, which the
 * API serves them by (apps/api/src/app.ts); `npm run dev` maps them the same way.
 */
export interface PublicPage {
  /** Where it is served, with everything under it ('/online-booking'). */
  path: string;
  /** Its HTML entry, relative to apps/web ('portal.html'), which loads only its own script. */
  html: string;
  /** Its title; the server adds the organisation's name ('Online Booking · Smash Arena'). */
  title: string;
  /** The organisation's own websites (its allow-list) may show it in an iframe; every other page refuses framing. */
  framable?: boolean;
  /**
   * Its web app manifest (installable page), a file of apps/web/public ('me.webmanifest'): served at
   * `<path>/manifest.webmanifest` with the organisation's display name as its `name` and `short_name`.
   */
  manifest?: string;
}

export interface WebModule<S extends string = string> {
  name: string;
  screens: Record<S, LazyScreen>;
  menu: MenuPlacement<NoInfer<S>>[];
  tiles?: DashboardTile[];
  search?: SearchKind[];
  /** Pages outside the staff app. The manifest is also read at build time (in Node): keep its top level free of browser globals. */
  publicPages?: PublicPage[];
}

/** Declares a manifest; its screen ids become part of the app's `ScreenId`, and its menu may use only them. */
export const defineModule = <S extends string = never>(manifest: WebModule<S>): WebModule<S> => manifest;

/** A screen exported by a module's public file, code-split with the module. */
export const lazyScreen = <M>(load: () => Promise<M>, pick: (m: M) => ScreenComponent): LazyScreen =>
  lazy(() => load().then((m) => ({ default: pick(m) })));

export const lazyTile = <M>(load: () => Promise<M>, pick: (m: M) => TileComponent): LazyExoticComponent<TileComponent> =>
  lazy(() => load().then((m) => ({ default: pick(m) })));

/**
 * The menu builders of a module whose screens are `S`: `entry(label, path, options, children)` and
 * `tabs(label, path, children, options)` (a tabbed page: its children are tabs, not menu entries).
 * A menu that names a screen the module does not declare does not compile.
 */
export function menuBuilder<S extends string = never>() {
  const entry = (label: string, path: string, extra: Partial<MenuNode<S>> = {}, children?: MenuNode<S>[]): MenuNode<S> => ({
    label,
    path,
    ...extra,
    ...(children ? { children } : {}),
  });
  const tabs = (label: string, path: string, children: MenuNode<S>[], extra: Partial<MenuNode<S>> = {}): MenuNode<S> =>
    entry(label, path, { hideChildren: true, ...extra }, children);
  return { entry, tabs };
}

/** The builders for entries with no built screen. */
export const { entry, tabs } = menuBuilder();

/** The tabs a page shows: the visible siblings under a parent that hides its children and has a '' page. */
export function tabsOf(node: ResolvedNode): ResolvedNode[] {
  const group = node.parent;
  if (!group || !group.hideChildren || !group.children.some((c) => c.fullPath === group.fullPath)) return [];
  return group.children.filter((c) => !c.hidden);
}

/** Fill a path's ":param" segments from the current route's params. */
export const fillParams = (path: string, params: Record<string, string | undefined>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? name);

/** The top-level entry a node belongs to (its module's entry in the menu). */
export function topOf(node: ResolvedNode): ResolvedNode {
  let top = node;
  while (top.parent) top = top.parent;
  return top;
}
