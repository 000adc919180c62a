// "What the computer expected": off until the person turns it on (then remembered), shown only
// after a reveal, in every game; it names no card the person cannot see on the page, and at the
// end of a match the choices the computer thought cost the most link to that step of the replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';
import { startVsBot, playToTheEnd } from './punish.mjs';

const site = useSite();
const KEY = 'pocket-dojo/explain';

/** Starts a match against the computer with the lobby's own choices, from a clean slate. */
async function startAgainstComputer(page, id) {
  await page.goto(`${site.url}/play/${id}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 20_000 });
  if (await page.$('[data-testid="mode-bot"]')) await page.check('[data-testid="mode-bot"]');
  await page.click('[data-testid="start"]');
}

/** The play machine's screen and step, as the page's frame writes them. */
const frameState = (page) => page.$eval('[data-screen]', (e) => `${e.dataset.screen}/${e.dataset.step}`);
/** True in the page once its frame shows another screen or step than `was`. */
const movedOn = (was) => {
  const e = document.querySelector('[data-screen]');
  return `${e?.dataset.screen}/${e?.dataset.step}` !== was;
};
/** A screen a person acts on (or the end). */
const PERSON_SCREEN = '[data-screen^="decide"], [data-screen^="handoff"], [data-screen="result"], [data-screen="over"]';

/** One choice on whatever the page asks now; false when it asks nothing this page can answer. */
async function chooseSomething(page) {
  const next = await page.$('[data-testid="result"] [data-testid="next"]');
  if (next) return next.click().then(() => true);
  for (const submit of ['submit-bids', 'submit-allocation', 'submit-rebid']) {
    const button = await page.$(`[data-testid="${submit}"]`);
    if (button) return button.click().then(() => true);
  }
  let choice = await page.$(':is([data-testid="hand"] button:not([disabled]), [data-testid="choices"] button) >> visible=true');
  // FUSION chooses in two taps: a card, then what to do with it.
  const card = choice ? null : await page.$('.fu-pick >> visible=true');
  if (card) {
    await card.click();
    choice = await page.waitForSelector('[data-testid="card-actions"] .fu-choice >> visible=true', { timeout: 5_000 }).catch(() => null);
  }
  if (!choice) return false;
  await choice.click();
  const confirm = await page.$('[data-testid="confirm"]:not([disabled])');
  if (confirm) await confirm.click();
  return true;
}

/** A PUNISH match against the medium computer with explanations turned on, its first card
 * played and the panel for that breath shown. */
async function firstExplainedBreath() {
  const page = await openPage(site.browser);
  await startVsBot(page, site.url, 'medium', 1);
  await page.waitForSelector('[data-testid="explain"]');
  await page.check('[data-testid="explain"]');
  await page.waitForSelector('[data-testid="pick"]');
  await page.click('[data-testid="hand"] button');
  await page.waitForSelector('[data-testid="why"]', { timeout: 20_000 });
  return page;
}

/** Card names as FUSION writes them (a rank and a suit sign). */
const CARD = /\b(?:10|[2-9JQKA])[♣♦♥♠]/g;

test('the computer says what it expected after a reveal, in every game, once asked', async () => {
  const home = await openPage(site.browser, `${site.url}/`);
  await home.waitForSelector('[data-testid="app-ready"] .game-list');
  const games = await home.$$eval('.game-tile.playable', (tiles) => tiles.map((t) => t.dataset.testid.replace(/^game-/, '')));
  await home.context().close();
  assert.ok(games.length >= 5, games.join());
  for (const id of games) {
    const page = await openPage(site.browser);
    await startAgainstComputer(page, id);
    // Off by default: a whole step goes by with no panel.
    await page.waitForSelector('[data-testid="explain"]', { timeout: 20_000 });
    assert.equal(await page.isChecked('[data-testid="explain"]'), false, `${id}: off until asked`);
    await page.check('[data-testid="explain"]');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), '1', 'the choice is remembered');
    let panel = null;
    for (let look = 0; look < 120 && !panel; look++) {
      panel = await page.$('[data-testid="why"]');
      if (panel) break;
      if (await page.$('[data-testid="match-over"]')) break;
      const was = await frameState(page);
      // After a choice, the page moves on (or a form takes the next field); with nothing to
      // choose, the computer or the count has the page until a person's screen comes.
      if (await chooseSomething(page)) await page.waitForFunction(movedOn, was, { timeout: 2_000 }).catch(() => {});
      else await page.waitForSelector(PERSON_SCREEN, { timeout: 30_000 });
    }
    assert.ok(panel, `${id}: the panel showed after a reveal`);
    // Never while a choice is still open: the panel belongs to a step already played.
    const text = await panel.textContent();
    assert.match(text, /What the computer expected/);
    assert.match(await page.textContent('[data-testid="why-played"]'), /played .+\. It would have played: .+\d+%/);
    // Every card the panel names is on the page outside it: in a hand, the table or the log.
    const outside = await page.evaluate(() => {
      const clone = document.querySelector('main').cloneNode(true);
      clone.querySelector('[data-testid="why"]').remove();
      return clone.textContent;
    });
    for (const card of text.match(CARD) ?? []) assert.ok(outside.includes(card), `${id}: the panel names ${card}, which the page does not show`);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `explain-${id}.png`), fullPage: true });
    assertClean(page);
    await page.context().close();
  }
});

test('PUNISH: what the computer feared, and the costliest choices linked to their step of the replay', async () => {
  const page = await firstExplainedBreath();
  // A simultaneous pick: the computer guessed at the person's card and says which it feared.
  assert.match(await page.textContent('[data-testid="why"]'), /It expected you to choose:/);
  assert.match(await page.textContent('[data-testid="why-fear"]'), /What it feared most: you choosing \w+, which left it \d+ chances in 100\./);
  await playToTheEnd(page, { useKeyboard: false });
  await page.waitForSelector('[data-testid="match-over"]');
  // Picks made in turn, whatever the computer thought of them: some cost the person.
  await page.waitForSelector('[data-testid="costliest"]', { timeout: 90_000 });
  await page.screenshot({ path: join(ARTIFACTS, 'explain-costliest.png'), fullPage: true });
  assert.match(await page.textContent('[data-testid="costliest"]'), /Step \d+: you chose \w+; the computer thought \w+ would have left it \d+ fewer chances in 100\./);
  const link = await page.waitForSelector('[data-testid="costly-link"]', { timeout: 20_000 });
  const href = await link.getAttribute('href');
  assert.match(href, /^\/watch\/punish\?step=\d+#/);
  const step = Number(new URL(href, site.url).searchParams.get('step'));
  await page.goto(`${site.url}${href}`);
  await page.waitForSelector('[data-testid="replay-step"]', { timeout: 20_000 });
  assert.equal(Number(await page.getAttribute('[data-testid="replay-step"]', 'data-step')), step, 'the replay opens at that step');
  // Remembered: the next visit starts with it on.
  await page.goto(`${site.url}/play/punish`);
  await page.waitForSelector('[data-testid="app-ready"] [data-testid="play-punish"], [data-testid="app-ready"] .play', { timeout: 20_000 });
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), '1');
  assertClean(page);
  await page.context().close();
});

test('PUNISH: a reload keeps what the computer expected at the steps already revealed, and only that', async () => {
  const page = await firstExplainedBreath();
  // The save holds the first step's decision and the person's own choice, and nothing of any
  // other kind.
  await page.reload();
  await page.waitForSelector('[data-testid="pick"], [data-testid="result"]', { timeout: 20_000 });
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/punish')));
  const explained = saved.match.View.explained;
  assert.match(explained, /^S\t0\t1\n/, 'the first step is kept');
  assert.match(explained, /\nC\t0\t0\t/, "and the person's choice");
  assert.ok(explained.split('\n').every((line) => line === '' || /^[SPMEVC]\t/.test(line)), explained);
  assert.ok(explained.split('\n').filter((line) => line.startsWith('E\t')).every((line) => line.startsWith('E\t0\t')), 'only what it expected of the person');
  // The end still weighs the person's choices (a restored match has no replay link to offer).
  await playToTheEnd(page, { useKeyboard: false });
  await page.waitForSelector('[data-testid="costliest"]', { timeout: 90_000 });
  assert.match(await page.textContent('[data-testid="costliest"]'), /Step \d+: you chose \w+/);
  await page.evaluate((k) => localStorage.removeItem(k), KEY);
  assertClean(page);
  await page.context().close();
});
