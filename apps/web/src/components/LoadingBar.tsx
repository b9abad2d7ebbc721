/** The full-width loading bar of spec 2.4 (page-loading flag, permissions and lazy screens). */
export function LoadingBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-busy="true" className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-accent/15">
      <div className="loading-bar-track h-full w-2/5 rounded-full bg-accent" />
    </div>
  );
}
