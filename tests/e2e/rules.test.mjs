// The rules page: deep links open scrolled to their section (on load and when navigated to
// inside the app), examples can be watched, unknown pages explain themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS, expectScrolledTo } from './harness.mjs';

const site = useSite();

test('a deep link opens the rules scrolled to that section', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/punish#clash`);
  await expectScrolledTo(page, 'clash');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-clash.png') });
  assertClean(page);
  await page.context().close();
});

test('a section link followed inside the app scrolls too', async () => {
  const page = await openPage(site.browser, `${site.url}/`);
  await page.waitForSelector('[data-testid="game-punish"]');
  await page.click('[data-testid="game-punish"] a[href="/rules/punish#priority"]');
  await expectScrolledTo(page, 'priority');
  assert.equal(new URL(page.url()).hash, '#priority');
  assertClean(page);
  await page.context().close();
});

test('every section has a copy-link control that copies its address', async () => {
  const page = await openPage(site.browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.goto(`${site.url}/rules/punish`);
  await page.waitForSelector('#exhausted');
  for (const id of ['overview', 'priority', 'punish', 'clash', 'exhausted', 'feint', 'example-3', 'notes']) {
    assert.ok(await page.$(`[data-testid="copy-${id}"]`), `copy link for #${id}`);
  }
  await page.click('[data-testid="copy-exhausted"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="copy-exhausted"]').textContent.includes('copied'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${site.url}/rules/punish#exhausted`);
  assertClean(page);
  await page.context().close();
});

test('the third example can be watched to its end', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/punish#example-3`);
  await page.click('[data-testid="watch-example-3"]');
  const board = page.locator('[data-testid="scenario-example-3"]');
  for (let i = 0; i < 5; i++) await board.locator('[data-testid="replay-next"]').click();
  assert.match(await board.locator('[data-testid="narration"]').textContent(), /^Step 5 of 5: .*takes the match/);
  assert.equal(await board.locator('[data-testid="hearts-2"]').getAttribute('aria-label'), '0 of 3 hearts');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-example-3.png'), fullPage: false });
  assertClean(page);
  await page.context().close();
});

test('an unknown address gets a helpful page', async () => {
  const page = await openPage(site.browser, `${site.url}/play/chess`);
  await page.waitForSelector('[data-testid="not-found"]');
  assert.match(await page.textContent('[data-testid="not-found"]'), /\/play\/chess/);
  assertClean(page);
  await page.context().close();
});
