// What every game's browser test does once a game has ended: share it, watch the link in a
// fresh browser context (step to the end and back, by buttons, slider and keys, as everyone and
// as one seat saw it), play on from a middle step, and find it in "Your games" (optionally
// exported and imported into another fresh context).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage, assertClean, ARTIFACTS } from './harness.mjs';

/** Per game, a corpus game's replay piece whose head claims 2^32 - 1 seats (made by `dojo`'s tests). */
const VAST = JSON.parse(await readFile(new URL('./fixtures/vast-table-links.json', import.meta.url), 'utf8'));

const stepOf = (page) => page.$eval('[data-testid="replay-step"]', (e) => [Number(e.dataset.step), Number(e.dataset.total)]);

/** Waits until the viewer shows step `n`. */
async function atStep(page, n) {
  await page.waitForFunction((want) => Number(document.querySelector('[data-testid="replay-step"]')?.dataset.step) === want, n, { timeout: 10_000 });
}

/**
 * On `page`, showing a finished game of `game`: shares it and returns the link, after checking
 * it in a fresh context and playing on from a middle step (`playOn`: 'all' for everyone at the
 * device, or a seat number to play as against the computer).
 */
export async function shareWatchAndPlayOn(site, page, game, { playOn = 'all', shot, history = false } = {}) {
  await page.waitForSelector('[data-testid="match-over"]');
  await page.click('[data-testid="share-game"]');
  const input = await page.waitForSelector('[data-testid="share-link"]');
  const link = await input.inputValue();
  assert.ok(link.startsWith(`${site.url}/watch/${game}#r1.${game}.`), `a replay link: ${link}`);
  const piece = link.split('#')[1];
  assert.match(piece, /^[A-Za-z0-9._-]+$/, 'the piece needs no escaping');
  console.log(`REPLAY_LINK ${game} ${link.length - site.url.length} characters`);
  // Nothing of the game in progress is written to Your games before the end; now it is there.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('dojo-history') || '[]'));
  assert.equal(kept.length, 1, 'the finished game is in Your games');
  assert.equal(kept[0].game, game);
  assert.equal(kept[0].piece, piece, 'with the same replay as the link');

  // A fresh context: nothing in storage, only the link.
  const viewer = await openPage(site.browser, link);
  await viewer.setViewportSize({ width: 390, height: 844 });
  await viewer.waitForSelector('[data-testid="replayer"]', { timeout: 30_000 });
  const fits = await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, 'the watch page fits a 390 px phone');
  const [start, total] = await stepOf(viewer);
  assert.equal(start, 0, 'a replay opens at the start');
  assert.ok(total > 0, 'with steps to watch');
  await viewer.click('[data-testid="replay-last"]');
  await atStep(viewer, total);
  assert.match(await viewer.textContent('[data-testid="watch-summary"]'), /won|draw|winner|shared/i, 'the summary says how it ended');
  await viewer.click('[data-testid="replay-back"]');
  await atStep(viewer, total - 1);
  await viewer.click('[data-testid="replay-first"]');
  await atStep(viewer, 0);
  // Keys: → steps on, End jumps, ← steps back.
  await viewer.focus('[data-testid="replayer"]');
  await viewer.keyboard.press('ArrowRight');
  await atStep(viewer, 1);
  await viewer.keyboard.press('End');
  await atStep(viewer, total);
  const lines = await viewer.$$eval('[data-testid="replay-log"] li', (l) => l.length);
  assert.ok(lines >= 1, 'the log tells the game');
  // As one seat saw it: the table redraws, the replay stays at its step.
  await viewer.selectOption('[data-testid="replay-seat"]', '0');
  await atStep(viewer, total);
  // The slider jumps to the middle.
  const middle = Math.max(1, Math.floor(total / 2));
  await viewer.$eval('[data-testid="replay-slider"]', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, middle);
  await atStep(viewer, middle);
  if (shot) await viewer.screenshot({ path: join(ARTIFACTS, shot), fullPage: true });
  // Play on from the middle step.
  await viewer.selectOption('[data-testid="play-on-who"]', String(playOn));
  await viewer.click('[data-testid="play-on"]');
  await viewer.waitForURL(`${site.url}/play/${game}`, { timeout: 30_000 });
  const notice = await viewer.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  assert.match(await notice.textContent(), /play on from step \d+ of the game you watched/i);
  assert.equal(await viewer.$('[data-testid="lobby"]'), null, 'the game goes on, not back to the lobby');
  assert.equal(await viewer.$('[data-testid="match-over"]'), null, 'and it is not over');
  assertClean(viewer);
  await viewer.context().close();

  if (history) await historyMovesBetweenDevices(site, page, game);
  return link;
}

/** "Your games" lists the game; an export imported into a fresh context finds the same games. */
async function historyMovesBetweenDevices(site, page, game) {
  await page.goto(`${site.url}/games`);
  await page.waitForSelector('[data-testid="game-entry"]', { timeout: 30_000 });
  assert.equal(await page.$$eval('[data-testid="game-entry"]', (l) => l.length), 1);
  await page.waitForSelector(`[data-testid="stats-${game}"] [data-testid="results-chart"]`);
  // The chart says what its squares mean, and an entry names each computer's level once.
  assert.match(await page.textContent(`[data-testid="stats-${game}"] [data-testid="chart-legend"]`), /won \(high\).*lost \(low\)/);
  const entry = await page.textContent('[data-testid="game-entry"] .entry-details');
  assert.doesNotMatch(entry, /\((Easy|Medium|Hard)\) \(\1\)/, `a level said twice: ${entry}`);
  assert.match(entry, /^[A-Z][^·]* · \d+ steps? · /, `the way of playing, the steps and the seats: ${entry}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="history-export"]')]);
  const file = join(ARTIFACTS, 'your-games.json');
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8'));
  assert.equal(exported.length, 1);

  const other = await openPage(site.browser, `${site.url}/games`);
  await other.waitForSelector('[data-testid="no-games"]', { timeout: 30_000 });
  // A damaged entry beside the good one is reported and skipped; the good one is kept.
  const damaged = join(ARTIFACTS, 'your-games-damaged.json');
  const { writeFile } = await import('node:fs/promises');
  // So is the outside audit's link that claims a table of 2^32 - 1 seats (it killed the page).
  const vast = VAST[game];
  await writeFile(damaged, JSON.stringify([...exported, { ...exported[0], id: 'x', piece: 'r1.punish.@@' }, { ...exported[0], id: 'y', piece: vast }]));
  await other.setInputFiles('[data-testid="history-import"]', damaged);
  const notice = await other.waitForSelector('[data-testid="history-notice"]');
  assert.match(await notice.textContent(), /Imported 1 new game\. Entry 2 was skipped: its replay/);
  assert.match(await notice.textContent(), /Entry 3 was skipped: its replay: .*4294967295 seats/);
  await other.waitForSelector('[data-testid="game-entry"]');
  const ids = await other.evaluate(() => JSON.parse(localStorage.getItem('dojo-history')).map((e) => e.id));
  assert.deepEqual(ids, exported.map((e) => e.id), 'the same games, and only those');
  await other.click('[data-testid="entry-watch"]');
  await other.waitForSelector('[data-testid="replayer"]', { timeout: 30_000 });
  // Forget all, after saying yes.
  await other.goto(`${site.url}/games`);
  await other.waitForSelector('[data-testid="game-entry"]');
  other.once('dialog', (d) => d.accept());
  await other.click('[data-testid="history-forget"]');
  await other.waitForSelector('[data-testid="no-games"]');
  assert.equal(await other.evaluate(() => localStorage.getItem('dojo-history')), null);
  assertClean(other);
  await other.context().close();
}

/** A damaged link is refused on the page in words, with no error in the console. */
export async function damagedLinkIsRefused(site, game) {
  const page = await openPage(site.browser, `${site.url}/watch/${game}#r1.${game}.AAAA`);
  const error = await page.waitForSelector('[data-testid="watch-error"]', { timeout: 30_000 });
  assert.match(await error.textContent(), /cannot be watched: the link is damaged/);
  assertClean(page);
  await page.context().close();
  // A real game whose link claims 2^32 - 1 seats: refused in words, the page still alive.
  const vast = await openPage(site.browser, `${site.url}/watch/${game}#${VAST[game]}`);
  const refusal = await vast.waitForSelector('[data-testid="watch-error"]', { timeout: 30_000 });
  assert.match(await refusal.textContent(), /4294967295 seats, where this game seats/);
  assertClean(vast);
  await vast.context().close();
}

