// The DRAGON PUNCH rules page: every section renders with its anchor and a copy-link control,
// our set's cards come from the engine's data, both worked examples play through step by step,
// the notes' matchup table is a table, and nothing spills sideways on a 390 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS, REPO, expectScrolledTo } from './harness.mjs';

const site = useSite();

/** The anchors of a Markdown text's headings below level 1, read from the file itself. */
const anchors = (file, prefix = '') =>
  readFileSync(join(REPO, 'crates/games/src/dragon_punch', file), 'utf8')
    .split('\n')
    .map((line) => line.match(/^##+ .*\{#([a-z0-9-]+)\}\s*$/))
    .filter(Boolean)
    .map((m) => `${prefix}${m[1]}`);

const EXAMPLES = readFileSync(join(REPO, 'crates/games/src/dragon_punch/rules.md'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('::example '))
  .map((l) => l.slice('::example '.length).trim());

test('every section renders with its anchor and a copy-link control, and our set is shown', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/rules/dragon-punch`);
  await page.waitForSelector('[data-testid="rules-dragon-punch"] #sources');
  const ids = await page.$$eval('[data-testid="rules-dragon-punch"] .linkable', (hs) => hs.map((h) => h.id));
  assert.deepEqual(ids.filter((id) => !id.startsWith('note-')), anchors('rules.md'));
  assert.deepEqual(ids.filter((id) => id.startsWith('note-')), anchors('notes.md', 'note-'));
  assert.equal(new Set(ids).size, ids.length, 'anchors are unique');
  for (const id of ['compare', 'initiative', 'examples', 'note-resolve', 'note-set']) {
    assert.ok(await page.$(`[data-testid="copy-${id}"]`), `copy link for #${id}`);
    assert.ok(await page.$(`#${id} a.anchor[href="/rules/dragon-punch#${id}"]`), `a link of its own for #${id}`);
  }
  const toc = await page.$$eval('.toc a', (as) => as.map((a) => a.getAttribute('href')));
  assert.ok(toc.includes('#compare') && toc.includes('#examples') && toc.includes('#notes'), `contents: ${toc}`);
  // Our set, drawn from the engine's data by DRAGON PUNCH's module: six basic cards, five characters.
  await page.waitForSelector('[data-testid="dp-set"]', { timeout: 20_000 });
  assert.equal(await page.locator('[data-testid="dp-set"] .dp-set-card').count(), 11);
  assert.match(await page.textContent('[data-testid="dp-set"]'), /Auto-Punch.*RED.*Cannot be Interrupted/s);
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(noOverflow, 'nothing runs off a 390 px screen');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-dragon-punch-phone.png') });
  assertClean(page);
  await page.context().close();
});

test('the matchup tables in the notes and in the balance section show every character', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/dragon-punch#note-set`);
  await expectScrolledTo(page, 'note-set');
  const tables = await page.$$eval('[data-testid="rules-dragon-punch"] table', (tables) =>
    tables.filter((t) => t.textContent.includes('Wisp')).map((t) => [...t.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent.trim()))));
  // The Hard-level table of the balance section comes first, then the notes' Easy one.
  const [balance, rows] = tables;
  assert.deepEqual(balance[0], ['against →', 'Sol', 'Rook', 'Kite', 'Bruna', 'Wisp']);
  assert.deepEqual(balance[5].slice(0, 2), ['Wisp', '55%']);
  assert.deepEqual(rows[0], ['', 'Sol', 'Rook', 'Kite', 'Bruna', 'Wisp']);
  assert.equal(rows.length, 6);
  assert.deepEqual(rows[1].slice(0, 3), ['Sol', '—', '0.441']);
  assert.ok(await page.$('a[href^="/lab/dragon-punch#sides="]'), 'the balance section links to the lab');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-dragon-punch-matchups.png') });
  assertClean(page);
  await page.context().close();
});

test('both worked examples play through step by step, with and without the Initiative', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/dragon-punch#examples`);
  assert.equal(EXAMPLES.length, 2);
  for (const id of EXAMPLES) {
    const box = `[data-testid="scenario-${id}"]`;
    await page.click(`[data-testid="watch-${id}"]`, { timeout: 20_000 });
    await page.waitForSelector(`${box} [data-testid="narration"]`);
    assert.match(await page.textContent(`${box} [data-testid="narration"]`), /^Start/);
    assert.match(await page.textContent(`${box} [data-testid="next-plays"]`), /^Next: Player 1 plays/);
    let steps = 0;
    const narrations = [];
    while (await page.isEnabled(`${box} [data-testid="replay-next"]`)) {
      await page.click(`${box} [data-testid="replay-next"]`);
      steps++;
      narrations.push(await page.textContent(`${box} [data-testid="narration"]`));
      assert.ok(steps < 20);
    }
    assert.ok(steps >= 5, `${id}: ${steps} steps`);
    assert.match(narrations[0], /^Step 1 of \d+: /);
    assert.ok(narrations.some((n) => /Initiative/.test(n)), `${id} shows the Initiative at work`);
    // The table shows the damage of the last step: a player below six health.
    assert.match(await page.textContent(`${box} .dp-table`), /Health [45] of 6/);
    if (id === EXAMPLES[0]) await page.screenshot({ path: join(ARTIFACTS, 'rules-dragon-punch-example.png'), fullPage: false });
  }
  assertClean(page);
  await page.context().close();
});
