// What a page of MarkupKit's (the library, a document) opened or reloaded while the server cannot be
// reached shows instead of the browser's error: offline.html, which says what this browser keeps
// and opens the page once the server answers. The few files the offline page needs are kept from
// their last download. Nothing else is touched: another app served here later has its requests go
// to the network as ever, and its caches are its own.
const CACHE_PREFIX = 'markupkit-offline-';
const CACHE = `${CACHE_PREFIX}1`;
const KEPT = ['/static/offline.html', '/static/style.css', '/static/outbox.js', '/static/icon.svg'];
const OFFLINE_PAGE = KEPT[0];

/// The pages it stands in for: the library and a document's editor.
const isMarkupKitPage = (path) => path === '/' || /^\/edit\/[^/]+$/.test(path);
/// What a proxy in front of the server (docs/DEPLOY.md's nginx) answers while the server is down.
const isGatewayTrouble = (response) => [502, 503, 504].includes(response.status);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const path = new URL(request.url).pathname;
  if (request.mode === 'navigate' && isMarkupKitPage(path)) {
    const offlinePage = async (otherwise) => (await caches.match(OFFLINE_PAGE)) ?? otherwise;
    event.respondWith(fetch(request).then((response) => isGatewayTrouble(response) ? offlinePage(response) : response,
      () => offlinePage(Response.error())));
  } else if (KEPT.includes(path)) {
    event.respondWith(fetch(request).then(async (response) => {
      if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
      return response;
    }, async () => (await caches.match(request, { ignoreSearch: true })) ?? Response.error()));
  }
});
