// What a page opened or reloaded while the server cannot be reached shows instead of the browser's
// error: offline.html, which says what this browser keeps and opens the page once the server
// answers. Everything else goes to the network as it would without this worker; the few files the
// offline page needs are kept from their last download.
const CACHE = 'markupkit-offline-1';
const KEPT = ['/static/offline.html', '/static/style.css', '/static/outbox.js', '/static/icon.svg'];
const OFFLINE_PAGE = KEPT[0];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()));
  } else if (KEPT.includes(new URL(request.url).pathname)) {
    event.respondWith(fetch(request).then(async (response) => {
      if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
      return response;
    }, async () => (await caches.match(request, { ignoreSearch: true })) ?? Response.error()));
  }
});
