// /print/punish: the print page loads its own wasm, previews a sheet, keeps settings in the
// address, and downloads a valid PDF made by the PDF worker. Prints the figures CI reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

/** Files the page fetched, by name, to check what loads when. */
function fetched(page) {
  const names = [];
  page.on('request', (req) => names.push(new URL(req.url()).pathname));
  return names;
}

async function downloadPdf(page, testid) {
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.click(`[data-testid="${testid}"]`)]);
  const wall = Date.now() - started;
  const path = join(ARTIFACTS, download.suggestedFilename());
  await download.saveAs(path);
  const bytes = await readFile(path);
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');
  assert.ok(bytes.subarray(-64).toString().includes('%%EOF'), 'the PDF is complete');
  return { path, bytes, wall, name: download.suggestedFilename() };
}

test('the site loads no print code until a print page is opened, and no PDF code until a download', async () => {
  const page = await openPage(site.browser);
  const names = fetched(page);
  await page.goto(`${site.url}/`);
  await page.waitForSelector('[data-testid="app-ready"]');
  assert.ok(!names.some((n) => n.includes('print')), `home fetched print files: ${names}`);
  await page.click('a[href="/print/punish"]');
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  // Lazily loaded code has content-hashed names (scripts/post-build.mjs).
  const hashed = (name) => new RegExp(`^/${name}-[0-9a-f]{16}_bg\\.wasm$`);
  assert.ok(names.some((n) => hashed('print-page').test(n)) && names.some((n) => hashed('print-preview').test(n)), `${names}`);
  assert.ok(!names.some((n) => /^\/print-(page|preview)(_bg\.wasm|\.js)$/.test(n)), 'no unhashed file is fetched');
  assert.ok(!names.some((n) => n.includes('print-pdf')), 'the PDF worker waits for a download');
  // Every page is a module of its own (issue 43): leaving and coming back is a page load, which
  // asks for the very same content-hashed module (answered by the browser's cache or the
  // service worker), and the rules page in between fetched no print code.
  const printCode = () => names.filter((n) => /^\/print-/.test(n)).length;
  const atPrint = printCode();
  await page.click('a[href="/rules/punish"]');
  await page.waitForSelector('[data-testid="rules-punish"] h1');
  assert.equal(printCode(), atPrint, 'the rules page fetched no print code');
  await page.click('a[href="/print/punish"]');
  await page.waitForSelector('[data-testid="sheet"] svg');
  const modules = names.filter((n) => hashed('print-page').test(n));
  assert.equal(modules.length, 2, `${modules}`);
  assert.equal(new Set(modules).size, 1, 'the same module both times');
  assertClean(page);
  await page.context().close();
});

test('a default kit downloads as a valid A4 PDF with every card, within budget', async () => {
  const page = await openPage(site.browser, `${site.url}/print/punish`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  assert.match(await page.textContent('[data-testid="sheet-label"]'), /Page 1 of 7: How to print/);
  const first = await downloadPdf(page, 'download');
  const done = await page.waitForSelector('[data-testid="pdf-done"]');
  const workerMs = Number(await done.getAttribute('data-ms'));
  // A second download reuses the loaded worker: that is the kit's own generation time.
  const second = await downloadPdf(page, 'download');
  const secondMs = Number(await (await page.waitForSelector('[data-testid="pdf-done"]')).getAttribute('data-ms'));
  const info = execFileSync('pdfinfo', [first.path]).toString();
  assert.match(info, /Page size:\s+595\.27\d? x 841\.89 pts/);
  assert.match(info, /Pages:\s+7/);
  const text = execFileSync('pdftotext', [first.path, '-']).toString();
  for (const name of ['GUARD', 'RUSH', 'DODGE', 'STRIKE', 'PUNISH', 'HEART', 'LOST']) assert.ok(text.includes(name), `${name} missing`);
  assert.ok(!text.includes('?'), 'no character fell back to "?"');
  console.log(`pdf_kit_bytes_browser: ${first.bytes.length}`);
  console.log(`pdf_kit_ms_first_browser: ${first.wall} (worker ${workerMs})`);
  console.log(`pdf_kit_ms_browser: ${second.wall} (worker ${secondMs})`);
  assertClean(page);
  await page.context().close();
});

test('opened from a link, a print page starts its preview worker alongside its module, not after it', async () => {
  const page = await openPage(site.browser);
  // A slow phone's network (as scripts/slow-phone.mjs), so that arriving and starting differ.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000 });
  await page.goto(`${site.url}/print/punish`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 30_000 });
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })));
  const find = (re) => entries.filter((e) => re.test(e.name));
  const workers = find(/^\/print-preview-[0-9a-f]+\.js$/);
  const module = find(/^\/print-page-[0-9a-f]+_bg\.wasm$/);
  assert.equal(workers.length, 1, `one preview worker: ${JSON.stringify(workers)}`);
  assert.equal(module.length, 1);
  assert.ok(workers[0].start < module[0].end, `the worker (from ${workers[0].start} ms) started before the module arrived (${module[0].end} ms)`);
  assertClean(page);
  await page.context().close();
});

test('settings change the preview, live in the address, and survive a shared link', async () => {
  const page = await openPage(site.browser, `${site.url}/print/punish`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  await page.selectOption('[data-testid="paper"]', 'letter');
  await page.selectOption('[data-testid="backs"]', 'short');
  await page.fill('[data-testid="dx"]', '-1.5');
  await page.press('[data-testid="dx"]', 'Enter');
  await page.check('[data-testid="ink"]');
  await page.waitForFunction(() => location.search.includes('ink=1'));
  const query = await page.evaluate(() => location.search);
  assert.equal(query, '?paper=letter&backs=short&ink=1&dx=-1.5');
  // The preview is a Letter page: 215.9 × 279.4 mm.
  await page.waitForFunction(() => document.querySelector('[data-testid="sheet"] svg')?.getAttribute('viewBox') === '0 0 215.9 279.4');
  // A shared link opens with the same settings; a bad part is reported, not fatal.
  const shared = await openPage(site.browser, `${site.url}/print/punish${query}&dy=abc`);
  await shared.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  assert.equal(await shared.inputValue('[data-testid="paper"]'), 'letter');
  assert.equal(await shared.inputValue('[data-testid="dx"]'), '-1.5');
  assert.ok(await shared.isChecked('[data-testid="ink"]'));
  assert.match(await shared.textContent('[data-testid="link-problems"]'), /'dy' must be millimetres/);
  // Folding on portrait paper fits fewer cards than landscape, and the page says so.
  await shared.selectOption('[data-testid="backs"]', 'fold');
  await shared.selectOption('[data-testid="paper"]', 'a4');
  await shared.waitForFunction(() => document.querySelector('[data-testid="per-sheet"]')?.textContent.includes('3 cards on a full sheet (4 if you turn the paper to landscape)'));
  await shared.selectOption('[data-testid="backs"]', 'short');
  await shared.selectOption('[data-testid="paper"]', 'letter');
  // An out-of-range number of copies shows what will print.
  await shared.fill('[data-testid="copies-hearts"]', '42');
  await shared.press('[data-testid="copies-hearts"]', 'Tab');
  assert.equal(await shared.inputValue('[data-testid="copies-hearts"]'), '9');
  await shared.fill('[data-testid="copies-hearts"]', '1');
  await shared.press('[data-testid="copies-hearts"]', 'Tab');
  // Step through the sheets with the keyboard-reachable buttons.
  await shared.click('text=Next ▶');
  await shared.waitForFunction(() => document.querySelector('[data-testid="sheet-label"]')?.textContent.startsWith('Page 2 of'));
  const alignment = await downloadPdf(shared, 'alignment');
  assert.match(execFileSync('pdfinfo', [alignment.path]).toString(), /Page size:\s+612 x 792 pts/);
  await page.screenshot({ path: join(ARTIFACTS, 'print-page.png'), fullPage: true });
  assertClean(page);
  assertClean(shared);
  await page.context().close();
  await shared.context().close();
});

test('a phone-sized screen can reach every control', async () => {
  const page = await openPage(site.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.url}/print/punish`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  for (const id of ['paper', 'backs', 'ink', 'copies-actions', 'download']) {
    await page.locator(`[data-testid="${id}"]`).scrollIntoViewIfNeeded();
    assert.ok(await page.isVisible(`[data-testid="${id}"]`), `${id} is not visible on a phone`);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'print-phone.png'), fullPage: true });
  assertClean(page);
  await page.context().close();
});
