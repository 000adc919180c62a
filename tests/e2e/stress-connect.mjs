// A manual stress check, not run by CI (its name does not end in .test.mjs): three devices
// connect for a four-fighter Free-for-All again and again, and every guest must start the
// match. A hello sent before the other side's channel reported open used to be lost under
// load, leaving that guest waiting forever; this found it within 20 rounds with four busy
// loops beside it:
//
//   for i in 1 2 3 4; do timeout 900 sh -c 'while :; do :; done' & done
//   ROUNDS=40 node --test --test-reporter=spec tests/e2e/stress-connect.mjs
//
// Each round prints whether every device showed its first choice, and what each device held
// when one did not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { threeDevices } from './friends.mjs';

const site = useSite();

test('three devices connect and every guest starts, round after round', async () => {
  for (let round = 0; round < Number(process.env.ROUNDS ?? 30); round++) {
    const { host, friends } = await threeDevices(site);
    let ok = true;
    for (const [i, page] of [host, ...friends].entries()) {
      const got = await page.waitForSelector('[data-testid="pick"]', { timeout: 20_000 }).then(() => true, () => false);
      if (!got) {
        ok = false;
        for (const [j, p] of [host, ...friends].entries()) {
          const dump = await p.evaluate(() => ({
            journal: localStorage.getItem('dojo-friend-taunt'),
            states: [...document.querySelectorAll('[data-testid="link-status"]')].map((e) => e.dataset.state + ':' + e.textContent),
            body: document.querySelector('main')?.innerText.slice(0, 400),
          }));
          console.log(`ROUND ${round} DEVICE ${j} (stuck ${i})`, JSON.stringify(dump, null, 1), p.problems);
        }
        break;
      }
    }
    console.log(`round ${round}: ${ok}`);
    for (const page of [host, ...friends]) await page.context().close();
    assert.ok(ok, `round ${round}: a device never showed its first choice`);
  }
});
