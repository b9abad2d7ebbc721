import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoadingFallback } from '../components/LoadingBar';
import { useRouteTitle } from '../lib/document-title';
import { useAuth } from '../state/auth';
import { RouteError } from './RouteError';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const LoginPage = page(() => import('../modules/accounts/LoginPage'));
const SignupPage = page(() => import('../modules/accounts/SignupPage'));
const SelectOrganisationPage = page(() => import('../modules/accounts/SelectOrganisationPage'));
const ForgotPasswordPage = page(() => import('../modules/accounts/ForgotPasswordPage'));
const ResetConfirmPage = page(() => import('../modules/accounts/ResetConfirmPage'));
const ConfirmEmailPage = page(() => import('../modules/accounts/ConfirmEmailPage'));
const RegisterOrganisationPage = page(() => import('../modules/accounts/RegisterOrganisationPage'));
const PaymentsPage = page(() => import('../modules/payments/PaymentsPage'));
const CheckoutPage = page(() => import('../modules/payments/CheckoutPage'));
const PayLinkPage = page(() => import('../modules/payments/PayLinkPage'));
/** The main application (shell, menu, module screens) loads only after sign-in. */
const MainApp = page(() => import('./MainApp'));

/** A page outside the shell names itself in the browser tab through its route's `handle.title`. */
interface Handle {
  title?: string;
}

function Layout() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as Handle | undefined)?.title)?.handle as Handle | undefined;
  // Inside the shell the screen's route names itself (ScreenRoute); here only public pages do.
  useRouteTitle(title?.title);
  return (
    <Suspense fallback={<PageLoadingFallback />}>
      <Outlet />
    </Suspense>
  );
}

/** Spec 2.3: signed-in only; flagged routes do not need an organisation. */
function RequireAuth() {
  const token = useAuth((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

const titled = (title: string): { handle: Handle } => ({ handle: { title } });

/** A module's `publicPages` (the online-booking portal) are HTML pages of their own, served by the API: no route here. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage />, ...titled('Log in') },
      { path: '/signup', element: <SignupPage />, ...titled('Sign up') },
      { path: '/select-organization', element: <SelectOrganisationPage />, ...titled('Select your organization') },
      { path: '/accounts/reset-password', element: <ForgotPasswordPage />, ...titled('Forgot password') },
      { path: '/password/reset/confirm/:uid/:token', element: <ResetConfirmPage />, ...titled('Reset your password') },
      { path: '/accounts/confirm-email/:key', element: <ConfirmEmailPage />, ...titled('Verify email') },
      // The hosted checkout of an online payment (issue 23): no login, on the organisation's host or the provider's.
      { path: '/checkout/:id', element: <CheckoutPage />, ...titled('Checkout') },
      // A payment link for a due (issue 23): no login, on the organisation's host.
      { path: '/pay/:token', element: <PayLinkPage />, ...titled('Payment') },
      {
        element: <RequireAuth />,
        errorElement: <RouteError />,
        children: [
          { path: '/organization/register', element: <RegisterOrganisationPage />, ...titled('Register your organization') },
          { path: '/payments', element: <PaymentsPage />, ...titled('Make Payment') },
        ],
      },
      { path: '*', element: <MainApp />, errorElement: <RouteError /> },
    ],
  },
]);
