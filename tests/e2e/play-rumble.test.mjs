// Rumble through the UI: a 4-hero hot-seat game with a tied auction and its re-bid played to
// the end (no bid ever in storage or the shared log), a game with two typed-in powers whose
// moderator applies one with an adjustment that the log shows with its reason (typed markup
// shown as text), and a 6-hero game against the hard computer on a 390 px phone, played to the
// end with the computer's decision times printed and nothing running off the side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, printBotTimes, ARTIFACTS } from './harness.mjs';
import { shareWatchAndPlayOn, damagedLinkIsRefused } from './shared-games.mjs';
import { allOut } from './rumble.mjs';

const site = useSite();

const SCREENS = ['handoff', 'bids', 'rebid', 'give', 'settle', 'allocate', 'reveal-step', 'block', 'moderate', 'result', 'match-over']
  .map((s) => `[data-testid="${s}"]`)
  .join(', ');

/** Every value in localStorage, joined. */
const storage = (page) => page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n'));

const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Opens the Rumble lobby from a clean slate. */
async function lobby(page) {
  await page.goto(`${site.url}/play/rumble`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
}

/** Waits for the next screen and names it. */
async function next(page) {
  const el = await page.waitForSelector(SCREENS, { timeout: 60_000 });
  return [el, await el.getAttribute('data-testid')];
}

/** Waits for `el` to leave the page. */
const gone = (page, el) => page.waitForFunction((old) => !old.isConnected, el, { timeout: 60_000 }).catch(() => {});

/**
 * Plays until the game is over, answering each screen with `on[screen]` or a default: the
 * hand-off is passed, results go on, bids are 0, allocations go all out, the rest take their
 * defaults. Returns the computer's decision figures.
 */
async function playToTheEnd(page, { on = {}, shots = {}, phone = false, maxScreens = 600 } = {}) {
  const botTimes = [];
  let counted = 0;
  const taken = new Set();
  for (let step = 0; step < maxScreens; step++) {
    const [el, screen] = await next(page);
    const bot = await page.$eval('[data-testid="bot-ms"]', (e) => [Number(e.dataset.count), Number(e.dataset.ms), Number(e.dataset.slowest)]).catch(() => null);
    if (bot && bot[0] > counted) {
      counted = bot[0];
      botTimes.push(bot[1]);
    }
    if (phone) assert.ok(await noOverflow(page), `nothing runs off a 390 px screen (${screen})`);
    if (shots[screen] && !taken.has(screen)) {
      taken.add(screen);
      await page.screenshot({ path: join(ARTIFACTS, shots[screen]), fullPage: true });
    }
    if (screen === 'match-over') return { botTimes, decisions: counted, slowest: bot ? bot[2] : 0 };
    if (on[screen]) await on[screen](page);
    else if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
    else if (screen === 'result') await page.click('[data-testid="next"]');
    else if (screen === 'allocate') await allOut(page);
    else if (screen === 'moderate') await page.click('[data-testid="moderation-done"]');
    else await page.click(`[data-testid^="submit-"]`);
    await gone(page, el);
  }
  assert.fail(`the game did not end within ${maxScreens} screens`);
}

test('a 4-hero hot-seat game: a tied auction re-bid in secret, then played to the end', async () => {
  const page = await openPage(site.browser);
  await lobby(page);
  await page.check('[data-testid="mode-hotseat"]');
  assert.equal(await page.$eval('[data-testid="seat-count"]', (s) => s.value), '4');
  await page.fill('[data-testid="name-4"]', 'The <b>Breeze</b>');
  await page.click('[data-testid="start"]');
  // Seats 1 and 2 bid 10 on the first power (a tie), seats 3 and 4 bid 5 on it.
  for (const bid of ['10', '10', '5', '5']) {
    await page.click('[data-testid="show-hand"]');
    await page.waitForSelector('[data-testid="bids"]');
    assert.ok(await page.$('[data-testid="bid-12"]'), 'a bid for every power of the beginner set');
    await page.fill('[data-testid="bid-1"]', bid);
    assert.match(await page.textContent('[data-testid="bid-total"]'), new RegExp(`add up to ${bid}\\b`));
    await page.click('[data-testid="submit-bids"]');
    await page.waitForSelector('[data-testid="handoff"], [data-testid="countdown"], [data-testid="result"]');
  }
  await page.waitForSelector('[data-testid="result"]');
  // The table hears who bids again, not which power tied (notes: secrecy).
  const tie = await page.textContent('[data-testid="result"]');
  assert.match(tie, /Mantisman and Doctor Cuttlefish tied for a top bid and bid again, in secret/);
  assert.doesNotMatch(tie, /Regeneration/, 'the tied power is not named to the table');
  assert.doesNotMatch(await storage(page), /"Bid"/, 'no bid sheet in storage');
  await page.click('[data-testid="next"]');
  // Only the tied heroes bid again, each told privately what tied.
  for (const bid of ['20', '5']) {
    await page.click('[data-testid="show-hand"]');
    await page.waitForSelector('[data-testid="rebid"]');
    assert.equal(await page.textContent('[data-testid="tied-1"]'), 'Your bid of 10 tied for the top.');
    await page.fill('[data-testid="rebid-1"]', bid);
    await page.click('[data-testid="submit-rebid"]');
  }
  await page.waitForSelector('[data-testid="result"]');
  assert.match(await page.textContent('[data-testid="result"]'), /Mantisman wins Regeneration for 20/);
  const log = await page.textContent('[data-testid="event-log"]');
  assert.doesNotMatch(log, /tied for the top|\b5\b.*Regeneration/, 'no private tie or losing bid in the shared log');
  const saved = await storage(page);
  assert.doesNotMatch(saved, /"Bid"|"Rebid"/, 'the sealed record holds no bid');
  assert.match(saved, /"Table"/, "after the auction the save holds the seats' views");
  assert.doesNotMatch(saved, /"seed"/, "no seed (it would tell Alternate Universe's draw)");
  assert.match(await page.textContent('[data-testid="hero-4"]'), /The <b>Breeze<\/b>/, 'a typed name shows as text');
  await page.click('[data-testid="next"]');
  // A reload keeps the game and its auction's log.
  await page.reload();
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /restored/);
  assert.match(await page.textContent('[data-testid="event-log"]'), /Mantisman wins Regeneration for 20/);
  assert.match(await page.textContent('[data-testid="energy-1"]'), /^83/, 'Regeneration bought for 20, +3 in round 1');
  // The allocation refuses too much Energy in the engine's words, then everyone goes all out.
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="allocate"]');
  await page.fill('[data-testid="defense"]', '90');
  await page.fill('[data-testid="attack-2"]', '10');
  assert.match(await page.textContent('[data-testid="refusal"]'), /that puts in 100 Energy but the hero has 83/, 'more than the hero has is refused in the engine\'s words');
  await page.fill('[data-testid="defense"]', '0');
  assert.match(await page.textContent('[data-testid="left-1"]'), /put in: 10 of 83\. Left over .*: 73/);
  await page.screenshot({ path: join(ARTIFACTS, 'rumble-allocate.png'), fullPage: true });
  await page.fill('[data-testid="attack-2"]', '83');
  await page.click('[data-testid="submit-allocation"]');
  await playToTheEnd(page, { shots: { result: 'rumble-result.png' } });
  assert.match(await page.textContent('[data-testid="winner"]'), /won the game!/);
  assert.ok(await page.$('[data-testid="places"]'), 'every place is listed');
  assert.match(await page.textContent('[data-testid="event-log"]'), /(wins the game|share the win)/);
  await page.screenshot({ path: join(ARTIFACTS, 'rumble-over.png'), fullPage: true });
  // Reloaded part way: a shared device's save keeps the heroes' views (the record would tell
  // the future), so this game cannot be replayed from its start, and the end screen says so.
  await page.click('[data-testid="share-game"]');
  assert.match(await page.textContent('[data-testid="share-unavailable"]'), /was reloaded part way/);
  assertClean(page);
  await page.context().close();
});

test('two typed-in powers and a moderator who applies one, with the reason in the log', async () => {
  const page = await openPage(site.browser);
  await lobby(page);
  await page.check('[data-testid="mode-hotseat"]');
  await page.selectOption('[data-testid="seat-count"]', '3');
  await page.selectOption('[data-testid="role-3"]', 'moderator');
  await page.fill('[data-testid="name-3"]', 'Referee');
  await page.check('[data-testid="typed-on"]');
  await page.fill('[data-testid="typed-1-1-name"]', 'Zap <i>Ray</i>');
  await page.fill('[data-testid="typed-1-1-text"]', 'Spend 10 and name a hero: they lose 15 Energy.');
  await page.selectOption('[data-testid="typed-1-1-cost"]', 'spend');
  await page.fill('[data-testid="typed-1-1-amount"]', '10');
  await page.check('[data-testid="typed-1-1-targets"]');
  await page.fill('[data-testid="typed-2-1-name"]', 'Iron Will');
  await page.fill('[data-testid="typed-2-1-text"]', 'Once per game, ignore one Attack.');
  await page.fill('[data-testid="typed-2-1-exhaust"]', '1');
  await page.screenshot({ path: join(ARTIFACTS, 'rumble-lobby-typed.png'), fullPage: true });
  // Leave the number field first: in headless Chromium a click straight from a focused number
  // field to the button lands its mouseup elsewhere and submits nothing.
  await page.locator('[data-testid="typed-2-1-exhaust"]').blur();
  await page.click('[data-testid="start"]');
  // The typed powers are the last two on the sheet; the first hero bids on Zap Ray alone.
  const bids = async (lot, bid) => {
    await page.click('[data-testid="show-hand"]');
    await page.waitForSelector('[data-testid="bids"]');
    const rows = await page.$$('[data-testid="bids"] .rb-bid-row');
    assert.match(await rows[rows.length - 2].textContent(), /Zap <i>Ray<\/i>/, 'the typed name as text');
    assert.equal(await page.$('[data-testid="bids"] .rb-power i'), null, 'no markup from typed text');
    if (lot) await page.fill(`[data-testid="bid-${rows.length - 1}"]`, bid);
    await page.click('[data-testid="submit-bids"]');
  };
  await bids(true, '5');
  await bids(false);
  await page.waitForSelector('[data-testid="result"]');
  assert.match(await page.textContent('[data-testid="result"]'), /Mantisman wins Zap <i>Ray<\/i> for 5/);
  await page.click('[data-testid="next"]');
  // Mantisman uses Zap Ray on the Doctor; the Doctor defends.
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="allocate"]');
  await page.fill('[data-testid="defense"]', '45');
  await page.fill('[data-testid="attack-2"]', '40');
  await page.click('[data-testid="add-use-1"]');
  await page.selectOption('[data-testid="use-1-target"]', '1');
  assert.match(await page.textContent('[data-testid="left-1"]'), /put in: 95 of 95\./);
  await page.click('[data-testid="submit-allocation"]');
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="allocate"]');
  await page.fill('[data-testid="defense"]', '100');
  await page.click('[data-testid="submit-allocation"]');
  await page.waitForSelector('[data-testid="result"]');
  await page.click('[data-testid="next"]');
  // The moderator sees the round and applies Zap Ray.
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Referee \(moderator\)/);
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="moderate"]');
  assert.match(await page.textContent('[data-testid="moderator-secrets"]'), /Zap <i>Ray<\/i> \(Mantisman\): Spend 10, names a hero: Spend 10 and name a hero/);
  await page.selectOption('[data-testid="adj-kind"]', 'energy');
  await page.selectOption('[data-testid="adj-hero"]', '1');
  await page.fill('[data-testid="adj-amount"]', '-15');
  assert.match(await page.textContent('[data-testid="refusal"]'), /give a reason/);
  await page.fill('[data-testid="adj-reason"]', 'Zap <i>Ray</i> hits the Doctor for 15');
  await page.screenshot({ path: join(ARTIFACTS, 'rumble-moderator.png'), fullPage: true });
  await page.click('[data-testid="adjust"]');
  await page.waitForFunction(() => /Reason: Zap <i>Ray<\/i> hits the Doctor for 15/.test(document.querySelector('[data-testid="event-log"]').textContent));
  assert.match(await page.textContent('[data-testid="event-log"]'), /Moderator: Doctor Cuttlefish -15 Energy\. Reason: Zap <i>Ray<\/i> hits the Doctor for 15/);
  assert.match(await page.textContent('[data-testid="energy-2"]'), /^85/);
  await page.click('[data-testid="moderation-done"]');
  await page.waitForSelector('[data-testid="result"]');
  assert.match(await page.textContent('[data-testid="result"]'), /Round 2 begins/);
  assertClean(page);
  await page.context().close();
});

test('six heroes, one person and five hard computers, on a phone: played to the end and timed', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  // A fresh visit shows which choice the seats below are set to.
  assert.equal(await page.isChecked('[data-testid="mode-bot"]'), true, 'one person and the computer is shown as chosen');
  await page.check('[data-testid="mode-hotseat"]');
  assert.equal(await page.isChecked('[data-testid="mode-bot"]'), false);
  await page.check('[data-testid="mode-bot"]');
  await page.selectOption('[data-testid="level"]', 'hard');
  await page.selectOption('[data-testid="seat-count"]', '6');
  assert.equal(await page.$eval('[data-testid="seat-6-controller"]', (s) => s.value), 'hard');
  await page.screenshot({ path: join(ARTIFACTS, 'rumble-lobby-phone.png'), fullPage: true });
  assert.ok(await noOverflow(page), 'the lobby fits a phone');
  await page.click('[data-testid="start"]');
  let bidOnce = false;
  let skipped = false;
  const timed = await playToTheEnd(page, {
    phone: true,
    shots: { bids: 'rumble-bids-phone.png', allocate: 'rumble-allocate-phone.png', result: 'rumble-result-phone.png' },
    on: {
      bids: async (p) => {
        if (!bidOnce) {
          // Every power's text at once, with one switch (tapping a name still shows one).
          assert.equal(await p.isVisible('[data-testid="text-1"]'), false);
          await p.check('[data-testid="show-texts"]');
          const texts = await p.$$eval('[data-testid^="text-"]', (ps) => ps.map((e) => (e.hidden ? '' : e.textContent.trim())));
          assert.ok(texts.length > 3 && texts.every((t) => t.length > 10), `every text shown: ${texts}`);
          await p.screenshot({ path: join(ARTIFACTS, 'rumble-bids-texts-phone.png'), fullPage: true });
        }
        // Some powers, so the computer's search meets them.
        if (!bidOnce) for (const i of [1, 3, 6]) await p.fill(`[data-testid="bid-${i}"]`, '12');
        bidOnce = true;
        await p.click('[data-testid="submit-bids"]');
      },
      allocate: async (p) => {
        // Half into Defense, half at the first opponent.
        const form = await p.$('[data-testid="alloc-1"]');
        const energy = Number(await form.getAttribute('data-energy'));
        await p.fill('[data-testid="defense"]', String(Math.ceil(energy / 2)));
        const target = await form.$('[data-testid^="attack-"]');
        if (target && energy > 1) await target.fill(String(Math.floor(energy / 2)));
        await p.click('[data-testid="submit-allocation"]');
      },
      result: async (p) => {
        assert.ok(!skipped, 'no round is shown after skipping to the result');
        // The person's heroes are marked "you"; once all are out, the rounds can be skipped.
        const mine = await p.$$eval('[data-testid="rb-table"] li.rb-hero', (hs) => hs.filter((h) => h.querySelector('[data-testid="you"]')).map((h) => h.classList.contains('out')));
        assert.ok(mine.length >= 1, 'your hero is marked on the table');
        const skip = await p.$('[data-testid="skip-to-end"]');
        assert.equal(Boolean(skip), mine.every(Boolean), 'skipping is offered exactly when your heroes are out');
        if (skip) {
          skipped = true;
          await p.screenshot({ path: join(ARTIFACTS, 'rumble-skip-phone.png'), fullPage: true });
          await skip.click();
          await p.waitForSelector('[data-testid="match-over"]', { timeout: 300_000 });
        } else await p.click('[data-testid="next"]');
      },
    },
  });
  assert.match(await page.textContent('[data-testid="winner"]'), /won the game!/);
  console.log(`rumble_skipped_to_the_result: ${skipped}`);
  await page.screenshot({ path: join(ARTIFACTS, 'rumble-over-phone.png'), fullPage: true });
  printBotTimes('rumble', '_6_heroes', timed);
  await shareWatchAndPlayOn(site, page, 'rumble', { playOn: 0, shot: 'watch-rumble.png' });
  await damagedLinkIsRefused(site, 'rumble');
  assertClean(page);
  await page.context().close();
});
