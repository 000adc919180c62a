// Motion that carries meaning: the revealed cards turn over, briefly, and nothing moves when the
// device asks for reduced motion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, assertClean } from './harness.mjs';
import { startVsBot } from './punish.mjs';

const site = useSite();

/** The animation on the first revealed card after one breath against the computer: its name and length in ms. */
async function revealMotion(page) {
  // Best of three: one breath can end a one-game match (a Punish for 3), and a match's last
  // breath goes straight to its end screen, not to the reveal.
  await startVsBot(page, site.url, 'easy', 3);
  await page.waitForSelector('[data-testid="pick"]');
  // The printed faces arrive after the hand is drawn and change the cards' size: a click aimed
  // before they land can miss the card (it did once on a loaded CI machine).
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="hand"] [data-face]')].every((card) => card.classList.contains('face-shown')), null, { timeout: 20_000 });
  await page.click('[data-testid="hand"] button');
  await page.waitForSelector('[data-testid="result"] [data-testid="reveal"]', { timeout: 20_000 });
  return page.$eval('[data-testid="reveal"] .revealed-card', (card) => {
    const style = getComputedStyle(card);
    return { name: style.animationName, ms: parseFloat(style.animationDuration) * 1000 };
  });
}

test('revealed cards turn over in under 400 ms, and stay still under reduced motion', async () => {
  const page = await openPage(site.browser);
  const moving = await revealMotion(page);
  assert.equal(moving.name, 'dojo-turn');
  assert.ok(moving.ms > 0 && moving.ms < 400, `short: ${moving.ms} ms`);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = await revealMotion(page);
  assert.equal(still.name, 'none', 'no motion when the device asks for less');
  assertClean(page);
  await page.context().close();
});
