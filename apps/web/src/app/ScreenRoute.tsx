import { isEntryAllowed } from '@arena/contracts/kit';
import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { LoadingBar, PageLoadingFallback } from '../components/LoadingBar';
import { useRouteTitle } from '../lib/document-title';
import { topOf, type ResolvedNode } from '../lib/web-module';
import { usePermissions } from '../state/permissions';
import { landingPath, SCREENS } from './menu';
import { NoAccessPage } from './NoAccessPage';
import { NotAvailablePage } from './NotAvailablePage';
import { PermissionsError } from './PermissionsError';

/**
 * The browser tab's title: the screen, then its module's menu entry ("Transactions · Booking");
 * a tab of a tabbed page is named with its page ("Clients › Bulk Table · Booking").
 */
function useNodeTitle(node: ResolvedNode) {
  const top = topOf(node);
  const tabs = node.parent?.hideChildren ? node.parent : null;
  const screen = !tabs ? node.label : tabs.fullPath === node.fullPath ? tabs.label : `${tabs.label} › ${node.label}`;
  useRouteTitle(screen, top === node || top === tabs ? null : top.label);
}

/** One route of the menu tree: the module guard, then the screen (or its placeholder). */
export function ScreenRoute({ node }: { node: ResolvedNode }) {
  const allowed = usePermissions((s) => s.allowedModules);
  const loading = usePermissions((s) => s.isLoading);
  const fetched = usePermissions((s) => s.lastFetched !== null);
  const error = usePermissions((s) => s.error);
  useNodeTitle(node);

  const guarded = node.module !== null;
  if (guarded && (loading || (!fetched && !error))) return <LoadingBar label="Loading permissions" />;
  if (guarded && !fetched && error) return <PermissionsError />;
  if (guarded && !isEntryAllowed(node.module, allowed)) {
    // Home without the dashboard's module: the first screen the user can use (the front desk's Booking).
    if (node.fullPath === '/') {
      const landing = landingPath(allowed);
      if (landing && landing !== '/') return <Navigate to={landing} replace />;
    } else return <NoAccessPage node={node} />;
  }

  const Screen = node.screen ? SCREENS.get(node.screen) : undefined;
  return <Suspense fallback={<PageLoadingFallback />}>{Screen ? <Screen node={node} /> : <NotAvailablePage node={node} />}</Suspense>;
}
