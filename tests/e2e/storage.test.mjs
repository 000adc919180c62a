// What a play page keeps in the browser's storage. Against the computer, the save holds only
// what the person may see: no record, setup, seed or deck order, and no hand but the person's
// (the computer's hand and plan are counts). A reload resumes the game, the computer's hidden
// cards dealt afresh. On a shared device a TAUNT combo face down is never saved, and a PUNISH
// match keeps both hands (needed to resume) but never the seed or the deck order: the cards
// nobody has seen are dealt afresh on resuming. A damaged,
// old or foreign save is reported in words and discarded, and nothing else in storage is
// touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, assertClean } from './harness.mjs';

const site = useSite();

/** Keys that would give away a hidden card, the deal or the seed. */
const SECRET_KEYS = ['"seed":', '"deck":', '"record":', '"setup":', '"hands":', '"plans":', '"actions":', '"queues":', '"rng":'];

/** Everything a PUNISH player's view holds (a new field must be checked for secrets first). */
const PUNISH_VIEW_KEYS = [
  'decision', 'deck_size', 'discard', 'feint_used', 'game', 'game_winners', 'hand', 'hand_sizes', 'hearts', 'history',
  'measure', 'breath', 'my_plan', 'observer', 'options', 'outcome', 'phase', 'plan_slots', 'revealed', 'statuses', 'wins',
].sort();

/** Everything a TAUNT player's view holds. */
// The modes for more fighters added public fields only: the way of playing, the circle's
// markers, the halves of the Dojo, who is out and the places, Position choices owed, and a turn
// paused for a runner's choice (every move in it already revealed).
const TAUNT_VIEW_KEYS = [
  'battle', 'corners', 'decision', 'fight', 'halves', 'markers', 'my_queue', 'observer', 'options', 'out_order',
  'outcome', 'owed_places', 'paused', 'pending', 'pending_queued', 'phase', 'places', 'position', 'queue_next',
  'queued', 'results', 'turn', 'wins',
].sort();

/** Every save key in storage, as the page wrote it. */
async function storage(page) {
  return page.evaluate(() => JSON.stringify(localStorage));
}

/** Checks a save made against the computer; returns its view. */
function assertPersonOnly(raw, key, viewKeys) {
  for (const secret of SECRET_KEYS) assert.ok(!raw.includes(secret), `${secret} in storage: ${raw}`);
  const all = JSON.parse(raw);
  const save = JSON.parse(all[key]);
  assert.deepEqual(Object.keys(save).sort(), ['game', 'match', 'seats', 'version']);
  assert.equal(save.version, 4);
  assert.deepEqual(save.seats, ['Person', { Computer: 'Easy' }]);
  assert.deepEqual(Object.keys(save.match), ['View']);
  const vsBot = save.match.View;
  assert.deepEqual(Object.keys(vsBot).sort(), ['last', 'log', 'view']);
  assert.deepEqual(Object.keys(vsBot.view).sort(), viewKeys, 'the saved view has exactly the fields checked for secrets');
  assert.deepEqual(vsBot.view.observer, { Seat: 0 }, "the view is the person's");
  assert.equal(all[key].split('"hand":').length - 1, viewKeys.includes('hand') ? 1 : 0, "no hand but the person's");
  return vsBot.view;
}

/** The card names in the PUNISH hand on screen, sorted. */
async function handOnScreen(page) {
  return (await page.$$eval('[data-testid="hand"] .card', (els) => els.map((e) => e.dataset.card))).sort();
}

/** Records every value the page writes to storage, in `window.__saves`, from the first script on. */
async function recordSaves(page) {
  await page.addInitScript(() => {
    window.__saves = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      window.__saves.push([key, String(value)]);
      return setItem.call(this, key, value);
    };
  });
}

test('PUNISH against the computer: no save holds its hand or plan, and a reload resumes', async () => {
  const page = await openPage(site.browser);
  await recordSaves(page);
  await page.goto(`${site.url}/play/punish`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]');
  assert.match(await page.textContent('[data-testid="save-note"]'), /never saved/);
  await page.check('[data-testid="mode-bot"]');
  await page.check('[data-testid="level-easy"]');
  await page.check('[data-testid="opt-blindfolded"]');
  await page.click('[data-testid="start"]');
  // Blindfolded: plan the whole measure; the computer then plans breath by breath, and the
  // match is saved after each of its planned breaths, with its plan face down.
  for (let i = 0; i < 6; i++) {
    const el = await page.waitForSelector('[data-testid="pick"], [data-testid="result"], [data-testid="match-over"]', { timeout: 20_000 });
    if ((await el.getAttribute('data-testid')) !== 'pick') break;
    const before = await page.textContent('[data-testid="pick"] .big');
    await page.click('[data-testid="hand"] button');
    await page.waitForFunction((b) => document.querySelector('[data-testid="pick"] .big')?.textContent !== b, before);
  }
  await page.waitForSelector('[data-testid="result"], [data-testid="match-over"]', { timeout: 20_000 });
  const saves = (await page.evaluate(() => window.__saves)).filter(([key]) => key === 'pocket-dojo/punish');
  assert.ok(saves.length >= 3, `saved at the start, while the computer planned, and at the reveal (${saves.length})`);
  const views = saves.map(([key, value]) => assertPersonOnly(JSON.stringify({ [key]: value }), key, PUNISH_VIEW_KEYS));
  assert.ok(
    views.some((v) => v.plan_slots[1].some((slot) => slot === true)),
    'a save was made while the computer had a card face down',
  );
  for (const v of views) {
    // The computer's plan and hand are yes-or-no slots and a count, never cards.
    assert.ok(v.plan_slots[1].every((slot) => typeof slot === 'boolean'));
    assert.equal(typeof v.hand_sizes[1], 'number');
  }
  const view = assertPersonOnly(await storage(page), 'pocket-dojo/punish', PUNISH_VIEW_KEYS);
  const log = await page.textContent('[data-testid="event-log"]');

  await page.reload();
  await page.waitForSelector('[data-testid="notice"]');
  assert.match(await page.textContent('[data-testid="notice"]'), /restored.*dealt afresh/);
  assert.equal(await page.textContent('[data-testid="event-log"]'), log, 'the log the person read is back');
  const screen = await page.waitForSelector('[data-testid="pick"], [data-testid="match-over"]', { timeout: 20_000 });
  if ((await screen.getAttribute('data-testid')) === 'pick') {
    // The person's own hand is the one saved; the game goes on.
    const cards = await handOnScreen(page);
    assert.deepEqual(cards, [...view.hand].sort(), "the hand on screen is the one saved");
    const before = await page.textContent('[data-testid="pick"] .big');
    await page.click('[data-testid="hand"] button');
    await page.waitForFunction((b) => document.querySelector('[data-testid="pick"] .big')?.textContent !== b, before);
  }
  assertPersonOnly(await storage(page), 'pocket-dojo/punish', PUNISH_VIEW_KEYS);
  assertClean(page);
  await page.context().close();
});

test('TAUNT against the computer: the save holds only what the person sees, and a reload resumes', async () => {
  const page = await openPage(site.browser, `${site.url}/play/taunt`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="save-note"]'), /never saved/);
  await page.check('[data-testid="level-easy"]');
  await page.click('[data-testid="start"]');
  for (const move of ['shoot', 'charge']) {
    await page.click(`[data-testid="pick-${move}"]`);
    await page.waitForSelector('[data-testid="result"]', { timeout: 20_000 });
    await page.click('[data-testid="next"]');
    await page.waitForSelector('[data-testid="pick"], [data-testid="lay"], [data-testid="order"], [data-testid="place"], [data-testid="pass"], [data-testid="match-over"]', { timeout: 20_000 });
  }
  const view = assertPersonOnly(await storage(page), 'pocket-dojo/taunt', TAUNT_VIEW_KEYS);
  // The computer's combo, if it has one, is a count; only the person's own cards are listed.
  assert.equal(view.my_queue.length, view.queued[0]);
  const where = await page.textContent('[data-testid="where"]');
  const log = await page.textContent('[data-testid="event-log"]');

  await page.reload();
  await page.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="notice"]'), /restored.*dealt afresh/);
  assert.equal(await page.textContent('[data-testid="where"]'), where);
  assert.equal(await page.textContent('[data-testid="event-log"]'), log);
  let screen = await page.waitForSelector('[data-testid="pick"], [data-testid="lay"], [data-testid="order"], [data-testid="place"], [data-testid="pass"], [data-testid="match-over"]', { timeout: 20_000 });
  if ((await screen.getAttribute('data-testid')) === 'pass') {
    // The person's Charge acted before the reload: keeping the token is chosen in the open.
    await page.click('[data-testid="pass-keep"]');
    screen = await page.waitForSelector('[data-testid="pick"], [data-testid="lay"], [data-testid="order"], [data-testid="place"], [data-testid="match-over"]', { timeout: 20_000 });
  }
  if ((await screen.getAttribute('data-testid')) === 'pick') {
    await page.click('[data-testid="hand"] button:not([disabled])');
    await page.waitForSelector('[data-testid="result"], [data-testid="pick"], [data-testid="lay"], [data-testid="match-over"]', { timeout: 20_000 });
  }
  assertPersonOnly(await storage(page), 'pocket-dojo/taunt', TAUNT_VIEW_KEYS);
  assertClean(page);
  await page.context().close();
});

/** Puts `save` under `key` next to an unrelated key, reloads, and returns the notice. */
async function restoreBroken(page, path, key, save) {
  await page.goto(`${site.url}${path}`);
  // The page reads its save once when its module starts: let it start before the save is
  // planted, or it would find and discard the save before the reload.
  await page.waitForSelector('div.play');
  await page.evaluate(([key, save]) => {
    localStorage.clear();
    localStorage.setItem('someone-else', 'keep me');
    localStorage.setItem(key, save);
  }, [key, save]);
  await page.reload();
  await page.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  const notice = await page.textContent('[data-testid="notice"]');
  await page.waitForSelector('[data-testid="lobby"]');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), key), null, `${key} was not discarded`);
  assert.equal(await page.evaluate(() => localStorage.getItem('someone-else')), 'keep me', 'another key was touched');
  return notice;
}

test('a damaged, old or foreign save is reported in words and discarded, and nothing else is touched', async () => {
  const page = await openPage(site.browser);
  const oldFormat = JSON.stringify({
    version: 1,
    mode: { VsBot: 'Easy' },
    record: { game: 'punish', setup: { options: {}, seed: 1, hands: [['Rush'], ['Guard']], revealed: [], deck: [] }, actions: [] },
  });
  const cases = [
    ['/play/punish', 'pocket-dojo/punish', '{"version":3,"game":"punish","match":{"View"', /could not be restored and was discarded: the saved match could not be read/],
    ['/play/punish', 'pocket-dojo/punish', '{"version":2,"game":"punish","match":{"VsBot":{}}}', /from another version of this site \(2\)/],
    ['/play/punish', 'pocket-dojo/punish', oldFormat, /from another version of this site \(1\)/],
    ['/play/punish', 'pocket-dojo/punish', '{"version":3,"game":"taunt","match":{"Record":{}}}', /belongs to another game \(taunt\)/],
    [
      '/play/punish',
      'pocket-dojo/punish',
      JSON.stringify({ version: 3, game: 'punish', seats: ['Person', { Computer: 'Easy' }], match: { View: { view: { observer: 'Public' }, log: [], last: [] } } }),
      /could not be read/,
    ],
    ['/play/taunt', 'pocket-dojo/taunt', 'not json at all', /the saved series could not be read/],
    // A match with a friend kept by the connection module: the lobby, not a wait for ever.
    ['/play/taunt', 'dojo-friend-taunt', 'not json at all', /the match kept from before could not be taken up again \(it cannot be read/],
    ['/play/rumble', 'dojo-friend-rumble', '{"journal":{"begin":{"Guest":{"me":9}},"entries":[]}}', /could not be taken up again/],
  ];
  for (const [path, key, save, expected] of cases) {
    const notice = await restoreBroken(page, path, key, save);
    assert.match(notice, expected, `for ${save}`);
  }
  assertClean(page);
  await page.context().close();
});

test('a saved view that cannot be dealt from is refused, not half-loaded', async () => {
  const page = await openPage(site.browser, `${site.url}/play/punish`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.check('[data-testid="mode-bot"]');
  await page.check('[data-testid="level-easy"]');
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="pick"]');
  await page.click('[data-testid="hand"] button');
  await page.waitForSelector('[data-testid="result"], [data-testid="match-over"]', { timeout: 20_000 });
  const save = JSON.parse(await page.evaluate(() => localStorage.getItem('pocket-dojo/punish')));
  // The computer claims more cards than are unaccounted for.
  save.match.View.view.hand_sizes[1] = 12;
  const notice = await restoreBroken(page, '/play/punish', 'pocket-dojo/punish', JSON.stringify(save));
  assert.match(notice, /not a position that can be played: .*do not add up/);
  assertClean(page);
  await page.context().close();
});

/** Hot-seat TAUNT: Player 1's TAUNT goes unpunished and they lay `combo` face down; returns
 * storage before the combo was laid, after it, and after Player 2's next pick. */
async function hotSeatCombo(combo) {
  const page = await openPage(site.browser, `${site.url}/play/taunt`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]', { timeout: 30_000 });
  await page.check('[data-testid="mode-hotseat"]');
  await page.click('[data-testid="start"]');
  await page.click('[data-testid="show-hand"]');
  await page.click('[data-testid="pick-taunt"]');
  await page.click('[data-testid="show-hand"]');
  await page.click('[data-testid="pick-block"]');
  await page.waitForSelector('[data-testid="result"]');
  const before = await storage(page);
  await page.click('[data-testid="next"]');
  await page.click('[data-testid="show-hand"]');
  for (const card of combo) await page.click(`[data-testid="lay-${card}"]`);
  await page.click('[data-testid="lay-done"]');
  await page.waitForSelector('[data-testid="handoff"]');
  const laid = await storage(page);
  await page.click('[data-testid="show-hand"]');
  await page.click('[data-testid="pick-charge"]');
  await page.waitForSelector('[data-testid="result"]');
  const played = await storage(page);
  // A reload goes back to laying the combo, since it was never saved.
  await page.reload();
  await page.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="notice"]'), /restored.*never saved/);
  await page.click('[data-testid="show-hand"]');
  await page.waitForSelector('[data-testid="lay"]');
  assertClean(page);
  await page.context().close();
  return { before, laid, played };
}

test('on a shared device, a TAUNT combo face down is never saved', async () => {
  const two = await hotSeatCombo(['kick', 'grab']);
  // The same first card (so the same turn follows), a different secret second card.
  const other = await hotSeatCombo(['kick', 'punch']);
  assert.equal(two.laid, two.before, 'laying the combo changed the save');
  assert.equal(two.played, two.before, 'the save moved on while a card was still face down');
  assert.equal(other.laid, two.laid, 'the save depends on the face-down cards');
  assert.equal(other.played, two.played, 'the save depends on the card still face down');
  assert.ok(!two.laid.includes('Queue'), 'a face-down card is in storage');
  // The shared device keeps the record (both seats' cards) so it can resume.
  assert.ok(two.laid.includes('\\"Record\\"') && two.laid.includes('\\"record\\"'));
});

/** Plays hot-seat PUNISH steps until `count` breaths were revealed; returns the saves written. */
async function hotSeatPunish(page, count) {
  await page.goto(`${site.url}/play/punish`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid="lobby"]');
  await page.check('[data-testid="mode-hotseat"]');
  await page.click('[data-testid="start"]');
  for (let revealed = 0; revealed < count; ) {
    const el = await page.waitForSelector('[data-testid="pick"], [data-testid="result"], [data-testid="handoff"], [data-testid="match-over"]', { timeout: 20_000 });
    const screen = await el.getAttribute('data-testid');
    if (screen === 'match-over') break;
    if (screen === 'handoff') await page.click('[data-testid="show-hand"]');
    else if (screen === 'pick') await page.click('[data-testid="hand"] button');
    else {
      revealed += 1;
      await page.click('[data-testid="next"]');
    }
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 20_000 }).catch(() => {});
  }
  return page.evaluate(() => localStorage.getItem('pocket-dojo/punish'));
}

test('PUNISH on a shared device: the save holds both hands but never the cards to come', async () => {
  const page = await openPage(site.browser);
  await recordSaves(page);
  const raw = await hotSeatPunish(page, 3);
  const writes = (await page.evaluate(() => window.__saves)).filter(([key]) => key === 'pocket-dojo/punish');
  assert.ok(writes.length >= 3, `saved at each reveal (${writes.length})`);
  for (const [, value] of writes) {
    for (const secret of ['"seed":', '"deck":', '"rng":', '"record":', '"setup":', '"actions":']) {
      assert.ok(!value.includes(secret), `${secret} in a shared device's save: ${value.slice(0, 300)}`);
    }
  }
  const save = JSON.parse(raw);
  assert.equal(save.version, 4);
  assert.deepEqual(Object.keys(save.match), ['Table']);
  const { views } = save.match.Table;
  assert.equal(views.length, 2, "both players' views, since both are needed to resume");
  assert.deepEqual(views.map((v) => v.observer), [{ Seat: 0 }, { Seat: 1 }]);
  for (const view of views) assert.deepEqual(Object.keys(view).sort(), PUNISH_VIEW_KEYS, 'each view has exactly the fields checked for secrets');
  const log = await page.textContent('[data-testid="event-log"]');

  await page.reload();
  await page.waitForSelector('[data-testid="notice"]', { timeout: 30_000 });
  assert.match(await page.textContent('[data-testid="notice"]'), /restored/);
  assert.equal(await page.textContent('[data-testid="event-log"]'), log, 'the log is back');
  // Seat 0's hand on screen is the one saved, and the match goes on.
  const el = await page.waitForSelector('[data-testid="handoff"], [data-testid="pick"], [data-testid="match-over"]', { timeout: 20_000 });
  if ((await el.getAttribute('data-testid')) === 'handoff') await page.click('[data-testid="show-hand"]');
  if (await page.$('[data-testid="pick"]')) {
    const seat = views.findIndex((v) => v.decision);
    assert.deepEqual(await handOnScreen(page), [...views[seat].hand].sort(), 'the hand on screen is the one saved');
    await page.click('[data-testid="hand"] button');
  }
  assertClean(page);
  await page.context().close();
});
