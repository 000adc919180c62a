// Trunk post-build hook (Trunk.toml runs it with TRUNK_STAGING_DIR set; it also takes the
// directory as its first argument). It finishes what Trunk leaves undone for this site:
//
// 1. Content hashes for lazily loaded code. Trunk names the pages and workers the site fetches
//    later after their binary (`taunt-play.js`, `taunt-play_bg.wasm`), so a deploy could leave a
//    browser with an old JS file and a new wasm file. Each such pair becomes
//    `NAME-HASH.js` / `NAME-HASH_bg.wasm`, HASH taken from both files, and the hashes are listed
//    in `<meta name="dojo-assets" content="NAME:HASH …">` for the code that loads them
//    (crates/assets). A worker's script also gets the one line that starts its wasm, so the
//    page can start it by URL instead of from a Blob.
// 2. No inline scripts. Trunk starts the app with an inline module script; it moves to its own
//    hashed file, so the Content-Security-Policy can allow scripts from the site only, and
//    public/start.js runs it on the pages that are not a module of their own (home, not found).
// 3. Every script minified (scripts/offline.mjs: Trunk's minifier skips the wasm-bindgen glue of
//    ES modules), and the service worker (public/sw.js) given the build's file list and version.
// 4. `_headers` for static hosts that read one, and `.br` / `.gz` beside every compressible file
//    (scripts/offline.mjs). scripts/static-server.mjs serves both, as such a host would.
// 5. A copy of index.html for each page that is a module of its own (a game's play, rules,
//    watch, lab and print pages, "Your games", the connection page) that asks for its module
//    in the head, not for the shell's files.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { completeServiceWorker, compressAll, minifyScripts, siteFiles, writeHeaders } from './offline.mjs';

/** Pairs whose script is a classic worker script (wasm-bindgen `no-modules`), not an ES module. */
const WORKERS = new Set(['print-preview', 'print-pdf']);

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) {
  console.error('post-build: no directory (set TRUNK_STAGING_DIR or pass one)');
  process.exit(1);
}
const indexPath = join(dir, 'index.html');
let html = readFileSync(indexPath, 'utf8');

const hashOf = (...buffers) => {
  const h = createHash('sha256');
  for (const b of buffers) h.update(b);
  return h.digest('hex').slice(0, 16);
};

// 1. Lazily loaded pairs: NAME.js + NAME_bg.wasm that the page does not load itself.
const listed = [];
for (const file of readdirSync(dir).sort()) {
  const match = /^(.+)_bg\.wasm$/.exec(file);
  if (!match || html.includes(file)) continue;
  const name = match[1];
  const jsFile = `${name}.js`;
  if (/-[0-9a-f]{16}$/.test(name) || !existsSync(join(dir, jsFile))) continue;
  let js = readFileSync(join(dir, jsFile));
  const wasm = readFileSync(join(dir, file));
  const hash = hashOf(js, wasm);
  const base = `${name}-${hash}`;
  if (WORKERS.has(name)) {
    js = Buffer.concat([js, Buffer.from(`\n;wasm_bindgen({ module_or_path: "./${base}_bg.wasm" });\n`)]);
  }
  writeFileSync(join(dir, `${base}.js`), js);
  renameSync(join(dir, file), join(dir, `${base}_bg.wasm`));
  // The unhashed names are gone: nothing may load them.
  unlinkSync(join(dir, jsFile));
  listed.push(`${name}:${hash}`);
}

// 1b. The printed card faces a play table uses (public/faces/<game>.svg, read by public/table.js)
//     get a content hash too, listed as `faces-<game>:HASH`: a face is a file the page uses by
//     its address, and under `no-cache` the browser asked for it and read the whole sprite again
//     each time a hand was drawn (150-300 ms of main thread on a slow phone, issue 43); hashed,
//     it is cached for good and read once per page.
const faces = join(dir, 'faces');
if (existsSync(faces)) {
  for (const file of readdirSync(faces).sort()) {
    const match = /^([a-z0-9-]+)\.svg$/.exec(file);
    if (!match) continue;
    const hash = hashOf(readFileSync(join(faces, file)));
    renameSync(join(faces, file), join(faces, `${match[1]}-${hash}.svg`));
    listed.push(`faces-${match[1]}:${hash}`);
  }
}

// 2. Inline scripts move to files (JSON data blocks stay: they do not run). Trunk's start of the
//    shell is not run by the page itself: public/start.js runs it, on every page but a play page,
//    which is its game's module alone (issue 43), so the file is named in a meta.
let boot = null;
html = html.replace(/<script((?:\s+[^>]*)?)>([\s\S]*?)<\/script>/g, (whole, attrs, body) => {
  if (/\bsrc=/.test(attrs) || body.trim() === '' || /application\/(ld\+)?json/.test(attrs)) return whole;
  const file = `boot-${hashOf(Buffer.from(body))}.js`;
  writeFileSync(join(dir, file), body.trim() + '\n');
  const module = /\btype=["']?module\b/.test(attrs);
  if (module && boot === null && /TrunkApplicationStarted/.test(body)) {
    boot = `/${file}`;
    return `<meta name="dojo-boot" content="${boot}"><script type="module" src="/start.js"></script>`;
  }
  return `<script${module ? ' type="module"' : ''} src="/${file}"></script>`;
});
if (boot === null) {
  console.error("post-build: Trunk's start-up script was not found in index.html");
  process.exit(1);
}

const meta = `<meta name="dojo-assets" content="${listed.join(' ')}">`;
html = html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : html.replace(/<title>/, `${meta}<title>`);
writeFileSync(indexPath, html);
console.log(`post-build: hashed ${listed.join(', ') || 'nothing'}; inline scripts moved to files`);

// 5. Each page that is a module of its own has its own copy of index.html, `<page>/index.html`
//    (static hosts and scripts/static-server.mjs answer `/rules/taunt` with it): its head asks
//    for the page's module at once instead of the shell's files, which such a page does not
//    run. The pages are those public/route.js starts with a module (a unit test in
//    tests/e2e/routes.test.mjs checks every one is served this way).
const withoutShell = html.replace(/<link\b[^>]*>/g, (link) => {
  const href = /\bhref=["']?([^"' >]+)/.exec(link)?.[1] ?? '';
  const shell = /^\/(pocket-dojo-[0-9a-f]+(_bg\.wasm|\.js)|snippets\/pocket-dojo-)/.test(href);
  return /\brel=["']?(modulepreload|preload)\b/.test(link) && shell ? '' : link;
});
const hashes = new Map(listed.map((entry) => entry.split(':')));
const games = [...hashes.keys()].map((name) => /^([a-z0-9-]+)-rules$/.exec(name)?.[1]).filter(Boolean);
/** Every page of its own: its address (without the leading slash) and its module. */
const ownPages = [
  ...games.flatMap((game) => [
    [`play/${game}`, `${game}-play`],
    [`rules/${game}`, `${game}-rules`],
    [`watch/${game}`, `${game}-rules`],
    [`lab/${game}`, `${game}-lab`],
    [`print/${game}`, 'print-page'],
  ]),
  ['games', 'history'],
  ['connect', 'remote'],
];
// A page whose plain-HTML first paint the repository keeps (`public/first-paint/<kind>-<game>.html`,
// written by a unit test: a rules page's text) shows it in place of the home page's, named in a
// meta for public/route.js; the files themselves are not part of the site.
const FIRST_PAINT = /<div id="?first-paint"?>[\s\S]*?<\/footer>\s*<\/div>/;
if (!FIRST_PAINT.test(withoutShell)) {
  console.error("post-build: index.html's first paint (#first-paint) was not found");
  process.exit(1);
}
const paints = join(dir, 'first-paint');
let pages = 0;
let painted = 0;
for (const [address, name] of ownPages) {
  const hash = hashes.get(name);
  if (!hash) continue;
  let head = `<link rel="modulepreload" crossorigin href="/${name}-${hash}.js"><link rel="preload" as="fetch" type="application/wasm" crossorigin href="/${name}-${hash}_bg.wasm">`;
  let page = withoutShell;
  const paint = join(paints, `${address.replace('/', '-')}.html`);
  if (existsSync(paint)) {
    head += `<meta name="dojo-first-paint" content="/${address}">`;
    const body = readFileSync(paint, 'utf8');
    page = page.replace(FIRST_PAINT, () => `<div id="first-paint">${body}</div>`);
    painted += 1;
  }
  mkdirSync(join(dir, address), { recursive: true });
  writeFileSync(join(dir, address, 'index.html'), page.replace('</head>', `${head}</head>`));
  pages += 1;
}
rmSync(paints, { recursive: true, force: true });
console.log(`post-build: ${pages} pages of their own, each with its module asked for in the head, ${painted} with a first paint of their own`);

// Every script is minified (the workers started from a script keep their top-level names), then
// the service worker is completed from the final files and minified in turn.
const scripts = siteFiles(dir).filter((path) => path.endsWith('.js'));
const classic = new Set([...WORKERS].flatMap((name) => listed.filter((e) => e.startsWith(`${name}:`)).map((e) => `/${name}-${e.split(':')[1]}.js`)));
const saved = await minifyScripts(dir, scripts, classic);
const worker = completeServiceWorker(dir);
const savedWorker = await minifyScripts(dir, ['/sw.js'], new Set(['/sw.js']));
console.log(`post-build: scripts minified, ${saved + savedWorker} bytes saved`);
console.log(`post-build: sw.js version ${worker.version}, ${worker.files} files, ${worker.shell} in the shell`);
const rules = writeHeaders(dir);
console.log(`post-build: _headers with ${rules} rules`);
const packed = compressAll(dir);
console.log(`post-build: ${packed.files} files precompressed (brotli ${packed.br} bytes, gzip ${packed.gz} bytes) in ${packed.ms} ms`);
