// A match against a friend on another device, as people would play it: browser contexts, one
// choosing "a friend on another device" in the lobby, the invitation read from its page and
// opened by the other, the answer read there and pasted back. Then a whole DRAGON PUNCH match
// in Turbo Mode (the host's setting, counted on both devices) and a whole TAUNT duel, each
// device choosing for its own seat only; in the duel first the guest and then the host reload
// mid-match and the match is taken up again after a new invitation. Both devices then show the
// same end and keep the match in "Your games". Then, with three devices, a friend's device
// that goes away mid-match is reported on the host and to the other friend, and a four-fighter
// Free-for-All is played on three devices (two friends, the host and the host's computer), and a
// four-hero Rumble the same way, its auction and re-bids crossing the devices. A TAUNT Monsters
// battle is built in secret on each device and fought for forty screens. A PUNISH match
// whose cards the two devices deal themselves is played to the end, and one Blindfolded, each
// device planning its measures in secret. Prints the lengths, the time to connect and the time each screen
// takes between the devices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';
import { tauntMove } from './taunt.mjs';
import { connectTwo, device, threeDevices, forgeFirstReveal } from './friends.mjs';
import { allOut } from './rumble.mjs';

const site = useSite();

/** Two devices connected for a match of `game` (see `connectTwo`). */
const connect = (game, prepare, changeGuest) => connectTwo(site, game, prepare, changeGuest);

/**
 * Plays one device's side until its match is over: `answer(page, screen, step)` answers each
 * screen of the game (a pick, a switch…); a result screen goes on, and waiting for the friend
 * waits. Returns how many screens it answered.
 */
async function playSide(page, screens, answer, maxScreens = 900, pause = false) {
  try {
    return await answerScreens(page, screens, answer, maxScreens, pause);
  } catch (e) {
    // What the page showed when it got stuck, for whoever reads the failure.
    await page.screenshot({ path: join(ARTIFACTS, `friend-stuck-${page.seatName ?? 'page'}.png`), fullPage: true }).catch(() => {});
    throw e;
  }
}

async function answerScreens(page, screens, answer, maxScreens, pause) {
  const selector = [...screens, 'result', 'match-over'].map((s) => `[data-testid="${s}"]`).join(', ');
  for (let step = 0; step < maxScreens; step++) {
    // Paused play stops when nothing is asked of this device for a while.
    const el = await page.waitForSelector(selector, { timeout: pause ? 5_000 : 60_000 }).catch((e) => {
      if (pause) return null;
      throw e;
    });
    if (!el) return step;
    const screen = await el.getAttribute('data-testid');
    if (screen === 'match-over') return step;
    try {
      // A step the friend's device plays alone may replace this screen at any moment: the
      // loop then looks again at whatever is shown.
      if (screen === 'result') await (await el.$('[data-testid="next"]'))?.click({ timeout: 5_000 });
      else await answer(page, screen, step);
    } catch (e) {
      if (await el.evaluate((node) => node.isConnected)) throw e;
      continue;
    }
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: pause ? 5_000 : 60_000 }).catch(() => {});
  }
  if (pause) return maxScreens;
  assert.fail(`the match did not end within ${maxScreens} screens`);
}

/** TAUNT's screens, answered with a card that hits when there is one. */
async function tauntAnswer(page, screen, step) {
  if (screen === 'lay') await page.click('[data-testid="lay-done"]');
  else if (screen === 'order') await page.click('[data-testid="order-first"]');
  else if (screen === 'place') await page.click(step % 2 ? '[data-testid="place-near"]' : '[data-testid="place-far"]');
  else if (screen === 'pass' || screen === 'flip') {
    const offered = await page.$$(`[data-testid="${screen}"] .choices button`);
    await offered[step % offered.length].click();
  } else if (screen === 'pick') {
    await (await tauntMove(page, step)).click();
  }
}

/** DRAGON PUNCH's screens: a card and its confirmation, or the suggested switch. */
async function dragonPunchAnswer(page, screen, step) {
  if (screen === 'switch') await page.click('[data-testid="confirm-switch"]');
  else if (screen === 'pick') {
    const choices = await page.$$('[data-testid="hand"] button:not([disabled])');
    assert.ok(choices.length > 0, 'a card to play');
    await choices[(step * 7) % choices.length].click();
    await page.click('[data-testid="confirm"]');
  }
}

/**
 * Every device of a match on three devices ends on the same result, each naming the seats its
 * own way (`same(text, device)` rewrites its words into the host's), keeps nothing of the
 * finished match, and had nothing go wrong.
 */
async function sameEndOnEvery(pages, same) {
  const ends = [];
  for (const [device, page] of pages.entries()) {
    const places = await page.$$eval('[data-testid="places"] li', (li) => li.map((l) => l.textContent));
    ends.push(same([await page.textContent('[data-testid="winner"]'), ...places].join(' | '), device));
    assert.equal(await page.$('[data-testid="match-stopped"]'), null);
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dojo-friend-')));
    assert.deepEqual(left, [], 'a finished match is not kept');
    assertClean(page);
  }
  assert.equal(ends[1], ends[0], 'the first friend sees the host\'s result');
  assert.equal(ends[2], ends[0], 'the second friend sees the host\'s result');
}

/** Both devices show the same end, each from its own side, and nothing went wrong on either. */
async function sameEnd(host, guest) {
  const [a, b] = [await host.textContent('[data-testid="winner"]'), await guest.textContent('[data-testid="winner"]')];
  const swap = (text) => text.replace('Your friend', '\u0000').replace('You', 'Your friend').replace('\u0000', 'You');
  assert.equal(swap(a), b, 'the guest sees the host\'s result from the other side');
  assert.ok(await host.isHidden('[data-testid="again"]'), 'another match with a friend starts from a new invitation');
  // Each device keeps the finished match and can share it, like any other: every face-down
  // choice was shown at the end, so both hold the whole record.
  for (const page of [host, guest]) {
    await page.click('[data-testid="share-game"]');
    const link = await (await page.waitForSelector('[data-testid="share-link"]', { timeout: 15_000 })).inputValue();
    assert.match(link, /\/watch\/[a-z-]+#r1\./, link);
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => /history/.test(k)).map((k) => localStorage.getItem(k)).join(''));
    assert.match(kept, /Your friend/, 'the match is in "Your games"');
  }
  for (const page of [host, guest]) {
    assert.equal(await page.$('[data-testid="match-stopped"]'), null);
    assert.equal(await page.$('[data-testid="abandon"]'), null, 'a decided match offers nothing to abandon');
    assertClean(page);
  }
}

test('a whole DRAGON PUNCH match between two devices in Turbo Mode, the host\'s count on both', async () => {
  const { host, guest } = await connect('dragon-punch', async (page) => {
    await page.check('[data-testid="opt-turbo"]');
  });
  await host.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  await host.screenshot({ path: join(ARTIFACTS, 'friend-dragon-punch-pick.png'), fullPage: true });
  // The guest never ticked Turbo: the count comes with the host's setup, on every card choice
  // of both devices (a count that runs out plays the suggested card by itself).
  const counted = async (page, screen, step) => {
    if (screen === 'pick') assert.ok(await page.$('[data-testid="pick"] [data-testid="turbo-count"]'), `${page.seatName}: a Turbo count`);
    await dragonPunchAnswer(page, screen, step);
  };
  await Promise.all([playSide(host, ['pick', 'switch'], counted), playSide(guest, ['pick', 'switch'], counted)]);
  await sameEnd(host, guest);
  // Each agreed step reached the page alone, not as the whole match again.
  for (const page of [host, guest]) {
    const heard = await page.evaluate(() => window.dojoHeard);
    console.log(`friend_dragon_punch_${page === host ? 'host' : 'guest'}_told: ${JSON.stringify(heard)}`);
    assert.ok((heard.step ?? 0) >= 5 && (heard.step ?? 0) > (heard.line ?? 0), `${page.seatName}: ${JSON.stringify(heard)}`);
  }
  await host.context().close();
  await guest.context().close();
});

/** The host makes a new invitation after a loss, the guest answers it, and they connect again. */
/** Waits until both devices' pages show the same step of the match, neither counting down to
 * a reveal: no agreed step is still on its way to one of them. */
async function inStep(a, b) {
  const state = (p) => p.$eval('[data-screen]', (e) => [e.dataset.screen, e.dataset.step]);
  const changed = ([screen, step]) => {
    const e = document.querySelector('[data-screen]');
    return e?.dataset.screen !== screen || e?.dataset.step !== step;
  };
  for (let look = 0; look < 60; look++) {
    const [[screenA, stepA], [screenB, stepB]] = await Promise.all([state(a), state(b)]);
    if (stepA === stepB && !screenA.startsWith('countdown') && !screenB.startsWith('countdown')) return;
    // Whichever is behind moves on by itself: wait for either frame to change.
    await Promise.race([
      a.waitForFunction(changed, [screenA, stepA], { timeout: 1_000 }),
      b.waitForFunction(changed, [screenB, stepB], { timeout: 1_000 }),
    ]).catch(() => {});
  }
  throw new Error('the two devices never showed the same step');
}

async function reconnect(host, guest, { hostMakes }) {
  if (hostMakes) {
    await host.waitForSelector('[data-testid="new-invitation"]', { timeout: 15_000 });
    await host.click('[data-testid="new-invitation"]');
  }
  const invite = await (await host.waitForSelector('[data-testid="invite-link"]', { timeout: 30_000 })).inputValue();
  await guest.waitForSelector('[data-testid="new-invitation-input"]', { timeout: 15_000 });
  await guest.fill('[data-testid="new-invitation-input"]', invite);
  await guest.click('[data-testid="new-invitation-answer"]');
  const answer = await (await guest.waitForSelector('[data-testid="answer-text"]', { timeout: 30_000 })).inputValue();
  await host.fill('[data-testid="answer-input"]', answer);
  await host.click('[data-testid="answer-connect"]');
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="link-status"][data-state="connected"]', { timeout: 30_000 });
  }
}

test('a reload on either device mid-match is taken up again after a new invitation, and the match ends', async () => {
  const { host, guest } = await connect('taunt', async (page) => {
    await page.selectOption('[data-testid="best-of"]', '1');
  });
  const screens = ['pick', 'lay', 'order', 'place', 'pass', 'flip'];
  const settle = async () => {
    await Promise.all([playSide(host, screens, tauntAnswer, 6, true), playSide(guest, screens, tauntAnswer, 6, true)]);
  };
  // Play a little, let the step in progress settle, then the guest reloads.
  await settle();
  await inStep(host, guest);
  const guestLog = await guest.textContent('[data-testid="event-log"]');
  await guest.reload();
  await guest.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  assert.match(await guest.textContent('[data-testid="notice"]'), /taken up again/);
  await guest.waitForFunction((log) => document.querySelector('[data-testid="event-log"]')?.textContent === log, guestLog, { timeout: 15_000 });
  const stored = await guest.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dojo-friend-')));
  assert.deepEqual(stored, ['dojo-friend-taunt'], 'the guest keeps its side of the match');
  await reconnect(host, guest, { hostMakes: true });

  // Then the host reloads: its page makes the new invitation itself.
  await settle();
  await inStep(host, guest);
  const hostLog = await host.textContent('[data-testid="event-log"]');
  await host.reload();
  await host.waitForFunction((log) => document.querySelector('[data-testid="event-log"]')?.textContent === log, hostLog, { timeout: 30_000 });
  await reconnect(host, guest, { hostMakes: false });

  const started = Date.now();
  const [hostScreens] = await Promise.all([playSide(host, screens, tauntAnswer), playSide(guest, screens, tauntAnswer)]);
  console.log(`friend_taunt_screens_after_reloads: ${hostScreens}`);
  console.log(`friend_taunt_ms_per_screen: ${Math.round((Date.now() - started) / Math.max(1, hostScreens))}`);
  await host.screenshot({ path: join(ARTIFACTS, 'friend-taunt-over.png'), fullPage: true });
  await sameEnd(host, guest);
  for (const page of [host, guest]) {
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dojo-friend-')));
    assert.deepEqual(left, [], 'a finished match is not kept');
  }
  await host.context().close();
  await guest.context().close();
});

test('when a friend\'s device goes away mid-match, the host says so within seconds and the other friend is told', async () => {
  const { host, friends } = await threeDevices(site);
  await host.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  const first = await host.$$('[data-testid="hand"] button:not([disabled])');
  await first[0].click();
  await host.waitForSelector('[data-testid="waiting-friend"]');
  const gone = Date.now();
  await friends[1].context().close();
  await host.waitForSelector('[data-testid="friend-line-2"] [data-testid="link-status"][data-state="lost"]', { timeout: 15_000 });
  const ms = Date.now() - gone;
  console.log(`friend_loss_reported_ms: ${ms}`);
  assert.ok(ms < 6000, `reported after ${ms} ms`);
  await host.waitForSelector('[data-testid="notice"]');
  assert.match(await host.textContent('[data-testid="notice"]'), /connection to friend 2's device was lost/);
  // The other friend's connection is fine: its page says whose device is away, by seat.
  await friends[0].waitForFunction(() => /seat 3 lost its connection/.test(document.querySelector('[data-testid="notice"]')?.textContent ?? ''), null, { timeout: 15_000 });
  assert.equal(await friends[0].getAttribute('[data-testid="link-status"]', 'data-state'), 'connected');
  await friends[0].screenshot({ path: join(ARTIFACTS, 'friend-taunt-other-away.png') });
  assertClean(host);
  assertClean(friends[0]);
  await host.context().close();
  await friends[0].context().close();
});

test('a four-fighter Free-for-All on three devices: two friends and the host, with the host\'s computer', async () => {
  const { host, friends, connectMs } = await threeDevices(site);
  console.log(`friend_taunt_three_devices_connect_ms: ${connectMs}`);
  for (const [i, page] of [host, ...friends].entries()) {
    page.setDefaultTimeout(10_000);
    page.seatName = `taunt-ffa-${i}`;
  }
  await friends[0].waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  await friends[0].screenshot({ path: join(ARTIFACTS, 'friend-taunt-ffa-guest.png'), fullPage: true });
  await host.screenshot({ path: join(ARTIFACTS, 'friend-taunt-ffa-host.png'), fullPage: true });
  const screens = ['pick', 'lay', 'order', 'place', 'pass', 'flip'];
  const playing = Date.now();
  const answered = await Promise.all([host, ...friends].map((page) => playSide(page, screens, tauntAnswer, 1500)));
  console.log(`friend_taunt_ffa_screens: ${answered.join(',')} in ${Math.round((Date.now() - playing) / 1000)} s`);
  // Every device shows the same result, each naming the seats its own way: "You" is its own
  // seat, and the host's computer is a player like any other on a friend's device.
  await sameEndOnEvery([host, ...friends], (text, device) =>
    text.replaceAll('Computer (Easy)', 'Player 4').replaceAll(/\bYou\b/g, device === 0 ? 'Player 1' : `Player ${device + 1}`));
  await host.screenshot({ path: join(ARTIFACTS, 'friend-taunt-ffa-over.png'), fullPage: true });
  for (const page of [host, ...friends]) await page.context().close();
});

/**
 * Rumble's screens: every person bids 3 on every power (ties everywhere, so re-bids cross the
 * devices), re-bids at random, goes all out at every allocation and takes every default. Each
 * page keeps the screens it answered in `page.answered`.
 */
async function rumbleAnswer(page, screen) {
  (page.answered ??= new Set()).add(screen);
  if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
  else if (screen === 'bids') {
    for (const input of await page.$$('[data-testid="bids"] input[data-testid^="bid-"]')) await input.fill('3');
    await page.click('[data-testid="submit-bids"]');
  } else if (screen === 'rebid') {
    for (const input of await page.$$('[data-testid^="rebid-"]')) {
      if ((await input.evaluate((e) => e.tagName)) === 'INPUT') await input.fill(String(1 + Math.floor(Math.random() * 6)));
    }
    await page.click('[data-testid="submit-rebid"]');
  } else if (screen === 'allocate') await allOut(page);
  else await page.click(`[data-testid="${screen}"] [data-testid^="submit-"]`);
}

test('a four-hero Rumble on three devices: the auction sealed across devices, its chance drawn by all, played to the end', async () => {
  // The beginner set and Alternate Universe, whose draw comes from the seed every device draws
  // together: a device that drew another seed would hold another table, and the match would
  // stop at the step's fingerprint.
  const { host, friends, connectMs } = await threeDevices(site, 'rumble', async (page) => {
    await page.check('[data-testid="power-set-hand"]');
    await page.check('[data-testid="pick-AlternateUniverse"]');
    // The host's genre: every device tells the game in its words.
    await page.selectOption('[data-testid="genre"]', 'hacker');
  });
  console.log(`friend_rumble_three_devices_connect_ms: ${connectMs}`);
  const pages = [host, ...friends];
  for (const [i, page] of pages.entries()) {
    page.setDefaultTimeout(10_000);
    page.seatName = `rumble-${i}`;
  }
  await friends[1].waitForSelector('[data-testid="bids"]', { timeout: 30_000 });
  await friends[1].screenshot({ path: join(ARTIFACTS, 'friend-rumble-guest-bids.png'), fullPage: true });
  const screens = ['handoff', 'bids', 'rebid', 'give', 'settle', 'allocate', 'reveal-step', 'block'];
  const playing = Date.now();
  const answered = await Promise.all(pages.map((page) => playSide(page, screens, rumbleAnswer, 600)));
  console.log(`friend_rumble_screens: ${answered.join(',')} in ${Math.round((Date.now() - playing) / 1000)} s`);
  console.log(`friend_rumble_rebid_on: ${pages.map((p) => (p.answered?.has('rebid') ? 'yes' : 'no')).join(',')}`);
  assert.ok(pages.some((p) => p.answered?.has('rebid')), 'bids of 3 on every power tie somewhere, and the re-bid crosses the devices');
  const log = await host.textContent('[data-testid="event-log"]');
  const universe = log.match(/Alternate Universe brings [^.]*\./g) ?? [];
  console.log(`friend_rumble_alternate_universe: ${universe.length ? universe.join(' / ') : 'not won'}`);
  // The host's computer is named as such only on the host.
  await sameEndOnEvery(pages, (text) => text.replaceAll(' (computer, easy)', ''));
  for (const page of friends) {
    assert.match(await page.textContent('[data-testid="play-rumble"]'), /Bits/, `${page.seatName}: the host's genre, Hacker, names Energy "Bits" here too`);
  }
  await host.screenshot({ path: join(ARTIFACTS, 'friend-rumble-over.png'), fullPage: true });
  for (const page of pages) await page.context().close();
});

/** A trainer's split of the fifteen cards into three monsters, typed by the build screen's keys. */
const MONSTER_KEYS = { block: 'b', run: 'r', runtwo: 'Shift+R', punch: 'p', grab: 'g', shoot: 's', kick: 'k', charge: 'c', heal: 'h', taunt: 't' };
const SPLIT = ['kick', 'punch', 'shoot', 'charge', 'grab', 'block', 'shoot', 'heal', 'kick', 'run', 'punch', 'taunt', 'charge', 'runtwo', 'grab'];

/** TAUNT's screens in Monsters: the secret build first, then the battle's. */
async function monstersAnswer(page, screen, step) {
  if (screen !== 'build') return tauntAnswer(page, screen, step);
  for (const card of SPLIT) await page.keyboard.press(MONSTER_KEYS[card]);
  await page.click('[data-testid="build-done"]');
}

test('a TAUNT Monsters battle between two devices: each trainer builds in secret on their own device, then they fight on', async () => {
  const { host, guest } = await connect('taunt', async (page) => {
    await page.selectOption('[data-testid="battle"]', 'monsters');
    await page.waitForSelector('[data-testid="seat-2-controller"]');
    await page.selectOption('[data-testid="seat-2-controller"]', 'friend');
    if (await page.$('[data-testid="best-of"]')) await page.selectOption('[data-testid="best-of"]', '1');
  });
  for (const page of [host, guest]) await page.waitForSelector('[data-testid="build"]', { timeout: 30_000 });
  await guest.screenshot({ path: join(ARTIFACTS, 'friend-monsters-build.png'), fullPage: true });
  const screens = ['build', 'pick', 'lay', 'order', 'place', 'pass', 'flip'];
  const started = Date.now();
  // A whole battle of three monsters each takes many minutes: forty screens each are enough to
  // cross the devices with builds, plays and switches.
  const [a, b] = await Promise.all([playSide(host, screens, monstersAnswer, 40, true), playSide(guest, screens, monstersAnswer, 40, true)]);
  console.log(`friend_monsters_ms_per_screen: ${Math.round((Date.now() - started) / Math.max(1, a))} (${a} and ${b} screens)`);
  assert.ok(a >= 20 && b >= 20, `both devices played on (${a} and ${b} screens)`);
  for (const page of [host, guest]) {
    assert.match(await page.textContent('[data-testid="event-log"]'), /Both trainers have built/);
    assert.equal(await page.$('[data-testid="match-stopped"]'), null, `${page.seatName}: the battle goes on`);
    assertClean(page);
  }
  await host.context().close();
  await guest.context().close();
});

/** PUNISH's one screen: a card from the hand, now and then with the Feint. */
async function punishAnswer(page, screen, step) {
  if (screen !== 'pick') return;
  const cards = await page.$$('[data-testid="hand"] button');
  assert.ok(cards.length > 0, 'a card to play');
  const feint = await page.$('[data-testid="feint"]');
  if (feint && step % 3 === 1) await feint.check();
  await cards[(step * 3) % cards.length].click();
}

test('a whole PUNISH match between two devices, its cards dealt by the two devices themselves, Feints and all', async () => {
  const { host, guest } = await connect('punish', async (page) => {
    await page.check('[data-testid="opt-feint"]');
  });
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
    assert.equal((await page.$$('[data-testid="hand"] button')).length, 5, `${page.seatName}: a hand of five, dealt by both devices`);
  }
  await guest.screenshot({ path: join(ARTIFACTS, 'friend-punish-pick.png'), fullPage: true });
  const started = Date.now();
  const [a, b] = await Promise.all([playSide(host, ['pick'], punishAnswer), playSide(guest, ['pick'], punishAnswer)]);
  console.log(`friend_punish_match_ms: ${Date.now() - started} (${a} and ${b} screens)`);
  // Measures ended, so the cards not in hands were shuffled again by both devices.
  assert.match(await host.textContent('[data-testid="event-log"]'), /out of play/i);
  await sameEnd(host, guest);
  await host.screenshot({ path: join(ARTIFACTS, 'friend-punish-over.png'), fullPage: true });
  await host.context().close();
  await guest.context().close();
});

test('a Blindfolded PUNISH match between two devices: each plans its measure in secret, the plans revealed together', async () => {
  const { host, guest } = await connect('punish', async (page) => {
    await page.check('[data-testid="opt-blindfolded"]');
    await page.check('[data-testid="opt-feint"]');
  });
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
    assert.match(await page.textContent('[data-testid="pick"]'), /Blindfolded/, `${page.seatName}: planning, not picking`);
    assert.ok(await page.$('[data-testid="abandon"]'), 'a match under way can be abandoned');
  }
  const started = Date.now();
  const [a, b] = await Promise.all([playSide(host, ['pick'], punishAnswer), playSide(guest, ['pick'], punishAnswer)]);
  console.log(`friend_punish_blindfolded_match_ms: ${Date.now() - started} (${a} and ${b} screens)`);
  await sameEnd(host, guest);
  await guest.screenshot({ path: join(ARTIFACTS, 'friend-punish-blindfolded-over.png'), fullPage: true });
  await host.context().close();
  await guest.context().close();
});

test('a reveal forged on its way stops the match on both devices, saying why', async () => {
  // The guest's browser is changed to alter the first choice it shows after committing to it:
  // what a modified program would send to get a better card than the one it committed.
  const { host, guest } = await connect('dragon-punch', null, forgeFirstReveal);
  // Each picks a card for the first turn; the guest's reveal is the forged one.
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
    await dragonPunchAnswer(page, 'pick', 0);
  }
  for (const page of [host, guest]) {
    const stopped = await (await page.waitForSelector('[data-testid="match-stopped"]', { timeout: 15_000 })).textContent();
    assert.match(stopped, /forged reveal|stopped the match/, `${page.seatName}: ${stopped}`);
    // Nothing more can come: the page goes back to its lobby, under the reason.
    await page.waitForSelector('[data-testid="lobby"]', { timeout: 15_000 });
    assert.match(await page.textContent('[data-testid="notice"]'), /stopped/);
    assertClean(page);
  }
  assert.match(await host.textContent('[data-testid="match-stopped"]'), /forged reveal/, 'the host names what it caught');
  await host.context().close();
  await guest.context().close();
});
