// What travels between two devices while a card lies face down. Every data-channel message
// each device receives is recorded (a wrapper around the browser's RTCDataChannel, put in
// before the page loads), and at the moment the rules still keep a card face down the guest's
// messages and its kept journal must hold none of the host's face-down cards:
// - a TAUNT combo of Kick then Grab laid by the host, read while the guest's screen says
//   "2 face down" (then the Kick is shown once it acts, which the recording must see);
// - a TAUNT Monsters build and a DRAGON PUNCH Custom Character pick: no draft or pick of the
//   host's is shown in a step before the guest's own last face-down one.
// Then, on three devices, friend 1's browser sends the host a stop in friend 2's name: every
// device stops and names friend 1. And two faults of an address changing in an open tab: an
// invitation opened in a tab already on the game's page is answered, and a /watch page reads
// its new link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useSite, openPage, assertClean } from './harness.mjs';
import { connectTwo, threeDevices, recordWire, received } from './friends.mjs';

const site = useSite();
const VAST = JSON.parse(await readFile(new URL('./fixtures/vast-table-links.json', import.meta.url), 'utf8'));

/** Every choice of `seat` shown in `messages`, with the step in which it was shown. */
function shownOf(messages, seat) {
  const shown = [];
  for (const { body } of messages) {
    if (body.Reveal?.seat === seat) shown.push({ at: body.Reveal.step, choice: body.Reveal.choice });
    for (const s of body.Settle?.shown ?? []) if (s.seat === seat) shown.push({ at: body.Settle.step, choice: s.choice });
    for (const s of body.Unveil?.shown ?? []) if (s.seat === seat) shown.push({ at: Infinity, choice: s.choice });
  }
  return shown;
}

/** The steps in which `seat` chose face down, in `messages`. */
function withheldSteps(messages, seat) {
  return messages.filter(({ body }) => body.Withhold?.seat === seat).map(({ body }) => body.Withhold.step);
}

/** A choice named `kind` (`Queue`, `Draft`, `Pick`) and a card, at any depth of JSON quoting. */
const quoted = (kind, card = '') => new RegExp(`${kind}[\\\\"]*:[\\\\"{]*${card}`);

test('a TAUNT combo laid face down never reaches the other device before it acts; an invitation opened in a tab on the game is answered', async () => {
  const { host, guest } = await connectTwo(site, 'taunt', null, recordWire, true);
  await host.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  await guest.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  await host.click('[data-testid="pick-taunt"]');
  await guest.click('[data-testid="pick-block"]');
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="result"]', { timeout: 15_000 });
    assert.match(await page.textContent('[data-testid="result"]'), /TAUNT goes unpunished/);
    await page.click('[data-testid="next"]');
  }
  // The host lays Kick then Grab face down.
  await host.waitForSelector('[data-testid="lay"]', { timeout: 15_000 });
  await host.click('[data-testid="lay-kick"]');
  await host.click('[data-testid="lay-grab"]');
  await host.click('[data-testid="lay-done"]');
  await guest.waitForSelector('[data-testid="pick"]', { timeout: 15_000 });
  await guest.waitForFunction(() => /2 face down/.test(document.querySelector('[data-testid="queued-1"]')?.textContent ?? ''));
  const before = await received(guest);
  assert.ok(withheldSteps(before, 0).length >= 3, 'the two cards and the end of the combo came face down');
  const early = shownOf(before, 0).filter((s) => quoted('Queue').test(s.choice));
  assert.deepEqual(early, [], 'no combo card of the host reached the guest');
  const kept = await guest.evaluate(() => JSON.stringify(localStorage));
  assert.doesNotMatch(kept, quoted('Queue', '(Kick|Grab)'), 'nor the guest\'s kept journal or save');
  assert.doesNotMatch(await guest.textContent('body'), /Kick L|Grab L|lays? Kick|lays? Grab/);
  // The guest charges; the Kick acts, and only now is it shown.
  await guest.click('[data-testid="pick-charge"]');
  await guest.waitForSelector('[data-testid="result"]', { timeout: 15_000 });
  assert.match(await guest.textContent('[data-testid="result"]'), /Kick/);
  const after = shownOf(await received(guest), 0).map((s) => s.choice);
  assert.ok(after.some((c) => quoted('Queue', 'Kick').test(c)), `the Kick is shown once it acts: ${after.join(' ')}`);
  assert.ok(!after.some((c) => quoted('Queue', 'Grab').test(c)), 'the Grab, still to act, is not');
  for (const page of [host, guest]) assertClean(page);
  await host.context().close();
  await guest.context().close();
});

/**
 * Connects two devices for `game` set by `prepare`, plays the secret setting-up on both with
 * `build` (the host first, all of it, then the guest) until `done` is true on the guest's page,
 * and checks that no choice of the host's matching `kind` was shown in a step before the
 * guest's own last face-down choice.
 */
async function secretSetUp(game, prepare, screen, build, kind, done) {
  const { host, guest } = await connectTwo(site, game, prepare, recordWire);
  for (const page of [host, guest]) await page.waitForSelector(`[data-testid="${screen}"]`, { timeout: 30_000 });
  await build(host);
  await build(guest);
  await guest.waitForFunction(done, null, { timeout: 60_000 });
  const messages = await received(guest);
  const guestsOwn = withheldSteps(await sentBy(guest), 1);
  const last = Math.max(...guestsOwn);
  assert.ok(guestsOwn.length >= 8, `the guest chose face down (${guestsOwn.length} choices)`);
  assert.ok(withheldSteps(messages, 0).length >= 8, 'the host\'s choices came face down');
  // They are shown when the rules turn them up (a Monsters card when it is played): never
  // while the guest is still choosing its own.
  const hosts = shownOf(messages, 0).filter((s) => quoted(kind).test(s.choice));
  const early = hosts.filter((s) => s.at < last);
  console.log(
    `friend_hidden_${game.replace('-', '_')}: the host's ${withheldSteps(messages, 0).length} face-down choices, ${hosts.length} shown by the fight's start, none before step ${last}`,
  );
  assert.deepEqual(early, [], `nothing of the host's shown before step ${last}`);
  for (const page of [host, guest]) assertClean(page);
  await host.context().close();
  await guest.context().close();
}

/** The protocol messages `page` sent. */
async function sentBy(page) {
  const wire = await page.evaluate(() => window.dojoWire);
  return wire.filter((m) => m.way === 'out' && m.text.startsWith('{')).map((m) => JSON.parse(m.text));
}

test('a TAUNT Monsters build stays on each trainer\'s device until both have built', async () => {
  const prepare = async (page) => {
    await page.selectOption('[data-testid="battle"]', 'monsters');
    await page.waitForSelector('[data-testid="seat-2-controller"]');
    await page.selectOption('[data-testid="seat-2-controller"]', 'friend');
  };
  const split = ['kick', 'punch', 'shoot', 'charge', 'grab', 'block', 'shoot', 'heal', 'kick', 'run', 'punch', 'taunt', 'charge', 'runtwo', 'grab'];
  const build = async (page) => {
    for (const card of split) await page.click(`[data-testid="build-${card}"]`);
    await page.click('[data-testid="build-done"]');
  };
  const built = () => /Both trainers have built/.test(document.querySelector('[data-testid="event-log"]')?.textContent ?? '');
  await secretSetUp('taunt', prepare, 'build', build, 'Draft', built);
});

test('a DRAGON PUNCH Custom Character hand stays on its owner\'s device until both have picked', async () => {
  const prepare = (page) => page.selectOption('[data-testid="variant"]', 'custom');
  const build = async (page) => {
    for (let taken = 0; taken < 9; taken++) {
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="taken"] li').length === n, taken);
      await page.click('[data-testid="take-suggested"]');
    }
  };
  await secretSetUp('dragon-punch', prepare, 'pick-hand', build, 'Pick', () => document.querySelector('[data-testid="pick"]') !== null);
});

test('a watch page opened on one link reads the next link opened in its tab', async () => {
  const page = await openPage(site.browser, `${site.url}/watch/taunt#r1.taunt.AAAA`);
  const error = await page.waitForSelector('[data-testid="watch-error"]', { timeout: 30_000 });
  assert.match(await error.textContent(), /the link is damaged/);
  await page.goto(`${site.url}/watch/taunt#${VAST.taunt}`);
  await page.waitForFunction(() => /4294967295 seats/.test(document.querySelector('[data-testid="watch-error"]')?.textContent ?? ''), null, {
    timeout: 15_000,
  });
  assertClean(page);
  await page.context().close();
});

test('on three devices, a stop sent by one friend in the other\'s name stops every device and names the sender', async () => {
  // Friend 1's browser counts what it hears from friend 2 (through the host) and, with its first
  // commitment, sends a stop numbered as friend 2's next message: it passes every check but
  // the connection it came on.
  const forge = async (page, n) => {
    if (n !== 1) return;
    // The recording (installed first) holds what friend 1 heard; the forgery reads it.
    await recordWire(page);
    await page.addInitScript(() => {
      let forged = false;
      const fromTwo = () => window.dojoWire.filter((m) => m.way === 'in' && m.text.startsWith('{') && JSON.parse(m.text).from === 2).length;
      const send = RTCDataChannel.prototype.send;
      RTCDataChannel.prototype.send = function (data) {
        const result = send.call(this, data);
        if (!forged && typeof data === 'string' && data.includes('"Commit"')) {
          forged = true;
          send.call(this, JSON.stringify({ from: 2, seq: fromTwo(), body: { Stop: { reason: 'friend 2 gives up' } } }));
        }
        return result;
      };
    });
  };
  const { host, friends } = await threeDevices(site, 'taunt', undefined, forge);
  await friends[0].waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  await friends[0].click('[data-testid="hand"] button:not([disabled])');
  for (const page of [host, ...friends]) {
    const stopped = await (await page.waitForSelector('[data-testid="match-stopped"]', { timeout: 15_000 })).textContent();
    assert.match(stopped, /friend 1's device sent a message in the name of friend 2's device/, stopped);
    assert.doesNotMatch(stopped, /gives up/, 'the forged words are never shown as friend 2\'s');
    await page.waitForSelector('[data-testid="lobby"]', { timeout: 15_000 });
    assertClean(page);
  }
  for (const page of [host, ...friends]) await page.context().close();
});

test('a guest that commits, hears the host\'s choice and then answers nothing is reported stalled, and can be invited again', async () => {
  // The guest's browser sends its first commitment, then drops every message of the match
  // (its heartbeats still go: the connection looks alive).
  const silence = (page) =>
    page.addInitScript(() => {
      const send = RTCDataChannel.prototype.send;
      let committed = false;
      RTCDataChannel.prototype.send = function (data) {
        const text = String(data);
        if (committed && text.startsWith('{')) return undefined;
        if (text.includes('"Commit"')) committed = true;
        return send.call(this, data);
      };
    });
  const { host, guest } = await connectTwo(site, 'dragon-punch', null, silence);
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
    await page.click('[data-testid="hand"] button:not([disabled])');
    await page.click('[data-testid="confirm"]');
  }
  const started = Date.now();
  const lost = await host.waitForSelector('[data-testid="link-status"][data-state="lost"]', { timeout: 40_000 });
  console.log(`friend_stall_reported_ms: ${Date.now() - started}`);
  assert.match(await lost.textContent(), /needs nobody to choose.*stalled/);
  await host.waitForSelector('[data-testid="new-invitation"]');
  assertClean(host);
  await host.context().close();
  await guest.context().close();
});
