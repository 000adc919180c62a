// What runs before the app itself, from index.html (a file, as the Content-Security-Policy
// allows no inline script):
// 1. What the page cannot be used without, besides its own module (which route.js asks for,
//    earlier still), starts downloading at once: a rules page's two texts, which its module
//    would only ask for once its wasm had arrived and started (a second wait of several round
//    trips on a slow phone), and a print page's preview worker, started here and handed to the
//    print module when it arrives. The addresses come from the build's list
//    (`<meta name="dojo-assets">`); the route's shape names them, so this knows no game.
// 2. The service worker (sw.js: the site offline after one visit) starts, and when a new deploy
//    has been fetched and is waiting, the page offers "A new version is ready — reload". The new
//    version takes over only when the person presses Reload (or opens the site afresh), so a
//    page in the middle of a game never mixes files of two builds; the game itself is saved as
//    it always is.

/** The build's lazily loaded modules, `name` → content hash (`<meta name="dojo-assets">`). */
function assets() {
  const list = document.querySelector('meta[name="dojo-assets"]')?.content ?? '';
  return new Map(list.split(/\s+/).map((entry) => entry.split(':')).filter(([name, hash]) => name && /^[0-9a-f]+$/.test(hash ?? '')));
}

/**
 * The files and workers a page at `path` cannot be used without, besides its module. A game is
 * one the build has modules for: an address naming no game asks for nothing (the shell shows
 * its not-found page).
 */
function needs(path, built) {
  const route = /^\/(rules|print)\/([a-z0-9-]+)\/?$/.exec(path);
  if (!route || !built.has(`${route[2]}-rules`)) return { files: [], workers: [] };
  const [, kind, game] = route;
  if (kind === 'rules') return { files: [`/text/${game}/rules.md`, `/text/${game}/notes.md`], workers: [] };
  return { files: [], workers: ['print-preview'] };
}

/** Workers started before the page's module: name → the worker and the messages it sent meanwhile. */
const started = new Map();

/**
 * Starts worker `name` (content hash `hash`) now, keeping what it says until the page's module
 * takes it over with `dojoAdoptWorker(name)`: a print page's preview then loads alongside the
 * page's module instead of after it.
 */
function startWorker(name, hash) {
  if (!hash || started.has(name)) return;
  try {
    const worker = new Worker(`/${name}-${hash}.js`);
    const said = [];
    worker.onmessage = (event) => said.push(event.data);
    started.set(name, { worker, said });
  } catch {
    // The module starts its own.
  }
}

/** Hands the module the worker `name` started early and what it has said, once; or null. */
globalThis.dojoAdoptWorker = (name) => {
  const early = started.get(name);
  started.delete(name);
  return early ? [early.worker, early.said] : null;
};

/** A `<link rel="preload">` asking for `href` as the app's `fetch` will (same-origin credentials). */
function fetchPreload(href, type) {
  const link = document.createElement('link');
  Object.assign(link, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href });
  if (type) link.type = type;
  return link;
}

/** Starts the downloads the page at this address needs. */
function preloadAll() {
  const built = assets();
  const { files, workers } = needs(window.location.pathname, built);
  for (const file of files) document.head.append(fetchPreload(file));
  for (const name of workers) startWorker(name, built.get(name));
}

// This runs as soon as it arrives (an async module), normally long after the head was parsed;
// should the build's list not be parsed yet, it waits for the document.
if (document.querySelector('meta[name="dojo-assets"]')) preloadAll();
else document.addEventListener('DOMContentLoaded', preloadAll, { once: true });

// 3. What a play table adds (public/table.js: cards drawn from the printed kit, motion on the
//    table, sound) is fetched once a page shows a table or a card marked for it, whichever way
//    the person got there.
const extras = new MutationObserver(() => {
  if (!document.querySelector('[data-face],[data-motion]')) return;
  extras.disconnect();
  import('./table.js').catch(() => {});
});
extras.observe(document.documentElement, { childList: true, subtree: true });

const sw = navigator.serviceWorker;
/** Set when the person pressed Reload: the new version's taking over then reloads the page. */
let reloadOnChange = false;
/** How long after the page's load the rest of the site starts downloading for offline use. */
const FILL_DELAY_MS = 3000;

/**
 * Shows the update prompt once. Pressing Reload lets the waiting `worker` take over and then
 * reloads; with no worker (another tab already let it take over) it just reloads.
 */
function offerUpdate(worker) {
  if (document.querySelector('.update-banner')) return;
  const banner = document.createElement('div');
  banner.className = 'update-banner';
  banner.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = 'A new version is ready.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => {
    reload.disabled = true;
    reload.textContent = 'Reloading…';
    if (worker) {
      reloadOnChange = true;
      worker.postMessage('skip-waiting');
    } else {
      window.location.reload();
    }
  });
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'button';
  later.textContent = 'Later';
  later.addEventListener('click', () => banner.remove());
  banner.append(text, reload, later);
  document.body.append(banner);
}

/** Offers the update as soon as a newly installed version waits behind the one in charge. */
function watch(registration) {
  const follow = (worker) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offerUpdate(worker);
    });
  // The browser may have found the new version on this very navigation, before this ran.
  if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}

if (sw && window.isSecureContext) {
  let controlled = Boolean(sw.controller);
  sw.addEventListener('controllerchange', () => {
    if (reloadOnChange) {
      reloadOnChange = false;
      window.location.reload();
    } else if (controlled) {
      // Another tab let a new version take over: this page still shows the old one.
      offerUpdate(null);
    }
    // The first version taking over an uncontrolled page changes nothing the page shows.
    controlled = true;
  });
  window.addEventListener('load', async () => {
    try {
      const registration = await sw.register('/sw.js', { scope: '/', updateViaCache: 'none' });
      watch(registration);
      // Once this visit has settled, the rest of the site is kept for offline play, one file at
      // a time, so it never competes with what the page itself is loading.
      const ready = await sw.ready;
      setTimeout(() => ready.active?.postMessage('fill'), FILL_DELAY_MS);
      // A tab left open looks for a new deploy when it comes back into view.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch(() => {});
      });
    } catch (err) {
      // Offline play is a bonus: the site works without it. Say why, once, for whoever looks.
      console.warn(`Pocket Dojo will not work offline here: ${err.message}`);
    }
  });
}
