// The balance lab as a designer would use it: a small run of DRAGON PUNCH's characters watched
// as the progress bar moves and the table fills, one run stopped early that keeps what it
// played, the run's link opened in a fresh browser context and run again to the same figures,
// and the matchups downloaded as CSV. Then each other game in the way its lab compares it:
// TAUNT's fighters in a duel and at a table of four, PUNISH's options (rerun from their link),
// Rumble's powers and FUSION's pilot sheets. Prints the games per second with the workers the
// page started.
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
  assert.match(await page.textContent('[data-testid="lab-lengths"]'), /Game lengths in turns, 18 games/);
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
  assert.match(link, /\/lab\/dragon-punch#sides=0\.1\.2&games=6&levels=easy\.easy&seed=7&seats=2$/);
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

test('a TAUNT lab of two fighters runs to the end, then four fighters at a table; a broken link says why', async () => {
  const page = await openLab('taunt', '#sides=0.3&games=4&levels=easy.easy&seed=3');
  const { rate } = await runToEnd(page);
  console.log(`lab_taunt_duel_games_per_second: ${rate.toFixed(1)}`);
  assert.equal(await page.getAttribute('[data-testid="lab-report"]', 'data-games'), '4');
  assert.equal((await page.$$('[data-testid="lab-table"] tbody tr')).length, 2);
  // Four seats: Last Pobber, every fighter handed out in turn; the table says what wins.
  await page.selectOption('[data-testid="lab-seats"]', '4');
  assert.equal(await page.getAttribute('[data-testid="lab"]', 'data-kind'), 'holdings');
  assert.equal(await page.isChecked('[data-testid="lab-side-5"]'), true, 'another table size offers every fighter');
  await page.fill('[data-testid="lab-games"]', '5');
  await page.press('[data-testid="lab-games"]', 'Tab');
  const table = await runToEnd(page);
  console.log(`lab_taunt_four_seats_games_per_second: ${table.rate.toFixed(1)}`);
  assert.equal((await page.$$('[data-testid="lab-table"] tbody tr')).length, 5);
  assert.match(table.table, /the average seat won \d+%/);
  assert.match(await page.inputValue('[data-testid="lab-link"]'), /&seats=4$/);
  await page.screenshot({ path: join(ARTIFACTS, 'lab-taunt-four.png'), fullPage: true });
  // Team fights: the same four seats, two against two, in the run's link.
  await page.selectOption('[data-testid="lab-mode"]', 'team');
  assert.equal(await page.inputValue('[data-testid="lab-seats"]'), '4');
  assert.equal(await page.isDisabled('[data-testid="lab-seats"] option[value="3"]'), true, 'Team is for four');
  await page.fill('[data-testid="lab-games"]', '3');
  await page.press('[data-testid="lab-games"]', 'Tab');
  await runToEnd(page);
  assert.equal(await page.getAttribute('[data-testid="lab-report"]', 'data-games'), '3');
  assert.match(await page.inputValue('[data-testid="lab-link"]'), /&seats=4&mode=team$/);
  assertClean(page);
  // A broken link says so and offers the usual settings.
  const broken = await openLab('taunt', '#sides=0.9&games=4');
  assert.match(await broken.textContent('[data-testid="lab-error"]'), /This lab link cannot be read/);
  assertClean(broken);
  for (const p of [page, broken]) await p.context().close();
});

test("PUNISH compares its options, and the run's link in a fresh context gives the same CSV", async () => {
  const page = await openLab('punish');
  assert.equal(await page.getAttribute('[data-testid="lab"]', 'data-kind'), 'variants');
  await page.click('[data-testid="lab-clear"]');
  for (const n of [1, 3, 4]) await page.check(`[data-testid="lab-side-${n}"]`);
  await page.fill('[data-testid="lab-games"]', '4');
  await page.press('[data-testid="lab-games"]', 'Tab');
  await page.selectOption('[data-testid="lab-level-1"]', 'Medium');
  const { rate } = await runToEnd(page);
  console.log(`lab_punish_games_per_second: ${rate.toFixed(1)}`);
  assert.equal(await page.getAttribute('[data-testid="lab-report"]', 'data-games'), '12');
  const names = await page.$$eval('[data-testid="lab-table"] tbody th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(names, ['Standard', 'Blitz', 'Blindfolded']);
  const csv = decodeURIComponent((await page.getAttribute('[data-testid="lab-csv"]', 'href')).replace(/^data:text\/csv;charset=utf-8,/, ''));
  assert.match(csv, /^variant,games,first_level_share/);
  await page.screenshot({ path: join(ARTIFACTS, 'lab-punish.png'), fullPage: true });
  const link = await page.inputValue('[data-testid="lab-link"]');
  assert.match(link, /#sides=0\.2\.3&games=4&levels=medium\.easy&seed=1&seats=2$/);
  const again = await openLab('punish', link.slice(link.indexOf('#')));
  await runToEnd(again);
  const csvAgain = decodeURIComponent((await again.getAttribute('[data-testid="lab-csv"]', 'href')).replace(/^data:text\/csv;charset=utf-8,/, ''));
  assert.equal(csvAgain, csv, 'the link reruns the same games');
  assertClean(page);
  assertClean(again);
  for (const p of [page, again]) await p.context().close();
});

test('Rumble measures powers by the heroes who won them, FUSION pilot sheets against the Coach', async () => {
  const rumble = await openLab('rumble', '#sides=0.1.2.3.4.5.6.7.8.9.10.11&games=6&levels=easy.easy&seed=2&seats=3');
  assert.equal(await rumble.getAttribute('[data-testid="lab"]', 'data-kind'), 'holdings');
  assert.equal(await rumble.inputValue('[data-testid="lab-seats"]'), '3');
  const r = await runToEnd(rumble);
  console.log(`lab_rumble_games_per_second: ${r.rate.toFixed(1)} (three heroes)`);
  assert.equal(await rumble.getAttribute('[data-testid="lab-report"]', 'data-games'), '6');
  assert.equal((await rumble.$$('[data-testid="lab-table"] tbody tr')).length, 12, 'one row per power offered');
  assertClean(rumble);
  const fusion = await openLab('fusion');
  await fusion.fill('[data-testid="lab-games"]', '12');
  await fusion.press('[data-testid="lab-games"]', 'Tab');
  const f = await runToEnd(fusion);
  console.log(`lab_fusion_games_per_second: ${f.rate.toFixed(1)} (two pilots)`);
  assert.equal((await fusion.$$('[data-testid="lab-table"] tbody tr')).length, 6, 'one row per pilot sheet');
  assert.match(f.table, /Bulwark/);
  await fusion.screenshot({ path: join(ARTIFACTS, 'lab-fusion.png'), fullPage: true });
  assertClean(fusion);
  for (const p of [rumble, fusion]) await p.context().close();
});
