// The site as a static host serves it and as an installed app uses it: the headers of the
// build's _headers file (CSP with frame-ancestors, nosniff, referrer policy, cache rules), the
// precompressed files, the manifest and its icons; after one visit the whole site works with no
// network (a PUNISH match against the computer, a rules page, a PDF); a second deploy is noticed
// and offered as "A new version is ready", and takes over only when the person reloads.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, REPO, ARTIFACTS, launchBrowser, openPage, assertClean, startServer } from './harness.mjs';
import { startVsBot, playToTheEnd } from './punish.mjs';
import { completeServiceWorker, compressAll, writeHeaders } from '../../scripts/offline.mjs';

/** Each test serves its own copy of dist/, so the update test can deploy over it. */
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A copy of dist/ in a temporary folder, served; `close` stops the server and removes it. */
async function servedCopy() {
  const root = await mkdtemp(join(tmpdir(), 'dojo-site-'));
  await cp(DIST, root, { recursive: true, filter: (src) => !src.includes('.stage') });
  const server = await startServer(root);
  return { root, url: server.url, close: async () => (await server.close(), await rm(root, { recursive: true, force: true })) };
}

/** Runs `body` against a served copy of dist/ (see `servedCopy`), closing it afterwards. */
async function withCopy(body) {
  const site = await servedCopy();
  try {
    await body(site);
  } finally {
    await site.close().catch(() => {});
  }
}

/** The raw answer to GET `path` with the given request headers (no decompression). */
function get(url, path, headers = {}) {
  return new Promise((ok, fail) => {
    request(`${url}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}

/** What the service worker in charge says it holds: `{version, files, cached}`. */
function swStatus(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((ok) => (channel.port1.onmessage = (e) => ok(e.data)));
    registration.active.postMessage('status', [channel.port2]);
    return answer;
  });
}

/** Waits until the page is controlled by a worker that holds every file of its build. */
async function waitUntilKept(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await swStatus(page);
    if (status.cached === status.files) return status;
    assert.ok(Date.now() < deadline, `the site was not kept for offline use within 60 s: ${JSON.stringify(status)}`);
    await page.waitForTimeout(250);
  }
}

test('every file is served with the security headers and its cache rule, compressed when asked', async () =>
  withCopy(async (site) => {
    const home = await get(site.url, '/');
    assert.equal(home.status, 200);
    const csp = home.headers['content-security-policy'];
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, 'the same policy as the meta tag');
    assert.equal(home.headers['x-content-type-options'], 'nosniff');
    assert.equal(home.headers['referrer-policy'], 'no-referrer');
    assert.equal(home.headers['cache-control'], 'no-cache');
    // A page address (the single-page fallback) and the worker's script revalidate too.
    const play = await get(site.url, '/play/punish');
    assert.equal(play.headers['cache-control'], 'no-cache');
    // A page of its own names its module's files in a Link header (asked for before the page is
    // parsed), the wasm first; both are files of the build, and the home page names none.
    const named = [...String(play.headers.link).matchAll(/<([^>]+)>/g)].map((m) => m[1]);
    assert.match(named[0] ?? '', /^\/punish-play-[0-9a-f]{16}_bg\.wasm$/, `Link: ${play.headers.link}`);
    assert.ok(named.some((f) => /^\/punish-play-[0-9a-f]{16}\.js$/.test(f)), `Link: ${play.headers.link}`);
    for (const file of named) assert.equal((await get(site.url, file)).status, 200, file);
    assert.equal(home.headers.link, undefined);
    assert.equal((await get(site.url, '/sw.js')).headers['cache-control'], 'no-cache');
    const files = await readdir(site.root);
    const hashed = files.filter((f) => /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/.test(f));
    assert.ok(hashed.length >= 10, `hashed files: ${hashed}`);
    for (const file of hashed) {
      const answer = await get(site.url, `/${file}`);
      assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable', file);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', file);
    }
    const wasm = hashed.find((f) => f.startsWith('pocket-dojo-') && f.endsWith('_bg.wasm'));
    const plain = await get(site.url, `/${wasm}`);
    const br = await get(site.url, `/${wasm}`, { 'accept-encoding': 'gzip, br' });
    const gz = await get(site.url, `/${wasm}`, { 'accept-encoding': 'gzip' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(br.body.length < gz.body.length && gz.body.length < plain.body.length, 'brotli < gzip < plain');
    console.log(`shell_wasm_bytes: plain ${plain.body.length}, gzip ${gz.body.length}, brotli ${br.body.length}`);
    // What only the host sees stays unserved.
    assert.equal((await get(site.url, '/_headers')).status, 404);
  }));

test('no other site can show the site in a frame', async () =>
  withCopy(async (site) => {
    const page = await browser.newPage();
    const refused = [];
    page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
    await page.setContent(`<iframe id="f" src="${site.url}/play/punish" width="400" height="300"></iframe>`);
    await page.waitForTimeout(1_500);
    const frame = page.frames().find((f) => f.url().startsWith(site.url));
    const shown = frame ? await frame.$('[data-testid="app-ready"]').catch(() => null) : null;
    assert.equal(shown, null, 'the framed site must not render');
    assert.ok(refused.some((t) => /frame-ancestors/.test(t)), `Chromium names the refusal: ${refused}`);
    await page.close();
  }));

test('the site is installable: a manifest with a start page, standalone display and drawn icons', async () =>
  withCopy(async (site) => {
    const page = await openPage(browser, `${site.url}/`);
    await page.waitForSelector('[data-testid="app-ready"]');
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    const manifest = JSON.parse((await get(site.url, href)).body.toString());
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    assert.ok(manifest.theme_color && manifest.background_color);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
      assert.ok(icon, `a ${size} px PNG icon`);
      const png = (await get(site.url, icon.src)).body;
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      assert.equal(png.readUInt32BE(16), size, `${icon.src} is ${size} px wide`);
    }
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon for round launchers');
    assertClean(page);
    await page.context().close();
  }));

test('after one visit, a match, a rules page and a PDF all work with no network', async () =>
  withCopy(async (site) => {
    const page = await openPage(browser, `${site.url}/`);
    await page.waitForSelector('[data-testid="app-ready"]');
    const started = Date.now();
    const status = await waitUntilKept(page);
    console.log(`offline_files_kept: ${status.files} (in ${Date.now() - started} ms after the home page)`);
    await page.context().setOffline(true);
    // Nothing answers now but the service worker (the server is stopped as well).
    await site.close();

    await startVsBot(page, site.url, 'easy', 1);
    await playToTheEnd(page, { useKeyboard: false });
    assert.match(await page.textContent('[data-testid="winner"]'), /won the match!/);

    await page.goto(`${site.url}/rules/taunt#peril`);
    await page.waitForSelector('#peril');
    assert.match(await page.textContent('#main'), /Danger Track/);

    await page.goto(`${site.url}/print/punish`);
    await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.click('[data-testid="download"]')]);
    const path = join(ARTIFACTS, `offline-${download.suggestedFilename()}`);
    await download.saveAs(path);
    assert.equal((await readFile(path)).subarray(0, 5).toString(), '%PDF-', 'a PDF made offline');
    await page.screenshot({ path: join(ARTIFACTS, 'offline-print.png') });
    assertClean(page);
    await page.context().close();
  }));

test('a second deploy is offered as a new version and takes over only on Reload', async () =>
  withCopy(async (site) => {
    const page = await openPage(browser, `${site.url}/rules/punish`);
    await page.waitForSelector('[data-testid="app-ready"]');
    const first = await waitUntilKept(page);

    // Deploy a second build over the first: one rules text changes, and post-build's steps run
    // again, as a real build's would (new version, file list, headers, compressed copies).
    const rules = join(site.root, 'text', 'punish', 'rules.md');
    await writeFile(rules, `${await readFile(rules, 'utf8')}\n\nA line only the second deploy has.\n`);
    for (const f of await readdir(site.root)) if (/\.(br|gz)$/.test(f)) await rm(join(site.root, f));
    await cp(join(REPO, 'public', 'sw.js'), join(site.root, 'sw.js'));
    const second = completeServiceWorker(site.root);
    writeHeaders(site.root);
    compressAll(site.root);
    assert.notEqual(second.version, first.version);

    // The open page checks for a new version when it comes back into view; a reload finds it too.
    await page.reload();
    await page.waitForSelector('.update-banner', { timeout: 20_000 });
    assert.match(await page.textContent('.update-banner'), /A new version is ready/);
    // Until the person says so, the page and its worker stay on the first build.
    assert.equal((await swStatus(page)).version, first.version);
    assert.doesNotMatch(await page.textContent('#main'), /only the second deploy/);
    await page.screenshot({ path: join(ARTIFACTS, 'update-banner.png') });

    await Promise.all([page.waitForEvent('load'), page.click('.update-banner button.primary')]);
    await page.waitForSelector('[data-testid="app-ready"]');
    await page.waitForFunction(() => document.querySelector('#main')?.textContent.includes('only the second deploy'), null, { timeout: 20_000 });
    assert.equal((await swStatus(page)).version, second.version);
    assert.equal(await page.$('.update-banner'), null, 'no prompt once the new version runs');
    assertClean(page);
    await page.context().close();
  }));
