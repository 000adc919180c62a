// TAUNT through the UI: a whole fight against the hard computer on a phone-sized screen (taps
// and keys), the bot's thinking time in a real browser, reload in the middle of a fight, a
// hot-seat TAUNT combo whose face-down cards the other player never sees, and the modes for
// more fighters: the lobby per mode, a four-person Free-for-All on one device through every
// hand-off, a 2v2 Team Battle of two people against two hard computers (timed), and a
// Free-for-All against three hard computers whose thinking never holds the page's thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, printBotTimes, ARTIFACTS } from './harness.mjs';
import { shareWatchAndPlayOn, damagedLinkIsRefused } from './shared-games.mjs';
import { tauntMove } from './taunt.mjs';

const site = useSite();

const SCREENS = ['pick', 'result', 'match-over', 'handoff', 'lay', 'order', 'place', 'pass', 'flip'].map((s) => `[data-testid="${s}"]`).join(', ');

/** Opens the TAUNT lobby from a clean slate. */
async function lobby(page) {
  await page.goto(`${site.url}/play/taunt`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
}

/**
 * Plays until the match is over, choosing cards in turn and answering every open choice with
 * one of the buttons offered; `onScreen(screen, step)` runs before each screen is answered.
 * Returns the bot's decision figures and the screens seen.
 */
async function playToTheEnd(page, { useKeyboard, maxScreens = 600, onScreen }) {
  const botTimes = [];
  let counted = 0;
  for (let step = 0; step < maxScreens; step++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 30_000 });
    const screen = await el.getAttribute('data-testid');
    const bot = await page.$eval('[data-testid="bot-ms"]', (e) => [Number(e.dataset.count), Number(e.dataset.ms), Number(e.dataset.slowest)]).catch(() => null);
    if (bot && bot[0] > counted) {
      counted = bot[0];
      botTimes.push(bot[1]);
      // The thinking time is for the tests' figures, never on the page.
      assert.doesNotMatch(await page.innerText('body'), /decided in|\d+ ms\b/);
    }
    if (onScreen) await onScreen(screen, step);
    if (screen === 'match-over') {
      // The end screen's buttons stand apart, even on a phone.
      const [again, leave] = await page.$$('[data-testid="match-over"] > button');
      const [a, b] = [await again.boundingBox(), await leave.boundingBox()];
      const apart = a.x + a.width + 4 <= b.x || b.x + b.width + 4 <= a.x || a.y + a.height + 4 <= b.y || b.y + b.height + 4 <= a.y;
      assert.ok(apart, `the end buttons touch: ${JSON.stringify([a, b])}`);
      return { botTimes, decisions: counted, slowest: bot ? bot[2] : 0, screens: step };
    }
    if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
    else if (screen === 'result') await page.click('[data-testid="next"]');
    else if (screen === 'lay') await page.click('[data-testid="lay-done"]');
    else if (screen === 'order') await page.click('[data-testid="order-first"]');
    else if (screen === 'pass' || screen === 'flip') {
      // Whatever is offered (keep, or give to any fighter allowed; the markers a Run may turn).
      const offered = await page.$$(`[data-testid="${screen}"] .choices button`);
      assert.ok(offered.length > 0, `a choice on the ${screen} screen`);
      await offered[step % offered.length].click();
    }
    else if (screen === 'place') await page.click(step % 2 ? '[data-testid="place-near"]' : '[data-testid="place-far"]');
    else if (screen === 'pick') {
      const choice = await tauntMove(page, step);
      if (useKeyboard && step % 2 === 0) {
        // The key is the letter in the card's square, never the number that orders play.
        const [key, letter] = await choice.$eval('.mc-letter', (e) => [e.closest('button').dataset.key, e.textContent]);
        assert.equal(key.replace('Shift+', '').toUpperCase(), letter.replace('\u21e7', ''), 'the key is the letter shown');
        assert.match(letter, /^\u21e7?[BRPGSKCHT+-]$/);
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
  const timed = await playToTheEnd(page, { useKeyboard: true });
  assert.match(await page.textContent('[data-testid="winner"]'), /(You|Computer \(Hard\)) won the fight!/);
  assert.match(await page.textContent('[data-testid="event-log"]'), /three disabled cards/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-over-phone.png'), fullPage: true });
  printBotTimes('taunt', '', timed);
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
  assert.match(await page.textContent('[data-testid="winner"]'), /Player [12] won the fight!/);
  await shareWatchAndPlayOn(site, page, 'taunt', { playOn: 'all', shot: 'watch-taunt.png' });
  await damagedLinkIsRefused(site, 'taunt');
  assertClean(page);
  await page.context().close();
});

test('the lobby offers every way of playing, with a row per fighter for the modes', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  const ways = await page.$$eval('[data-testid="battle"] option', (os) => os.map((o) => o.value));
  assert.deepEqual(ways, ['duel', 'ffa', 'last-pobber', 'team', 'monsters']);
  assert.ok(await page.$('[data-testid="opt-wampires"]'), 'Wampires is offered');
  await page.selectOption('[data-testid="battle"]', 'ffa');
  await page.waitForSelector('[data-testid="fighter-count"]');
  assert.equal(await page.$('[data-testid="mode-bot"]'), null, 'the two-seat choice is for the duel');
  assert.equal(await page.$('[data-testid="best-of"]'), null, 'a series is for the duel');
  assert.equal((await page.$$('.seat-row')).length, 4);
  await page.selectOption('[data-testid="fighter-count"]', '6');
  assert.equal((await page.$$('.seat-row')).length, 6);
  const who = await page.$$eval('[data-testid="seat-6-controller"] option', (os) => os.map((o) => o.value));
  assert.deepEqual(who, ['person', 'easy', 'medium', 'hard', 'friend']);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-lobby-ffa-phone.png'), fullPage: true });
  await page.selectOption('[data-testid="battle"]', 'team');
  await page.waitForFunction(() => document.querySelectorAll('.seat-row').length === 4);
  assert.ok(await page.$eval('[data-testid="fighter-count"]', (e) => e.disabled), 'a Team Battle seats four');
  assert.match(await page.textContent('[data-testid="seat-3"]'), /Team 2/);
  await page.selectOption('[data-testid="seat-2-controller"]', 'person');
  assert.match(await page.textContent('[data-testid="save-note"]'), /not saved/, 'two people and the computer: the lobby says no save');
  // Nobody at the table: refused in words.
  for (let n = 1; n <= 4; n++) await page.selectOption(`[data-testid="seat-${n}-controller"]`, 'easy');
  await page.click('[data-testid="start"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /at least one seat must be played by a person/);
  // Back to the duel: its lobby as before.
  await page.selectOption('[data-testid="battle"]', 'duel');
  await page.waitForSelector('[data-testid="mode-bot"]');
  assert.ok(await page.$eval('[data-testid="mode-bot"]', (e) => e.checked));
  for (const id of ['fighter-1', 'fighter-2', 'best-of', 'opt-recovery', 'level-medium']) assert.ok(await page.$(`[data-testid="${id}"]`), id);
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(noOverflow, 'the lobby fits a 390 px screen');
  assertClean(page);
  await page.context().close();
});

/** True when nothing runs off the side of the screen. */
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('four people play a Free-for-All on one device to the end, through every hand-off', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  await page.selectOption('[data-testid="battle"]', 'ffa');
  await page.waitForSelector('[data-testid="seat-4-controller"]');
  const fighters = ['Tuggle', 'TeaBot', 'Wollypobber', 'Tremble'];
  for (let n = 1; n <= 4; n++) {
    await page.selectOption(`[data-testid="seat-${n}-controller"]`, 'person');
    await page.selectOption(`[data-testid="fighter-${n}"]`, fighters[n - 1]);
  }
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Pass the device to Player 1/);
  assert.equal(await page.$('[data-testid="hand"]'), null, 'no hand on the hand-off screen');
  // The circle: four fighters, four markers, all Far at the start.
  assert.equal((await page.$$('[data-testid="circle"] .mk')).length, 4);
  assert.match(await page.textContent('[data-testid="circle"]'), /Player 1.*FAR.*Player 2.*FAR.*Player 3.*FAR.*Player 4.*FAR.*Player 1/);
  const seen = new Set();
  let shots = 0;
  const handedTo = new Set();
  await playToTheEnd(page, {
    useKeyboard: false,
    maxScreens: 2500,
    onScreen: async (screen, step) => {
      seen.add(screen);
      if (screen === 'handoff') handedTo.add((await page.textContent('[data-testid="handoff"] .big')).trim());
      if (screen !== 'match-over') assert.ok(await fits(page), `the ${screen} screen fits a phone (step ${step})`);
      // Once some marker is Near, photograph the table on a phone and on a wide screen.
      if (shots === 0 && screen === 'pick' && (await page.$('[data-testid="circle"] .mk.near'))) {
        shots++;
        await page.screenshot({ path: join(ARTIFACTS, 'taunt-ffa-phone.png'), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 1000 });
        await page.screenshot({ path: join(ARTIFACTS, 'taunt-ffa-desktop.png'), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
      }
    },
  });
  assert.deepEqual([...handedTo].sort(), [1, 2, 3, 4].map((n) => `Pass the device to Player ${n}`), 'every person was handed the device');
  assert.ok(seen.has('result') && seen.has('pick'));
  assert.match(await page.textContent('[data-testid="winner"]'), /won the fight!|The fight is a draw\./);
  const places = await page.$$eval('[data-testid="places"] li', (li) => li.map((l) => l.textContent));
  assert.ok(places.length >= 2, `places listed: ${places}`);
  assert.match(places.join(' '), /Place 1/);
  assert.match(await page.textContent('[data-testid="event-log"]'), /is defeated/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-ffa-over-phone.png'), fullPage: true });
  // Only people at the table: the record is saved (with four seats) and ends the fight.
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/taunt')));
  assert.equal(saved.seats.length, 4);
  assert.equal(saved.match.Record.record.setup.options.battle, 'FreeForAll');
  console.log(`taunt_ffa_hotseat_screens: ${[...seen].join(',')}`);
  assertClean(page);
  await page.context().close();
});

test('two people and two hard computers fight a 2v2 Team Battle to the end, with the computers timed', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  await page.selectOption('[data-testid="battle"]', 'team');
  await page.waitForSelector('[data-testid="seat-4-controller"]');
  // Short Danger Tracks, so the fight is quick to play out.
  const who = ['person', 'person', 'hard', 'hard'];
  for (let n = 1; n <= 4; n++) {
    await page.selectOption(`[data-testid="seat-${n}-controller"]`, who[n - 1]);
    await page.selectOption(`[data-testid="fighter-${n}"]`, n % 2 ? 'Tuggle' : 'TeaBot');
  }
  await page.click('[data-testid="start"]');
  // People and the computer at one table: nothing can be saved, and the page says so.
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /not saved in this browser/);
  await page.waitForSelector('[data-testid="dojo"]');
  assert.match(await page.textContent('[data-testid="half-left"]'), /Player 1.*Player 2/);
  assert.match(await page.textContent('[data-testid="half-right"]'), /Computer 3 \(Hard\).*Computer 4 \(Hard\)/);
  let phone = false;
  let desktop = false;
  const { botTimes, decisions, slowest } = await playToTheEnd(page, {
    useKeyboard: false,
    maxScreens: 2500,
    onScreen: async (screen, step) => {
      if (screen !== 'match-over') assert.ok(await fits(page), `the ${screen} screen fits a phone (step ${step})`);
      if (!phone && screen === 'pick' && step > 20) {
        phone = true;
        await page.screenshot({ path: join(ARTIFACTS, 'taunt-team-phone.png'), fullPage: true });
      }
      // A Team Spirit, once there is one, on a wide screen.
      if (!desktop && screen === 'pick' && (await page.$('[data-testid="spirits"]'))) {
        desktop = true;
        await page.setViewportSize({ width: 1280, height: 1000 });
        await page.screenshot({ path: join(ARTIFACTS, 'taunt-team-desktop.png'), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
      }
    },
  });
  assert.match(await page.textContent('[data-testid="winner"]'), /Team [12] \(.*\) won the fight!|The fight is a draw\./);
  if (!/draw/.test(await page.textContent('[data-testid="winner"]'))) {
    const places = await page.$$eval('[data-testid="places"] li', (li) => li.map((l) => l.textContent));
    assert.equal(places.length, 2);
    assert.match(places[0], /^Place 1: Team [12] \(/);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-team-over-phone.png'), fullPage: true });
  assert.equal(await page.evaluate(() => localStorage.getItem('pocket-dojo/taunt')), null, 'no save with people and computers mixed');
  printBotTimes('taunt', '_4_fighters', { botTimes, decisions, slowest });
  assertClean(page);
  await page.context().close();
});


test('a person and three hard computers in a Free-for-All: the computers think in workers, off the page', async () => {
  const page = await openPage(site.browser);
  // Every main-thread task of 50 ms or more, when the "thinking" screen was up, and every
  // answer a worker gave (`[id, true, action]`, see public/think-worker.js).
  await page.addInitScript(() => {
    window.longTasks = [];
    window.thinking = [];
    window.workerAnswers = 0;
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data }) => {
          if (Array.isArray(data) && data[1] === true) window.workerAnswers += 1;
        });
      }
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    let since = null;
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="thinking"]') !== null;
      if (shown && since === null) since = performance.now();
      if (!shown && since !== null) {
        window.thinking.push([since, performance.now()]);
        since = null;
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await lobby(page);
  await page.selectOption('[data-testid="battle"]', 'ffa');
  await page.waitForSelector('[data-testid="seat-4-controller"]');
  const who = ['person', 'hard', 'hard', 'hard'];
  for (let n = 1; n <= 4; n++) await page.selectOption(`[data-testid="seat-${n}-controller"]`, who[n - 1]);
  const started = await page.evaluate(() => performance.now());
  await page.click('[data-testid="start"]');
  const { botTimes, decisions, slowest } = await playToTheEnd(page, { useKeyboard: false, maxScreens: 2500 });
  const { longTasks, thinking, workerAnswers } = await page.evaluate(() => ({
    longTasks: window.longTasks,
    thinking: window.thinking,
    workerAnswers: window.workerAnswers,
  }));
  assert.ok(thinking.length >= 5, `the computers thought ${thinking.length} times`);
  // Every decision the page counted was answered by a worker: none fell back to the page's
  // own thread (which would hold it for the whole search, up to 300 ms).
  assert.ok(decisions > 0 && workerAnswers >= decisions, `${workerAnswers} worker answers for ${decisions} decisions`);
  // A task that starts while the computers think is the page's own work in that time (the
  // answer arriving and the next screen drawn included). Its length depends on the machine,
  // so it is a printed figure (budget: none over 50 ms), not a timed assertion; what is
  // asserted is what a search on the page's thread would break: the page was free for most
  // of the time the computers thought.
  const during = longTasks.filter(([start]) => thinking.some(([from, to]) => start >= from && start <= to));
  const longest = Math.max(0, ...during.map(([, d]) => d));
  const busy = during.reduce((sum, [, d]) => sum + d, 0);
  const thinkingMs = thinking.reduce((sum, [from, to]) => sum + (to - from), 0);
  console.log(`taunt_ffa_thinking_ms_total: ${Math.round(thinkingMs)} over ${thinking.length} waits`);
  console.log(`taunt_ffa_longest_task_while_thinking_ms: ${Math.round(longest)} (budget 50)`);
  console.log(`taunt_ffa_long_tasks_while_thinking: ${during.length}, ${Math.round(busy)} ms in all`);
  // The whole game from Start, the moment each pick is applied and drawn included (issue 43:
  // that redraw, not the search, is the page's longest work).
  const game = longTasks.filter(([start]) => start >= started);
  console.log(`taunt_ffa_longest_task_ms: ${Math.round(Math.max(0, ...game.map(([, d]) => d)))} (budget 50, whole game, no CPU slowdown)`);
  console.log(`taunt_ffa_tasks_over_50ms: ${game.length}`);
  printBotTimes('taunt', '_ffa_3_computers', { botTimes, decisions, slowest });
  assert.ok(busy < thinkingMs / 2, `the page was busy ${Math.round(busy)} ms of the ${Math.round(thinkingMs)} ms the computers thought`);
  assertClean(page);
  await page.context().close();
});

test('on a slow phone (CPU x4), a Free-for-All of four: the longest tasks from Start, on a pick and on a new hand', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await lobby(page);
  await page.selectOption('[data-testid="battle"]', 'ffa');
  await page.waitForSelector('[data-testid="seat-4-controller"]');
  for (const [n, who] of [[2, 'hard'], [3, 'hard'], [4, 'hard']]) await page.selectOption(`[data-testid="seat-${n}-controller"]`, who);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Each click's time and what it answered: the tasks that follow one, until the next, are its.
  const clicks = [];
  const click = async (selector, what) => {
    clicks.push([await page.evaluate(() => performance.now()), what]);
    await page.click(selector);
  };
  await click('[data-testid="start"]', 'start');
  let hands = 0;
  for (let step = 0; step < 40 && hands < 4; step++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 60_000 });
    const screen = await el.getAttribute('data-testid');
    if (screen === 'match-over') break;
    // The hand is drawn and its faces are in: what follows is the person's pick.
    await page.waitForTimeout(400);
    if (screen === 'pick') {
      hands += 1;
      await click('[data-testid="pick"] button:not([disabled])', 'pick');
    } else if (screen === 'result') await click('[data-testid="next"]', 'next');
    else if (screen === 'lay') await click('[data-testid="lay-done"]', 'lay');
    else if (screen === 'order') await click('[data-testid="order-first"]', 'order');
    else if (screen === 'place') await click('[data-testid="place-far"]', 'place');
    else if (screen === 'pass' || screen === 'flip') await click(`[data-testid="${screen}"] .choices button`, screen);
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 60_000 }).catch(() => {});
  }
  await page.waitForTimeout(400);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  assert.ok(hands >= 2, `only ${hands} hands were played`);
  const tasks = await page.evaluate(() => window.longTasks);
  const after = (what) =>
    tasks.filter(([start]) => clicks.some(([at, w], i) => w === what && start >= at && start < (clicks[i + 1]?.[0] ?? Infinity)));
  const longest = (list) => Math.round(Math.max(0, ...list.map(([, d]) => d)));
  const fromStart = tasks.filter(([start]) => start >= clicks[0][0]);
  // Budget 50 ms each (issue 43): printed figures, not timed assertions.
  console.log(`taunt_ffa_x4_longest_task_ms: ${longest(fromStart)} (budget 50, from Start over ${hands} hands)`);
  console.log(`taunt_ffa_x4_longest_task_on_pick_ms: ${longest(after('pick'))} (budget 50)`);
  console.log(`taunt_ffa_x4_longest_task_on_new_hand_ms: ${longest(after('next'))} (budget 50)`);
  console.log(`taunt_ffa_x4_tasks_over_50ms: ${fromStart.length}`);
  assertClean(page);
  await page.context().close();
});

test('Wampires in a Last Pobber Standing circle: the table counts blood, and a turn plays', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await lobby(page);
  await page.selectOption('[data-testid="battle"]', 'last-pobber');
  await page.selectOption('[data-testid="fighter-count"]', '3');
  await page.waitForFunction(() => document.querySelectorAll('.seat-row').length === 3);
  for (const n of [2, 3]) await page.selectOption(`[data-testid="seat-${n}-controller"]`, 'easy');
  await page.check('[data-testid="opt-wampires"]');
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="pick"]');
  assert.match(await page.textContent('[data-testid="where"]'), /Last Pobber Standing · Wampires · Turn 1/);
  for (const n of [1, 2, 3]) assert.match(await page.textContent(`[data-testid="blood-${n}"]`), /^30 blood/);
  assert.equal((await page.$$('[data-testid="circle"] .mk')).length, 3, 'three neighbours, three markers');
  // Everyone is Far: Shoot reaches both other fighters, and says what it takes in blood.
  assert.match(await page.textContent('[data-testid="pick-shoot"]'), /Computer 2 \(Easy\): \d+ damage → \d+ blood/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-wampires-phone.png'), fullPage: true });
  await page.click('[data-testid="pick-shoot"]');
  await page.waitForSelector('[data-testid="result"]');
  assert.match(await page.textContent('[data-testid="result"]'), /You\s*(Tea)?Shoot L0/);
  await page.click('[data-testid="next"]');
  await page.waitForSelector(SCREENS);
  assert.ok(JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/taunt'))).match.View, 'one person against the computer: their view is saved');
  assertClean(page);
  await page.context().close();
});
