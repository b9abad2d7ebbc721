import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoadingFallback } from '../components/LoadingBar';
import { useAuth } from '../state/auth';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const LoginPage = page(() => import('../modules/accounts/LoginPage'));
const SignupPage = page(() => import('../modules/accounts/SignupPage'));
const SelectOrganisationPage = page(() => import('../modules/accounts/SelectOrganisationPage'));
const ForgotPasswordPage = page(() => import('../modules/accounts/ForgotPasswordPage'));
const ResetConfirmPage = page(() => import('../modules/accounts/ResetConfirmPage'));
const ConfirmEmailPage = page(() => import('../modules/accounts/ConfirmEmailPage'));
const RegisterOrganisationPage = page(() => import('../modules/accounts/RegisterOrganisationPage'));
const PaymentsPage = page(() => import('../modules/payments/PaymentsPage'));
const OnlineBookingPage = page(() => import('../modules/public/OnlineBookingPage'));
/** The main application (shell, menu, module screens) loads only after sign-in. */
const MainApp = page(() => import('./MainApp'));

function Suspended() {
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

export const router = createBrowserRouter([
  {
    element: <Suspended />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/select-organization', element: <SelectOrganisationPage /> },
      { path: '/accounts/reset-password', element: <ForgotPasswordPage /> },
      { path: '/password/reset/confirm/:uid/:token', element: <ResetConfirmPage /> },
      { path: '/accounts/confirm-email/:key', element: <ConfirmEmailPage /> },
      { path: '/online-booking', element: <OnlineBookingPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/organization/register', element: <RegisterOrganisationPage /> },
          { path: '/payments', element: <PaymentsPage /> },
        ],
      },
      { path: '*', element: <MainApp /> },
    ],
  },
]);
