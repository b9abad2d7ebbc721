import type { MemberFeature } from '@arena/contracts/end-user';
import { CalendarDays, CreditCard, Home, Menu, QrCode, type LucideIcon } from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The member app's pages, listed once. Each page is its own chunk (a lazy import), so the first
 * load carries only the shell and the page it opens on.
 *
 * To add a page: put it in `./pages/YourPage.tsx` with a default export, then add ONE line below:
 *
 *   page('invoices', 'Invoices', () => import('./pages/InvoicesPage'), { feature: 'invoices', more: true }),
 *
 * - `path` is under /me (no leading slash): 'invoices' is /me/invoices; 'invoices/:id' works too.
 * - `feature`: the settings switch that hides it (GET /api/me/ `features`); switched off, the page
 *   and its tab or More entry disappear (the API answers its endpoints 403 anyway).
 * - `more: true` lists it on the More page. The bottom tabs (TABS) show Pay, Check in and Book as
 *   soon as a page is listed at 'pay', 'check-in' and 'book'.
 * Pages read the home answer with `useHome()` (./api.ts) and call the API with `call()` and the
 * contracts' `meEndpoints`; the member key is sent for them. Links and params come from ./router
 * (`Link`, `useNavigate`, `useParams`, `useSearchParams`), not react-router (not in this bundle).
 * Controls at phone size: ./ui.tsx (`BigButton`, `MeField`, `Panel`).
 */
export interface MePage {
  path: string;
  title: string;
  component: LazyExoticComponent<ComponentType>;
  /** The switch (or switches: shown while any is on) that hides it. */
  feature?: MemberFeature | readonly MemberFeature[];
  more?: boolean;
}

const page = (
  path: string,
  title: string,
  load: () => Promise<{ default: ComponentType }>,
  options: { feature?: MemberFeature | readonly MemberFeature[]; more?: boolean } = {},
): MePage => ({ path, title, component: lazy(load), ...options });

export const ME_PAGES: MePage[] = [
  page('', 'Home', () => import('./pages/HomePage')),
  page('feed', 'Announcements', () => import('./pages/FeedPage'), { feature: 'announcements', more: true }),
  page('more', 'More', () => import('./pages/MorePage')),
  page('more/devices', 'Devices', () => import('./pages/DevicesPage'), { more: true }),
  page('pay', 'Pay', () => import('./pages/Pay'), { feature: 'pay_dues' }),
  page('renew', 'Renew', () => import('./pages/Renew'), { feature: 'renew', more: true }),
  page('invoices', 'Invoices', () => import('./pages/Invoices'), { feature: 'invoices', more: true }),
  page('book', 'Book', () => import('./pages/Book'), { feature: 'book' }),
  page('check-in', 'Check in', () => import('./pages/CheckIn'), { feature: 'check_in' }),
  page('attendance', 'Attendance', () => import('./pages/Attendance'), { feature: 'check_in', more: true }),
  page('requests', 'Freeze or cancel', () => import('./pages/Requests'), { feature: ['freeze_request', 'cancel_request'], more: true }),
  page('plans', 'Plans', () => import('./pages/Plans'), { feature: 'plans', more: true }),
  page('profile', 'Profile', () => import('./pages/Profile'), { feature: 'edit_profile', more: true }),
];

/** The sign-in page (also the target of the e-mailed link, /me/sign-in?token=…). */
export const SignInPage = lazy(() => import('./pages/SignInPage'));

/** The phone's bottom tab bar: a tab shows when a page is listed at its path and its feature is on. */
export const TABS: { path: string; label: string; icon: LucideIcon; feature?: MemberFeature }[] = [
  { path: '', label: 'Home', icon: Home },
  { path: 'pay', label: 'Pay', icon: CreditCard, feature: 'pay_dues' },
  { path: 'check-in', label: 'Check in', icon: QrCode, feature: 'check_in' },
  { path: 'book', label: 'Book', icon: CalendarDays, feature: 'book' },
  { path: 'more', label: 'More', icon: Menu },
];
