// DRAGON PUNCH through the UI: a whole match against the hard computer on a phone-sized screen
// (taps and keys, every damage switch, the bot's thinking time in a real browser), a match
// that survives a reload, and a hot-seat match in Turbo Mode: the count, a turn where nothing is
// selected at FIGHT! (the suggested card is played), and the other player's choice never in the
// page or in storage before the reveal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, printBotTimes, ARTIFACTS } from './harness.mjs';
import { shareWatchAndPlayOn, damagedLinkIsRefused } from './shared-games.mjs';

const site = useSite();

const SCREENS = ['pick', 'switch', 'result', 'match-over', 'handoff'].map((s) => `[data-testid="${s}"]`).join(', ');

/** Every value in localStorage, joined. */
const storage = (page) => page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n'));

/** Opens the DRAGON PUNCH lobby from a clean slate. */
async function lobby(page, query = '') {
  await page.goto(`${site.url}/play/dragon-punch${query}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
}

/** The playable choices on the pick screen: basic cards and character halves not disabled. */
const playable = (page) => page.$$('[data-testid="hand"] button:not([disabled])');

/**
 * Plays until the match is over: picks a card (by tap or by its number key, then Play or
 * Enter), confirms every damage switch (now and then another card than the suggested one),
 * and goes on after each reveal. `shots` names screens to photograph once. Returns the bot's
 * decision figures.
 */
async function playToTheEnd(page, { useKeyboard, shots = {}, maxScreens = 800 }) {
  const botTimes = [];
  let counted = 0;
  const taken = new Set();
  const turns = [];
  for (let step = 0; step < maxScreens; step++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 30_000 });
    const screen = await el.getAttribute('data-testid');
    const bot = await page.$eval('[data-testid="bot-ms"]', (e) => [Number(e.dataset.count), Number(e.dataset.ms), Number(e.dataset.slowest)]).catch(() => null);
    if (bot && bot[0] > counted) {
      counted = bot[0];
      botTimes.push(bot[1]);
    }
    if (shots[screen] && !taken.has(screen)) {
      taken.add(screen);
      await page.screenshot({ path: join(ARTIFACTS, shots[screen]), fullPage: true });
    }
    if (screen === 'match-over') return { botTimes, decisions: counted, slowest: bot ? bot[2] : 0, turns };
    if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
    else if (screen === 'result') await page.click('[data-testid="next"]');
    else if (screen === 'switch') {
      const options = await page.$$('[data-testid="switch"] .dp-switch');
      assert.ok(options.length > 0, 'a white card to switch');
      // The board counts the damage as soon as it lands, not card by card as they turn red.
      const seat = await page.getAttribute('[data-testid="switch"]', 'data-seat');
      const owed = Number(/\((\d+) to go\)/.exec(await page.textContent('[data-testid="switch"] .big'))[1]);
      const board = await page.textContent(`[data-testid="health-${seat}"]`);
      // (The table may still show the view from before this seat's earlier switches of the hit.)
      const marked = /\((\d+) cards? to turn red\)/.exec(board);
      assert.ok(marked && Number(marked[1]) >= owed, `the board shows the damage still to switch: ${board}`);
      assert.match(await page.textContent('[data-testid="confirm-switch"]'), /^Turn .+ red$/, 'the suggested card is selected to begin with');
      if (step % 3 === 0) await options[options.length - 1].click();
      if (useKeyboard && step % 2 === 0) await page.keyboard.press('Enter');
      else await page.click('[data-testid="confirm-switch"]');
    } else if (screen === 'pick') {
      // A card in hand shows its printed front (public/table.js), turned over once it is red,
      // as a player turns the card: the red move up.
      const faces = await page.$$eval('[data-testid="hand"] .dp-card:not(.character) .dp-sides > svg.face', (svgs) =>
        svgs.map((svg) => ({ red: svg.closest('.dp-card').classList.contains('hue-red'), turn: getComputedStyle(svg).transform })),
      );
      for (const face of faces) turns.push(face);
      const choices = await playable(page);
      assert.ok(choices.length > 0, 'a card to play');
      const choice = choices[(step * 7) % choices.length];
      const id = await choice.getAttribute('data-testid');
      if (useKeyboard && step % 2 === 0 && !id.endsWith('-b')) {
        await page.keyboard.press(id.replace(/\D/g, ''));
        assert.match(await page.textContent('[data-testid="chosen"]'), /^Selected: /);
        await page.keyboard.press('Enter');
      } else {
        await choice.click();
        await page.click('[data-testid="confirm"]');
      }
    }
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 30_000 }).catch(() => {});
  }
  assert.fail(`the match did not end within ${maxScreens} screens`);
}

test('a whole match against the hard computer on a phone, with the bot timed', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  // Our set is offered and named as ours; the characters come from it.
  const sets = await page.$$eval('[data-testid="card-set"] option', (os) => os.map((o) => o.textContent));
  assert.match(sets[0], /reconstructed set \(not the retail cards\)/);
  await page.check('[data-testid="level-hard"]');
  await page.selectOption('[data-testid="character-1"]', '0');
  await page.selectOption('[data-testid="character-2"]', '3');
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-lobby-phone.png'), fullPage: true });
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="pick"]');
  // The hand: six basic cards and the character's two moves, each with High and Low in words.
  assert.equal(await page.locator('[data-testid="hand"] button').count(), 8);
  assert.match(await page.textContent('[data-testid="card-1"]'), /Low Poke.*white.*High.*Evade.*Low.*Attack 0, time 1/s);
  // What an attack's "time" means is said where the cards are chosen.
  assert.match(await page.textContent('[data-testid="time-hint"]'), /time is its speed.*lower time succeeds/);
  assert.match(await page.textContent('[data-testid="card-7-b"]'), /Meteor Storm.*Projectile/s);
  assert.match(await page.textContent('[data-testid="dp-player-2"]'), /Bruna/);
  assert.match(await page.textContent('[data-testid="health-1"]'), /Health 6 of 6/);
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(noOverflow, 'nothing runs off a 390 px screen');
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-pick-phone.png'), fullPage: true });
  const timed = await playToTheEnd(page, {
    useKeyboard: true,
    shots: { result: 'dragon-punch-result-phone.png', switch: 'dragon-punch-switch-phone.png' },
  });
  assert.match(await page.textContent('[data-testid="winner"]'), /(You|Computer \(Hard\)) won the match!/);
  // Printed faces: white cards upright, red ones turned over (a half turn is the matrix -1, 0, 0, -1).
  const halfTurn = /^matrix\(-1, 0, 0, -1, 0, 0\)$|^matrix\(-1, [-0-9.e]+, [-0-9.e]+, -1, 0, 0\)$/;
  assert.ok(timed.turns.some((f) => !f.red) && timed.turns.some((f) => f.red), `white and red printed cards were seen: ${timed.turns.length}`);
  for (const face of timed.turns) assert.equal(halfTurn.test(face.turn), face.red, JSON.stringify(face));
  assert.match(await page.textContent('[data-testid="event-log"]'), /wins? round/);
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-over-phone.png'), fullPage: true });
  printBotTimes('dragon_punch', '', timed);
  await shareWatchAndPlayOn(site, page, 'dragon-punch', { playOn: 1, shot: 'watch-dragon-punch.png' });
  await damagedLinkIsRefused(site, 'dragon-punch');
  assertClean(page);
  await page.context().close();
});

test('a match against the computer survives a reload, keeping only what the person saw', async () => {
  const page = await openPage(site.browser);
  await lobby(page);
  await page.check('[data-testid="level-easy"]');
  await page.click('[data-testid="start"]');
  for (const card of ['3', '2']) {
    await page.waitForSelector('[data-testid="pick"]');
    await page.click(`[data-testid="card-${card}"]`);
    await page.click('[data-testid="confirm"]');
    await page.waitForSelector('[data-testid="result"]');
    await page.click('[data-testid="next"]');
    // Damage taken is switched before the next choice.
    for (;;) {
      const el = await page.waitForSelector('[data-testid="pick"], [data-testid="switch"]');
      if ((await el.getAttribute('data-testid')) === 'pick') break;
      await page.click('[data-testid="confirm-switch"]');
      await page.waitForFunction((old) => !old.isConnected, el);
    }
  }
  const before = await page.textContent('[data-testid="where"]');
  const health = await page.textContent('[data-testid="health-1"]');
  const log = await page.textContent('[data-testid="event-log"]');
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/dragon-punch')));
  assert.ok(saved.match.View, 'against the computer the person\'s view is saved');
  assert.equal(saved.match.View.view.observer.Seat, 0);
  await page.reload();
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /restored/);
  await page.waitForSelector('[data-testid="pick"]');
  assert.equal(await page.textContent('[data-testid="where"]'), before);
  assert.equal(await page.textContent('[data-testid="health-1"]'), health);
  assert.equal(await page.textContent('[data-testid="event-log"]'), log);
  assert.ok(await page.$('[data-testid="card-3"][disabled]'), 'the flipped High Kick stays flipped');
  assertClean(page);
  await page.context().close();
});

test('hot-seat in Turbo Mode: the count, the suggested card at FIGHT!, and no peeking', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  await page.check('[data-testid="mode-hotseat"]');
  await page.check('[data-testid="opt-turbo"]');
  await page.selectOption('[data-testid="character-1"]', '0'); // Sol: Fireball / Meteor Storm
  await page.selectOption('[data-testid="character-2"]', '4'); // Wisp: Phase Step / Ghost Jab
  await page.click('[data-testid="start"]');

  // Turn 1. Player 1 picks Meteor Storm (the character's second move) during the count.
  await page.waitForSelector('[data-testid="handoff"]');
  assert.equal(await page.$('[data-testid="hand"]'), null, 'no hand on the hand-off screen');
  const fresh = await storage(page);
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="turbo-count"]');
  const started = Date.now();
  assert.equal(await page.textContent('[data-testid="turbo-count"]'), '3');
  await page.click('[data-testid="card-7-b"]');
  assert.match(await page.textContent('[data-testid="chosen"]'), /Selected: Meteor Storm/);
  await page.waitForFunction(() => document.querySelector('[data-testid="turbo-count"]')?.textContent === '2');
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-turbo-phone.png'), fullPage: true });
  await page.waitForFunction(() => document.querySelector('[data-testid="turbo-count"]')?.textContent === 'FIGHT!');
  const fight = Date.now() - started;
  assert.ok(fight >= 2500 && fight < 6000, `FIGHT! about three beats after the screen opens (${fight} ms)`);
  console.log(`dragon_punch_turbo_fight_ms_browser: ${fight}`);

  // Player 2's turn: Player 1's choice is nowhere in the page or in storage.
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Player 1 has chosen in secret/);
  assert.doesNotMatch(await page.content(), /Meteor Storm/, 'the choice is not in the page before the reveal');
  assert.equal(await storage(page), fresh, 'nor in storage');
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="turbo-count"]');
  assert.doesNotMatch(await page.content(), /Meteor Storm/, 'Player 2 sees their own hand only');
  assert.equal(await storage(page), fresh);
  // Player 2 selects nothing: the suggested card is played at FIGHT!
  const promised = (await page.textContent('[data-testid="chosen"]')).match(/Nothing selected: at FIGHT! (.+) is played\./);
  assert.ok(promised, 'the screen says what FIGHT! plays when nothing is selected');
  // After FIGHT! the reveal shows at once: the page's own "3, 2, 1" would be a second count.
  await page.evaluate(() => {
    window.__pageCounts = 0;
    new MutationObserver(() => { if (document.querySelector('[data-testid="countdown"]')) window.__pageCounts += 1; }).observe(document.body, { childList: true, subtree: true });
  });
  await page.waitForSelector('[data-testid="result"]', { timeout: 15_000 });
  assert.equal(await page.evaluate(() => window.__pageCounts), 0, 'no second countdown in Turbo Mode');
  assert.match(await page.textContent('[data-testid="revealed-1"]'), /Meteor Storm/);
  assert.match(await page.textContent('[data-testid="revealed-2"]'), new RegExp(promised[1]));
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-reveal-turbo.png'), fullPage: true });
  await page.click('[data-testid="next"]');

  // A few more turns through every hand-off, each player locking a card in early.
  for (let turn = 0; turn < 4; turn++) {
    for (;;) {
      const el = await page.waitForSelector(SCREENS, { timeout: 15_000 });
      const screen = await el.getAttribute('data-testid');
      if (screen === 'result') {
        await page.click('[data-testid="next"]');
        await page.waitForFunction((old) => !old.isConnected, el);
        break;
      }
      if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
      else if (screen === 'switch') await page.click('[data-testid="confirm-switch"]');
      else if (screen === 'pick') {
        const choices = await playable(page);
        await choices[turn % choices.length].click();
        await page.click('[data-testid="confirm"]');
      } else assert.fail(`unexpected screen ${screen}`);
      await page.waitForFunction((old) => !old.isConnected, el).catch(() => {});
    }
  }
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/dragon-punch')));
  assert.ok(saved.match.Record.record.actions.length >= 5, 'a shared device keeps the record of revealed steps');
  assertClean(page);
  await page.context().close();
});

test('a card set sent by a broken link is refused in words, and ours is still offered', async () => {
  const page = await openPage(site.browser);
  await lobby(page, '?set=1.not-a-set');
  assert.match(await page.textContent('[data-testid="set-error"]'), /cannot be played/);
  const sets = await page.$$eval('[data-testid="card-set"] option', (os) => os.map((o) => o.value));
  assert.deepEqual(sets, ['ours']);
  assertClean(page);
  await page.context().close();
});

test('Custom Character against the computer: nine cards taken in secret, then seven health each', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  await page.check('[data-testid="level-easy"]');
  await page.selectOption('[data-testid="variant"]', 'custom');
  assert.match(await page.textContent('[data-testid="custom-note"]'), /six other basic cards/);
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="pick-hand"]');
  // A second Taunt card is never offered once one is taken.
  await page.click('[data-testid="take-basic-6"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="taken"] li').length === 1);
  assert.ok(await page.$('[data-testid="take-basic-6"][disabled]'), 'one Taunt card only');
  // At 390 px, two cards to a row: the Taunt card's count and badge stay inside it, on one line each.
  const fits = await page.$eval('[data-testid="take-basic-6"]', (card) => {
    const box = card.getBoundingClientRect();
    return [...card.querySelectorAll('.dp-card-top > *')].map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5, oneLine: r.height < 26 };
    });
  });
  assert.ok(fits.length >= 2 && fits.every((f) => f.inside && f.oneLine), JSON.stringify(fits));
  await page.screenshot({ path: join(ARTIFACTS, 'dragon-punch-custom-pick-phone.png'), fullPage: true });
  for (let taken = 1; taken < 9; taken++) {
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="taken"] li').length === n, taken);
    await page.click('[data-testid="take-suggested"]');
  }
  await page.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  assert.equal(await page.locator('[data-testid="hand"] .dp-card').count(), 9);
  assert.match(await page.textContent('[data-testid="health-1"]'), /Health 7 of 7/);
  assert.match(await page.textContent('[data-testid="health-2"]'), /Health 7 of 7/);
  // The computer's unplayed cards are not named anywhere on the table.
  assert.equal(await page.locator('[data-testid="dp-player-2"] .dp-tile.face').count(), 0);
  await page.click('[data-testid="card-1"]');
  await page.click('[data-testid="confirm"]');
  await page.waitForSelector('[data-testid="result"]', { timeout: 30_000 });
  assertClean(page);
  await page.context().close();
});

test('the lobby opens the card editor', async () => {
  const page = await openPage(site.browser);
  await lobby(page);
  await page.click('[data-testid="edit-cards"]');
  await page.waitForSelector('[data-testid="editor-box"] .dp-editor');
  await page.click('[data-testid="edit-cards"]');
  assert.equal(await page.$('[data-testid="editor-box"]'), null);
  assertClean(page);
  await page.context().close();
});
