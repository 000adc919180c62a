// Registry smoke test: every game the home page lists as playable (the home page is drawn from
// the registry) has working /play, /rules and /print pages. On each, the test plays one step
// against the computer, opens the rules with their game pieces, and downloads the kit, under the
// site's Content-Security-Policy: no violation, no console error, no failed request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useSite, openPage, assertClean, DIST } from './harness.mjs';

const site = useSite();

/**
 * Asserts that the page's only wasm is module `name`'s: one UI runtime on the page, the shell's
 * not fetched (every page but the home page is a module of its own, issue 43).
 */
async function onlyWasm(page, name, what) {
  const wasm = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.wasm')));
  assert.ok(wasm.length === 1 && new RegExp(`^/${name}-[0-9a-f]{16}_bg\\.wasm$`).test(wasm[0]), `${what} fetched ${wasm.join(', ') || 'no wasm'}`);
}

/** The ids of the games the home page offers to play, in its order. */
async function playableGames() {
  const page = await openPage(site.browser, `${site.url}/`);
  await page.waitForSelector('[data-testid="app-ready"] .game-list');
  const ids = await page.$$eval('.game-tile.playable', (tiles) => tiles.map((t) => t.dataset.testid.replace(/^game-/, '')));
  assertClean(page);
  await page.context().close();
  return ids;
}

test('the page allows scripts from the site only, with no inline script and no eval', async () => {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const csp = /http-equiv="?Content-Security-Policy"? content="([^"]+)"|content="([^"]+)" http-equiv="?Content-Security-Policy/i.exec(html);
  assert.ok(csp, 'index.html carries a Content-Security-Policy');
  const policy = csp[1] ?? csp[2];
  const scriptSrc = /script-src ([^;]+)/.exec(policy)[1].trim().split(/\s+/);
  assert.deepEqual(scriptSrc.sort(), ["'self'", "'wasm-unsafe-eval'"]);
  assert.ok(!/unsafe-eval'|unsafe-inline'/.test(policy.replace(/'wasm-unsafe-eval'|style-src [^;]+/g, '')), policy);
  // Every script element loads a file: none carries code of its own.
  for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(attrs, /src=/, `inline script: ${body.slice(0, 80)}`);
  }
});

test('every game in the registry has its pages (play, rules, print, lab), clean under the CSP', async () => {
  const games = await playableGames();
  assert.ok(games.length >= 2, `playable games: ${games}`);
  for (const id of games) {
    // Play: one step against the computer.
    const page = await openPage(site.browser, `${site.url}/play/${id}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
    await onlyWasm(page, `${id}-play`, `${id}: the play page`);
    await page.click('[data-testid="mode-bot"]');
    await page.click('[data-testid="start"]');
    // The first step: a card to pick (or lay, or place), Rumble's sealed bid sheet, or FUSION's choices.
    const first = await page.waitForSelector('[data-testid="pick"], [data-testid="lay"], [data-testid="place"], [data-testid="bids"], [data-testid="decide"]', { timeout: 30_000 });
    if ((await first.getAttribute('data-testid')) === 'pick') {
      await page.click('[data-testid="hand"] button:not([disabled])');
      await page.waitForSelector('[data-testid="result"], [data-testid="pick"], [data-testid="lay"], [data-testid="order"], [data-testid="place"], [data-testid="pass"]', {
        timeout: 30_000,
      });
    }
    // How a match is won and lost, one line under the title, with a link to the rules section
    // that says it in full.
    const goal = await page.textContent('[data-testid="goal"]');
    assert.match(goal, /\b(wins?|lose|loses|out)\b/, `${id}: the goal line says how to win and lose: ${goal}`);
    const [rules, section] = (await page.getAttribute('[data-testid="goal"] a', 'href')).split('#');
    assert.equal(rules, `/rules/${id}`, `${id}: the goal line links to the game's own rules`);
    // Rules: the text, then the pieces the game's module fills in.
    await page.click(`nav[data-testid="game-nav"] a[href="/rules/${id}"]`);
    await page.waitForSelector(`[data-testid="rules-${id}"] h2`, { timeout: 20_000 });
    assert.ok(await page.$(`[id="${section}"]`), `${id}: the goal line's link reaches a section of the rules (#${section})`);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-rules-piece]')].every((el) => !el.querySelector('.progress')), null, {
      timeout: 20_000,
    });
    const empty = await page.$$eval('[data-rules-piece]', (els) => els.filter((el) => el.textContent.trim() === '').length);
    assert.equal(empty, 0, `${id}: every rules piece is filled`);
    await onlyWasm(page, `${id}-rules`, `${id}: the rules page`);
    // Print: the preview, then a PDF.
    await page.click(`nav[data-testid="game-nav"] a[href="/print/${id}"]`);
    await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="download"]')]);
    const bytes = await readFile(await download.path());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', `${id}: the kit is a PDF`);
    // (The preview and the PDF are drawn by workers, whose wasm is theirs, not the page's.)
    await onlyWasm(page, 'print-page', `${id}: the print page`);
    // Lab: every game's balance lab, from the menu.
    const lab = await page.$(`nav[data-testid="game-nav"] a[href="/lab/${id}"]`);
    assert.ok(lab, `${id}: the menu links to the game's lab`);
    await lab.click();
    await page.waitForSelector('[data-testid="lab"] [data-testid="lab-run"]', { timeout: 20_000 });
    await onlyWasm(page, `${id}-lab`, `${id}: the lab page`);
    // Watch: an address with no game in it says so in words.
    await page.goto(`${site.url}/watch/${id}`);
    await page.waitForSelector('[data-testid="watch-error"]', { timeout: 20_000 });
    assert.match(await page.textContent('[data-testid="watch-error"]'), /holds no game/);
    await onlyWasm(page, `${id}-rules`, `${id}: the watch page`);
    assertClean(page);
    await page.context().close();
  }
});

test('at 320 px nothing scrolls sideways: the home page, the menu and a play page', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/', '/play/punish', '/lab/fusion']) {
    await page.goto(`${site.url}${path}`);
    await page.waitForSelector('[data-testid="app-ready"]', { timeout: 30_000 });
    await page.waitForTimeout(300);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(widths[0] <= widths[1] + 1, `${path} is ${widths[0]} px wide at 320 px`);
  }
  assertClean(page);
  await page.context().close();
});

test('Your games opens empty on a fresh device, from the header; it, the home page and the connection page each run their own wasm alone', async () => {
  const page = await openPage(site.browser, `${site.url}/`);
  await page.click('header a[href="/games"]');
  await page.waitForSelector('[data-testid="no-games"]', { timeout: 20_000 });
  await onlyWasm(page, 'history', 'Your games');
  await page.click('header a[href="/"]');
  await page.waitForSelector('[data-testid="app-ready"] .game-list');
  await onlyWasm(page, 'pocket-dojo', 'the home page');
  await page.goto(`${site.url}/connect`);
  await page.waitForSelector('[data-testid="make-invitation"]', { timeout: 20_000 });
  await onlyWasm(page, 'remote', 'the connection page');
  assertClean(page);
  await page.context().close();
});

test('an address naming no game, or the test game, shows the not-found page', async () => {
  for (const path of ['/play/toy', '/rules/nothing', '/print/toy', '/play/', '/watch/toy', '/lab/toy']) {
    const page = await openPage(site.browser, `${site.url}${path}`);
    await page.waitForSelector('[data-testid="not-found"]', { timeout: 15_000 });
    assertClean(page);
    await page.context().close();
  }
});
