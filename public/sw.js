// Pocket Dojo's service worker: after one visit the whole site works with no connection.
//
// scripts/post-build.mjs fills in VERSION (a hash of every file of the build), FILES (every file
// in dist/ that a page may ask for) and SHELL (index.html and what it loads at once), so each
// deploy is a new worker and nothing is listed by hand.
// - Install keeps the shell, which the visit has just downloaded anyway. The rest (every game's
//   modules, the print page, the PDF worker) is fetched one file at a time once the page asks
//   for it (early.js, after the page has loaded), so it never competes with the first
//   download; a file the page needs sooner is kept as it passes.
// - Only whole, successful, same-origin answers are kept; a failed fetch is tried again on the
//   next visit.
// - A new version waits until the page says so: the page offers "A new version is ready —
//   reload", and only then does the new worker take over, so one page never mixes files of two
//   builds. The first version takes over at once (there is nothing to mix with).
// - Fetch: a file of the build comes from this version's cache, a page address (/play/taunt)
//   gets this version's copy of index.html for that page (or index.html itself); anything
//   missing from the cache (one the browser cleared, say) comes from the network, so a reload
//   always recovers.
const VERSION = 'dev';
const FILES = [];
const SHELL = [];

const PREFIX = 'pocket-dojo-';
const CACHE = `${PREFIX}${VERSION}`;
/** Files whose name carries their content's hash: the same name is the same bytes in any version. */
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z0-9]+$/;

/** Fetches one file of the build, refusing anything but a whole, successful, same-origin answer. */
async function fetchWhole(path) {
  const response = await fetch(path, { cache: HASHED.test(path) ? 'default' : 'no-cache', credentials: 'same-origin' });
  if (!response.ok || response.type !== 'basic') {
    throw new Error(`${path}: ${response.status} ${response.type}`);
  }
  return response;
}

/** Puts every path of `paths` missing from this version's cache in it, one at a time. */
async function keep(paths) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  for (const path of paths) {
    if (have.has(path)) continue;
    // A hashed file an older version kept is the same file: no need to download it again.
    const older = HASHED.test(path) ? await caches.match(path) : undefined;
    await cache.put(path, older ?? (await fetchWhole(path)));
  }
}

/** How much of the site this version holds, for the page and the tests. */
async function status() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  return { version: VERSION, files: FILES.length, cached: FILES.filter((path) => have.has(path)).length };
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await keep(SHELL);
      // The first version has nothing to replace: it serves this visit at once.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') {
    self.skipWaiting();
  } else if (event.data === 'fill') {
    // Only the version in charge fills its cache; a waiting one fills once it takes over.
    if (self.registration.active === self.serviceWorker) event.waitUntil(keep(FILES).catch(() => {}));
  } else if (event.data === 'status') {
    event.waitUntil(status().then((answer) => event.ports[0]?.postMessage(answer)));
  }
});

/** Whether `request` asks for one of the site's pages (answered by index.html). */
function isPage(request, url) {
  return request.mode === 'navigate' && !/\.[a-z0-9]+$/i.test(url.pathname);
}

/**
 * The file answering the page at `pathname`: its own copy of index.html when the build wrote
 * one (`/rules/taunt/index.html`, which asks for that page's module and not the shell's), else
 * index.html.
 */
function pageFile(pathname) {
  const own = `${pathname.replace(/\/+$/, '')}/index.html`;
  return FILES.includes(own) ? own : '/index.html';
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const page = isPage(request, url);
  const path = page ? pageFile(url.pathname) : url.pathname;
  if (!FILES.includes(path)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(path);
      if (hit) return hit;
      // Not (or no longer) kept: the network answers, and a whole success is kept.
      try {
        const response = await fetch(page ? path : request);
        if (response.ok && response.type === 'basic') await cache.put(path, response.clone());
        return response;
      } catch (error) {
        // Offline before a page's own copy was kept: index.html (kept at install) draws the
        // same page, public/route.js naming its module.
        const fallback = page && path !== '/index.html' ? await cache.match('/index.html') : undefined;
        if (fallback) return fallback;
        throw error;
      }
    })(),
  );
});
