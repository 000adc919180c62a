// Smoke test: the built site (dist/) mounts without errors.
import { test, before, after } from 'node:test';
import { startServer, launchBrowser, openPage, assertClean } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('home page mounts cleanly', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.waitForSelector('[data-testid="app-ready"]', { timeout: 15_000 });
  assertClean(page);
  await page.context().close();
});
