// Smoke test: the built site (dist/) mounts without errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, assertClean } from './harness.mjs';

const site = useSite();

test('home page mounts cleanly', async () => {
  const page = await openPage(site.browser, `${site.url}/`);
  await page.waitForSelector('[data-testid="app-ready"]', { timeout: 15_000 });
  assertClean(page);
  await page.context().close();
});

/** Every link's address and words, and the text, of `root`'s header, main part and footer. */
function outline(root) {
  const parts = ['header', 'main', 'footer'].map((tag) => root.querySelector(tag));
  const words = (el) => el.textContent.replace(/\s+/g, ' ').trim();
  return {
    links: parts.flatMap((el) => [...el.querySelectorAll('a')].map((a) => `${a.getAttribute('href')} ${words(a)}`)),
    // Without white space: index.html puts each element on a line of its own, which shows
    // nowhere (the screenshots are identical) but is text to textContent.
    text: parts.map((el) => el.textContent.replace(/\s+/g, '')),
  };
}

test('the home page shows from plain HTML before the app starts, only at /, and the app draws the same page', async () => {
  // Without wasm the app never starts: what shows is index.html's own home page. No service
  // worker: it would answer the wasm from its cache, past the route that refuses it, and the
  // rules module would replace its first paint before the check below.
  const page = await openPage(site.browser, `${site.url}/`, { serviceWorkers: 'block' });
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(`${site.url}/`);
  await page.waitForSelector('#first-paint .game-tile.playable a[href="/play/punish"]', { state: 'visible' });
  const firstPaint = await page.evaluate(outline.toString().replace(/^function outline/, '(function outline') + ')(document.getElementById("first-paint"))');
  // A play page's own copy of index.html says what is coming instead (src/routes/loading.rs).
  await page.goto(`${site.url}/play/punish`);
  // With its module refused, it says so in place of the promise.
  await page.waitForSelector('#first-paint .play-loading h1 ~ [role="alert"]', { state: 'visible' });
  assert.equal(await page.$('#first-paint [role="status"]'), null, 'a failed page still says the table is coming');
  assert.equal(await page.$('#first-paint .game-list'), null, 'the plain home page is in a play page');
  // A rules page's own copy of index.html holds its text instead (issue 43): readable without
  // the module, and no home page in it.
  await page.goto(`${site.url}/rules/punish#priority`);
  await page.waitForSelector('#first-paint [data-testid="rules-punish"] h2#priority', { state: 'visible' });
  assert.equal(await page.$('#first-paint .game-list'), null, 'the plain home page is in a rules page');
  await page.context().close();

  // With the app: the plain page is gone and the app's home page says and links the same.
  const app = await openPage(site.browser, `${site.url}/`);
  await app.waitForSelector('[data-testid="app-ready"] .game-list');
  assert.equal(await app.$('#first-paint'), null, 'the app left the plain home page in place');
  const drawn = await app.evaluate(outline.toString().replace(/^function outline/, '(function outline') + ')(document.body)');
  assert.deepEqual(drawn, firstPaint);
  assertClean(app);
  await app.context().close();
});
