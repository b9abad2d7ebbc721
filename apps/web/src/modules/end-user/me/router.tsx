import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The member app's router: a few lines instead of react-router, whose chunk alone (30 kB gzip) would
 * put the app's first load over its 120 kB budget. Paths are under /me (BASE): `to="/feed"` is /me/feed.
 * Pages import `Link`, `NavLink`, `Navigate`, `useNavigate`, `useParams`, `useSearchParams` from here
 * (never from 'react-router': the member app has no react-router context; eslint refuses the import).
 */
export const BASE = '/me';

interface Location {
  pathname: string;
  search: string;
}
interface RouterValue {
  location: Location;
  params: Record<string, string>;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

const current = (): Location => {
  const path = window.location.pathname;
  const inside = path === BASE ? '/' : path.startsWith(`${BASE}/`) ? path.slice(BASE.length) : '/';
  return { pathname: inside.length > 1 ? inside.replace(/\/+$/, '') : '/', search: window.location.search };
};

/** The browser URL of an app path ('/feed?x=1' → '/me/feed?x=1'). */
export const hrefOf = (to: string) => (to === '/' ? `${BASE}/` : `${BASE}${to.startsWith('/') ? to : `/${to}`}`);

/** The params of `pattern` ('invoices/:id') matched against `pathname` ('/invoices/7'), or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

export function MeRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const onPop = () => setLocation(current());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean; state?: unknown } = {}) => {
    const href = hrefOf(to);
    if (options.replace) window.history.replaceState(options.state ?? null, '', href);
    else window.history.pushState(options.state ?? null, '', href);
    setLocation(current());
    if (!options.replace) window.scrollTo(0, 0);
  }, []);
  const value = useMemo(() => ({ location, navigate, params: {} }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Gives a matched page its params (`useParams()`). */
export function RouteParams({ params, children }: { params: Record<string, string>; children: ReactNode }) {
  const router = useRouter();
  const value = useMemo(() => ({ ...router, params }), [router, params]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('The member app router is missing');
  return router;
}

export const useLocation = () => useRouter().location;
export const useNavigate = () => useRouter().navigate;
export const useParams = <P extends string = string>() => useRouter().params as Record<P, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string> | URLSearchParams, options?: { replace?: boolean }) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: { replace?: boolean }) => {
      const search = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [location.pathname, navigate],
  );
  return [params, set];
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A link inside the app: a real href (opens in a new tab with a modifier key), navigated in place on a plain click. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    e.preventDefault();
    navigate(to, { replace });
  };
  return <a href={hrefOf(to)} onClick={click} {...rest} />;
}

/** A link that knows whether it is the current page (`aria-current="page"`); `end`: only its exact path. */
export function NavLink({
  to,
  end,
  className,
  ...rest
}: Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string) }) {
  const { pathname } = useLocation();
  const target = to === '/' ? '/' : to.replace(/\/+$/, '');
  const isActive = end || target === '/' ? pathname === target : pathname === target || pathname.startsWith(`${target}/`);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...rest}
    />
  );
}
