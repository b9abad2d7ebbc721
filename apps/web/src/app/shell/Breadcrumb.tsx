import { ChevronRight } from 'lucide-react';
import { Link, matchPath, useLocation } from 'react-router';
import { crumbNames } from '../../lib/crumbs';
import { useStore } from '../../lib/store';
import { labelOfPath, ROUTES } from '../menu';

/** 'room-types' → 'Room Types'. */
const titleCase = (segment: string) =>
  decodeURIComponent(segment)
    .replace(/-/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Spec 2.4: Home, then one crumb per path segment, the last bold. A crumb is labelled by the name
 * its page gave it, else by the menu (parameterised paths too: a member's "perfomence" tab is
 * "Performance"), else from the segment — never an internal id or spelling when a name is known.
 */
export function breadcrumbOf(
  pathname: string,
  names: Readonly<Record<string, string>> = {},
): { label: string; to: string; page: boolean }[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs = [{ label: 'Home', to: '/', page: true }];
  segments.forEach((segment, i) => {
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    // A step with no page of its own (a batch's id, on the way to its roll call) is named, not linked.
    const page = ROUTES.some((r) => r.path !== '*' && matchPath(r.path, to));
    crumbs.push({ label: names[to] ?? labelOfPath(to) ?? titleCase(segment), to, page });
  });
  return crumbs;
}

export function Breadcrumb() {
  const { pathname } = useLocation();
  const names = useStore(crumbNames, (s) => s.names);
  const crumbs = breadcrumbOf(pathname, names);
  return (
    <nav aria-label="Breadcrumb" className="border-b border-line bg-surface/60 px-4 py-2.5 sm:px-6 lg:px-8">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.to} className="flex items-center gap-1">
              {i > 0 && <ChevronRight size={14} className="text-muted" aria-hidden />}
              {last ? (
                <span aria-current="page" className="font-semibold text-fg">
                  {crumb.label}
                </span>
              ) : !crumb.page ? (
                <span className="text-muted">{crumb.label}</span>
              ) : (
                <Link to={crumb.to} className="text-muted hover:text-fg hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
