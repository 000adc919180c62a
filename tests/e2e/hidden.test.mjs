// Hot-seat secrecy: until the reveal, nothing on the page or in storage depends on the pick
// Player 1 has made. The same saved position is played twice with two different picks for
// Player 1, and Player 2's screens must be identical, character for character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, assertClean } from './harness.mjs';

const site = useSite();

// The rulebook's first example position: Player 1 holds Rush, Guard, Guard, Strike, Dodge.
// A shared device's save keeps the record (both hands) so it can resume; see storage.test.mjs.
const SAVE = JSON.stringify({
  version: 3,
  game: 'punish',
  seats: ['Person', 'Person'],
  match: {
    Record: {
      record: {
        game: 'punish',
        setup: {
          options: { best_of: 1 },
          seed: 1,
          hands: [['Rush', 'Guard', 'Guard', 'Strike', 'Dodge'], ['Punish', 'Rush', 'Guard', 'Strike', 'Dodge']],
          revealed: ['Punish', 'Dodge'],
          deck: ['Rush', 'Strike', 'Punish'],
        },
        actions: [],
      },
    },
  },
});

/**
 * What `main` holds once the page has settled: every printed card face public/table.js was
 * asked for is shown (it arrives a moment after the card), and its passing pulse classes are
 * left out, so two runs compare what the game put there, not how far table.js had got.
 */
async function settled(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('main [data-face]')].every((e) => e.classList.contains('face-shown')), null, { timeout: 10_000 });
  const html = await page.innerHTML('main');
  return html.replace(/ ?\bdojo-(changed|fell)\b/g, '');
}

/** Player 1 picks `card`; returns what the page and storage hold while Player 2 takes over. */
async function afterPlayerOnePicks(card) {
  const page = await openPage(site.browser, `${site.url}/play/punish`);
  await page.evaluate((save) => localStorage.setItem('pocket-dojo/punish', save), SAVE);
  await page.reload();
  await page.waitForSelector('[data-testid="handoff"]');
  await page.click('[data-testid="notice"] .close');
  await page.click('[data-testid="show-hand"]');
  await page.click(`[data-testid="pick-${card}"]`);
  await page.waitForSelector('[data-testid="handoff"]');
  const handoff = await settled(page);
  const storage = await page.evaluate(() => JSON.stringify(localStorage));
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="pick"][data-seat="2"]');
  const pickScreen = await settled(page);
  // Player 2 picks; only now are both cards shown.
  await page.click('[data-testid="pick-guard"]');
  await page.waitForSelector('[data-testid="result"]', { timeout: 10_000 });
  const revealed = await page.$$eval('[data-testid="reveal"] .card', (els) => els.map((e) => e.dataset.card));
  assertClean(page);
  await page.context().close();
  return { handoff, storage, pickScreen, revealed };
}

test("Player 2's screens and the saved game do not depend on Player 1's secret pick", async () => {
  const rush = await afterPlayerOnePicks('rush');
  const dodge = await afterPlayerOnePicks('dodge');
  assert.equal(rush.handoff, dodge.handoff, 'hand-off screen differs with the pick');
  assert.equal(rush.pickScreen, dodge.pickScreen, "Player 2's pick screen differs with Player 1's pick");
  assert.equal(rush.storage, dodge.storage, 'storage differs with the pick');
  // The pick did matter: it is what the reveal shows.
  assert.deepEqual(rush.revealed, ['Rush', 'Guard']);
  assert.deepEqual(dodge.revealed, ['Dodge', 'Guard']);
  // And Player 2's screen shows their own hand, not Player 1's.
  assert.match(rush.pickScreen, /data-card="Punish"/);
});
