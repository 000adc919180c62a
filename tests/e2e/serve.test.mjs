// README command 1 (`bash scripts/serve.sh`) serves the site with no console error on any route.
// The test starts the script itself (with DOJO_SERVE_PREBUILT=1, so it serves the dist/ that
// scripts/test.sh has just built instead of building it again) and opens every route the home
// page leads to, under the site's Content-Security-Policy. `trunk serve` once injected a
// live-reload client that the policy refused on every page; this keeps it from coming back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO, launchBrowser, openPage, assertClean } from './harness.mjs';

let served;
let browser;
let url = '';

/** Starts `bash scripts/serve.sh --port 0` and waits for the address it prints. */
function startServeScript() {
  const child = spawn('bash', [join(REPO, 'scripts', 'serve.sh'), '--port', '0'], {
    cwd: REPO,
    env: { ...process.env, DOJO_SERVE_PREBUILT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const address = new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve.sh printed no address in 120 s:\n${output}`)), 120_000);
    const read = (chunk) => {
      output += chunk;
      const m = /serving .* at (http:\/\/\S+?)\/?$/m.exec(output);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`serve.sh exited (${code}) before serving:\n${output}`));
    });
  });
  return { child, address };
}

before(async () => {
  served = startServeScript();
  url = await served.address;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  served?.child.kill('SIGTERM');
});

test('command 1 serves the release build as built, with no live-reload client', async () => {
  const html = await (await fetch(`${url}/`)).text();
  assert.doesNotMatch(html, /__trunk_address__|trunk\/ws|\{\{/, 'no unfilled template or live-reload client');
  assert.match(html, /Content-Security-Policy/);
  for (const [, src] of html.matchAll(/<script[^>]*src="([^"]+)"/g)) {
    const js = await (await fetch(new URL(src, url))).text();
    assert.doesNotMatch(js, /__trunk_address__|\.well-known\/trunk/, `${src} holds no live-reload client`);
  }
});

test('a missing file and a path outside the site are answered with the security headers of every page', async () => {
  const page = await fetch(`${url}/`);
  const policy = page.headers.get('content-security-policy');
  assert.ok(policy, 'a page has its policy');
  // One segment holding encoded slashes: the server decodes it to a path above the site.
  for (const [path, status] of [['/no-such-file.js', 404], ['/..%2f..%2fetc%2fpasswd', 403]]) {
    const answer = await fetch(`${url}${path}`);
    assert.equal(answer.status, status, path);
    assert.equal(answer.headers.get('content-security-policy'), policy, `${path}: the same policy`);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', path);
    assert.equal(answer.headers.get('cache-control'), 'no-store', `${path}: never cached`);
  }
});

test('every route command 1 serves opens with no console error and no CSP violation', async () => {
  const home = await openPage(browser, `${url}/`);
  await home.waitForSelector('[data-testid="app-ready"] .game-list', { timeout: 30_000 });
  const games = await home.$$eval('.game-tile.playable', (tiles) => tiles.map((t) => t.dataset.testid.replace(/^game-/, '')));
  assertClean(home);
  await home.context().close();
  assert.ok(games.length >= 4, `playable games: ${games}`);
  const routes = [['/no/such/page', '[data-testid="not-found"]']];
  for (const id of games) {
    routes.push([`/play/${id}`, '[data-testid="lobby"]']);
    routes.push([`/rules/${id}`, `[data-testid="rules-${id}"] h2`]);
    routes.push([`/print/${id}`, '[data-testid="sheet"] svg']);
  }
  for (const [path, ready] of routes) {
    const page = await openPage(browser, `${url}${path}`);
    await page.waitForSelector(ready, { timeout: 30_000 });
    // Let late requests and logs (a refused live-reload socket came a moment after mounting) land.
    await page.waitForTimeout(500);
    assertClean(page);
    await page.context().close();
  }
});
