import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { call } from '../../lib/api';
import { setUser, useAuth } from '../../state/auth';
import { fetchPermissions, shouldFetchPermissions } from '../../state/permissions';
import { sidebar, useSidebar } from '../../state/sidebar';
import { Breadcrumb } from './Breadcrumb';
import { Sidebar } from './Sidebar';
import { SubscriptionBanner } from './SubscriptionBanner';
import { TopBar } from './TopBar';
import { useShortcuts } from './useShortcuts';

const isDesktop = () => window.matchMedia('(min-width: 1024px)').matches;

/** Spec 4: permissions are fetched when signed in and empty, or when older than their cache time. */
function usePermissionsLoader() {
  const token = useAuth((s) => s.token);
  const { pathname } = useLocation();
  useEffect(() => {
    if (token && shouldFetchPermissions()) void fetchPermissions();
  }, [token, pathname]);
}

/** Keep the stored user (name, role, account number, due date) in step with the server. */
function useCurrentUser() {
  const { data } = useQuery({ queryKey: ['accounts', 'user'], queryFn: () => call(accountsEndpoints.user) });
  useEffect(() => {
    if (data) setUser(data);
  }, [data]);
}

/** Spec 2.4: sidebar, top bar, breadcrumb and the content area (the page-loading bar is global, in App). */
export function Shell({ children }: { children: ReactNode }) {
  usePermissionsLoader();
  useCurrentUser();
  useShortcuts();
  const isPinned = useSidebar((s) => s.isPinned);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const toggle = useCallback(() => (isDesktop() ? sidebar.toggle() : setDrawerOpen((o) => !o)), []);

  return (
    <div className="min-h-full">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[70] focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Sidebar drawerOpen={drawerOpen} onDrawerClose={closeDrawer} />
      <div className={clsx('flex min-h-full flex-col transition-[padding] duration-200', isPinned ? 'lg:pl-64' : 'lg:pl-16')}>
        <TopBar onMenuClick={toggle} />
        <SubscriptionBanner />
        <Breadcrumb />
        <main id="main" className="mx-auto w-full max-w-[1400px] flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
