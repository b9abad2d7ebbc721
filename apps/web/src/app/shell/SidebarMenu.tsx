import { filterMenu } from '@arena/contracts/kit';
import * as Tooltip from '@radix-ui/react-tooltip';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link, useLocation } from 'react-router';
import type { ResolvedNode } from '../../lib/web-module';
import { usePermissions } from '../../state/permissions';
import { RESOLVED_MENU } from '../menu';
import { iconFor } from './icons';

const visibleChildren = (node: ResolvedNode) => (node.hideChildren ? [] : node.children.filter((c) => !c.hidden));
const isWithin = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

/** The menu links (entries without visible children), depth first. */
function links(nodes: ResolvedNode[]): ResolvedNode[] {
  return nodes.flatMap((node) => {
    const children = visibleChildren(node);
    return children.length ? links(children) : [node];
  });
}

/**
 * The link the current page belongs to: the longest link path the address is within, so a tab
 * (/booking/clients/bulk-table) or a detail page (/membership/members/42) marks its menu entry
 * and /booking/clients does not also mark /booking.
 */
function currentLink(items: ResolvedNode[], pathname: string): string | null {
  let best: string | null = null;
  for (const node of links(items))
    if (isWithin(pathname, node.fullPath) && (!best || node.fullPath.length > best.length)) best = node.fullPath;
  return best;
}

const itemClass = (active: boolean, depth: number) =>
  clsx(
    'group flex w-full items-center gap-3 rounded-md text-sm transition-colors',
    depth === 0 ? 'h-9 px-2.5' : depth === 1 ? 'h-8 pl-9 pr-2.5' : 'h-8 pl-12 pr-2.5',
    active ? 'bg-side-soft font-medium text-side-text' : 'text-muted hover:bg-subtle hover:text-fg',
  );

/** Collapsed, an entry shows only its icon; its label comes as a tooltip (and is its accessible name). */
function WithTooltip({ label, show, children }: { label: string; show: boolean; children: ReactElement }) {
  if (!show) return children;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={10}
          className="z-[60] rounded-md bg-fg px-2 py-1 text-xs font-medium text-surface shadow-md"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

interface ItemProps {
  node: ResolvedNode;
  depth: number;
  expanded: boolean;
  current: string | null;
  onNavigate: () => void;
  onExpandRequest: () => void;
}

/** The permission-filtered menu tree: expandable groups, links, icons with tooltips when collapsed. */
export function SidebarMenu({ expanded, onNavigate, onExpandRequest }: Omit<ItemProps, 'node' | 'depth' | 'current'>) {
  const allowed = usePermissions((s) => s.allowedModules);
  const { pathname } = useLocation();
  const items = useMemo(() => filterMenu(RESOLVED_MENU, allowed).filter((n) => !n.hidden), [allowed]);
  const current = useMemo(() => currentLink(items, pathname), [items, pathname]);
  return (
    <Tooltip.Provider delayDuration={150} skipDelayDuration={300}>
      <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-0.5">
          {items.map((node) => (
            <MenuItem
              key={node.fullPath}
              node={node}
              depth={0}
              expanded={expanded}
              current={current}
              onNavigate={onNavigate}
              onExpandRequest={onExpandRequest}
            />
          ))}
        </ul>
      </nav>
    </Tooltip.Provider>
  );
}

function MenuItem({ node, depth, expanded, current, onNavigate, onExpandRequest }: ItemProps) {
  const children = visibleChildren(node);
  // The entry of the current module (or group): its page is somewhere inside it.
  const within = current !== null && isWithin(current, node.fullPath) && node.fullPath !== '/';
  const [open, setOpen] = useState(within);
  useEffect(() => {
    if (within) setOpen(true);
  }, [within]);
  const Icon = depth === 0 ? iconFor(node.fullPath) : null;
  const collapsed = !expanded;

  if (children.length === 0) {
    const isCurrent = node.fullPath === current;
    return (
      <li>
        <WithTooltip label={node.label} show={collapsed}>
          <Link
            to={node.fullPath}
            onClick={onNavigate}
            aria-current={isCurrent ? 'page' : undefined}
            aria-label={collapsed ? node.label : undefined}
            className={clsx(itemClass(isCurrent, depth), collapsed && 'justify-center !px-0')}
          >
            {Icon && <Icon size={18} className="shrink-0" aria-hidden />}
            {expanded && <span className="truncate">{node.label}</span>}
          </Link>
        </WithTooltip>
      </li>
    );
  }

  const listId = `menu-${node.fullPath.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <li>
      <WithTooltip label={node.label} show={collapsed}>
        <button
          type="button"
          aria-expanded={expanded ? open : false}
          aria-controls={expanded ? listId : undefined}
          aria-current={within ? 'true' : undefined}
          aria-label={collapsed ? node.label : undefined}
          onClick={() => {
            if (collapsed) {
              onExpandRequest();
              setOpen(true);
            } else setOpen((o) => !o);
          }}
          className={clsx(
            itemClass(within && (collapsed || !open), depth),
            collapsed && 'justify-center !px-0',
            within && expanded && open && 'font-medium !text-fg',
          )}
        >
          {Icon && <Icon size={18} className="shrink-0" aria-hidden />}
          {expanded && (
            <>
              <span className="flex-1 truncate text-left">{node.label}</span>
              <ChevronDown size={16} className={clsx('shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
            </>
          )}
        </button>
      </WithTooltip>
      {expanded && open && (
        <ul id={listId} className="mt-0.5 space-y-0.5">
          {children.map((child) => (
            <MenuItem
              key={child.fullPath + child.label}
              node={child}
              depth={depth + 1}
              expanded={expanded}
              current={current}
              onNavigate={onNavigate}
              onExpandRequest={onExpandRequest}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
