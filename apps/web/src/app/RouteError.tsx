import { useLocation, useNavigate, useRouteError } from 'react-router';
import { buttonClass } from '../components/Button';
import { useRouteTitle } from '../lib/document-title';
import { ErrorScreen, homeIcon } from './ErrorScreen';

/**
 * The router's error element (app/router.tsx): a failure outside a screen — the shell itself, or
 * a public page — shown on a page of its own. The error is logged by the router's onError.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useRouteTitle('Something went wrong');
  return (
    <main className="flex min-h-full items-center justify-center bg-canvas">
      <ErrorScreen
        error={error}
        // Navigating to the same address gives the route a new location, which clears its error.
        onRetry={() => navigate(`${pathname}${search}${hash}`, { replace: true })}
        home={
          <a href="/" className={buttonClass('secondary')}>
            {homeIcon} Go Home
          </a>
        }
      />
    </main>
  );
}
