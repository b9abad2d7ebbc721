import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from './menu';

/** Built screens, code-split per module. Everything else renders the "not available yet" screen. */
const administrator = () => import('../modules/administrator');

export const SCREENS: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../modules/dashboard/DashboardPage')),
  profile: lazy(() => administrator().then((m) => ({ default: m.ProfilePage }))),
  'manage-center': lazy(() => administrator().then((m) => ({ default: m.CentreListPage }))),
  settings: lazy(() => import('../modules/settings/SettingsPage')),
  logout: lazy(() => import('../modules/accounts/LogoutPage')),
};
