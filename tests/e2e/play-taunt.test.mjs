// TAUNT through the UI: a whole fight against the hard computer on a phone-sized screen (taps
// and keys), the bot's thinking time in a real browser, reload in the middle of a fight, and a
// hot-seat TAUNT combo whose face-down cards the other player never sees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

const SCREENS = ['pick', 'result', 'match-over', 'handoff', 'lay', 'order', 'place', 'pass'].map((s) => `[data-testid="${s}"]`).join(', ');

/** Opens the TAUNT lobby from a clean slate. */
async function lobby(page) {
  await page.goto(`${site.url}/play/taunt`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
}

/** Plays until the series is over, choosing cards in turn; returns the bot's decision figures. */
async function playToTheEnd(page, { useKeyboard, maxScreens = 600 }) {
  const botTimes = [];
  let counted = 0;
  for (let step = 0; step < maxScreens; step++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 30_000 });
    const screen = await el.getAttribute('data-testid');
    const bot = await page.$eval('[data-testid="bot-ms"]', (e) => [Number(e.dataset.count), Number(e.dataset.ms), Number(e.dataset.slowest)]).catch(() => null);
    if (bot && bot[0] > counted) {
      counted = bot[0];
      botTimes.push(bot[1]);
    }
    if (screen === 'match-over') return { botTimes, decisions: counted, slowest: bot ? bot[2] : 0 };
    if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
    else if (screen === 'result') await page.click('[data-testid="next"]');
    else if (screen === 'lay') await page.click('[data-testid="lay-done"]');
    else if (screen === 'order') await page.click('[data-testid="order-first"]');
    else if (screen === 'pass') await page.click(step % 3 ? '[data-testid="pass-keep"]' : '[data-testid="pass-give"]');
    else if (screen === 'place') await page.click(step % 2 ? '[data-testid="place-near"]' : '[data-testid="place-far"]');
    else if (screen === 'pick') {
      const playable = await page.$$('[data-testid="hand"] button:not([disabled])');
      assert.ok(playable.length > 0, 'a move to pick');
      // Favour moves that would deal damage now (the hand says "N damage → …"), so the fight moves on.
      const texts = await Promise.all(playable.map((b) => b.textContent()));
      const hitting = playable.filter((_, i) => /damage →/.test(texts[i]));
      // Only charged moves carry much Peril, so charge now and then: at L0 a fight can go on for ever.
      const charge = playable.filter((_, i) => /Charge to L/.test(texts[i]));
      const pool = charge.length > 0 && step % 3 === 0 ? charge : hitting.length > 0 && step % 5 !== 0 ? hitting : playable;
      const choice = pool[step % pool.length];
      if (useKeyboard && step % 2 === 0) {
        const key = await choice.$eval('.mc-key', (e) => e.textContent.replace(/\D/g, ''));
        await page.keyboard.press(key);
      } else {
        await choice.click();
      }
    }
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 30_000 }).catch(() => {});
  }
  assert.fail(`the series did not end within ${maxScreens} screens`);
}

test('a whole fight against the hard computer on a phone, with the bot timed', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  await page.check('[data-testid="level-hard"]');
  await page.selectOption('[data-testid="fighter-1"]', 'Tuggle');
  await page.selectOption('[data-testid="fighter-2"]', 'TeaBot');
  await page.selectOption('[data-testid="best-of"]', '1');
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="pick"]');
  // The hand shows each card at the current level with what it would do.
  const punch = await page.textContent('[data-testid="pick-punch"]');
  assert.match(punch, /Punch/);
  assert.match(punch, /Misses at Far/);
  const shoot = await page.textContent('[data-testid="pick-shoot"]');
  assert.match(shoot, /2 damage → 2, White: no Peril/);
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(noOverflow, 'nothing runs off a 390 px screen');
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-pick-phone.png'), fullPage: true });
  const { botTimes: times, decisions, slowest } = await playToTheEnd(page, { useKeyboard: true });
  assert.match(await page.textContent('[data-testid="winner"]'), /(You|Computer \(Hard\)) won the series!/);
  assert.match(await page.textContent('[data-testid="event-log"]'), /three disabled cards/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-over-phone.png'), fullPage: true });
  assert.ok(times.length > 0, 'the computer made decisions');
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`taunt_bot_decisions_hard: ${decisions}`);
  console.log(`taunt_bot_ms_median_hard_browser: ${sorted[Math.floor(sorted.length / 2)]}`);
  console.log(`taunt_bot_ms_mean_hard_browser: ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)}`);
  console.log(`taunt_bot_ms_max_hard_browser: ${slowest}`);
  assertClean(page);
  await page.context().close();
});

test('a fight survives a reload', async () => {
  const page = await openPage(site.browser);
  await lobby(page);
  await page.check('[data-testid="level-easy"]');
  await page.click('[data-testid="start"]');
  for (const move of ['shoot', 'charge']) {
    await page.click(`[data-testid="pick-${move}"]`);
    await page.waitForSelector('[data-testid="result"]');
    await page.click('[data-testid="next"]');
    await page.waitForSelector(SCREENS);
  }
  const before = await page.textContent('[data-testid="where"]');
  const log = await page.textContent('[data-testid="event-log"]');
  await page.reload();
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /restored/);
  assert.equal(await page.textContent('[data-testid="where"]'), before);
  assert.equal(await page.textContent('[data-testid="event-log"]'), log);
  assertClean(page);
  await page.context().close();
});

test('hot-seat: a TAUNT combo is laid in secret and the other player sees only how many cards', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 1200, height: 1000 });
  await lobby(page);
  await page.check('[data-testid="mode-hotseat"]');
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="handoff"]');
  assert.equal(await page.$('[data-testid="hand"]'), null, 'no hand on the hand-off screen');
  await page.click('[data-testid="show-hand"]');
  await page.click('[data-testid="pick-taunt"]');
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Player 1 has chosen in secret/);
  assert.doesNotMatch(await page.textContent('body'), /TAUNT L0/, 'the pick is not shown before the reveal');
  await page.click('[data-testid="show-hand"]');
  await page.click('[data-testid="pick-block"]');
  await page.waitForSelector('[data-testid="result"]');
  assert.match(await page.textContent('[data-testid="result"]'), /TAUNT goes unpunished/);
  await page.click('[data-testid="next"]');
  // Player 1 lays Kick then Grab face down, behind a hand-off screen.
  await page.waitForSelector('[data-testid="handoff"]');
  await page.click('[data-testid="show-hand"]');
  await page.click('[data-testid="lay-kick"]');
  await page.click('[data-testid="lay-grab"]');
  assert.match(await page.textContent('[data-testid="combo"]'), /Kick.*Grab/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-lay.png'), fullPage: true });
  await page.click('[data-testid="lay-done"]');
  // Only Player 2 picks next turn; the page shows the count, never the cards.
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Player 2/);
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="pick"]');
  assert.match(await page.textContent('[data-testid="queued-1"]'), /2 face down/);
  const visible = await page.textContent('body');
  assert.doesNotMatch(visible, /Kick L|Grab L|lays? Kick|lays? Grab/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-table.png'), fullPage: true });
  await page.click('[data-testid="pick-charge"]');
  await page.waitForSelector('[data-testid="result"]');
  assert.match(await page.textContent('[data-testid="result"]'), /Kick/, 'the face-down Kick is revealed when it acts');
  assertClean(page);
  await page.context().close();
});

test('two people fight a whole fight on one device, passing it for every secret choice', async () => {
  const page = await openPage(site.browser);
  await lobby(page);
  await page.check('[data-testid="mode-hotseat"]');
  await page.selectOption('[data-testid="fighter-1"]', 'Tremble');
  await page.selectOption('[data-testid="fighter-2"]', 'Wollypobber');
  await page.selectOption('[data-testid="best-of"]', '1');
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="handoff"]');
  await playToTheEnd(page, { useKeyboard: false });
  assert.match(await page.textContent('[data-testid="winner"]'), /Player [12] won the series!/);
  assertClean(page);
  await page.context().close();
});
