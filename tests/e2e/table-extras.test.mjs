// What public/table.js adds to a play table marked for it: a value that changes pulses once
// (and one that stays the same does not), a knocked-down panel falls and greys, and sound is off
// until its switch is pressed, is remembered, and then plays the reveal, a hit and the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';
import { startVsBot, playToTheEnd } from './punish.mjs';
import { tauntMove } from './taunt.mjs';

const site = useSite();

/** Records, in the page, every table value that pulses or panel that falls: its test id and label. */
async function recordMotion(page) {
  await page.addInitScript(() => {
    window.motion = [];
    new MutationObserver((changes) => {
      changes.forEach((change, i) => {
        const el = change.target;
        // What the class became: the next change of the same element's old value, or what it is now.
        const later = changes.slice(i + 1).find((c) => c.target === el);
        const after = (later ? later.oldValue ?? '' : el.getAttribute('class') ?? '').split(' ');
        for (const name of ['dojo-changed', 'dojo-fell']) {
          if (after.includes(name) && !(change.oldValue ?? '').split(' ').includes(name)) {
            const style = getComputedStyle(el);
            window.motion.push({ name, testid: el.dataset.testid ?? el.className, label: el.getAttribute('aria-label'), animation: style.animationName, ms: parseFloat(style.animationDuration) * 1000 });
          }
        }
      });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  });
}

test('PUNISH: hearts pulse when they change and not otherwise, the beaten player falls, all under 400 ms', async () => {
  const page = await openPage(site.browser);
  await recordMotion(page);
  await startVsBot(page, site.url, 'easy', 1);
  await page.waitForSelector('[data-testid="pick"]');
  await page.waitForFunction(() => typeof window.dojoSounds !== 'undefined', null, { timeout: 10_000 });
  // Picking a card draws the table again (a card fewer in hand) with the hearts as they were: nothing pulses.
  await page.click('[data-testid="hand"] button');
  // One breath can end the match (a Punish for 3): then its end screen comes instead.
  await page.waitForSelector('[data-testid="result"], [data-testid="match-over"]', { timeout: 60_000 });
  const afterFirst = await page.evaluate(() => window.motion.slice());
  const hearts = await page.$$eval('[data-testid^="hearts-"]', (els) => els.map((e) => e.getAttribute('aria-label')));
  if (hearts.every((h) => /^3 of/.test(h))) assert.deepEqual(afterFirst, [], 'no heart changed, so nothing moved');
  await playToTheEnd(page, { useKeyboard: false });
  // The beaten player's panel falls as the last table is drawn.
  await page.waitForFunction(() => window.motion.some((m) => m.name === 'dojo-fell'), null, { timeout: 10_000 });
  const motion = await page.evaluate(() => window.motion);
  const pulses = motion.filter((m) => m.name === 'dojo-changed');
  assert.ok(pulses.length > 0, 'hearts were lost, and pulsed');
  assert.ok(pulses.every((m) => /^hearts-\d$/.test(m.testid) && m.animation === 'dojo-pulse' && m.ms > 0 && m.ms < 400), JSON.stringify(pulses));
  // Each pulse shows a new value: no two pulses of one player's hearts in a row say the same.
  for (const who of ['hearts-1', 'hearts-2']) {
    const labels = pulses.filter((m) => m.testid === who).map((m) => m.label);
    labels.forEach((label, i) => assert.notEqual(label, labels[i - 1], `${who} pulsed without changing: ${JSON.stringify(motion)}`));
  }
  const falls = motion.filter((m) => m.name === 'dojo-fell');
  const down = await page.$$eval('[data-down]', (els) => els.map((e) => ({ testid: e.dataset.testid, filter: getComputedStyle(e).filter })));
  assert.ok(down.length >= 1, 'a player is down at the end');
  assert.deepEqual(falls.map((f) => f.testid).sort(), down.map((d) => d.testid).sort(), 'each player down fell once, when beaten');
  assert.ok(falls.every((f) => f.animation === 'dojo-down' && f.ms > 0 && f.ms < 400), JSON.stringify(falls));
  assert.ok(down.every((d) => /grayscale/.test(d.filter)));
  await page.screenshot({ path: join(ARTIFACTS, 'table-punish-down.png'), fullPage: true });
  assertClean(page);
  await page.context().close();
});

test('under reduced motion nothing pulses or falls, though the beaten player is still shown down', async () => {
  const page = await openPage(site.browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordMotion(page);
  await startVsBot(page, site.url, 'easy', 1);
  await playToTheEnd(page, { useKeyboard: false });
  await page.waitForFunction(() => window.motion.some((m) => m.name === 'dojo-fell'), null, { timeout: 10_000 });
  const motion = await page.evaluate(() => window.motion);
  assert.ok(motion.length > 0 && motion.every((m) => m.animation === 'none'), JSON.stringify(motion));
  assert.match(await page.$eval('[data-down]', (e) => getComputedStyle(e).filter), /grayscale/);
  assertClean(page);
  await page.context().close();
});

test('sound is off until its switch is pressed, is remembered, and then plays the reveal, a hit and the end', async () => {
  const page = await openPage(site.browser);
  // Best of three: a one-game match can end on its first breath, before there is a reveal to hear.
  await startVsBot(page, site.url, 'easy', 3);
  await page.waitForSelector('[data-testid="sound"]', { timeout: 20_000 });
  assert.equal(await page.getAttribute('[data-testid="sound"]', 'aria-pressed'), 'false', 'off by default');
  // It lies in the page's flow: fixed over the page, it covered buttons on a phone.
  assert.equal(await page.$eval('[data-testid="sound"]', (b) => getComputedStyle(b).position), 'static', 'the switch covers nothing');
  await page.click('[data-testid="hand"] button');
  await page.waitForSelector('[data-testid="result"]', { timeout: 60_000 });
  assert.deepEqual(await page.evaluate(() => window.dojoSounds), [], 'silent while off');
  await page.click('[data-testid="sound"]');
  assert.equal(await page.getAttribute('[data-testid="sound"]', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('pocket-dojo/sound')), 'on');
  // Remembered across a reload (the match is restored), and the rest of the match is heard.
  await page.reload();
  await page.waitForSelector('[data-testid="sound"][aria-pressed="true"]', { timeout: 20_000 });
  // One breath's result left on screen until its cards have turned over (heard), before the rest
  // is clicked through at full speed: a result passed before its first frame shows no turn.
  const at = await page.waitForSelector('[data-testid="result"], [data-testid="hand"] button', { timeout: 20_000 });
  if ((await at.getAttribute('data-testid')) !== 'result') {
    await page.click('[data-testid="hand"] button');
    await page.waitForSelector('[data-testid="result"]', { timeout: 60_000 });
  }
  await page.waitForFunction(() => window.dojoSounds.includes('reveal'), null, { timeout: 10_000 });
  await playToTheEnd(page, { useKeyboard: false });
  await page.waitForFunction(() => window.dojoSounds.at(-1) === 'end', null, { timeout: 10_000 });
  const sounds = await page.evaluate(() => window.dojoSounds);
  for (const kind of ['reveal', 'hit', 'end']) assert.ok(sounds.includes(kind), `${kind} was played: ${sounds}`);
  assert.equal(sounds.at(-1), 'end');
  // Not offered where there is no table to hear.
  await page.goto(`${site.url}/rules/punish`);
  await page.waitForSelector('[data-testid="app-ready"] h1');
  await page.waitForTimeout(300);
  assert.equal(await page.$('[data-testid="sound"]'), null, 'no sound switch on a rules page');
  await page.evaluate(() => localStorage.removeItem('pocket-dojo/sound'));
  assertClean(page);
  await page.context().close();
});

test('TAUNT: a hit pulses the Danger Track and the charge, a value that stays put does not, and sound is offered', async () => {
  const page = await openPage(site.browser);
  await recordMotion(page);
  await page.goto(`${site.url}/play/taunt`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.check('[data-testid="mode-bot"]');
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="sound"]', { timeout: 30_000 });
  const screens = ['pick', 'result', 'lay', 'order', 'place', 'pass', 'flip', 'match-over'].map((s) => `[data-testid="${s}"]`).join(', ');
  const tracks = () => page.$$eval('.taunt-table .danger-track', (els) => els.map((e) => e.getAttribute('aria-label')));
  const first = await tracks();
  let hit = false;
  for (let step = 0; step < 80 && !hit; step++) {
    const el = await page.waitForSelector(screens, { timeout: 60_000 });
    const screen = await el.getAttribute('data-testid');
    if (screen === 'match-over') break;
    if (screen === 'pick') await (await tauntMove(page, step)).click();
    else if (screen === 'result') await page.click('[data-testid="next"]');
    else if (screen === 'lay') await page.click('[data-testid="lay-done"]');
    else if (screen === 'order') await page.click('[data-testid="order-first"]');
    else await page.click(`[data-testid="${screen}"] .choices button`);
    await page.waitForFunction((old) => !old.isConnected, el, { timeout: 60_000 }).catch(() => {});
    hit = (await tracks()).some((label, i) => label !== first[i]);
  }
  assert.ok(hit, 'some fighter took damage');
  const trackPulsed = () => window.motion.some((m) => m.name === 'dojo-changed' && m.testid.startsWith('danger-track'));
  await page.waitForFunction(trackPulsed, null, { timeout: 10_000 }).catch(() => {});
  const motion = await page.evaluate(() => window.motion);
  const pulses = motion.filter((m) => m.name === 'dojo-changed');
  assert.ok(pulses.some((m) => m.testid.startsWith('danger-track')), `the damaged track pulsed: ${JSON.stringify(motion)}`);
  assert.ok(pulses.every((m) => m.animation === 'dojo-pulse' && m.ms > 0 && m.ms < 400), JSON.stringify(pulses));
  // A pulse always shows a new value: one fighter's charge or blocks never pulse twice with the same words.
  for (const place of new Set(pulses.map((m) => m.testid).filter((t) => /^(charge|blocks)-\d$/.test(t)))) {
    const labels = pulses.filter((m) => m.testid === place).map((m) => m.label);
    labels.forEach((label, i) => assert.notEqual(label, labels[i - 1], `${place} pulsed without changing: ${JSON.stringify(motion)}`));
  }
  assertClean(page);
  await page.context().close();
});
