// /print/taunt: the TAUNT kit previews and downloads in the browser, with every move, fighter
// and track in the file. Prints the kit's figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useSite, openPage, assertClean, ARTIFACTS } from './harness.mjs';

const site = useSite();

test('the TAUNT kit previews, switches pages, and downloads with every piece', async () => {
  const page = await openPage(site.browser, `${site.url}/print/taunt`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  const label = await page.textContent('[data-testid="sheet-label"]');
  const pages = Number(label.match(/of (\d+)/)[1]);
  assert.ok(pages >= 15, `a full kit has many pages: ${label}`);
  await page.screenshot({ path: join(ARTIFACTS, 'print-taunt.png'), fullPage: true });
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="download"]')]);
  const wall = Date.now() - started;
  const path = join(ARTIFACTS, download.suggestedFilename());
  await download.saveAs(path);
  const bytes = await readFile(path);
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  const info = execFileSync('pdfinfo', [path]).toString();
  assert.match(info, new RegExp(`Pages:\\s+${pages}\\b`), 'the file has the pages the preview announced');
  const text = execFileSync('pdftotext', [path, '-']).toString();
  for (const name of ['Block', 'Counter', 'Run', 'Punch', 'Grab', 'Shoot', 'TeaShot', 'Kick', 'Charge', 'Heal', 'TAUNT', 'Mooshmere', 'Wollypobber', 'Tuggle', 'TeaBot', 'Tremble', 'DANGER TRACK 20', 'DANGER TRACK 25', 'DANGER TRACK 30', 'LEFT DOJO']) {
    assert.ok(text.includes(name), `${name} missing from the PDF`);
  }
  assert.ok(!text.includes('?'), 'no character fell back to "?"');
  console.log(`pdf_taunt_kit_bytes_browser: ${bytes.length}`);
  console.log(`pdf_taunt_kit_pages: ${pages}`);
  console.log(`pdf_taunt_kit_ms_first_browser: ${wall}`);
  assertClean(page);
  await page.context().close();
});

test('every other way to play can be ticked, previewed, shared and downloaded', async () => {
  const page = await openPage(site.browser, `${site.url}/print/taunt`);
  await page.waitForSelector('[data-testid="sheet"] svg', { timeout: 20_000 });
  const basic = Number((await page.textContent('[data-testid="sheet-label"]')).match(/of (\d+)/)[1]);
  for (const mode of ['ffa', 'last-pobber', 'team', 'monsters', 'wampires']) await page.check(`[data-testid="mode-${mode}"]`);
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="sheet-label"]')?.textContent.match(/of (\d+)/)?.[1]) > n, basic, {
    timeout: 20_000,
  });
  // The choice travels in the page's address, so a shared link prints the same kit.
  assert.match(page.url(), /modes=/);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('[data-testid="download"]')]);
  const path = join(ARTIFACTS, 'taunt-modes.pdf');
  await download.saveAs(path);
  const pages = Number(execFileSync('pdfinfo', [path]).toString().match(/Pages:\s+(\d+)/)[1]);
  assert.ok(pages > basic, `the PDF has ${pages} pages, no more than the ${basic} of the basic kit`);
  // The preview redraws once per ticked mode: it settles on the PDF's page count.
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="sheet-label"]')?.textContent.match(/of (\d+)/)?.[1]) === n, pages, {
    timeout: 20_000,
  });
  const fonts = execFileSync('pdffonts', [path]).toString().split('\n').slice(2).filter((l) => l.trim());
  assert.ok(fonts.length > 0 && fonts.every((l) => /\byes\s+yes\s+yes\b/.test(l)), `fonts embedded and subset: ${fonts.join(' | ')}`);
  const text = execFileSync('pdftotext', [path, '-']).toString();
  for (const words of ['Switch-Higher', 'Switch-Lower', 'WAMPIRE BLOOD', 'D6']) assert.ok(text.includes(words), `${words} missing from the PDF`);
  assert.ok(!text.includes('?'), 'no character fell back to "?"');
  console.log(`pdf_taunt_kit_all_modes_pages: ${pages}`);
  assertClean(page);
  await page.context().close();
});
