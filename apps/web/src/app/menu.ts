import { findEntry, NEVER_MODULE } from '@arena/contracts/kit';
import { entry, type LazyScreen, type MenuNode, type MenuPlacement, type ModuleNeed, type ResolvedNode } from '../lib/web-module';
import { WEB_MODULES } from './modules';

/**
 * The one menu tree of spec 2.6, assembled from the manifests' placements. It drives the sidebar,
 * the breadcrumb labels, the route guards, the landing page and the site map.
 */
function assemble(): MenuNode[] {
  const placements: MenuPlacement[] = WEB_MODULES.flatMap((m) => m.menu as MenuPlacement[]).sort((a, b) => a.order - b.order);
  const top = placements.filter((p) => !p.under).map((p) => ({ ...p.node, children: p.node.children && [...p.node.children] }));
  for (const p of placements.filter((p) => p.under)) {
    const group = top.find((t) => t.path === p.under);
    if (!group) throw new Error(`The menu entry "${p.node.label}" goes under "${p.under}", which no manifest declares.`);
    (group.children ??= []).push(p.node);
  }
  return [...top, entry('Page Not Found', '*', { module: NEVER_MODULE, hidden: true })];
}

export const MENU: MenuNode[] = assemble();

const join = (base: string, segment: string) => (segment === '' ? base || '/' : `${base === '/' ? '' : base}/${segment}`);

function resolve(nodes: MenuNode[], base: string, inherited: ModuleNeed, parent: ResolvedNode | null): ResolvedNode[] {
  return nodes.map((node) => {
    const module = node.module === undefined ? inherited : node.module;
    const resolved: ResolvedNode = {
      label: node.label,
      fullPath: join(base, node.path),
      module,
      children: [],
      hideChildren: node.hideChildren ?? false,
      hidden: node.hidden ?? false,
      group: node.group ?? false,
      screen: node.screen,
      note: node.note,
      parent,
    };
    resolved.children = resolve(node.children ?? [], resolved.fullPath, module, resolved);
    return resolved;
  });
}

export const RESOLVED_MENU: ResolvedNode[] = resolve(MENU, '', null, null);

function flatten(nodes: ResolvedNode[]): ResolvedNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

export const ALL_NODES = flatten(RESOLVED_MENU).filter((n) => n.fullPath !== '/*');

/** The built screens, by id, from every manifest. */
export const SCREENS: ReadonlyMap<string, LazyScreen> = new Map(WEB_MODULES.flatMap((m) => Object.entries<LazyScreen>(m.screens)));

/**
 * The routes: each absolute path once. Where a group and its '' child share a path, the child
 * (the page) wins; a group without a '' child redirects to its first child.
 */
export interface RouteEntry {
  path: string;
  node: ResolvedNode;
  redirectTo?: string;
}

export const ROUTES: RouteEntry[] = (() => {
  const byPath = new Map<string, RouteEntry>();
  for (const node of ALL_NODES) {
    if (byPath.has(node.fullPath)) continue;
    if (node.children.some((c) => c.fullPath === node.fullPath)) continue;
    byPath.set(
      node.fullPath,
      node.group ? { path: node.fullPath, node, redirectTo: node.children[0].fullPath } : { path: node.fullPath, node },
    );
  }
  return [...byPath.values()];
})();

/** Breadcrumb labels: the first (outermost) node of each absolute path. */
export const LABELS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const node of ALL_NODES) if (!map.has(node.fullPath) && !node.fullPath.includes(':')) map.set(node.fullPath, node.label);
  return map;
})();

/**
 * Breadcrumb labels of paths with a parameter (`/membership/members/:userId/perfomence` →
 * "Performance"), tried in menu order. The parameter's own step is named by its page
 * (useCrumbName), else it reads as its segment.
 */
export const PATTERN_LABELS: readonly { pattern: RegExp; label: string }[] = (() => {
  const seen = new Set<string>();
  const out: { pattern: RegExp; label: string }[] = [];
  for (const node of ALL_NODES) {
    // A parameter's own crumb ("/membership/members/42") is the page's name for it, else the segment.
    if (!node.fullPath.includes(':') || seen.has(node.fullPath) || /\/:[^/]+$/.test(node.fullPath)) continue;
    seen.add(node.fullPath);
    const source = node.fullPath
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    out.push({ pattern: new RegExp(`^${source}$`), label: node.label });
  }
  return out;
})();

export const labelOfPath = (path: string): string | undefined =>
  LABELS.get(path) ?? PATTERN_LABELS.find((p) => p.pattern.test(path))?.label;

/**
 * Where a user lands (after login, or on `/` without the dashboard's module): the first built
 * screen of the first module they may use, in menu order. Entries every user has (Settings) do
 * not count; null when none of the user's modules has a built screen yet.
 */
export function landingPath(allowed: readonly string[]): string | null {
  const found = findEntry(RESOLVED_MENU, allowed, (n) => !n.hidden && !n.group && n.module !== null && !!n.screen && SCREENS.has(n.screen));
  return found?.fullPath ?? null;
}
