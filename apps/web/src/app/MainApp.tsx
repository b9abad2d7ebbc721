import { useEffect } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingBar } from '../components/LoadingBar';
import { NoteDialogHost } from '../components/NoteDialog';
import { CatalogueContext, type Catalogue } from '../lib/catalogue';
import { isProviderHost, organisationLoginUrl } from '../lib/host';
import { clearAuth, useAuth } from '../state/auth';
import { RESOLVED_MENU, ROUTES, SCREENS } from './menu';
import { WEB_MODULES } from './modules';
import { NotFoundPage } from './NotFoundPage';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { ScreenRoute } from './ScreenRoute';
import { Shell } from './shell/Shell';

const isKnownPath = (pathname: string) => ROUTES.some((r) => matchPath({ path: r.path, end: true }, pathname));

const CATALOGUE: Catalogue = {
  menu: RESOLVED_MENU,
  tiles: WEB_MODULES.flatMap((m) => m.tiles ?? []).sort((a, b) => a.order - b.order),
  isBuilt: (node) => !!node.screen && SCREENS.has(node.screen),
};

/** Provider host, signed in with an organisation: hand the key over to the organisation's host. */
function HandOff({ slug, token, email }: { slug: string; token: string; email: string }) {
  useEffect(() => {
    clearAuth();
    window.location.replace(organisationLoginUrl(slug, token, email));
  }, [slug, token, email]);
  return <LoadingBar label="Opening your organisation" />;
}

export default function MainApp() {
  const token = useAuth((s) => s.token);
  const organisation = useAuth((s) => s.organisation);
  const email = useAuth((s) => s.user?.email ?? '');
  const { pathname } = useLocation();

  if (!token) return isKnownPath(pathname) ? <Navigate to="/login" replace /> : <NotFoundPage standalone />;
  if (!organisation) return <Navigate to="/organization/register/" replace />;
  if (isProviderHost()) return <HandOff slug={organisation.subdomain} token={token} email={email} />;

  return (
    <CatalogueContext.Provider value={CATALOGUE}>
      <Shell>
        <ScreenErrorBoundary resetKey={pathname}>
          <Routes>
            {ROUTES.map((entry) => (
              <Route
                key={entry.path}
                path={entry.path}
                element={entry.redirectTo ? <Navigate to={entry.redirectTo} replace /> : <ScreenRoute node={entry.node} />}
              />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </ScreenErrorBoundary>
        <NoteDialogHost />
      </Shell>
    </CatalogueContext.Provider>
  );
}
