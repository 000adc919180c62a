// Draws the app icon's PNG sizes (public/icon-192.png, public/icon-512.png) from public/icon.svg
// with the system Chromium. The PNGs are committed; run this again after changing the SVG:
// `node scripts/icons.mjs`.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './static-server.mjs';
import { launchBrowser } from '../tests/e2e/harness.mjs';

const svg = await readFile(join(REPO, 'public', 'icon.svg'), 'utf8');
const browser = await launchBrowser();
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const data = Buffer.from(svg).toString('base64');
    await page.setContent(`<style>*{margin:0}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml;base64,${data}">`);
    await page.waitForFunction(() => document.querySelector('img').complete);
    await writeFile(join(REPO, 'public', `icon-${size}.png`), await page.screenshot({ omitBackground: false }));
    await page.close();
    console.log(`icons: public/icon-${size}.png`);
  }
} finally {
  await browser.close();
}
