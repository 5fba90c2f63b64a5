// Offline: every file of the page is kept in a cache when the page is first loaded and served
// from it after, so the board works without a network. A new build (its BUILD line changes)
// replaces the cache.
const BUILD = 'hetproba-c88dcf2d58774f2f';
const FILES = ['./', 'index.html', 'app.js', 'i18n.js', 'worker.js', 'style.css', 'favicon.svg', 'manifest.webmanifest', 'pkg/hetproba_web.js', 'pkg/hetproba_web.46c379b44ef4b91b.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(BUILD).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== BUILD).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
self.addEventListener('fetch', (e) => {
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
