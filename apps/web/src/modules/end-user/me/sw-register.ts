/**
 * Registers the member app's service worker (public/me/sw.js, scope /me/): it caches the app shell,
 * so the app opens offline and shows the last home answer (kept in local storage) with a note.
 * Production builds only: the dev server serves /me/* as the page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/me/sw.js', { scope: '/me/' }).then(
      () =>
        navigator.serviceWorker.ready.then((registration) => {
          // The first visit loaded its pages before the worker ran: hand it what this page loaded, so
          // the page it opened on is there offline too.
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'));
          registration.active?.postMessage({ type: 'cache', urls });
        }),
      () => {
        // no service worker (private mode, an old browser): the app still works online
      },
    );
  });
}
