import { useEffect } from 'react';
import { beginPageLoading, usePageLoading, usePageLoadingLabel } from '../state/ui';

/** The full-width loading bar of spec 2.4 (page-loading flag, permissions and lazy screens). */
export function LoadingBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-accent/15">
      <div className="loading-bar-track h-full w-2/5 rounded-full bg-accent" />
    </div>
  );
}

/** Spec 2.4: the bar shown, on every route, while the page-loading flag is set. */
export function PageLoadingBar() {
  const loading = usePageLoading();
  const label = usePageLoadingLabel();
  return loading ? <LoadingBar label={label} /> : null;
}

/** Holds the page-loading flag while mounted: the Suspense fallback of lazily loaded screens. */
export function PageLoadingFallback({ label = 'Loading' }: { label?: string }) {
  useEffect(() => beginPageLoading(label), [label]);
  return null;
}
