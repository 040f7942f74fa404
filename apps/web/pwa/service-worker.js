// The service worker (ADR 152): keeps the app's shell so a second visit opens at once on a weak network.
// Written into dist/sw.js by the build (vite.config.ts), which fills in the build id and the shell's files.
// It answers only three things: page loads (the shell, then refreshed from the network in the background),
// the build's hashed files (they never change) and the shell's own files. Everything under /api/ (data,
// event streams, sign-in, downloads) goes straight to the network and is never stored.
const BUILD = '__BHADA_BUILD__';
const SHELL = __BHADA_SHELL__;
const SHELL_CACHE = `bhada-shell-${BUILD}`;
/** hashed files of every build keep their names forever: one cache, trimmed to the newest ASSET_LIMIT */
const ASSET_CACHE = 'bhada-assets';
const ASSET_LIMIT = 400;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // an older build's shell goes; its hashed files stay a while, for a page still showing that build
      const keys = await caches.keys();
      await Promise.all(keys.filter((key) => key.startsWith('bhada-shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key)));
      const assets = await caches.open(ASSET_CACHE);
      const stored = await assets.keys();
      await Promise.all(stored.slice(0, Math.max(0, stored.length - ASSET_LIMIT)).map((request) => assets.delete(request)));
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(hashedFile(request));
    return;
  }
  // a page of the app (not a file such as /favicon.svg or /build-info.json, which the version check reads fresh)
  if (request.mode === 'navigate' && !/\.[a-z0-9]{2,12}$/i.test(url.pathname)) event.respondWith(page(event));
});

async function hashedFile(request) {
  const found = await caches.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** The stored shell at once, refreshed from the network for next time; the network when nothing is stored. */
async function page(event) {
  const cache = await caches.open(SHELL_CACHE);
  const stored = await cache.match('/index.html');
  const fresh = fetch(event.request).then(async (response) => {
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) await cache.put('/index.html', response.clone());
    return response;
  });
  if (!stored) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return stored;
}
