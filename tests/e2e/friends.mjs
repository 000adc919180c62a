// What the browser tests of play between devices share: a device (a browser context set for an
// offline machine) and three devices connected for a four-seat match (TAUNT's Free-for-All,
// Rumble's four heroes).
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';

/**
 * A fresh context on `site` whose connection settings list no STUN server (the test machine
 * is offline).
 */
export async function device(site) {
  const page = await openPage(site.browser, `${site.url}/connect`);
  // What the connection module tells the play page, counted by kind (`step`, `line`, …): after
  // an agreed step it sends that step alone unless an earlier one changed.
  await page.addInitScript(() => {
    window.dojoHeard = {};
    window.addEventListener('dojo-friend', (event) => {
      const kind = String(event.detail).split(/[ \n]/)[0];
      window.dojoHeard[kind] = (window.dojoHeard[kind] ?? 0) + 1;
    });
  });
  await page.waitForSelector('[data-testid="link-status"]', { timeout: 30_000 });
  await page.click('.connection-settings summary');
  await page.fill('[data-testid="stun-servers"]', '');
  await page.click('[data-testid="save-settings"]');
  await page.waitForSelector('[data-testid="settings-said"]');
  return page;
}

/** Records, in `window.dojoWire`, every text this page's data channels send or receive. */
export async function recordWire(page) {
  await page.addInitScript(() => {
    window.dojoWire = [];
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) {
      window.dojoWire.push({ way: 'out', text: String(data) });
      return send.call(this, data);
    };
    const handler = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
    Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
      configurable: true,
      get() {
        return handler.get.call(this);
      },
      set(listener) {
        const recorded = (event) => {
          window.dojoWire.push({ way: 'in', text: String(event.data) });
          return listener.call(this, event);
        };
        handler.set.call(this, listener ? recorded : listener);
      },
    });
  });
}

/** The protocol messages (JSON objects: beats and hellos left out) `page` has received so far. */
export async function received(page) {
  const wire = await page.evaluate(() => window.dojoWire);
  return wire.filter((m) => m.way === 'in' && m.text.startsWith('{')).map((m) => JSON.parse(m.text));
}

/**
 * Changes `page`'s browser to alter the first choice it shows after committing to it (one
 * character added): what a modified program would send to swap a committed choice.
 */
export async function forgeFirstReveal(page) {
  await page.addInitScript(() => {
    const send = RTCDataChannel.prototype.send;
    let forged = false;
    RTCDataChannel.prototype.send = function (data) {
      if (!forged && typeof data === 'string' && data.includes('"Reveal"')) {
        const message = JSON.parse(data);
        message.body.Reveal.choice += ' ';
        forged = true;
        return send.call(this, JSON.stringify(message));
      }
      return send.call(this, data);
    };
  });
}

/** TAUNT's lobby set for a four-fighter Free-for-All. */
async function tauntFreeForAll(host) {
  await host.selectOption('[data-testid="battle"]', 'ffa');
}

/**
 * A match of `game` on three devices: by default four seats, the host's person (seat 1), a
 * friend on each of two devices (seats 2 and 3) and the host's computer (seat 4), connected as
 * people would on `site`, each friend answering their own invitation; `who` names another
 * table's seats (the two friends always in seats 2 and 3). `arrange(host)` sets the game's own
 * choices in the lobby first (by default TAUNT's Free-for-All); `changeFriend(page, n)` may first
 * change friend n's browser, and `changeHost(page)` the host's. Gives the pages and the time to connect.
 */
export async function threeDevices(site, game = 'taunt', arrange = tauntFreeForAll, changeFriend = null, who = ['person', 'friend', 'friend', 'easy'], changeHost = null) {
  const host = await device(site);
  if (changeHost) await changeHost(host);
  const friends = [await device(site), await device(site)];
  if (changeFriend) for (const [i, friend] of friends.entries()) await changeFriend(friend, i + 1);
  await host.goto(`${site.url}/play/${game}`);
  await host.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  await arrange(host);
  await host.waitForSelector(`[data-testid="seat-${who.length}-controller"]`);
  for (let n = 1; n <= who.length; n++) await host.selectOption(`[data-testid="seat-${n}-controller"]`, who[n - 1]);
  assert.match(await host.textContent('[data-testid="save-note"]'), /invitation for each/);
  await host.click('[data-testid="start"]');
  // One invitation per friend, each under its own heading; each friend answers their own.
  const started = Date.now();
  for (const [i, friend] of friends.entries()) {
    const line = `[data-testid="friend-line-${i + 1}"]`;
    assert.match(await (await host.waitForSelector(`${line} h3`, { timeout: 30_000 })).textContent(), new RegExp(`Friend ${i + 1} \\(seat ${i + 2}\\)`));
    const invite = await (await host.waitForSelector(`${line} [data-testid="invite-link"]`, { timeout: 30_000 })).inputValue();
    await friend.goto(invite);
    const answer = await (await friend.waitForSelector('[data-testid="answer-text"]', { timeout: 30_000 })).inputValue();
    await host.fill(`${line} [data-testid="answer-input"]`, answer);
    await host.click(`${line} [data-testid="answer-connect"]`);
  }
  for (const page of [host, ...friends]) {
    await page.waitForFunction(() => {
      const states = [...document.querySelectorAll('[data-testid="link-status"]')].map((e) => e.dataset.state);
      return states.length > 0 && states.every((s) => s === 'connected');
    }, null, { timeout: 30_000 });
  }
  return { host, friends, connectMs: Date.now() - started };
}

/**
 * The host starts a match of `game` from its lobby with `prepare` (options), and the two devices
 * connect exactly as people would on `site` (`changeGuest` may first change the guest's
 * browser; with `guestFirst` the guest's tab is already on the game's page when the invitation
 * is opened in it). Returns both pages.
 */
export async function connectTwo(site, game, prepare, changeGuest, guestFirst) {
  const host = await device(site);
  const guest = await device(site);
  if (changeGuest) await changeGuest(guest);
  if (guestFirst) {
    await guest.goto(`${site.url}/play/${game}`);
    await guest.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  }
  await host.goto(`${site.url}/play/${game}`);
  await host.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  await host.check('[data-testid="mode-friend"]');
  assert.match(await host.textContent('[data-testid="friend-note"]'), /no game server/);
  if (prepare) await prepare(host);
  await host.click('[data-testid="start"]');
  const invite = await (await host.waitForSelector('[data-testid="invite-link"]', { timeout: 30_000 })).inputValue();
  assert.ok(invite.startsWith(`${site.url}/play/${game}#friend=`), invite);
  assert.ok(await host.$('[data-testid="friend-panel"] [data-testid="qr"]'), 'the invitation has a QR code');
  await guest.goto(invite);
  const answer = await (await guest.waitForSelector('[data-testid="answer-text"]', { timeout: 30_000 })).inputValue();
  const started = Date.now();
  await host.fill('[data-testid="answer-input"]', answer);
  await host.click('[data-testid="answer-connect"]');
  for (const page of [host, guest]) {
    await page.waitForSelector('[data-testid="link-status"][data-state="connected"]', { timeout: 30_000 });
  }
  console.log(`friend_${game.replace('-', '_')}_invitation_chars: ${invite.length}`);
  console.log(`friend_${game.replace('-', '_')}_answer_chars: ${answer.length}`);
  console.log(`friend_${game.replace('-', '_')}_connect_ms: ${Date.now() - started}`);
  // A screen replaced by the friend's step is looked at again rather than waited on.
  host.setDefaultTimeout(10_000);
  guest.setDefaultTimeout(10_000);
  host.seatName = `${game}-host`;
  guest.seatName = `${game}-guest`;
  return { host, guest };
}
