// The balance lab as a designer would use it: a small run of DRAGON PUNCH's characters watched
// as the progress bar moves and the table fills, one run stopped early that keeps what it
// played, the run's link opened in a fresh browser context and run again to the same figures,
// and the matchups downloaded as CSV. Then TAUNT's fighters, and a game the lab does not
// compare yet. Prints the games per second with the workers the page started.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { useSite, openPage, assertClean, ARTIFACTS, REPO } from './harness.mjs';

const site = useSite();

/** Opens `/lab/<game>` (with `hash`) in a fresh context and waits for its form. */
async function openLab(game, hash = '') {
  const page = await openPage(site.browser, `${site.url}/lab/${game}${hash}`);
  await page.waitForSelector('[data-testid="lab"]', { timeout: 30_000 });
  return page;
}

/** Runs the lab as set and waits for the end; returns the table's text and the rate. */
async function runToEnd(page, timeout = 120_000) {
  await page.click('[data-testid="lab-run"]');
  await page.waitForSelector('[data-testid="lab-progress"][data-state="done"]', { timeout });
  const table = await page.textContent('[data-testid="lab-table"]');
  const rate = Number(await page.getAttribute('[data-testid="lab-rate"]', 'data-rate'));
  return { table, rate };
}

test('a DRAGON PUNCH lab: the table fills as games come in, a run stops early, its link reruns the same games, and the CSV downloads', async () => {
  const page = await openLab('dragon-punch');
  // Three characters, six games a pair: eighteen games.
  const sides = await page.$$('[data-testid^="lab-side-"]');
  assert.ok(sides.length >= 3, 'the characters are offered');
  for (const [i, box] of sides.entries()) {
    if (i >= 3) await box.uncheck();
  }
  await page.fill('[data-testid="lab-games"]', '6');
  await page.press('[data-testid="lab-games"]', 'Tab');
  await page.fill('[data-testid="lab-seed"]', '7');
  await page.press('[data-testid="lab-seed"]', 'Tab');
  await page.click('[data-testid="lab-run"]');
  // The bar moves before the end: some games in, not all.
  const seen = [];
  for (let i = 0; i < 400; i++) {
    const done = Number(await page.getAttribute('[data-testid="lab-progress"]', 'data-done').catch(() => '0'));
    const state = await page.getAttribute('[data-testid="lab-progress"]', 'data-state').catch(() => '');
    seen.push(done);
    if (state === 'done') break;
    await page.waitForTimeout(25);
  }
  await page.waitForSelector('[data-testid="lab-progress"][data-state="done"]', { timeout: 120_000 });
  assert.ok(seen.some((d) => d > 0 && d < 18), `the progress bar showed a run part-way (${[...new Set(seen)].join(',')})`);
  assert.equal(await page.getAttribute('[data-testid="lab-report"]', 'data-games'), '18');
  const rows = await page.$$('[data-testid="lab-table"] tbody tr');
  assert.equal(rows.length, 3, 'a row per character');
  assert.match(await page.textContent('[data-testid="lab-first-seat"]'), /first seat scored \d+%/);
  assert.ok((await page.$$('[data-testid="lab-notes"] li')).length >= 1, 'what stands out is said');
  assert.match(await page.textContent('[data-testid="lab-lengths"]'), /Game lengths in rounds, 18 games/);
  const table = await page.textContent('[data-testid="lab-table"]');
  const rate = Number(await page.getAttribute('[data-testid="lab-rate"]', 'data-rate'));
  const workers = (await page.textContent('[data-testid="lab-rate"]')).match(/\((\d+) workers\)/)?.[1] ?? '0';
  console.log(`lab_dragon_punch_games_per_second: ${rate.toFixed(1)} (${workers} workers, Easy against Easy)`);
  // The CSV holds every ordered pair.
  const href = await page.getAttribute('[data-testid="lab-csv"]', 'href');
  const csv = decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, ''));
  assert.match(csv, /^side,against,games,share,low_95,high_95\n/);
  assert.equal(csv.trim().split('\n').length, 1 + 6, 'a row per ordered pair');
  // The same figures as `dojo lab dragon-punch --sides Sol,Rook,Kite --matches 6 --seed 7 --csv …`
  // (the file is checked against the native lab by crates/lab/tests/determinism.rs).
  assert.equal(csv, await readFile(join(REPO, 'tests', 'e2e', 'fixtures', 'lab-dragon-punch.csv'), 'utf8'), 'the browser plays the games the command line plays');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="lab-csv"]')]);
  assert.equal(download.suggestedFilename(), 'dragon-punch-lab.csv');
  await page.screenshot({ path: join(ARTIFACTS, 'lab-dragon-punch.png'), fullPage: true });
  // The link, opened in a fresh context, holds the settings and gives the same table.
  const link = await page.inputValue('[data-testid="lab-link"]');
  assert.match(link, /\/lab\/dragon-punch#sides=0\.1\.2&games=6&levels=easy\.easy&seed=7$/);
  const again = await openPage(site.browser, link);
  await again.waitForSelector('[data-testid="lab"]', { timeout: 30_000 });
  assert.equal(await again.inputValue('[data-testid="lab-games"]'), '6');
  assert.equal(await again.isChecked('[data-testid="lab-side-4"]'), false);
  const rerun = await runToEnd(again);
  assert.equal(rerun.table, table, 'the same seed plays the same games');
  // A long run stopped early keeps what it played.
  for (const box of await again.$$('[data-testid^="lab-side-"]')) await box.check();
  await again.fill('[data-testid="lab-games"]', '400');
  await again.press('[data-testid="lab-games"]', 'Tab');
  await again.click('[data-testid="lab-run"]');
  await again.waitForFunction(() => Number(document.querySelector('[data-testid="lab-progress"]')?.dataset.done) >= 4, null, { timeout: 60_000 });
  await again.click('[data-testid="lab-stop"]');
  await again.waitForSelector('[data-testid="lab-progress"][data-state="stopped"]');
  const kept = Number(await again.getAttribute('[data-testid="lab-progress"]', 'data-done'));
  await again.waitForTimeout(500);
  assert.equal(Number(await again.getAttribute('[data-testid="lab-report"]', 'data-games')), kept, 'the report holds the games played before the stop');
  assert.ok(kept < 4000, 'the run stopped');
  assert.match(await again.textContent('[data-testid="lab-rate"]'), /Stopped after/);
  assertClean(page);
  assertClean(again);
  await page.context().close();
  await again.context().close();
});

test('a TAUNT lab of two fighters runs to the end; a game without sides says the lab does not compare it yet', async () => {
  const page = await openLab('taunt', '#sides=0.3&games=4&levels=easy.easy&seed=3');
  const { rate } = await runToEnd(page);
  console.log(`lab_taunt_games_per_second: ${rate.toFixed(1)}`);
  assert.equal(await page.getAttribute('[data-testid="lab-report"]', 'data-games'), '4');
  assert.equal((await page.$$('[data-testid="lab-table"] tbody tr')).length, 2);
  assertClean(page);
  // A broken link says so and offers the usual settings.
  const broken = await openLab('taunt', '#sides=0.9&games=4');
  assert.match(await broken.textContent('[data-testid="lab-error"]'), /This lab link cannot be read/);
  assertClean(broken);
  const none = await openPage(site.browser, `${site.url}/lab/punish`);
  await none.waitForSelector('[data-testid="lab-none"]', { timeout: 30_000 });
  assert.match(await none.textContent('[data-testid="lab-none"]'), /does not compare PUNISH's variants yet/);
  assertClean(none);
  for (const p of [page, broken, none]) await p.context().close();
});
