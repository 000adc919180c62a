// Cards drawn from the printed kit (public/table.js and the sprites the print crate writes to
// public/faces/): each card in hand shows its printed front, the card's own text is still in the
// page for screen readers, a phone keeps the words that matter in readable type under the
// print, and pages without printed cards never fetch them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';
import { startVsBot } from './punish.mjs';

const site = useSite();

/**
 * Every face the page shows: the card element's wanted face, the sprite file the page read it
 * from (the game's, named in `<meta name="dojo-assets">`) and the card's id there, the words the
 * page drew on it, the words that card has in the file (read here independently), whether the
 * page holds any of the sprite itself (a `<symbol>`, an element with a card's id), the element's
 * own text, and whether it sits in something hidden.
 */
function shownFaces(page, within) {
  return page.$$eval(`${within} [data-face]`, async (elements) => {
    const listed = document.querySelector('meta[name="dojo-assets"]')?.content ?? '';
    const fileOf = (game) => {
      const hash = listed.split(/\s+/).map((entry) => entry.split(':')).find(([name]) => name === `faces-${game}`)?.[1];
      return hash ? `/faces/${game}-${hash}.svg` : null;
    };
    const read = new Map();
    const sprite = (file) => {
      if (!read.has(file)) read.set(file, fetch(file).then((r) => r.text()).then((t) => new DOMParser().parseFromString(t, 'image/svg+xml')));
      return read.get(file);
    };
    const fetched = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    return Promise.all(
      elements.map(async (element) => {
        const face = element.querySelector(':scope > svg.face');
        const id = face?.dataset.card ?? '';
        const file = fileOf(element.dataset.face.split('#')[0]);
        const doc = file ? await sprite(file) : null;
        const symbol = doc && id ? doc.getElementById(id) : null;
        // A card's words in the file, with those of the parts it shares with its family (used from <defs>).
        const words = (node) =>
          [...node.querySelectorAll('text, use')].flatMap((n) => (n.tagName === 'use' ? words(doc.getElementById(n.getAttribute('href').slice(1))) : [n.textContent]));
        return {
          wanted: element.dataset.face,
          shown: element.classList.contains('face-shown'),
          file: fetched.includes(file) ? file : null,
          id,
          inPage: (id ? document.getElementById(id) !== null : false) || document.querySelector('symbol, svg.face use') !== null,
          symbol: symbol?.tagName ?? null,
          printed: face ? [...face.querySelectorAll('text')].map((t) => t.textContent).join(' ') : '',
          filed: symbol ? words(symbol).join(' ') : '',
          text: element.textContent,
          hidden: element.closest('[hidden]') !== null,
        };
      }),
    );
  });
}

/** Waits until every face the page asks for within `within` is shown. */
async function facesShown(page, within) {
  await page.waitForFunction(
    (within) => {
      const all = [...document.querySelectorAll(`${within} [data-face]`)].filter((e) => e.closest('[hidden]') === null);
      return all.length > 0 && all.every((e) => e.classList.contains('face-shown'));
    },
    within,
    { timeout: 20_000 },
  );
}

/** Opens `game`'s lobby from a clean slate and starts a match against the computer. */
async function startAgainstComputer(page, game) {
  await page.goto(`${site.url}/play/${game}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.check('[data-testid="mode-bot"]');
  await page.click('[data-testid="start"]');
}

test('PUNISH: the hand is the printed cards, their words still in the page and readable on a phone', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await startVsBot(page, site.url, 'easy', 1);
  await page.waitForSelector('[data-testid="pick"]');
  await facesShown(page, '[data-testid="hand"]');
  const faces = await shownFaces(page, '[data-testid="hand"]');
  assert.equal(faces.length, 5, 'five cards in hand');
  for (const face of faces) {
    const [game, card] = face.wanted.split('#');
    assert.equal(game, 'punish');
    assert.match(face.file, /^\/faces\/punish-[0-9a-f]{16}\.svg$/, 'the sprite is named by its content, so it is cached for good');
    assert.equal(face.id, `face-${card}`, 'the card shows the face it asked for');
    assert.equal(face.symbol, 'symbol', 'that face is in the sprite');
    assert.equal(face.printed, face.filed, 'the page drew that card of the sprite, every word of it');
    assert.equal(face.inPage, false, 'the sprite itself is not put in the page');
    const name = card.split('-')[0];
    assert.match(face.printed, new RegExp(name, 'i'), `the printed ${name} card names it`);
    assert.match(face.text, new RegExp(name, 'i'), 'the card keeps its own words for screen readers');
  }
  // Every card button is still named for a screen reader, and on a phone the effect stays in readable type.
  const names = await page.$$eval('[data-testid="hand"] button', (buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  assert.ok(names.every((n) => /^Play \w+ \(key \d\)$/.test(n)), names.join(', '));
  const effect = await page.$eval('[data-testid="hand"] .card .effect', (e) => ({ size: parseFloat(getComputedStyle(e).fontSize), height: e.getBoundingClientRect().height }));
  assert.ok(effect.height > 10 && effect.size >= 12, `the effect under the print is readable: ${JSON.stringify(effect)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing runs off the side');
  await page.screenshot({ path: join(ARTIFACTS, 'faces-punish-phone.png'), fullPage: true });
  // On a wide screen the print alone is the card.
  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await page.$eval('[data-testid="hand"] .card .effect', (e) => e.getBoundingClientRect().height);
  assert.ok(wide <= 1, 'the words are only for screen readers beside a legible print');
  await page.screenshot({ path: join(ARTIFACTS, 'faces-punish-desktop.png') });
  assertClean(page);
  await page.context().close();
});

test('DRAGON PUNCH: the basic cards in hand are the printed ones; Rumble shows printed powers with their texts', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await startAgainstComputer(page, 'dragon-punch');
  await page.waitForSelector('[data-testid="hand"]', { timeout: 30_000 });
  await facesShown(page, '[data-testid="hand"]');
  const cards = await shownFaces(page, '[data-testid="hand"]');
  assert.ok(cards.length >= 6, `the basic cards: ${cards.length}`);
  for (const card of cards) {
    assert.equal(card.symbol, 'symbol', `${card.wanted} is in the sprite`);
    assert.equal(card.printed, card.filed, `${card.wanted}: drawn as the sprite has it`);
    // A basic card is printed with its white move and its red move.
    assert.match(card.printed, /WHITE MOVE/, card.wanted);
    assert.match(card.printed, /RED MOVE/, card.wanted);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'faces-dragon-punch-phone.png'), fullPage: true });

  await startAgainstComputer(page, 'rumble');
  await page.waitForSelector('[data-testid="bids"]', { timeout: 30_000 });
  // Hidden texts show no printed cards; shown texts show one per power, named like the row.
  const hidden = await shownFaces(page, '[data-testid="bids"]');
  assert.ok(hidden.length > 0 && hidden.every((f) => f.hidden), 'the printed powers sit with the hidden texts');
  assert.equal(await page.isVisible('[data-testid="text-1"]'), false, 'and stay hidden with them');
  await page.check('[data-testid="show-texts"]');
  await facesShown(page, '[data-testid="bids"]');
  const powers = await shownFaces(page, '[data-testid="bids"]');
  for (const power of powers) {
    assert.equal(power.symbol, 'symbol', `${power.wanted} is in the sprite`);
    assert.equal(power.printed, power.filed, `${power.wanted}: drawn as the sprite has it`);
    assert.ok(power.text.trim().length > 10, 'the power keeps its text');
  }
  const text = await page.$eval('[data-testid="text-1"] > span', (e) => parseFloat(getComputedStyle(e).fontSize) * (e.getBoundingClientRect().height > 10 ? 1 : 0));
  assert.ok(text >= 12, 'on a phone the power text stays readable under the print');
  await page.screenshot({ path: join(ARTIFACTS, 'faces-rumble-phone.png'), fullPage: true });
  assertClean(page);
  await page.context().close();
});

test('TAUNT: the hand is the fighter\'s printed move cards, with what each would do now in words under the print', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await startAgainstComputer(page, 'taunt');
  await page.waitForSelector('[data-testid="pick"]', { timeout: 30_000 });
  await facesShown(page, '[data-testid="hand"]');
  const faces = await shownFaces(page, '[data-testid="hand"]');
  assert.equal(faces.length, 9, 'nine move cards in hand');
  const letters = await page.$$eval('[data-testid="hand"] button', (buttons) => buttons.map((b) => b.querySelector('.mc-letter').textContent));
  faces.forEach((face, i) => {
    assert.match(face.file, /^\/faces\/taunt-[0-9a-f]{16}\.svg$/);
    assert.equal(face.symbol, 'symbol', `${face.wanted} is in the sprite`);
    assert.equal(face.printed, face.filed, `${face.wanted}: drawn as the sprite has it`);
    assert.equal(face.inPage, false, 'the sprite itself is not put in the page');
    const name = face.wanted.split('-')[1];
    assert.match(face.printed, new RegExp(name, 'i'), `the printed card names ${name}`);
    // The printed card's square holds the letter that plays it.
    assert.ok(face.printed.split(' ').includes(letters[i]), `${face.wanted}: the letter ${letters[i]} is printed on it`);
    assert.match(face.text, new RegExp(name, 'i'), 'the card keeps its own words for screen readers');
  });
  // What each card would do now, and at which level, stays readable under the print, on a phone too.
  const under = await page.$$eval('[data-testid="hand"] .move-card', (cards) =>
    cards.map((c) => {
      const face = c.querySelector(':scope > svg.face').getBoundingClientRect();
      const kind = c.querySelector('.mc-kind');
      const box = kind.getBoundingClientRect();
      return { below: box.top >= face.bottom - 1, height: box.height, size: parseFloat(getComputedStyle(kind).fontSize), text: kind.textContent };
    }),
  );
  assert.ok(under.every((u) => u.below && u.height > 8 && u.size >= 12 && /L\d/.test(u.text)), JSON.stringify(under));
  const lines = await page.$eval('[data-testid="hand"] .move-card .mc-lines', (e) => e.getBoundingClientRect().height);
  assert.ok(lines > 10, 'the card\'s lines for this turn are shown');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'nothing runs off the side');
  await page.screenshot({ path: join(ARTIFACTS, 'faces-taunt-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.$eval('[data-testid="pick"]', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(ARTIFACTS, 'faces-taunt-desktop.png') });
  // The printed card is still played by its letter.
  const punch = await page.$('[data-testid="pick-punch"]');
  if (await punch.isEnabled()) {
    await page.keyboard.press('p');
    await page.waitForSelector('[data-testid="pick"]', { state: 'detached', timeout: 30_000 });
  }
  assertClean(page);
  await page.context().close();
});

test('pages without a marked table or printed cards never fetch them', async () => {
  const page = await openPage(site.browser);
  const fetched = [];
  page.on('request', (request) => {
    if (/^\/(table\.js|faces\/)/.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await page.goto(`${site.url}/`);
  await page.waitForSelector('.game-tile');
  await page.goto(`${site.url}/print/taunt`);
  // The module's own page (its first paint has an h1 too).
  await page.waitForSelector('[data-testid="app-ready"] .print-page h1');
  await page.goto(`${site.url}/games`);
  await page.waitForSelector('h1');
  await page.waitForTimeout(300);
  assert.deepEqual(fetched, [], 'nothing was asked for');
  assertClean(page);
  await page.context().close();
});
