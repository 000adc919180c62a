// Browser-test helpers for `node --test tests/e2e/`: dist/ served by the site's own static
// server (scripts/static-server.mjs, the one README command 1 uses), the system Chromium driven
// by playwright-core, and a page that records errors.
import { mkdir } from 'node:fs/promises';
import { before, after } from 'node:test';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { REPO, DIST as BUILT, startServer } from '../../scripts/static-server.mjs';

export { REPO, startServer };
export const DIST = process.env.E2E_DIST ? resolve(process.env.E2E_DIST) : BUILT;
/** For screenshots and downloaded files (git-ignored). */
export const ARTIFACTS = join(REPO, 'tests', 'e2e', 'artifacts');

/** Headless system Chromium (never downloads a browser). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A fresh context (downloads accepted) and page. Every console error, uncaught page error
 * (including wasm panics), Content-Security-Policy violation and failed request is recorded in
 * `page.problems`. `contextOptions` go to the new context (say `{ serviceWorkers: 'block' }` for
 * a test whose `page.route` must see every request: a service worker's answers bypass it).
 */
export async function openPage(browser, url, contextOptions = {}) {
  const context = await browser.newContext({ acceptDownloads: true, ...contextOptions });
  // Every page reports Content-Security-Policy violations as console errors (Chromium also logs
  // most of them itself), so every test doubles as a CSP check.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`),
    ),
  );
  const page = await context.newPage();
  const problems = [];
  page.problems = problems;
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url;
    problems.push(`console error: ${msg.text()}${where ? ` (at ${where})` : ''}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.stack || err.message}`));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    // A reload or navigation cancels requests still in flight (net::ERR_ABORTED): not a fault.
    // Real failures show up as other network errors or as HTTP error statuses below.
    if (why === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.method()} ${req.url()} (${why})`);
  });
  page.on('response', (resp) => {
    if (resp.status() >= 400) problems.push(`HTTP ${resp.status()}: ${resp.url()}`);
  });
  if (url) await page.goto(url);
  return page;
}

/** Fail the test listing everything `openPage` recorded for this page. */
export function assertClean(page) {
  const problems = page.problems ?? [];
  assert.equal(problems.length, 0, `page had ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
}

/**
 * For a test file: serves dist/ and launches Chromium before its tests, closes both after.
 * Returns an object whose `url` and `browser` are set once the tests run.
 */
export function useSite() {
  const site = { url: '', browser: null };
  let server;
  before(async () => {
    server = await startServer(DIST);
    site.url = server.url;
    site.browser = await launchBrowser();
    await mkdir(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await site.browser?.close();
    await server?.close();
  });
  return site;
}

/** Waits until the element with `id` sits at the top of the viewport. */
export async function expectScrolledTo(page, id) {
  await page.waitForSelector(`#${id}`);
  await page.waitForFunction(
    (id) => {
      const top = document.getElementById(id).getBoundingClientRect().top;
      return window.scrollY > 100 && top >= -2 && top < 40;
    },
    id,
    { timeout: 5_000 },
  );
}

/**
 * Prints the computer's decision times in the browser (`GAME_bot_ms_median_hardWHAT_browser`
 * and the like) from what a play-to-the-end helper gathered, after checking it decided at all.
 */
export function printBotTimes(game, what, { botTimes, decisions, slowest }) {
  assert.ok(botTimes.length > 0, 'the computer made decisions');
  const sorted = [...botTimes].sort((a, b) => a - b);
  console.log(`${game}_bot_decisions_hard${what}: ${decisions}`);
  console.log(`${game}_bot_ms_median_hard${what}_browser: ${sorted[Math.floor(sorted.length / 2)]}`);
  console.log(`${game}_bot_ms_mean_hard${what}_browser: ${(botTimes.reduce((a, b) => a + b, 0) / botTimes.length).toFixed(1)}`);
  console.log(`${game}_bot_ms_max_hard${what}_browser: ${slowest}`);
}
