/**
 * Registers the member app's service worker (public/me/sw.js, scope /me/): it caches the app shell,
 * so the app opens offline and shows the last home answer (kept in local storage) with a note.
 * Production builds only: the dev server serves /me/* as the page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/me/sw.js', { scope: '/me/' }).catch(() => {
      // no service worker (private mode, an old browser): the app still works online
    });
  });
}
