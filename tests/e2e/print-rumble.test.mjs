// /print/rumble with a power list in its link: two cards of the set and two typed-in powers
// (one with markup in its name, drawn as text) shows its cards in the preview without error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

/**
 * Two cards of the set and two typed-in powers, as `PowerList::to_link` writes them (a unit test
 * in `src/games/rumble/play/session.rs` builds the same list and checks it gives this piece).
 */
const PIECE = '1.eyJzZXQiOlsiRmxpZ2h0IiwiVG91Z2hTa2luIl0sInR5cGVkIjpbeyJhdXRob3IiOjAsIm5hbWUiOiJaYXAgPGk-UmF5PC9pPiIsInRleHQiOiJTcGVuZCAxMCBhbmQgbmFtZSBhIGhlcm86IHRoZXkgbG9zZSAxNSBFbmVyZ3kuIiwia2luZCI6Ik5vcm1hbCIsImNvc3QiOlsiU3BlbmQiLDEwXSwiYWN0aXZhdGUiOm51bGwsImV4aGF1c3QiOm51bGwsInRhcmdldHMiOnRydWV9LHsiYXV0aG9yIjoxLCJuYW1lIjoiSXJvbiBXaWxsIiwidGV4dCI6Ik9uY2UgcGVyIGdhbWUsIGlnbm9yZSBvbmUgQXR0YWNrLiIsImtpbmQiOiJOb3JtYWwiLCJjb3N0IjpudWxsLCJhY3RpdmF0ZSI6bnVsbCwiZXhoYXVzdCI6MSwidGFyZ2V0cyI6ZmFsc2V9XX0';

test('the print page previews a linked power list with two typed-in powers', async () => {
  const page = await openPage(site.browser, `${site.url}/print/rumble?set=${PIECE}`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="card-set"]'), /2 powers of the set and 2 typed in/);
  assert.equal(await page.$('[data-testid="preview-error"], [data-testid="set-problems"]'), null, 'no error shown');
  // Page on until the typed powers' cards: the first page tells how to print.
  let found = false;
  for (let n = 0; n < 12 && !found; n++) {
    const svg = await page.innerHTML('[data-testid="sheet"]');
    found = svg.includes('Iron Will');
    if (!found) {
      const label = await page.textContent('[data-testid="sheet-label"]');
      await page.click('.sheet-nav button:has-text("Next")');
      await page.waitForFunction((old) => document.querySelector('[data-testid="sheet-label"]')?.textContent !== old, label);
    }
  }
  assert.ok(found, 'a typed power has its card in the preview');
  assert.ok((await page.innerHTML('[data-testid="sheet"]')).includes('Zap &lt;i&gt;Ray'), 'typed markup is drawn as text');
  assert.equal(await page.$('[data-testid="sheet"] svg i'), null, 'no element made from typed text');
  await page.screenshot({ path: join(ARTIFACTS, 'print-rumble.png'), fullPage: true });
  assertClean(page);
  await page.context().close();
});
