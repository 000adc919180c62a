// TAUNT's Monsters through the UI: two trainers on one device build their monsters in secret
// (the second trainer's screen, log and storage show nothing of the first one's split), the
// battle begins and a Switch brings a monster in; and a battle against the computer that is
// built, played a few turns and reloaded, restored with only the person's own split.
// Screenshots at 390 px: the build screen and the battle table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

const SCREENS = ['build', 'pick', 'result', 'match-over', 'handoff', 'lay', 'order', 'place', 'pass', 'flip']
  .map((s) => `[data-testid="${s}"]`)
  .join(', ');

/** Trainer 1's split, Monster 1 first: all attacks, then defence, then the rest. */
const SPLIT_1 = ['kick', 'kick', 'shoot', 'shoot', 'grab', 'block', 'block', 'heal', 'heal', 'run', 'punch', 'punch', 'charge', 'runtwo', 'taunt'];
/** Trainer 2's split. */
const SPLIT_2 = ['block', 'run', 'punch', 'grab', 'charge', 'shoot', 'kick', 'heal', 'taunt', 'runtwo', 'block', 'run', 'punch', 'grab', 'charge'];
/** The palette's keys: the letter in each card's square (Shift with the second Run's). */
const KEYS = { block: 'b', run: 'r', runtwo: 'Shift+R', punch: 'p', grab: 'g', shoot: 's', kick: 'k', charge: 'c', heal: 'h', taunt: 't' };
const NAMES = { block: 'Block', run: 'Run', runtwo: 'Run 2', punch: 'Punch', grab: 'Grab', shoot: 'Shoot', kick: 'Kick', charge: 'Charge', heal: 'Heal', taunt: 'TAUNT' };

/** Opens the TAUNT lobby from a clean slate and chooses Monsters. */
async function monstersLobby(page) {
  await page.goto(`${site.url}/play/taunt`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  await page.selectOption('[data-testid="battle"]', 'monsters');
  await page.waitForSelector('[data-testid="seat-2-controller"]');
}

/** Every value in localStorage, joined. */
const storage = (page) => page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n'));

/** Builds `split` on the build screen: the first monster by taps, the rest by keys, with one take-back. */
async function build(page, split) {
  await page.waitForSelector('[data-testid="build"]');
  for (const [i, card] of split.entries()) {
    if (i < 5) await page.click(`[data-testid="build-${card}"]`);
    else await page.keyboard.press(KEYS[card]);
  }
  // Take back Monster 1's last card and put it back.
  await page.click('[data-testid="slot-1-5"]');
  assert.equal((await page.textContent('[data-testid="slot-1-5"]')).trim(), '·');
  assert.match(await page.textContent('[data-testid="build-done"]'), /1 card to place/);
  await page.click(`[data-testid="build-${split[4]}"]`);
  const placed = [];
  for (let m = 1; m <= 3; m++) for (let i = 1; i <= 5; i++) placed.push((await page.textContent(`[data-testid="slot-${m}-${i}"]`)).trim());
  assert.deepEqual(placed, split.map((c) => NAMES[c]));
  assert.match(await page.textContent('[data-testid="left-out"]'), /^Left out \(5\)/);
}

/** True when nothing runs off the side of the screen. */
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('Monsters hot-seat: each trainer builds in secret, then a Switch brings a monster in', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await monstersLobby(page);
  assert.equal(await page.$('[data-testid="fighter-1"]'), null, 'trainers choose no fighter');
  assert.equal(await page.isVisible('[data-testid="opt-wampires"]'), false, 'monsters are no Wampires');
  assert.equal(await page.isVisible('[data-testid="opt-recovery"]'), false, 'the Monster Team has no Recovery');
  assert.match(await page.textContent('[data-testid="seat-1"]'), /Trainer 1/);
  await page.selectOption('[data-testid="seat-2-controller"]', 'person');
  assert.match(await page.textContent('[data-testid="save-note"]'), /nothing past the lobby/);
  await page.selectOption('[data-testid="best-of"]', '1');
  await page.click('[data-testid="start"]');

  await page.waitForSelector('[data-testid="handoff"]');
  assert.equal(await page.$('[data-testid="build"]'), null, 'nothing to build before the hand-off');
  const atStart = await storage(page);
  await page.click('[data-testid="show-hand"]');
  await build(page, SPLIT_1);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-monsters-build-phone.png'), fullPage: true });
  assert.ok(await fits(page), 'the build screen fits a 390 px screen');
  await page.click('[data-testid="build-done"]');

  // Trainer 2's turn to build: nothing of Trainer 1's split anywhere.
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Pass the device to Player 2/);
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="build"][data-seat="2"]');
  for (let m = 1; m <= 3; m++) {
    for (let i = 1; i <= 5; i++) assert.equal((await page.textContent(`[data-testid="slot-${m}-${i}"]`)).trim(), '·', `slot ${m}-${i} is empty`);
  }
  for (const card of Object.keys(KEYS)) assert.match(await page.textContent(`[data-testid="build-${card}"]`), /2 left/, `${card}: both copies left`);
  assert.match(await page.textContent('[data-testid="left-out"]'), /Not placed yet \(20\)/);
  assert.equal(await page.$('[data-testid="my-team"]'), null);
  assert.equal((await page.$$('.monster-list .mon-card')).length, 0, 'the table shows no card of any monster');
  const log = await page.textContent('[data-testid="event-log"]').catch(() => '');
  assert.doesNotMatch(log, /Kick|Shoot|Grab|Block|Heal|Punch|Charge|Run|TAUNT/, 'the log names no card');
  const body = await page.textContent('body');
  assert.doesNotMatch(body, /Left out|Your team|Monster \din play/, 'no card list of Trainer 1, no team, no monster in play yet');
  const stored = await storage(page);
  assert.equal(stored, atStart, 'storage has not changed since the lobby');
  assert.doesNotMatch(stored, /Draft|Kick|Shoot/);

  await build(page, SPLIT_2);
  await page.click('[data-testid="build-done"]');
  await page.waitForSelector('[data-testid="result"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="result"]'), /Both trainers have built/);
  assert.match(await page.textContent('[data-testid="event-log"]'), /Both trainers have built/);
  assert.doesNotMatch(await storage(page), /Draft/, 'a shared device saves no split');
  // The table shows only what both trainers have seen, and says so beside the question marks.
  for (const n of [1, 2]) assert.match(await page.textContent(`[data-testid="unseen-${n}"]`), /Each \? is a card not yet shown/);
  assert.match(await page.textContent('[data-testid="goal"]'), /A trainer loses with three disabled cards across its monsters/);
  await page.click('[data-testid="next"]');

  // Turn 1: Trainer 1 switches, Trainer 2 charges.
  await page.waitForSelector('[data-testid="handoff"]');
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="pick"]');
  const hand = await page.$$eval('[data-testid="hand"] button', (bs) => bs.map((b) => b.dataset.testid));
  assert.deepEqual(hand, ['pick-grab', 'pick-shoot', 'pick-kick', 'pick-switchhigher', 'pick-switchlower']);
  assert.match(await page.textContent('[data-testid="pick-kick"]'), /×2/);
  assert.match(await page.textContent('[data-testid="pick-switchhigher"]'), /brings in Monster 3/);
  assert.match(await page.textContent('[data-testid="pick-switchlower"]'), /brings in Monster 2/);
  assert.match(await page.textContent('[data-testid="my-team"]'), /Monster 2.*Block.*Block.*Heal/s);
  assert.equal(await page.getAttribute('[data-testid="pick-switchhigher"]', 'data-key'), '+');
  await page.keyboard.press('+'); // Switch-Higher's key is the + in its square
  await page.waitForSelector('[data-testid="handoff"]');
  assert.match(await page.textContent('[data-testid="handoff"]'), /Player 2/);
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="pick"]');
  assert.doesNotMatch(await page.textContent('body'), /Switch-Higher L|Kick, Kick/);
  await page.click('[data-testid="pick-charge"]');
  await page.waitForSelector('[data-testid="result"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="result"]'), /Player 1 sends Monster 1 to the bench; Monster 3 steps in\./);
  assert.match(await page.textContent('[data-testid="event-log"]'), /Monster 3 steps in/);
  assert.match(await page.textContent('[data-testid="monster-1-3"]'), /in play/);
  assert.match(await page.textContent('[data-testid="fighter-1"]'), /of 30/);
  assert.match(await page.textContent('[data-testid="blocks-1"]'), /^[♣♧]{4}$/);
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-monsters-table-phone.png'), fullPage: true });
  assert.ok(await fits(page), 'the table fits a 390 px screen');
  assertClean(page);
  await page.context().close();
});

test('Monsters against the computer: build, play, reload, and only your own split comes back', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await monstersLobby(page);
  await page.selectOption('[data-testid="seat-2-controller"]', 'easy');
  assert.match(await page.textContent('[data-testid="save-note"]'), /only what that person can see/);
  await page.click('[data-testid="start"]');
  await build(page, SPLIT_1);
  await page.click('[data-testid="build-done"]');
  let picks = 0;
  for (let step = 0; step < 80; step++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 30_000 });
    const screen = await el.getAttribute('data-testid');
    if (screen === 'match-over' || (screen === 'pick' && picks >= 3)) break;
    if (screen === 'result') await page.click('[data-testid="next"]');
    else if (screen === 'lay') await page.click('[data-testid="lay-done"]');
    else if (screen === 'order') await page.click('[data-testid="order-first"]');
    else if (screen === 'place') await page.click('[data-testid="place-near"]');
    else if (screen === 'pass' || screen === 'flip') await page.click(`[data-testid="${screen}"] .choices button`);
    else if (screen === 'pick') {
      const playable = await page.$$('[data-testid="hand"] button:not([disabled])');
      await playable[picks % playable.length].click();
      picks++;
    } else assert.fail(`unexpected screen ${screen}`);
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 30_000 }).catch(() => {});
  }
  assert.equal(picks, 3, 'three turns were played');
  assert.ok(await page.$('[data-testid="pick"]'), 'the battle goes on');
  assert.match(await page.textContent('[data-testid="event-log"]'), /Both trainers have built/);
  const where = await page.textContent('[data-testid="where"]');
  const team = await page.textContent('[data-testid="my-team"]');
  const theirs = await page.$$eval('[data-testid^="monster-2-"] .mon-card:not(.unknown)', (cs) => cs.length);

  await page.reload();
  await page.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="notice"]'), /restored/);
  await page.waitForSelector('[data-testid="pick"]');
  assert.equal(await page.textContent('[data-testid="where"]'), where);
  assert.equal(await page.textContent('[data-testid="my-team"]'), team, 'your own split comes back whole');
  for (const [m, cards] of [[1, 'Kick.*Kick'], [2, 'Block.*Block.*Heal.*Heal'], [3, 'Punch.*Punch']]) {
    assert.match(await page.textContent(`[data-testid="my-team"] [data-testid="my-monster-${m}"]`), new RegExp(cards));
  }
  assert.equal(await page.$$eval('[data-testid^="monster-2-"] .mon-card:not(.unknown)', (cs) => cs.length), theirs, 'of the computer, only what was seen');
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/taunt')));
  const view = saved.match.View.view;
  assert.equal(view.battle, 'Monsters');
  for (const monster of view.monsters.trainers[1].monsters) assert.deepEqual(monster.cards, monster.seen, "the computer's unseen cards are not saved");
  assert.equal(view.monsters.trainers[0].monsters.flatMap((m) => m.cards).length, 15, 'your split is saved');
  await page.screenshot({ path: join(ARTIFACTS, 'taunt-monsters-restored-phone.png'), fullPage: true });
  // The battle plays on after the reload.
  await (await page.$$('[data-testid="hand"] button:not([disabled])'))[0].click();
  await page.waitForSelector('[data-testid="result"], [data-testid="match-over"], [data-testid="order"], [data-testid="place"], [data-testid="pass"], [data-testid="flip"], [data-testid="lay"]', { timeout: 30_000 });
  assertClean(page);
  await page.context().close();
});
