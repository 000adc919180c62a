// The Rumble rules page: every section renders with its anchor and a copy-link control, the
// keywords, the auction and the moderator's guide are there, the power set comes from the
// engine's data, the three worked examples play through step by step, and nothing spills
// sideways on a 390 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS, REPO, expectScrolledTo } from './harness.mjs';

const site = useSite();

/** The anchors of a Markdown text's headings below level 1, read from the file itself. */
const anchors = (file, prefix = '') =>
  readFileSync(join(REPO, 'crates/games/src/rumble', file), 'utf8')
    .split('\n')
    .map((line) => line.match(/^##+ .*\{#([a-z0-9-]+)\}\s*$/))
    .filter(Boolean)
    .map((m) => `${prefix}${m[1]}`);

const EXAMPLES = readFileSync(join(REPO, 'crates/games/src/rumble/rules.md'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('::example '))
  .map((l) => l.slice('::example '.length).trim());

test('every section renders with its anchor and a copy-link control, and the power set is shown', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/rules/rumble`);
  await page.waitForSelector('[data-testid="rules-rumble"] #sources');
  const ids = await page.$$eval('[data-testid="rules-rumble"] .linkable', (hs) => hs.map((h) => h.id));
  assert.deepEqual(ids.filter((id) => !id.startsWith('note-')), anchors('rules.md'));
  assert.deepEqual(ids.filter((id) => id.startsWith('note-')), anchors('notes.md', 'note-'));
  assert.equal(new Set(ids).size, ids.length, 'anchors are unique');
  for (const id of ['keywords', 'auction', 'rebids', 'moderator', 'adjustments', 'note-rebids']) {
    assert.ok(await page.$(`[data-testid="copy-${id}"]`), `copy link for #${id}`);
    assert.ok(await page.$(`#${id} a.anchor[href="/rules/rumble#${id}"]`), `a link of its own for #${id}`);
  }
  await page.waitForSelector('[data-testid="rb-set"]', { timeout: 20_000 });
  assert.equal(await page.locator('[data-testid="rb-set"] .rb-power').count(), 49);
  await page.click('[data-testid="rb-set"] .rb-power summary >> text=Precognition');
  assert.match(await page.textContent('[data-testid="rb-set"]'), /Hold Energy back at Allocation/);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing runs off a 390 px screen');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-rumble-phone.png') });
  assertClean(page);
  await page.context().close();
});

test('a link to the re-bids opens there', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/rumble#rebids`);
  await expectScrolledTo(page, 'rebids');
  assertClean(page);
  await page.context().close();
});

test('the three worked examples play through step by step', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/rumble#round`);
  assert.equal(EXAMPLES.length, 3);
  for (const id of EXAMPLES) {
    const box = `[data-testid="scenario-${id}"]`;
    await page.click(`[data-testid="watch-${id}"]`, { timeout: 20_000 });
    await page.waitForSelector(`${box} [data-testid="narration"]`);
    assert.match(await page.textContent(`${box} [data-testid="next-plays"]`), /^Next: .+ allocates /);
    let steps = 0;
    while (await page.isEnabled(`${box} [data-testid="replay-next"]`)) {
      await page.click(`${box} [data-testid="replay-next"]`);
      steps++;
      assert.ok(steps < 10);
    }
    assert.ok(steps >= 1, `${id}: ${steps} steps`);
    assert.match(await page.textContent(`${box} [data-testid="narration"]`), /^Step \d+ of \d+: /);
    assert.ok(await page.$(`${box} [data-testid="rb-table"]`), 'the table is drawn');
    if (id === 'mantisman-allocation') assert.match(await page.textContent(`${box} [data-testid="energy-1"]`), /^70/, 'Mantisman ends on 70');
    if (id === EXAMPLES[1]) await page.screenshot({ path: join(ARTIFACTS, 'rules-rumble-example.png') });
  }
  assertClean(page);
  await page.context().close();
});
