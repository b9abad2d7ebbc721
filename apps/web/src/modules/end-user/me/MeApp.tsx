import { clsx } from 'clsx';
import { WifiOff } from 'lucide-react';
import { Suspense, useSyncExternalStore } from 'react';
import { Skeleton } from '../../../components/Skeleton';
import { useOrganisation } from './api';
import { useFeature } from './features';
import { ME_PAGES, SignInPage, TABS, type MePage } from './routes';
import { matchPath, MeRouter, Navigate, NavLink, RouteParams, useLocation } from './router';
import { useSignedIn } from './session';

/** The members' app under /me: sign-in, then the pages of ./routes.tsx inside the phone layout. */
export function MeApp() {
  return (
    <MeRouter>
      <Screen />
    </MeRouter>
  );
}

function Screen() {
  const { pathname } = useLocation();
  if (pathname === '/sign-in')
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInPage />
      </Suspense>
    );
  return <SignedInLayout />;
}

/** The page listed at the current path, with its params. */
function CurrentPage() {
  const { pathname } = useLocation();
  for (const page of ME_PAGES) {
    const params = matchPath(page.path, pathname);
    if (params)
      return (
        <RouteParams params={params}>
          <Gate key={page.path} page={page} />
        </RouteParams>
      );
  }
  return <NotFound />;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/** Shown at the top of every page while the phone has no network. */
export function OfflineNote() {
  return (
    <div role="status" className="flex items-center gap-2 bg-warning-soft px-4 py-2 text-sm font-medium text-warning-text">
      <WifiOff size={16} aria-hidden />
      You are offline. Showing what was last loaded.
    </div>
  );
}

/** The organisation's name (and picture) at the top: the host's organisation, kept for offline use. */
export function MeHeader() {
  const { data: org } = useOrganisation();
  return (
    <header className="sticky top-0 z-10 border-b border-line bg-surface">
      <div className="mx-auto flex h-14 max-w-xl items-center gap-3 px-4">
        {org?.display_picture ? (
          <img src={org.display_picture} alt="" width={32} height={32} className="h-8 w-8 rounded-md object-cover" />
        ) : (
          <div aria-hidden className="flex h-8 w-8 items-center justify-center rounded-md bg-accent text-sm font-semibold text-accent-fg">
            {org?.display_name?.charAt(0) ?? ''}
          </div>
        )}
        <p className="min-w-0 truncate text-base font-semibold text-fg">{org?.display_name ?? 'Member app'}</p>
      </div>
    </header>
  );
}

function SignedInLayout() {
  const signedIn = useSignedIn();
  const online = useOnline();
  if (!signedIn) return <Navigate to="/sign-in" replace />;
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <MeHeader />
      {!online && <OfflineNote />}
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-24">
        <Suspense fallback={<PageLoading />}>
          <CurrentPage />
        </Suspense>
      </main>
      <TabBar />
    </div>
  );
}

function TabBar() {
  const on = useFeature();
  const listed = new Set(ME_PAGES.map((p) => p.path));
  const tabs = TABS.filter((t) => listed.has(t.path) && on(t.feature));
  return (
    <nav aria-label="Member app" className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)]">
      <ul className="mx-auto flex max-w-xl">
        {tabs.map(({ path, label, icon: Icon }) => (
          <li key={path} className="flex-1">
            <NavLink
              to={`/${path}`}
              end={!path}
              className={({ isActive }) =>
                clsx(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  isActive ? 'text-accent-text' : 'text-muted hover:text-fg',
                )
              }
            >
              <Icon size={22} aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page whose feature the organisation switched off is not there. */
function Gate({ page }: { page: MePage }) {
  const on = useFeature();
  if (!on(page.feature)) return <NotFound />;
  const Page = page.component;
  return <Page />;
}

function NotFound() {
  return (
    <div className="py-12 text-center">
      <h1 className="text-lg font-semibold text-fg">Page not found</h1>
      <p className="mt-1 text-sm text-muted">This page is not available.</p>
      <NavLink to="/" className="mt-4 inline-flex min-h-11 items-center font-medium text-accent-text underline">
        Back to home
      </NavLink>
    </div>
  );
}

export function PageLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="space-y-3 py-2">
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
