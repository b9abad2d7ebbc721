import { filterMenu } from '@arena/contracts';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { usePermissions } from '../../state/permissions';
import { RESOLVED_MENU, type ResolvedNode } from '../menu';
import { iconFor } from './icons';

const visibleChildren = (node: ResolvedNode) => (node.hideChildren ? [] : node.children.filter((c) => !c.hidden));
const isWithin = (pathname: string, node: ResolvedNode) =>
  node.fullPath !== '/' && (pathname === node.fullPath || pathname.startsWith(`${node.fullPath}/`));

const itemClass = (active: boolean, depth: number) =>
  clsx(
    'group flex w-full items-center gap-3 rounded-md text-sm transition-colors',
    depth === 0 ? 'h-9 px-2.5' : depth === 1 ? 'h-8 pl-9 pr-2.5' : 'h-8 pl-12 pr-2.5',
    active ? 'bg-side-soft font-medium text-side-text' : 'text-muted hover:bg-subtle hover:text-fg',
  );

/** The permission-filtered menu tree: expandable groups, links, icons only when collapsed. */
export function SidebarMenu({
  expanded,
  onNavigate,
  onExpandRequest,
}: {
  expanded: boolean;
  onNavigate: () => void;
  onExpandRequest: () => void;
}) {
  const allowed = usePermissions((s) => s.allowedModules);
  const items = useMemo(() => filterMenu(RESOLVED_MENU, allowed).filter((n) => !n.hidden), [allowed]);
  return (
    <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-2 py-3">
      <ul className="space-y-0.5">
        {items.map((node) => (
          <MenuItem
            key={node.fullPath}
            node={node}
            depth={0}
            expanded={expanded}
            onNavigate={onNavigate}
            onExpandRequest={onExpandRequest}
          />
        ))}
      </ul>
    </nav>
  );
}

function MenuItem({
  node,
  depth,
  expanded,
  onNavigate,
  onExpandRequest,
}: {
  node: ResolvedNode;
  depth: number;
  expanded: boolean;
  onNavigate: () => void;
  onExpandRequest: () => void;
}) {
  const { pathname } = useLocation();
  const children = visibleChildren(node);
  const within = isWithin(pathname, node);
  const [open, setOpen] = useState(within);
  useEffect(() => {
    if (within) setOpen(true);
  }, [within]);
  const Icon = depth === 0 ? iconFor(node.fullPath) : null;

  if (children.length === 0) {
    return (
      <li>
        <NavLink
          to={node.fullPath}
          end
          onClick={onNavigate}
          title={expanded ? undefined : node.label}
          aria-label={expanded ? undefined : node.label}
          className={({ isActive }) => clsx(itemClass(isActive, depth), !expanded && 'justify-center !px-0')}
        >
          {Icon && <Icon size={18} className="shrink-0" aria-hidden />}
          {expanded && <span className="truncate">{node.label}</span>}
        </NavLink>
      </li>
    );
  }

  const listId = `menu-${node.fullPath.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded ? open : false}
        aria-controls={expanded ? listId : undefined}
        title={expanded ? undefined : node.label}
        aria-label={expanded ? undefined : node.label}
        onClick={() => {
          if (!expanded) {
            onExpandRequest();
            setOpen(true);
          } else setOpen((o) => !o);
        }}
        className={clsx(itemClass(within && !open, depth), !expanded && 'justify-center !px-0', within && 'text-fg')}
      >
        {Icon && <Icon size={18} className="shrink-0" aria-hidden />}
        {expanded && (
          <>
            <span className="flex-1 truncate text-left">{node.label}</span>
            <ChevronDown size={16} className={clsx('shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
          </>
        )}
      </button>
      {expanded && open && (
        <ul id={listId} className="mt-0.5 space-y-0.5">
          {children.map((child) => (
            <MenuItem
              key={child.fullPath + child.label}
              node={child}
              depth={depth + 1}
              expanded={expanded}
              onNavigate={onNavigate}
              onExpandRequest={onExpandRequest}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
