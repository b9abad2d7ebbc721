import { isEntryAllowed } from '@arena/contracts';
import { Suspense } from 'react';
import { LoadingBar, PageLoadingFallback } from '../components/LoadingBar';
import { usePermissions } from '../state/permissions';
import type { ResolvedNode } from './menu';
import { NoAccessPage } from './NoAccessPage';
import { NotAvailablePage } from './NotAvailablePage';
import { PermissionsError } from './PermissionsError';
import { SCREENS } from './screens';

/** One route of the menu tree: the module guard, then the screen (or its placeholder). */
export function ScreenRoute({ node }: { node: ResolvedNode }) {
  const allowed = usePermissions((s) => s.allowedModules);
  const loading = usePermissions((s) => s.isLoading);
  const fetched = usePermissions((s) => s.lastFetched !== null);
  const error = usePermissions((s) => s.error);

  const guarded = node.module !== null && node.module !== undefined;
  if (guarded && (loading || (!fetched && !error))) return <LoadingBar label="Loading permissions" />;
  if (guarded && !fetched && error) return <PermissionsError />;
  if (guarded && !isEntryAllowed(node.module, allowed)) return <NoAccessPage node={node} />;

  const Screen = node.screen ? SCREENS[node.screen] : null;
  return <Suspense fallback={<PageLoadingFallback />}>{Screen ? <Screen node={node} /> : <NotAvailablePage node={node} />}</Suspense>;
}
