// The FUSION rules page: every section of the rules and of our notes renders with its anchor and
// a copy-link control, a shared link opens at its rule, the four worked examples (the source's
// TL;DR among them) play through step by step on the table the play page uses, and nothing
// spills sideways on a 390 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS, REPO, expectScrolledTo } from './harness.mjs';

const site = useSite();

const text = (file) => readFileSync(join(REPO, 'crates/games/src/fusion', file), 'utf8');
const anchors = (file, prefix = '') =>
  text(file)
    .split('\n')
    .map((line) => line.match(/^##+ .*\{#([a-z0-9-]+)\}\s*$/))
    .filter(Boolean)
    .map((m) => `${prefix}${m[1]}`);
const EXAMPLES = text('rules.md')
  .split('\n')
  .filter((l) => l.startsWith('::example '))
  .map((l) => l.slice('::example '.length).trim());

test('every section and every decision renders with its anchor and a copy-link control, on a phone', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/rules/fusion`);
  await page.waitForSelector('[data-testid="rules-fusion"] #sources');
  const ids = await page.$$eval('[data-testid="rules-fusion"] .linkable', (hs) => hs.map((h) => h.id));
  assert.deepEqual(ids.filter((id) => !id.startsWith('note-')), anchors('rules.md'));
  assert.deepEqual(ids.filter((id) => id.startsWith('note-')), anchors('notes.md', 'note-'));
  for (const id of ['gambit', 'push', 'beat-back', 'spoils', 'stand-ins', 'note-tldr', 'note-engine']) {
    assert.ok(await page.$(`[data-testid="copy-${id}"]`), `copy link for #${id}`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing runs off a 390 px screen');
  assertClean(page);
  await page.context().close();
});

test('a shared link to the Push opens there', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/fusion#push`);
  await expectScrolledTo(page, 'push');
  assertClean(page);
  await page.context().close();
});

test('the worked examples, the TL;DR first, play through step by step', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/fusion#gambit`);
  assert.deepEqual([...EXAMPLES].sort(), ['gambit-outcomes', 'throwdown-actions', 'throwdown-more', 'tldr']);
  for (const id of EXAMPLES) {
    const box = `[data-testid="scenario-${id}"]`;
    await page.click(`[data-testid="watch-${id}"]`, { timeout: 20_000 });
    await page.waitForSelector(`${box} [data-testid="narration"]`);
    assert.match(await page.textContent(`${box} [data-testid="next-plays"]`), /^Next: .+: .+\.$/);
    let steps = 0;
    while (await page.isEnabled(`${box} [data-testid="replay-next"]`)) {
      await page.click(`${box} [data-testid="replay-next"]`);
      steps++;
      assert.ok(steps < 40);
      if (id === 'tldr' && steps === 4) {
        assert.match(await page.textContent(`${box} [data-testid="fu-pile"]`), /K♣/, 'the King of Clubs on top');
        await page.screenshot({ path: join(ARTIFACTS, 'rules-fusion-tldr.png') });
      }
    }
    assert.ok(steps >= 5, `${id}: ${steps} steps`);
    assert.ok(await page.$(`${box} [data-testid="fu-table"]`), 'the table is drawn');
    if (id === 'tldr') assert.equal(await page.getAttribute(`${box} [data-testid="fu-harmony"]`, 'data-harmony'), '2', 'two +Strife: Harmony 4 to 2');
  }
  assertClean(page);
  await page.context().close();
});
