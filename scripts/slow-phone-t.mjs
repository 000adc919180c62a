// How long each page of the site takes to become usable on a slow phone, as a first visit
// (a fresh browser context per load: empty cache, nothing saved).
//
// Profile (the issue's "slow phone"): 150 ms latency, 1.6 Mbps down (200,000 bytes/s), 750 kbps
// up (93,750 bytes/s), CPU throttled x4, a 390x844 touch viewport, set through the Chrome
// DevTools Protocol before each navigation. The page's network conditions hold for the workers
// it starts too (the print preview runs in one), but Chromium's CPU throttling is aimed at the
// page's main thread: a worker runs only about 1.7 times slower, not 4.
//
// Pages, and when each counts as usable:
// - home `/`: the game tiles with their Play / Rules / Print links are shown (from index.html's
//   plain-HTML home page, before the app has started);
// - `/rules/<game>`: the rules document is rendered (its first section heading, in place of the
//   "Loading the rules…" line; the game's pieces inside it may still be loading);
// - `/play/<game>`: the lobby is shown and its Start button is enabled;
// - `/print/<game>`: the SVG preview of a sheet is in the page.
// The games are the `data-bin="<game>-play"` modules of the repository's index.html (as
// scripts/size-report.sh reads them). The time is taken in the page: performance.now()
// (milliseconds since navigation start) once the frame showing the ready state has been drawn
// (a MutationObserver sees the state, then one animation frame and one task later). Bytes are
// what came over the wire (compressed bodies plus headers, CDP `encodedDataLength`) for the whole
// visit: every request the page and its workers made until the network stayed quiet for 500 ms
// after the page became usable (so a rules page counts the game module that fills in its
// pieces). Left out: a worker's own script (Chromium reports no body bytes for it; 2 KB for the
// print preview's). Service workers are blocked: the site's (public/sw.js) would fetch the rest
// of the site in the background 3 s after the load event, outside the page's throttled network.
//
// Run it against a built site (`trunk build --release`, or a copy of dist/):
//   node scripts/slow-phone.mjs [--root dist] [--runs 3] [--fast] [--only play]
// --runs N: loads per page (the figure printed is the median); --fast: no throttling at all, for
// comparison; --only S: only the pages whose name contains S (`play`, `punish`, `print_taunt`).
// Prints `slow_phone_<name>_ms: <median>` and `slow_phone_<name>_bytes: <median>` per page
// (name: `home`, `rules_punish`, `play_dragon_punch`, `print_taunt`, …). It never fails on time;
// it exits 1 if a page is not usable within 30 s or logs a console error, a page error or a
// failed request, and 2 on a bad command line. With SLOW_PHONE_DEBUG=1 it also prints, on
// stderr, each load's figures and the last load's requests (start and end in ms, bytes, path).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { REPO, DIST, startServer } from './static-server.mjs';
import { launchBrowser } from '../tests/e2e/harness.mjs';

/** The slow phone's network (CDP `Network.emulateNetworkConditions`). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
/** The slow phone's CPU: four times slower than this machine's. */
const CPU_RATE = 4;
/** A phone's screen. */
const VIEWPORT = { width: 390, height: 844 };
/** How long a page may take to become usable before the script gives up on it. */
const READY_TIMEOUT_MS = 30_000;
/** How long the network must stay quiet after a page is usable for its download to count as done. */
const QUIET_MS = 500;

/** The command line's options, or exit 2 explaining what is wrong. */
function options(argv) {
  const out = { root: DIST, runs: 3, fast: false, only: '' };
  const fail = (why) => {
    console.error(`slow-phone: ${why} (usage: node scripts/slow-phone.mjs [--root DIR] [--runs N] [--fast] [--only SUBSTRING])`);
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--fast') out.fast = true;
    else if (arg === '--root' || arg === '--runs' || arg === '--only') {
      if (i + 1 >= argv.length) fail(`${arg} needs a value`);
      out[arg.slice(2)] = argv[(i += 1)];
    } else fail(`unknown option '${arg}'`);
  }
  out.runs = Number(out.runs);
  if (!Number.isInteger(out.runs) || out.runs < 1) fail(`--runs takes a whole number from 1, not '${argv[argv.indexOf('--runs') + 1]}'`);
  out.root = resolve(out.root);
  out.only = out.only.replace(/-/g, '_');
  return out;
}

/** The site's games: the `data-bin="<game>-play"` modules the repository's index.html builds. */
async function games() {
  const html = await readFile(join(REPO, 'index.html'), 'utf8');
  const ids = [...html.matchAll(/data-bin="([a-z0-9-]+)-play"/g)].map((m) => m[1]);
  if (ids.length === 0) throw new Error(`${join(REPO, 'index.html')} builds no <game>-play module`);
  return ids;
}

/** Every page to measure: its printed name, its address and what kind of page it is. */
function pages(ids) {
  const list = [{ name: 'home', path: '/', kind: 'home', game: '' }];
  for (const kind of ['rules', 'play', 'print']) {
    for (const game of ids) list.push({ name: `${kind}_${game.replace(/-/g, '_')}`, path: `/${kind}/${game}`, kind, game });
  }
  return list;
}

/**
 * Runs in the page before any of its scripts (an init script, so the site's
 * Content-Security-Policy does not apply to it): watches the DOM until the page of `kind` is
 * usable, then reports performance.now() through the `slowPhoneReady` binding once the frame
 * showing it has been drawn. Reports `notFound` if the site shows its not-found page instead,
 * and every Content-Security-Policy violation as a console error (as the browser tests do).
 */
function watchReadiness({ kind, game }) {
  document.addEventListener('securitypolicyviolation', (e) =>
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`),
  );
  const ready = () => {
    switch (kind) {
      case 'home':
        // The links work from the first paint: index.html holds the home page as plain HTML
        // until the app takes its place (a link followed then loads its page in full).
        return [...document.querySelectorAll('.game-list .game-tile.playable a[href^="/play/"]')].some((a) => a.getClientRects().length > 0);
      case 'rules':
        return document.querySelector(`[data-testid="rules-${game}"] h2`) !== null;
      case 'play': {
        const start = document.querySelector('#play-root [data-testid="lobby"] [data-testid="start"]');
        return start !== null && !start.disabled;
      }
      case 'print':
        return document.querySelector('[data-testid="sheet"] svg') !== null;
      default:
        return false;
    }
  };
  let done = false;
  const check = () => {
    if (done) return;
    if (ready()) {
      done = true;
      observer.disconnect();
      window.__t?.push(['ready seen', Math.round(performance.now())]); requestAnimationFrame(() => setTimeout(() => window.slowPhoneReady({ ms: performance.now(), t: window.__t })));
    } else if (document.querySelector('[data-testid="not-found"]')) {
      done = true;
      observer.disconnect();
      window.slowPhoneReady({ notFound: true });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
}

/** The median of `values` (the mean of the middle two for an even count), rounded. */
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
}

/**
 * One load of page `spec` from the site at `url`, in a fresh context, throttled unless `fast`:
 * {ms, bytes, files, workers}, or a thrown error saying what went wrong.
 */
async function loadOnce(browser, url, spec, fast) {
  // Service workers blocked (see the header): this measures the page's own first visit.
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const problems = [];
    let settle;
    const reported = new Promise((ok) => (settle = ok));
    await context.exposeBinding('slowPhoneReady', (_source, value) => settle(value));
    await context.addInitScript(watchReadiness, { kind: spec.kind, game: spec.game });
    await context.addInitScript(() => {
      window.__t = [];
      const log = (w) => window.__t.push([w, Math.round(performance.now())]);
      for (const f of ['instantiateStreaming', 'instantiate', 'compileStreaming']) {
        const orig = WebAssembly[f];
        WebAssembly[f] = function (...a) { log(f + ' call'); const p = orig.apply(this, a); p.then(() => log(f + ' done')); return p; };
      }
      document.addEventListener('DOMContentLoaded', () => log('DCL'));
      new MutationObserver(() => { if (document.querySelector('#play-root *') && !window.__pr) { window.__pr = 1; log('play-root child'); } }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const where = msg.location()?.url;
      problems.push(`console error: ${msg.text()}${where ? ` (at ${where})` : ''}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => {
      const why = req.failure()?.errorText;
      if (why !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${why})`);
    });
    page.on('response', (resp) => {
      if (resp.status() >= 400) problems.push(`HTTP ${resp.status()}: ${resp.url()}`);
    });

    // The network as CDP sees it, on the page and on every worker it starts.
    const net = { inFlight: new Set(), bytes: 0, lastChange: 0, files: new Map(), t0: undefined, workerScripts: new Set() };
    const cdp = await context.newCDPSession(page);
    // (Request ids are unique across the page and its workers.)
    const onEvent = (method, params) => {
      const id = params.requestId;
      if (net.workerScripts.has(id)) return;
      if (method === 'Network.requestWillBeSent') {
        net.inFlight.add(id);
        net.t0 ??= params.timestamp;
        net.files.set(id, { url: params.request.url, bytes: 0, start: params.timestamp - net.t0, end: NaN });
      } else if (method === 'Network.responseReceived') {
        // (A worker may start before its session listens: then this is the first word of it.)
        if (!net.files.has(id)) net.files.set(id, { url: params.response.url, bytes: 0, start: NaN, end: NaN });
        return;
      } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
        net.inFlight.delete(id);
        if (method === 'Network.loadingFinished') {
          net.bytes += params.encodedDataLength;
          const file = net.files.get(id);
          if (file) Object.assign(file, { bytes: params.encodedDataLength, end: params.timestamp - net.t0 });
        }
      } else return;
      net.lastChange = Date.now();
    };
    for (const method of ['Network.requestWillBeSent', 'Network.responseReceived', 'Network.loadingFinished', 'Network.loadingFailed']) {
      cdp.on(method, (params) => onEvent(method, params));
    }
    // Workers: attached through the page's session (messages tunnelled, not flattened).
    let nextId = 1;
    const workerSessions = new Map();
    cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
      const send = (method, params = {}) =>
        cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) });
      if (targetInfo.type !== 'worker') {
        if (waitingForDebugger) send('Runtime.runIfWaitingForDebugger').catch(() => {});
        return;
      }
      workerSessions.set(sessionId, targetInfo.url);
      // The worker's own script: requested by the page under the worker's target id, it finishes
      // (if the worker's session sees it at all) with no body bytes, only headers. Left out, so
      // the byte count does not depend on that race (print-preview's script is 2 KB).
      net.workerScripts.add(targetInfo.targetId);
      net.inFlight.delete(targetInfo.targetId);
      net.files.delete(targetInfo.targetId);
      // Only to see its requests: the page's network conditions already hold for a worker's
      // requests (a worker's session answers "Not supported" to emulateNetworkConditions).
      // Playwright's own session may let the worker run first; its first request is then seen
      // from its response on (throttled, a response comes 150 ms after any request).
      send('Network.enable')
        .then(() => send('Network.setCacheDisabled', { cacheDisabled: true }))
        .finally(() => (waitingForDebugger ? send('Runtime.runIfWaitingForDebugger') : null))
        .catch(() => {});
    });
    cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
      const msg = JSON.parse(message);
      if (msg.method) onEvent(msg.method, msg.params);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (!fast) await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
    if (!fast) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });

    const started = Date.now();
    await page.goto(`${url}${spec.path}`, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
    // Wait for the page to say it is usable, failing early on the first problem.
    let timer;
    const outcome = await Promise.race([
      reported,
      new Promise((ok) => (timer = setTimeout(() => ok({ timeout: true }), READY_TIMEOUT_MS - (Date.now() - started)))),
      new Promise((ok) => {
        const poll = setInterval(() => {
          if (problems.length) {
            clearInterval(poll);
            ok({ problems: true });
          }
        }, 50);
        reported.then(() => clearInterval(poll));
        context.on('close', () => clearInterval(poll));
      }),
    ]);
    clearTimeout(timer);
    if (outcome.notFound) throw new Error(`${spec.path} shows the not-found page`);
    if (outcome.timeout) throw new Error(`${spec.path} was not usable within ${READY_TIMEOUT_MS / 1000} s`);
    // The rest of the visit's download, until the network stays quiet.
    const quietBy = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < quietBy && !problems.length && (net.inFlight.size > 0 || Date.now() - net.lastChange < QUIET_MS)) {
      await new Promise((ok) => setTimeout(ok, 50));
    }
    if (problems.length) throw new Error(`${spec.path}: ${problems.join('; ')}`);
    if (net.inFlight.size > 0) console.error(`slow-phone: ${spec.path}: ${net.inFlight.size} request(s) still open ${READY_TIMEOUT_MS / 1000} s after the page was usable; bytes counted so far`);
    return { t: outcome.t, ms: outcome.ms, bytes: net.bytes, files: [...net.files.values()], workers: [...workerSessions.values()] };
  } finally {
    await context.close();
  }
}

/** Measures every page the command line selects and prints its figures; exits 1 if any page failed. */
async function main() {
  const opts = options(process.argv.slice(2));
  const list = pages(await games()).filter((p) => p.name.includes(opts.only));
  if (list.length === 0) {
    console.error(`slow-phone: no page's name contains '${opts.only}'`);
    process.exit(2);
  }
  let server;
  try {
    server = await startServer(opts.root);
  } catch (err) {
    console.error(`slow-phone: ${err.message}`);
    process.exit(2);
  }
  const browser = await launchBrowser();
  let failed = false;
  try {
    for (const spec of list) {
      const runs = [];
      try {
        for (let i = 0; i < opts.runs; i += 1) runs.push(await loadOnce(browser, server.url, spec, opts.fast));
      } catch (err) {
        console.error(`slow-phone: FAIL: ${err.message}`);
        failed = true;
        continue;
      }
      console.log(`slow_phone_${spec.name}_ms: ${median(runs.map((r) => r.ms))}`);
      console.log(`slow_phone_${spec.name}_bytes: ${median(runs.map((r) => r.bytes))}`);
      if (process.env.SLOW_PHONE_DEBUG) {
        for (const r of runs) console.error(JSON.stringify({ name: spec.name, ms: r.ms, t: r.t }));
        for (const f of runs.at(-1).files.sort((a, b) => (a.start || a.end) - (b.start || b.end))) {
          const at = (t) => String(Math.round(t * 1000)).padStart(6);
          console.error(`  ${at(f.start)} ${at(f.end)} ms ${String(f.bytes).padStart(8)} B  ${new URL(f.url).pathname}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  process.exit(failed ? 1 : 0);
}

await main();
