import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { PageLoadingBar } from '../components/LoadingBar';
import { onUnauthorized } from '../lib/api';
import { reportError } from '../lib/report-error';
import { clearAuth } from '../state/auth';
import { clearPermissions } from '../state/permissions';
import { queryClient } from '../lib/query-client';
import { DocumentTitle } from './DocumentTitle';
import { router } from './router';
import { Toasts } from './Toasts';

const PUBLIC_PREFIXES = [
  '/login',
  '/signup',
  '/select-organization',
  '/accounts/reset-password',
  '/password/reset/confirm',
  '/accounts/confirm-email',
];

/** A stored key the server no longer accepts: sign out locally and go to /login (spec 7). */
onUnauthorized(() => {
  clearAuth();
  clearPermissions();
  queryClient.clear();
  const path = window.location.pathname;
  if (!PUBLIC_PREFIXES.some((p) => path.startsWith(p))) void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PageLoadingBar />
      <DocumentTitle />
      <RouterProvider router={router} onError={reportError} />
      <Toasts />
    </QueryClientProvider>
  );
}
