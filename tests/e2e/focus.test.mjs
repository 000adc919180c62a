// A newcomer on a phone and at the keyboard (issue 42): after Start the first screen of play is
// in view, and after a hand-off or a reveal the keyboard is on the next thing to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, assertClean } from './harness.mjs';
import { startVsBot, startHotSeat } from './punish.mjs';

const site = useSite();

/** The testid of the focused element and of the stage it is in. */
const focused = (page) => page.evaluate(() => [document.activeElement?.dataset?.testid ?? document.activeElement?.tagName, document.activeElement?.closest('.stage')?.dataset?.testid ?? null]);

test('after Start on a phone the hand is in view, and a reveal leaves the keyboard on Next', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await startVsBot(page, site.url, 'easy', 3);
  const pick = await page.waitForSelector('[data-testid="pick"]');
  await page.waitForFunction(() => document.activeElement?.closest('.stage') !== null, null, { timeout: 10_000 });
  const top = await pick.evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= -1 && top < 844 / 2, `the hand starts in the upper half of the screen (top ${top})`);
  const [, stage] = await focused(page);
  assert.equal(stage, 'pick', 'the keyboard is on the hand');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="result"], [data-testid="match-over"]', { timeout: 30_000 });
  await page.waitForFunction(() => document.activeElement?.closest('.stage') !== null, null, { timeout: 10_000 });
  const [id] = await focused(page);
  assert.ok(['next', 'again'].includes(id), `after the reveal the keyboard is on what comes next: ${id}`);
  assertClean(page);
  await page.context().close();
});

test('on a shared device the hand-off button has the keyboard', async () => {
  const page = await openPage(site.browser);
  await startHotSeat(page, site.url, 1);
  await page.waitForSelector('[data-testid="handoff"]');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'show-hand', null, { timeout: 10_000 });
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="pick"]');
  assertClean(page);
  await page.context().close();
});
