// Two browser contexts connect directly through /connect exactly as two people would: one makes
// an invitation, the other opens its link and the answer is read from one page and pasted into
// the other. Then a line of text crosses, a damaged answer is refused, a closed device is reported
// at once, and a fair deal is timed on a phone-speed CPU. Prints the figures the issue asks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, assertClean } from './harness.mjs';

const site = useSite();

/** Opens /connect with no STUN server (the test machine has no internet; host addresses suffice). */
async function connectPage(url) {
  const page = await openPage(site.browser, url);
  await page.waitForSelector('[data-testid="link-status"]', { timeout: 30_000 });
  return page;
}

async function useNoStun(page) {
  await page.click('.connection-settings summary');
  await page.fill('[data-testid="stun-servers"]', '');
  await page.click('[data-testid="save-settings"]');
  await page.waitForSelector('[data-testid="settings-said"]');
  assert.match(await page.textContent('[data-testid="settings-said"]'), /Saved on this device/);
}

test('two devices connect by invitation and answer, talk, and notice when one leaves', async () => {
  const host = await connectPage(`${site.url}/connect`);
  await useNoStun(host);
  // The guest's settings live in its own browser: it saves them on a page of its own first.
  const guestSetup = await connectPage(`${site.url}/connect`);
  await useNoStun(guestSetup);

  await host.click('[data-testid="make-invitation"]');
  const inviteField = await host.waitForSelector('[data-testid="invite-link"]', { timeout: 10_000 });
  const invitation = await inviteField.inputValue();
  assert.match(invitation, /\/connect#join=[A-Za-z0-9_-]+$/);
  assert.ok(await host.$('[data-testid="qr"]'), 'the invitation has a QR code');
  const code = invitation.split('#join=')[1];

  // A damaged invitation pasted on the guest's page is refused; the real one, opened as a link in
  // the browser where the guest saved its settings, is answered.
  await guestSetup.fill('[data-testid="invitation-input"]', 'not-an-invitation');
  await guestSetup.click('[data-testid="invitation-answer"]');
  await guestSetup.waitForSelector('[data-testid="link-error"]');
  assert.match(await guestSetup.textContent('[data-testid="link-error"]'), /This invitation cannot be read/);
  const guest = await guestSetup.context().newPage();
  guest.problems = [];
  guest.on('console', (msg) => msg.type() === 'error' && guest.problems.push(msg.text()));
  guest.on('pageerror', (err) => guest.problems.push(err.message));
  await guest.goto(invitation);
  const answerField = await guest.waitForSelector('[data-testid="answer-text"]', { timeout: 10_000 });
  const answer = await answerField.inputValue();
  assert.ok(answer.length > 40 && !answer.includes(' '), answer);

  // A damaged answer is refused in words, and nothing connects.
  await host.fill('[data-testid="answer-input"]', answer.slice(0, 20));
  await host.click('[data-testid="answer-connect"]');
  await host.waitForSelector('[data-testid="link-error"]');
  assert.match(await host.textContent('[data-testid="link-error"]'), /cannot be read: it is cut short/);
  await host.fill('[data-testid="answer-input"]', invitation);
  await host.click('[data-testid="answer-connect"]');
  await host.waitForFunction(() => /wrong half/.test(document.querySelector('[data-testid="link-error"]')?.textContent ?? ''));

  await host.fill('[data-testid="answer-input"]', `  ${answer}\n`);
  await host.click('[data-testid="answer-connect"]');
  await host.waitForSelector('[data-testid="link-status"][data-state="connected"]', { timeout: 15_000 });
  await guest.waitForSelector('[data-testid="link-status"][data-state="connected"]', { timeout: 15_000 });
  const connectMs = Number(await host.getAttribute('[data-testid="connect-ms"]', 'data-ms'));
  assert.ok(connectMs >= 0 && connectMs < 15_000, `${connectMs}`);

  await guest.fill('[data-testid="say-input"]', 'hello from the guest');
  await guest.click('[data-testid="say-send"]');
  await host.waitForFunction(() => document.querySelector('[data-testid="said"]')?.textContent.includes('Them: hello from the guest'));

  console.log(`invitation_code_chars: ${code.length}`);
  console.log(`invitation_link_chars: ${invitation.length}`);
  console.log(`answer_code_chars: ${answer.length}`);
  console.log(`connect_ms_one_machine: ${connectMs}`);

  assertClean(host);
  assertClean(guestSetup);
  assert.deepEqual(guest.problems, []);
  // The guest leaves: the host says so at once.
  const left = Date.now();
  await guest.context().close();
  await host.waitForSelector('[data-testid="link-status"][data-state="lost"]', { timeout: 15_000 });
  console.log(`loss_reported_ms: ${Date.now() - left}`);
  assert.match(await host.textContent('[data-testid="link-status"]'), /Connection lost/);
  await host.context().close();
});

test('a fair deal of 15 cards, a measure\'s reshuffle and FUSION\'s 108 cards are timed on a phone-speed CPU', async () => {
  const page = await connectPage(`${site.url}/connect`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const times = [];
  const again = [];
  for (let i = 0; i < 3; i++) {
    await page.click('[data-testid="time-deal"]');
    await page.waitForFunction((n) => document.querySelector('[data-testid="deal-ms"]') && n-- >= 0, i);
    times.push(Number(await page.getAttribute('[data-testid="deal-ms"]', 'data-ms')));
    again.push(Number(await page.getAttribute('[data-testid="deal-ms"]', 'data-reshuffle-ms')));
  }
  times.sort((a, b) => a - b);
  again.sort((a, b) => a - b);
  console.log(`deal_15_cards_ms_cpu_x4_median: ${times[1]}`);
  console.log(`reshuffle_13_cards_ms_cpu_x4_median: ${again[1]}`);
  assert.ok(times[1] > 0, `${times}`);
  assert.ok(again[1] > 0, `${again}`);
  // FUSION's 108 cards between two devices and among five, same throttled CPU.
  const two = [];
  const five = [];
  for (let i = 0; i < 3; i++) {
    await page.click('[data-testid="time-big-deal"]');
    await page.waitForSelector(`[data-testid="big-deal-ms"][data-run="${i + 1}"]`, { timeout: 60_000 });
    two.push(Number(await page.getAttribute('[data-testid="big-deal-ms"]', 'data-two-ms')));
    five.push(Number(await page.getAttribute('[data-testid="big-deal-ms"]', 'data-five-ms')));
  }
  two.sort((a, b) => a - b);
  five.sort((a, b) => a - b);
  console.log(`deal_108_cards_two_devices_ms_cpu_x4_median: ${two[1]} (budget 1000)`);
  console.log(`deal_108_cards_five_devices_ms_cpu_x4_median: ${five[1]} (budget 3000)`);
  assert.ok(two[1] > 0 && five[1] > two[1], `two ${two}, five ${five}: five devices do more work than two`);
  assertClean(page);
  await page.context().close();
});
