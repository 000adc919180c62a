// Ad-hoc (not committed): games per second of longer browser lab runs, for the closing note.
import { test } from 'node:test';
import { useSite, openPage } from './harness.mjs';
const site = useSite();
const RUNS = [
  ['punish', '#sides=0.1.2.3.4.5.6&games=60&levels=easy.easy&seed=1&seats=2'],
  ['fusion', '#sides=0.1.2.3.4.5&games=400&levels=easy.easy&seed=1&seats=3'],
  ['rumble', '#sides=' + [...Array(45).keys()].join('.') + '&games=120&levels=easy.easy&seed=1&seats=4'],
  ['dragon-punch', '#sides=0.1.2.3.4.5&games=20&levels=easy.easy&seed=1&seats=2'],
  ['taunt', '#sides=0.1.2.3.4&games=10&levels=easy.easy&seed=1&seats=2'],
  ['taunt', '#sides=0.1.2.3.4&games=30&levels=easy.easy&seed=1&seats=4'],
];
test('rates', async () => {
  for (const [game, hash] of RUNS) {
    const page = await openPage(site.browser, `${site.url}/lab/${game}${hash}`);
    await page.waitForSelector('[data-testid="lab-run"]', { timeout: 30_000 });
    await page.click('[data-testid="lab-run"]');
    await page.waitForSelector('[data-testid="lab-progress"][data-state="done"]', { timeout: 600_000 });
    console.log(game, hash.match(/seats=\d/)[0], await page.textContent('[data-testid="lab-rate"]'));
    await page.context().close();
  }
});
