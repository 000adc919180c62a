// Smoke test: the built site (dist/) mounts without errors.
import { test } from 'node:test';
import { useSite, openPage, assertClean } from './harness.mjs';

const site = useSite();

test('home page mounts cleanly', async () => {
  const page = await openPage(site.browser, `${site.url}/`);
  await page.waitForSelector('[data-testid="app-ready"]', { timeout: 15_000 });
  assertClean(page);
  await page.context().close();
});
