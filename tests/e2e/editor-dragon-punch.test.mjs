// The DRAGON PUNCH card editor end to end: an owner types cards in (markup stays text), every
// problem is named and blocks keeping, the set survives a reload as a draft, is kept in the
// browser, and its link, opened on a clean browser, plays the typed cards against the computer,
// prints them and tests them in the balance lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

const TYPED = '<b>Kitchen</b> Jab';
const SET_NAME = 'Table & Friends';

test('an edited set is kept, shared by link, played and printed', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/play/dragon-punch`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  await page.click('[data-testid="edit-cards"]');
  await page.waitForSelector('[data-testid="dp-editor"]');
  await page.fill('[data-testid="dp-edit-set-name"]', SET_NAME);
  await page.fill('[data-testid="dp-edit-b1-white-name"]', TYPED);
  // A broken card is named with where it is, and the set cannot be kept until it is fixed.
  await page.fill('[data-testid="dp-edit-b2-red-name"]', ' ');
  await page.waitForFunction(() => /Basic card 2, red move/.test(document.querySelector('[data-testid="dp-editor-problems"]').textContent));
  assert.ok(await page.$('[data-testid="dp-editor-keep"][disabled]'), 'keeping waits for a complete set');
  await page.fill('[data-testid="dp-edit-b2-red-name"]', 'Sweep Two');
  await page.selectOption('[data-testid="dp-edit-b1-white-high"]', 'attack');
  await page.fill('[data-testid="dp-edit-b1-white-high-time"]', '2');
  await page.press('[data-testid="dp-edit-b1-white-high-time"]', 'Tab');
  await page.waitForFunction(() => /complete/.test(document.querySelector('[data-testid="dp-editor-problems"]').textContent));
  // A reload keeps the draft.
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  await page.click('[data-testid="edit-cards"]');
  await page.waitForSelector('[data-testid="dp-editor"]');
  assert.equal(await page.inputValue('[data-testid="dp-edit-b1-white-name"]'), TYPED);
  assert.equal(await page.inputValue('[data-testid="dp-edit-b1-white-high-time"]'), '2');
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-editor-phone.png'), fullPage: false });
  await page.click('[data-testid="dp-editor-keep"]');
  await page.waitForFunction(() => /Kept in this browser/.test(document.querySelector('[data-testid="dp-editor-message"]').textContent));
  const stored = await page.evaluate(() => localStorage.getItem('dojo.dragon-punch.sets'));
  assert.ok(stored.includes('Kitchen'), 'the set is kept in this browser');
  const playLink = await page.inputValue('[data-testid="dp-editor-play-link"]');
  const printLink = await page.getAttribute('[data-testid="dp-editor-print-link"]', 'href');
  const labLink = await page.getAttribute('[data-testid="dp-editor-lab-link"]', 'href');
  assert.match(playLink, /\/play\/dragon-punch\?set=1\.[A-Za-z0-9_-]+$/);
  // The lab offers the kept set beside ours.
  await page.goto(`${site.url}/lab/dragon-punch`);
  await page.waitForSelector('[data-testid="lab-set"]', { timeout: 30_000 });
  assert.equal(await page.inputValue('[data-testid="lab-set"]'), '', 'our set first');
  await page.selectOption('[data-testid="lab-set"]', { label: SET_NAME });
  assert.match(await page.inputValue('[data-testid="lab-link"]'), /&set=1\.[A-Za-z0-9_-]+$/);
  assert.equal(await page.$('[data-testid="lab-custom"]'), null, 'a kept set needs no "from your link" notice');
  assertClean(page);
  await page.context().close();

  // A friend opens the link on a browser that has never seen the set.
  const friend = await openPage(site.browser);
  await friend.setViewportSize({ width: 390, height: 844 });
  await friend.goto(playLink.replace(/^https?:\/\/[^/]+/, site.url));
  await friend.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  assert.equal(await friend.evaluate(() => localStorage.getItem('dojo.dragon-punch.sets')), null);
  assert.equal(await friend.inputValue('[data-testid="card-set"]'), 'link');
  assert.ok((await friend.textContent('[data-testid="card-set"]')).includes(SET_NAME));
  await friend.check('[data-testid="level-easy"]');
  await friend.click('[data-testid="start"]');
  await friend.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  const first = friend.locator('[data-testid="hand"] .dp-card').first();
  assert.ok((await first.textContent()).includes(TYPED), 'the typed name is shown as it was typed');
  assert.equal(await first.locator('b').count(), 0, 'typed markup is never made into elements');
  await friend.screenshot({ path: join(ARTIFACTS, 'dragon-punch-linked-set-phone.png'), fullPage: true });
  await friend.click('[data-testid="card-1"]');
  await friend.click('[data-testid="confirm"]');
  await friend.waitForSelector('[data-testid="result"], [data-testid="switch"]', { timeout: 30_000 });
  assertClean(friend);

  // The same set prints.
  await friend.goto(printLink.replace(/^https?:\/\/[^/]+/, site.url));
  await friend.waitForSelector('[data-testid="sheet"] svg', { timeout: 30_000 });
  assert.ok((await friend.textContent('body')).includes(SET_NAME), 'the print page names the set');
  const [download] = await Promise.all([friend.waitForEvent('download', { timeout: 60_000 }), friend.click('[data-testid="download"]')]);
  const path = join(ARTIFACTS, 'dragon-punch-typed-set.pdf');
  await download.saveAs(path);
  const text = execFileSync('pdftotext', [path, '-']).toString();
  for (const words of ['<b>Kitchen</b>', 'Sweep Two', SET_NAME]) assert.ok(text.includes(words), `${words} missing from the PDF`);
  assertClean(friend);

  // "Test in the lab": the lab plays the typed set (its link carries it), two characters here.
  assert.match(labLink, /^\/lab\/dragon-punch#sides=[\d.]+&games=20&levels=easy\.easy&seed=1&seats=2&set=1\.[A-Za-z0-9_-]+$/);
  await friend.goto(`${site.url}${labLink}`);
  await friend.waitForSelector('[data-testid="lab-custom"]', { timeout: 30_000 });
  const boxes = await friend.$$('[data-testid^="lab-side-"]');
  assert.ok(boxes.length >= 2, 'every character of the set is offered');
  await friend.click('[data-testid="lab-clear"]');
  for (const n of [1, 2]) await friend.check(`[data-testid="lab-side-${n}"]`);
  await friend.fill('[data-testid="lab-games"]', '2');
  await friend.press('[data-testid="lab-games"]', 'Tab');
  await friend.click('[data-testid="lab-run"]');
  await friend.waitForSelector('[data-testid="lab-progress"][data-state="done"]', { timeout: 120_000 });
  assert.equal(await friend.getAttribute('[data-testid="lab-report"]', 'data-games'), '2');
  assert.match(await friend.inputValue('[data-testid="lab-link"]'), /&set=1\./, "the run's link keeps the set");
  await friend.click('[data-testid="lab-ours"]');
  await friend.waitForSelector('[data-testid="lab-custom"]', { state: 'detached' });
  assert.doesNotMatch(await friend.inputValue('[data-testid="lab-link"]'), /set=/);
  assertClean(friend);
  await friend.context().close();
});
