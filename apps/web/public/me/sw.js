/*
 * The member app's service worker (scope /me/, registered by src/modules/end-user/me/sw-register.ts).
 * - The app shell (/me/ and the scripts and styles it loads) is cached at install, so the app opens
 *   without a network; pages opened later are cached as they load (hashed files never change).
 * - A page under /me/ comes from the network when there is one (a new build shows at once), else the
 *   cached shell. The API is never cached here: the app keeps its last home answer itself and shows
 *   it offline with a "You are offline" note.
 */
const VERSION = 'arena-me-v1';
const SHELL = '/me/';
const STATIC = ['/me/manifest.webmanifest', '/me/icon-192.png', '/me/icon-512.png', '/favicon.svg'];

async function cacheShell() {
  const cache = await caches.open(VERSION);
  const response = await fetch(SHELL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`shell: ${response.status}`);
  const html = await response.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.put(SHELL, response);
  await cache.addAll([...new Set([...assets, ...STATIC])]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('arena-me-') && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page's own files, loaded before the worker took over (sw-register.ts): hashed files only.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (u) =>
      typeof u === 'string' &&
      new URL(u, self.location.origin).origin === self.location.origin &&
      new URL(u, self.location.origin).pathname.startsWith('/assets/'),
  );
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined))))),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate' && (url.pathname === '/me' || url.pathname.startsWith('/me/'))) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(VERSION).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || STATIC.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(VERSION).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
