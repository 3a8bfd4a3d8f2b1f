// The console's service worker (SPEC §7: registered from a relative script). Built by
// console/sw/vite-sw.ts, which puts the build's version and file list in place of the two markers.
// - The app shell's hashed files come from Cache Storage (cache first): repeat visits need no
//   network for them. Only those files are ever cached: no API answer, media, upload, download,
//   token or personal data.
// - Navigations go to the network; when it cannot be reached, an offline page (zh/en) is shown that
//   comes back by itself once the platform answers again.
// - A new version waits until the page asks it to take over (the user chose "reload"), so no tab is
//   ever reloaded behind the user's back; the previous version's files stay cached, so a tab still on
//   it keeps loading its own chunks.
const VERSION = '__ATRIUM_SW_VERSION__';
const FILES = /*__ATRIUM_SW_FILES__*/ [];
const PREFIX = 'atrium-shell-';
const CACHE = PREFIX + VERSION;
const OFFLINE = 'offline.html';
/** Never answered from the worker: the platform's live and private paths. */
const NETWORK_ONLY = /^\/(api|jwt|upload|__test|embed|widgets)(\/|$)/;

const scopePath = new URL(self.registration.scope).pathname;
const inScope = (file) => new URL(file, self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map(inScope))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Keep this version and the one before it (a tab may still run it); drop the rest.
      // caches.keys() lists caches in the order they were made: the last other one is the previous version.
      const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
      await Promise.all(names.slice(0, -1).map((n) => caches.delete(n)));
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'atrium:take-over') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname.startsWith(scopePath) ? '/' + url.pathname.slice(scopePath.length) : url.pathname;
  if (NETWORK_ONLY.test(path)) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(inScope(OFFLINE))) ?? new Response('offline', { status: 503, headers: { 'content-type': 'text/plain' } })),
    );
    return;
  }
  event.respondWith(
    caches.match(request, { ignoreSearch: false }).then((hit) => hit ?? fetch(request)),
  );
});
