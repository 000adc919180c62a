// Learn by playing: every game whose rules page offers a lesson is played through it, from that
// link, by choosing what each step highlights; a choice the step does not ask for is refused, the
// lesson ends with the way to a real match, and nothing is saved (a match kept in storage stays
// as it was).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

/** The ids of the games on the home page that can be played. */
async function playableGames() {
  const page = await openPage(site.browser, `${site.url}/`);
  await page.waitForSelector('[data-testid="app-ready"] .game-list');
  const ids = await page.$$eval('.game-tile.playable', (tiles) => tiles.map((t) => t.dataset.testid.replace(/^game-/, '')));
  await page.context().close();
  return ids;
}

/**
 * Chooses `target` (a selector or an element): a tap, then, on a screen where a tap only
 * selects (DRAGON PUNCH), the Play button that confirms it.
 */
async function choose(page, target) {
  await (typeof target === 'string' ? page.click(target) : target.click());
  const confirm = await page.$('[data-testid="confirm"]:not([disabled])');
  if (confirm) await confirm.click();
}

/**
 * Tries, once, a choice the step does not ask for: another card or button (`hand`, FUSION's
 * `choices`) or, on a form the lesson filled in (Rumble), a number changed before the
 * highlighted button is pressed. Returns a function that undoes the change, or null when the
 * screen has no other choice.
 */
async function chooseOtherwise(page, point) {
  // Only what shows (FUSION folds its side actions and Assists away).
  const other = await page.$(`:is([data-testid="hand"] button:not([disabled]), [data-testid="choices"] button):not(${point}) >> visible=true`);
  if (other) {
    await choose(page, other);
    return async () => {};
  }
  const field = await page.$('.stage input[type="number"]');
  if (!field) return null;
  const was = await field.inputValue();
  await field.fill(String(Number(was) + 1));
  await page.click(point);
  return async () => field.fill(was);
}

/** Which step the lesson panel shows ("2 of 5"), or null. */
const stepShown = (page) => page.$eval('[data-testid="lesson"] .lesson-step', (e) => e.textContent).catch(() => null);

/**
 * Plays the lesson on `page` (game `id`, the match kept under `key`) from its first step to its
 * end, choosing what each step highlights and once something else; then back to the lobby.
 * `shot` names its screenshots.
 */
async function playLesson(page, id, key, shot) {
  assert.match(await page.textContent('[data-testid="goal"]'), /\b(wins?|lose|loses|out)\b/);
  let refused = false;
  let steps = 0;
  for (let look = 0; look < 600; look++) {
    await page.waitForSelector('[data-testid="lesson-done"], [data-testid="result"], [data-testid="lesson"]', { timeout: 30_000 });
    if (await page.$('[data-testid="lesson-done"]')) break;
    const result = await page.$('[data-testid="result"]');
    if (result) {
      await page.click('[data-testid="next"]');
      await page.waitForFunction((old) => !old.isConnected, result, { timeout: 20_000 }).catch(() => {});
      continue;
    }
    const point = await page.getAttribute('[data-testid="lesson"]', 'data-point').catch(() => null);
    const target = point && (await page.$(point));
    // Between choices (the computer's turn, the count) the highlighted card is not on the page.
    if (!target) {
      const shown = (p) => {
        const screen = document.querySelector('[data-screen]')?.dataset.screen ?? '';
        return (screen.startsWith('decide') && document.querySelector(p)) || screen === 'result' || screen === 'over';
      };
      await page.waitForFunction(shown, point, { timeout: 30_000 });
      continue;
    }
    const before = await stepShown(page);
    assert.ok((await page.textContent('[data-testid="lesson"]')).length > 60, 'each step says what it needs');
    if (!refused) {
      // Once: a choice the step does not ask for is refused, and the step stays.
      const undo = await chooseOtherwise(page, point);
      if (undo) {
        await page.waitForSelector('[data-testid="notice"]');
        assert.match(await page.textContent('[data-testid="notice"]'), /asks for the highlighted choice/);
        assert.equal(await stepShown(page), before, 'the refused choice changed nothing');
        // Nor the look of the hand: every card showing its printed front keeps it whole.
        const whole = () => [...document.querySelectorAll('[data-face]')].every((e) => !e.querySelector(':scope > svg.face') || e.classList.contains('face-shown'));
        const kept = await page.waitForFunction(whole, null, { timeout: 5_000 }).then(() => true, () => false);
        assert.ok(kept, `${id}: after a refused choice a card shows its text around a shrunken face`);
        refused = true;
        await page.screenshot({ path: join(ARTIFACTS, `lesson-${shot}.png`), fullPage: true });
        await undo();
      }
    }
    await choose(page, point);
    steps += 1;
    await page.waitForFunction((b) => document.querySelector('[data-testid="lesson"] .lesson-step')?.textContent !== b, before, { timeout: 30_000 });
  }
  assert.ok(refused, `${id}: a wrong choice was tried and refused`);
  assert.ok(steps >= 3, `${id}: the person made the lesson's choices (${steps})`);
  await page.waitForSelector('[data-testid="lesson-done"]');
  assert.match(await page.textContent('[data-testid="lesson-done"]'), /Lesson over/);
  await page.screenshot({ path: join(ARTIFACTS, `lesson-${shot}-done.png`), fullPage: true });
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), 'kept', 'the lesson saved nothing over the kept match');
  // On to a real match: the lobby, which offers the lesson again.
  await page.click('[data-testid="lesson-play"]');
  await page.waitForSelector('[data-testid="lobby"]');
  assert.ok(await page.$('[data-testid="learn"]'), 'the lobby offers the lesson');
  assert.equal(await page.$('[data-testid="lesson"]'), null);
}

test('every lesson plays from the rules page to its end, choosing what each step highlights', async () => {
  const games = await playableGames();
  let lessons = 0;
  for (const id of games) {
    const page = await openPage(site.browser, `${site.url}/rules/${id}`);
    await page.waitForSelector(`[data-testid="rules-${id}"] h1`, { timeout: 20_000 });
    // The rules page may draw its sections again after the title shows, so the link is
    // looked for by its name each time rather than held as one element.
    if (!(await page.$('[data-testid="learn-link"]'))) {
      await page.context().close();
      continue;
    }
    lessons += 1;
    // A match kept in storage is not touched by the lesson.
    const key = `pocket-dojo/${id}`;
    await page.evaluate((k) => localStorage.setItem(k, 'kept'), key);
    await page.locator('[data-testid="learn-link"]').click();
    await page.waitForSelector('[data-testid="lesson"]', { timeout: 30_000 });
    await playLesson(page, id, key, id);
    // A game with more lessons offers them in the lobby: each is played the same way.
    for (let n = 2; await page.$(`[data-testid="learn-${n}"]`); n++) {
      await page.click(`[data-testid="learn-${n}"]`);
      await page.waitForSelector('[data-testid="lesson"]', { timeout: 30_000 });
      await playLesson(page, id, key, `${id}-${n}`);
      lessons += 1;
    }
    assertClean(page);
    await page.context().close();
  }
  assert.ok(lessons >= 1, 'at least one game has a lesson');
});
