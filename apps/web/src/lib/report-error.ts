/**
 * Logs an error that reached an error boundary, once. React (onCaughtError), React Router
 * (onError) and the app's own boundaries may each hear of the same error; the console gets
 * one entry per error, not one per listener.
 */
const seen = new WeakSet<object>();
let last: { text: string; at: number } | null = null;

export function reportError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (seen.has(error)) return;
    seen.add(error);
  }
  // A render retried by React throws a new but identical error; that is still the same failure.
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const now = Date.now();
  if (last && last.text === text && now - last.at < 2000) return;
  last = { text, at: now };
  console.error('Arena caught an error and showed the error screen:', error);
}

/** A code-split chunk that failed to load (a new release, or the connection dropped): only a reload helps. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}
