// FUSION between devices: an evening (a Gambit and two Throwdowns) on three devices, the host's
// person as Pilot 1, a friend as Pilot 2 and another as the Coach, the 108-card Deck dealt by the
// devices themselves. Each device plays its seat through the two-tap choices until the evening
// ends on all three. While it goes on, whenever a device shows its own Stash, no other device's
// page, storage or received messages hold that Stash; no device's storage or messages ever hold
// a run of the Deck's order; every Card-Assist reaches the other devices face down first. Then
// a reveal forged by one device stops all three.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, assertClean, ARTIFACTS } from './harness.mjs';
import { threeDevices, recordWire, received, forgeFirstReveal } from './friends.mjs';

const site = useSite();

/** The seed of the devices' randomness in the evening test (chosen so that Card-Assists come up). */
const DEAL_SEED = 1;

const SCREENS = ['handoff', 'decide', 'result', 'match-over', 'match-stopped'].map((s) => `[data-testid="${s}"]`).join(', ');

/** The lobby set for an evening of two pilots. */
async function evening(host) {
  await host.selectOption('[data-testid="pilots"]', '2');
  await host.selectOption('[data-testid="conflict"]', 'evening');
}

/** A card as the rules' JSON writes it ("7H", "10D"), quoted. */
const CARD = /"(?:10|[2-9JQKA])[CDHS]"/g;

/** Every JSON array of cards in `text` (at any depth of quoting), each as a sorted list. */
function cardLists(text) {
  const plain = text.replace(/\\+"/g, '"');
  return [...plain.matchAll(/\[((?:"(?:10|[2-9JQKA])[CDHS]"\s*,\s*)*"(?:10|[2-9JQKA])[CDHS]")\]/g)].map((m) =>
    [...m[1].matchAll(CARD)].map((c) => c[0]).sort(),
  );
}

/** The longest run of cards in one JSON array of `text`. */
const longestRun = (text) => Math.max(0, ...cardLists(text).map((l) => l.length));

const sameCards = (a, b) => a.length === b.length && a.every((c, i) => c === b[i]);

/** What a device holds as text: its page, its storage and the messages it received. */
async function holdings(page) {
  const dom = await page.evaluate(() => document.body.innerHTML);
  const storage = await page.evaluate(() => JSON.stringify(localStorage));
  const wire = page.recorded ? JSON.stringify(await received(page)) : '';
  return { dom, storage, wire };
}

/**
 * Plays `page`'s seat to the end of the evening: at each choice a button picked by a fixed
 * sequence, a card first when it offers one. Whenever its own Stash shows (two cards or more),
 * `sawStash` checks the other devices. Returns how many choices it made.
 */
async function playSide(page, seed, sawStash) {
  page.cardAssists = 0;
  let pick = seed;
  let choices = 0;
  for (let n = 0; n < 1500; n++) {
    const el = await page.waitForSelector(SCREENS, { timeout: 180_000 });
    const screen = await el.getAttribute('data-testid');
    if (screen === 'match-over') return choices;
    if (screen === 'match-stopped') assert.fail(`${page.seatName}: ${await el.textContent()}`);
    // A screen may be replaced while it is read (another device's step arrives): then the
    // loop looks again rather than waiting on a button that is gone.
    const press = async (testid) => {
      const button = await el.$(`[data-testid="${testid}"]`);
      await button?.click({ timeout: 5_000 }).catch(() => {});
    };
    if (screen === 'handoff') await press('show-hand');
    else if (screen === 'result') await press('next');
    else {
      const stash = (await page.$$eval('[data-testid="fu-hand"] [data-pick]', (bs) => bs.map((b) => `"${b.dataset.pick}"`))).sort();
      if (stash.length >= 2) await sawStash(page, stash);
      choices += 1;
      // A pilot hands a card on (a Card-Assist) the first two times one is offered: each card
      // of her Stash is tapped in turn to see what it offers.
      if (page.cardAssists < 2 && (await handOn(page))) continue;
      const buttons = await page.$$('[data-testid="decide"] :is(.fu-choice, .fu-pick) >> visible=true');
      assert.ok(buttons.length > 0, `${page.seatName}: every decision offers a choice`);
      pick = (pick * 5 + 3) % 97;
      const first = buttons[pick % buttons.length];
      await first.click();
      if (await first.evaluate((b) => b.classList.contains('fu-pick')).catch(() => false)) {
        await page.waitForSelector('[data-testid="card-actions"] .fu-choice >> visible=true', { timeout: 10_000 });
        const second = await page.$$('[data-testid="card-actions"] .fu-choice >> visible=true');
        await second[pick % second.length].click();
      }
    }
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 180_000 }).catch(() => {});
  }
  assert.fail(`${page.seatName}: the evening did not end within 1500 screens`);
}

/**
 * Taps each card of the Stash on `page`'s decision screen until one offers a Card-Assist, and
 * makes it: true if it did.
 */
async function handOn(page) {
  const cards = await page.$$('[data-testid="fu-hand"] .fu-pick >> visible=true');
  for (const card of cards) {
    await card.click();
    const assist = await page.waitForSelector('[data-testid="card-actions"] [data-choice^="assist-"]:not([data-choice$="-strike"])', { state: 'attached', timeout: 1_000 }).catch(() => null);
    if (!assist) continue;
    await assist.evaluate((b) => {
      b.closest('details').open = true;
    });
    await assist.click();
    page.cardAssists += 1;
    return true;
  }
  // None does: the last card tapped is let go, so the screen is as it was.
  const held = await page.$('[data-testid="fu-hand"] .fu-pick[aria-pressed="true"]');
  if (held) await held.click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="fu-hand"] .fu-pick[aria-pressed="true"]'), null, { timeout: 5_000 }).catch(() => {});
  return false;
}

/** Every choice `isKind` picks that another device showed in `messages`, and those not withheld first. */
function shownBeforeWithheld(messages, isKind) {
  const withheld = new Set(messages.filter(({ body }) => body.Withhold).map(({ body }) => `${body.Withhold.step}/${body.Withhold.seat}`));
  const early = [];
  let shown = 0;
  for (const { body } of messages) {
    const reveals = [...(body.Reveal ? [body.Reveal] : []), ...(body.Settle?.shown ?? []).map((s) => ({ ...s, step: s.step ?? body.Settle.step }))];
    for (const r of reveals) {
      if (!isKind(r.choice)) continue;
      shown += 1;
      if (!withheld.has(`${r.step}/${r.seat}`)) early.push(r);
    }
  }
  return { shown, early };
}

/**
 * Makes `page`'s randomness (its secrets, so its part of the deal) a fixed sequence from `seed`:
 * the evening's deal is then the same every run, and offers the pilots Card-Assists.
 */
async function fixedChance(page, seed) {
  await page.addInitScript((seed) => {
    let state = seed >>> 0;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state;
    };
    crypto.getRandomValues = (array) => {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = next() >>> 24;
      return array;
    };
    Math.random = () => next() / 4_294_967_296;
  }, seed);
}

test('a FUSION evening plays to its end between three devices, each Stash, the Threshold and the Deck kept where they belong', async () => {
  const record = async (page, n) => {
    await fixedChance(page, DEAL_SEED + n);
    await recordWire(page);
    page.recorded = true;
  };
  const fixHost = (page) => fixedChance(page, DEAL_SEED);
  const { host, friends, connectMs } = await threeDevices(site, 'fusion', evening, record, ['person', 'friend', 'friend'], fixHost);
  console.log(`friend_fusion_three_devices_connect_ms: ${connectMs}`);
  const pages = [host, ...friends];
  ['fusion-pilot-1', 'fusion-pilot-2', 'fusion-coach'].forEach((name, i) => (pages[i].seatName = name));
  let checks = 0;
  let runs = 0;
  const sawStash = async (page, stash) => {
    for (const other of pages.filter((p) => p !== page)) {
      const held = await holdings(other);
      for (const [where, text] of Object.entries(held)) {
        // Another device's own Stash is drawn on its page: only its own.
        const lists = cardLists(where === 'dom' ? '' : text);
        assert.ok(!lists.some((l) => sameCards(l, stash)), `${other.seatName}'s ${where} holds ${page.seatName}'s Stash ${stash}`);
        runs = Math.max(runs, longestRun(text));
      }
      const shown = (await other.$$eval('[data-testid="fu-hand"] [data-pick]', (bs) => bs.map((b) => `"${b.dataset.pick}"`))).sort();
      assert.ok(!(shown.length > 0 && sameCards(shown, stash) && other.seatName !== page.seatName), `${other.seatName}'s page shows ${page.seatName}'s Stash`);
      checks += 1;
    }
  };
  const started = Date.now();
  const made = await Promise.all(pages.map((page, i) => playSide(page, 3 + 7 * i, sawStash)));
  console.log(`friend_fusion_evening_ms: ${Date.now() - started}`);
  console.log(`friend_fusion_evening_choices: ${made.join(' / ')}`);
  assert.ok(made.every((n) => n > 0), `every device chose (${made})`);
  // Whether a pilot can hand a card on depends on the deal (an ally still in the fight, two
  // cards of her own): this deal offers some.
  const handedOn = pages.map((p) => p.cardAssists);
  console.log(`friend_fusion_card_assists_by_pilot: ${handedOn.slice(0, 2).join(' / ')}`);
  assert.ok(handedOn[0] + handedOn[1] >= 1, 'a pilot handed a card on to the other');
  assert.ok(checks >= 6, `other devices were checked whenever a Stash showed (${checks} checks)`);
  // No run of the Deck's order: a Stash is at most 7 cards, the spoils and the Pile are shown.
  assert.ok(runs <= 12, `no device held a run of ${runs} cards of the Deck during the evening`);
  for (const friend of friends) {
    const messages = await received(friend);
    // A card laid face down may be shown in the very step the initiative stack turns it; a
    // Card-Assist's card is never turned by the step that hands it on.
    const assists = shownBeforeWithheld(messages, (c) => /"give":"/.test(c));
    const withheld = messages.filter(({ body }) => body.Withhold).length;
    console.log(`friend_fusion_${friend.seatName.replace(/-/g, '_')}_withheld_and_card_assists_shown: ${withheld} / ${assists.shown}`);
    assert.ok(withheld > 0, `${friend.seatName}: choices came face down`);
    assert.deepEqual(assists.early, [], `${friend.seatName}: every Card-Assist came face down first`);
  }
  for (const page of pages) {
    await page.waitForSelector('[data-testid="match-over"]');
    assertClean(page);
  }
  await friends[1].screenshot({ path: join(ARTIFACTS, 'friend-fusion-coach-over.png'), fullPage: true });
  for (const page of pages) await page.context().close();
});

test('a reveal forged by one of three devices in a FUSION evening stops all three, saying why', async () => {
  const forge = async (page, n) => {
    if (n === 1) await forgeFirstReveal(page);
  };
  const { host, friends } = await threeDevices(site, 'fusion', evening, forge, ['person', 'friend', 'friend']);
  const pages = [host, ...friends];
  ['fusion-pilot-1', 'fusion-pilot-2', 'fusion-coach'].forEach((name, i) => (pages[i].seatName = name));
  // Each plays on until the forged reveal stops the evening everywhere.
  await Promise.all(
    pages.map(async (page, i) => {
      await playSide(page, 5 + 11 * i, async () => {}).catch(() => {});
    }),
  );
  for (const page of pages) {
    const stopped = await (await page.waitForSelector('[data-testid="match-stopped"]', { timeout: 30_000 })).textContent();
    assert.match(stopped, /forged reveal|stopped the match/, `${page.seatName}: ${stopped}`);
    await page.waitForSelector('[data-testid="lobby"]', { timeout: 15_000 });
    assertClean(page);
  }
  for (const page of pages) await page.context().close();
});
