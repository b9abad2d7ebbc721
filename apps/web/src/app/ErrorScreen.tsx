import { Home, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { isChunkLoadError } from '../lib/report-error';

/**
 * The calm screen shown instead of a page that failed: what happened in plain words, Retry and
 * Go Home. `home` is a link in the app's look (a router Link in the shell, a plain link outside).
 */
export function ErrorScreen({ error, onRetry, home }: { error: unknown; onRetry: () => void; home: ReactNode }) {
  const stale = isChunkLoadError(error);
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <div role="alert" className="mx-auto max-w-lg px-6 py-14 text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-warning-soft text-warning-text">
        <TriangleAlert size={22} aria-hidden />
      </div>
      <h1 className="text-lg font-semibold text-fg">{stale ? 'This page needs a reload' : 'This page could not be shown'}</h1>
      <p className="mt-2 text-sm text-muted">
        {stale
          ? 'Part of the app could not be downloaded — a new version may have been released, or the connection dropped. Reloading fetches it again.'
          : 'Something went wrong while showing it. Nothing you saved is lost. Try again, or go to the home page and carry on from there.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={stale ? () => window.location.reload() : onRetry}>
          <RefreshCw size={16} aria-hidden /> {stale ? 'Reload' : 'Retry'}
        </Button>
        {home}
      </div>
      {detail && (
        <details className="mt-8 text-left text-xs text-muted">
          <summary className="cursor-pointer select-none text-center">Technical details</summary>
          <p className="mt-2 break-words rounded-md border border-line bg-subtle px-3 py-2 font-mono">{detail}</p>
        </details>
      )}
    </div>
  );
}

export const homeIcon = <Home size={16} aria-hidden />;
