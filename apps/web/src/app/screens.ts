import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResolvedNode, ScreenId } from './menu';

/** A screen gets its menu node (tabbed pages draw their tabs from it). */
export type ScreenComponent = ComponentType<{ node: ResolvedNode }>;

/** Built screens, code-split per module. Everything else renders the "not available yet" screen. */
const administrator = () => import('../modules/administrator');
const booking = () => import('../modules/booking');
const from = <M>(load: () => Promise<M>, pick: (m: M) => ScreenComponent) => lazy(() => load().then((m) => ({ default: pick(m) })));

export const SCREENS: Record<ScreenId, LazyExoticComponent<ScreenComponent>> = {
  dashboard: lazy(() => import('../modules/dashboard/DashboardPage')),
  profile: from(administrator, (m) => m.ProfilePage),
  'manage-center': from(administrator, (m) => m.CentreListPage),
  'payment-mode': from(administrator, (m) => m.PaymentModeListPage),
  sports: from(administrator, (m) => m.SportListPage),
  settings: lazy(() => import('../modules/settings/SettingsPage')),
  logout: lazy(() => import('../modules/accounts/LogoutPage')),
  'booking-dashboard': from(booking, (m) => m.BookingDashboardPage),
  'booking-booking': from(booking, (m) => m.BookingPage),
  'booking-clients': from(booking, (m) => m.ClientsPage),
  'booking-clients-bulk': from(booking, (m) => m.ClientsBulkPage),
  'booking-subscriptions': from(booking, (m) => m.SubscriptionsPage),
  'booking-clients-table': from(booking, (m) => m.ClientsTablePage),
  'booking-transactions': from(booking, (m) => m.TransactionsPage),
  'booking-facilities': from(booking, (m) => m.FacilityListPage),
  'booking-facility-form': from(booking, (m) => m.FacilityFormPage),
  'booking-logs': from(booking, (m) => m.BookingLogsPage),
  'booking-reports': from(booking, (m) => m.BookingReportsPage),
};
