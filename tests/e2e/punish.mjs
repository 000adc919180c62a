// Driving a PUNISH match through its play page, for the tests that play one (play.test.mjs, and
// offline.test.mjs, which plays with no network).
import assert from 'node:assert/strict';

/** Every screen of a PUNISH match that asks something of the page. */
const SCREENS = ['pick', 'result', 'match-over', 'handoff'].map((s) => `[data-testid="${s}"]`).join(', ');

/** Starts a match against the computer from a clean slate, with optional rules ticked. */
export async function startVsBot(page, url, level, bestOf, options = []) {
  await page.goto(`${url}/play/punish`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]');
  await page.check('[data-testid="mode-bot"]');
  await page.check(`[data-testid="level-${level}"]`);
  await page.selectOption('.lobby select', String(bestOf));
  for (const option of options) await page.check(`[data-testid="opt-${option}"]`);
  await page.click('[data-testid="start"]');
}

/** Starts a two-player (hot-seat) match from a clean slate, with optional rules ticked. */
export async function startHotSeat(page, url, bestOf, options = []) {
  await page.goto(`${url}/play/punish`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.check('[data-testid="mode-hotseat"]');
  await page.selectOption('.lobby select', String(bestOf));
  for (const option of options) await page.check(`[data-testid="opt-${option}"]`);
  await page.click('[data-testid="start"]');
}

/** Plays until the match is over; returns the bot's decision times in ms. */
export async function playToTheEnd(page, { useKeyboard }) {
  const botTimes = [];
  let counted = 0;
  for (let step = 0; step < 400; step++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 20_000 });
    const screen = await el.getAttribute('data-testid');
    const bot = await page.$eval('[data-testid="bot-ms"]', (e) => [Number(e.dataset.count), Number(e.dataset.ms), Number(e.dataset.slowest)]).catch(() => null);
    if (bot && bot[0] > counted) {
      counted = bot[0];
      botTimes.push(bot[1]);
    }
    if (screen === 'match-over') return { botTimes, decisions: counted, slowest: bot ? bot[2] : 0 };
    if (screen === 'handoff') {
      await page.click('[data-testid="show-hand"]');
    } else if (screen === 'result') {
      await page.click('[data-testid="next"]');
    } else if (screen === 'pick') {
      const buttons = await page.$$('[data-testid="hand"] button');
      assert.ok(buttons.length > 0, 'a hand to pick from');
      const choice = buttons[step % buttons.length];
      if (useKeyboard && step % 2 === 0) {
        const priority = await choice.$eval('.priority', (e) => e.textContent.trim());
        await page.keyboard.press(priority);
      } else {
        await choice.click();
      }
    }
    // Wait for the screen to change before looking again.
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 20_000 }).catch(() => {});
  }
  assert.fail('the match did not end within 400 screens');
}

