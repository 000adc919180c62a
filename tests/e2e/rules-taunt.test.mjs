// The TAUNT rules page: every section renders with its anchor, shared links open scrolled to
// their rule, the move tables come from the engine's data, the decisions (notes) are on the
// page with their own anchors, and nothing spills sideways on a 390 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS, REPO, expectScrolledTo } from './harness.mjs';

const site = useSite();

const SECTIONS = [
  'setup', 'turn', 'position', 'order', 'levels', 'damage', 'modes', 'peril', 'moves', 'block', 'run', 'run-1', 'run-2',
  'punch', 'grab', 'shoot', 'kick', 'charge', 'heal', 'taunt', 'interrupts', 'blocking', 'knockdown', 'combo', 'fighters',
  'teashot', 'counter', 'series', 'more-modes', 'more-general', 'ffa', 'last-pobber', 'team', 'monsters', 'wampires', 'examples',
  ...readFileSync(join(REPO, 'crates/games/src/taunt/rules.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('::example '))
    .map((l) => `example-${l.slice('::example '.length).trim()}`),
  'balance', 'notes', 'sources',
];
// The notes' anchors, read from notes.md itself so a new note needs no change here.
const NOTES = readFileSync(join(REPO, 'crates/games/src/taunt/notes.md'), 'utf8')
  .split('\n')
  .map((line) => line.match(/^## .*\{#([a-z0-9-]+)\}\s*$/))
  .filter(Boolean)
  .map((m) => `note-${m[1]}`);

/** The texts of a table's cells, row by row (header row first). */
function tableTexts(page, testid) {
  return page.$$eval(`[data-testid="${testid}"] tr`, (rows) =>
    rows.map((r) => [...r.children].map((c) => c.innerText.replace(/\s+/g, ' ').trim())),
  );
}

test('every section and every decision renders with its anchor and a copy-link control', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/taunt`);
  await page.waitForSelector('[data-testid="rules-taunt"] #sources');
  const ids = await page.$$eval('[data-testid="rules-taunt"] .linkable', (hs) => hs.map((h) => h.id));
  assert.deepEqual(ids.filter((id) => !id.startsWith('note-')), SECTIONS);
  assert.deepEqual(ids.filter((id) => id.startsWith('note-')), NOTES);
  assert.equal(new Set(ids).size, ids.length, 'anchors are unique');
  for (const id of ['knockdown', 'combo', 'note-modes', 'note-combo']) {
    assert.ok(await page.$(`[data-testid="copy-${id}"]`), `copy link for #${id}`);
  }
  // The contents list links every top-level section.
  const toc = await page.$$eval('.toc a', (as) => as.map((a) => a.getAttribute('href')));
  const top = ['setup', 'turn', 'position', 'order', 'levels', 'damage', 'modes', 'peril', 'moves', 'interrupts', 'blocking',
    'knockdown', 'combo', 'fighters', 'series', 'more-modes', 'examples', 'balance', 'notes', 'sources'];
  assert.deepEqual(toc, top.map((id) => `#${id}`));
  // Twelve move cards, the fighters and the tracks, all from the engine's data, filled in by
  // TAUNT's module.
  await page.waitForSelector('[data-testid="tracks"]', { timeout: 20_000 });
  assert.equal(await page.locator('figure.move').count(), 12);
  assert.equal((await tableTexts(page, 'fighters')).length, 6);
  const tracks = await tableTexts(page, 'tracks');
  assert.deepEqual(tracks[1].slice(0, 5), ['20', '0–4', '5–10', '11–16', '17–20']);
  assertClean(page);
  await page.context().close();
});

test('a shared link to one rule opens the page scrolled to it', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/taunt#knockdown`);
  await expectScrolledTo(page, 'knockdown');
  assert.match(await page.textContent('#knockdown'), /Knocked down/);
  await page.screenshot({ path: join(ARTIFACTS, 'rules-taunt-knockdown.png') });
  assertClean(page);
  await page.context().close();
});

test('the Punch table shows 10 damage at L3 and its Peril letters under named modes', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/taunt#punch`);
  await page.waitForSelector('[data-testid="move-punch"]');
  const rows = await tableTexts(page, 'move-punch');
  assert.deepEqual(rows[0], ['Level', 'Damage', 'Yellow Trouble', 'Orange Danger', 'Red Critical']);
  assert.deepEqual(rows[4], ['L3', '10', 'G', 'GB', 'GBP']);
  assert.deepEqual(rows[2], ['L1', '6', '–', 'G', 'G']);
  assert.equal(
    await page.getAttribute('[data-testid="move-punch"] tr:nth-child(4) td:nth-child(5)', 'title'),
    'disables Grab, Block, Punch',
  );
  const caption = await page.textContent('[data-testid="card-punch"] figcaption');
  assert.match(caption, /Punch/);
  assert.match(caption, /P · Attack · number 3/);
  // The rows' extras: no Interrupt, immunities, Far only, and what a Block sends back.
  assert.deepEqual((await tableTexts(page, 'move-run-1'))[3].at(-1), 'immune to Shoot and Block');
  assert.deepEqual((await tableTexts(page, 'move-kick'))[4], ['L3', '10', 'PC', 'PCS', 'PCS', 'hits Far only']);
  assert.deepEqual((await tableTexts(page, 'move-counter'))[4], ['L3', '1½ ×', 'full', 'heal 2 damage when hit']);
  assertClean(page);
  await page.context().close();
});

test('the decisions are on the page, and a "why" link goes to its note', async () => {
  const page = await openPage(site.browser, `${site.url}/rules/taunt#modes`);
  await expectScrolledTo(page, 'modes');
  await page.click('#modes ~ p a[href="#note-modes"]');
  await expectScrolledTo(page, 'note-modes');
  assert.equal(new URL(page.url()).hash, '#note-modes');
  // The note's table is drawn as a table.
  const noteTable = await page.$$eval('#note-modes ~ .table-scroll table', (ts) =>
    ts.length ? [...ts[0].querySelectorAll('th')].map((th) => th.textContent.trim()) : [],
  );
  assert.deepEqual(noteTable.slice(0, 5), ['track', 'White', 'Yellow', 'Orange', 'Red']);
  assert.ok(await page.isVisible('#note-combo'));
  assert.ok(await page.isVisible('#note-knockdown'));
  assertClean(page);
  await page.context().close();
});

test('on a 390 px phone nothing but the tables scrolls sideways', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/rules/taunt`);
  await page.waitForSelector('#sources');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    wide: [...document.querySelectorAll('main *')]
      .filter((e) => !e.closest('.table-scroll') && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 5),
  }));
  assert.ok(widths.page <= widths.view, `page is ${widths.page} px wide in a ${widths.view} px window: ${widths.wide}`);
  await page.screenshot({ path: join(ARTIFACTS, 'rules-taunt-390.png'), fullPage: true });
  await page.goto(`${site.url}/rules/taunt#punch`);
  await expectScrolledTo(page, 'punch');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-taunt-390-punch.png') });
  assertClean(page);
  await page.context().close();
});

test('every worked example can be watched to its end from a shared link', async () => {
  const ids = JSON.parse(
    JSON.stringify(
      readFileSync(join(REPO, 'crates/games/src/taunt/rules.md'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('::example '))
        .map((l) => l.slice('::example '.length).trim()),
    ),
  );
  // Eight for the duel, four for Free-for-All (equal Grabs beside a Charge), three for each of
  // Last Pobber Standing, Team Battle, Wampires and Monsters.
  assert.equal(ids.length, 24);
  const page = await openPage(site.browser, `${site.url}/rules/taunt#example-knockdown`);
  await expectScrolledTo(page, 'example-knockdown');
  for (const id of ids) {
    await page.click(`[data-testid="watch-${id}"]`);
    const board = page.locator(`[data-testid="scenario-${id}"]`);
    await board.locator('[data-testid="where"]').waitFor();
    const steps = Number(/of (\d+)/.exec(await (await board.locator('[data-testid="replay-next"]').click(), board.locator('[data-testid="narration"]').textContent()))[1]);
    for (let i = 1; i < steps; i++) await board.locator('[data-testid="replay-next"]').click();
    assert.match(await board.locator('[data-testid="narration"]').textContent(), new RegExp(`^Step ${steps} of ${steps}:`));
    assert.ok(await board.locator('[data-testid="replay-next"]').isDisabled(), `${id}: Next stops at the end`);
    if (id === 'knockdown') await board.screenshot({ path: join(ARTIFACTS, 'rules-taunt-example-knockdown.png') });
    if (id === 'team-spirit-gift') await board.screenshot({ path: join(ARTIFACTS, 'rules-taunt-example-team.png') });
  }
  assertClean(page);
  await page.context().close();
});

test('desktop screenshot of the whole page', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${site.url}/rules/taunt`);
  await page.waitForSelector('#sources');
  await page.screenshot({ path: join(ARTIFACTS, 'rules-taunt-desktop.png'), fullPage: true });
  assertClean(page);
  await page.context().close();
});
