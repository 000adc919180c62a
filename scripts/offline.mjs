// The build steps that make dist/ ready for a static host and for offline play, run by
// scripts/post-build.mjs on Trunk's staging directory once every file has its final name:
// - completeServiceWorker: sw.js learns the build's files, which of them the first page loads
//   (the shell) and a version that changes whenever any file does;
// - writeHeaders: `_headers` (the file Netlify and Cloudflare Pages read) with the
//   Content-Security-Policy as a header plus frame-ancestors, nosniff, the referrer policy and
//   the cache rules: immutable for content-hashed files, revalidate for the rest;
// - compressAll: brotli and gzip copies beside every compressible file, for hosts (and
//   scripts/static-server.mjs) that serve precompressed files;
// - minifyScripts: every script made smaller with terser (Trunk's own minifier gives up on the
//   wasm-bindgen glue of ES modules and leaves them whole), the page's integrity attributes
//   updated to match.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { minify } from 'terser';

/** A file whose name carries its content's hash (Trunk's `NAME-HASH.ext`, post-build's pairs). */
export const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z0-9]+$/;
/** What a page never asks for: the headers file, the worker itself and the compressed copies. */
const NOT_SITE = /^(_headers|sw\.js|.*\.(br|gz))$/;
/** Types worth compressing. */
const COMPRESSIBLE = /\.(html|js|mjs|wasm|css|svg|md|json|webmanifest|txt|ttf)$/;

/** Every file under `dir` as a site path (`/index.html`, `/text/punish/rules.md`), sorted. */
export function siteFiles(dir) {
  const out = [];
  const walk = (sub) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '.stage') walk(rel);
      } else if (!NOT_SITE.test(entry.name)) {
        out.push(`/${rel}`);
      }
    }
  };
  walk('');
  return out.sort();
}

/** The first download: index.html, what it names, and what those scripts import, repeated. */
function shellFiles(dir, files) {
  const shell = new Set(['/index.html']);
  let grew = true;
  while (grew) {
    grew = false;
    for (const path of files) {
      if (shell.has(path)) continue;
      const name = new RegExp(`["'=/ ]${path.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(["' >?#]|$)`, 'm');
      const named = [...shell].some((from) => /\.(html|js)$/.test(from) && name.test(readFileSync(join(dir, from), 'utf8')));
      if (named) {
        shell.add(path);
        grew = true;
      }
    }
  }
  return [...shell].sort();
}

/**
 * Fills in sw.js's VERSION, FILES and SHELL; returns what it wrote. FILES runs smallest first,
 * the order the worker fetches them in: every game's module is kept before the PDF worker.
 */
export function completeServiceWorker(dir) {
  const byName = siteFiles(dir);
  const hash = createHash('sha256');
  for (const path of byName) hash.update(path).update('\0').update(readFileSync(join(dir, path))).update('\0');
  const version = hash.digest('hex').slice(0, 16);
  const shell = shellFiles(dir, byName);
  const size = (path) => statSync(join(dir, path)).size;
  const files = [...byName].sort((a, b) => size(a) - size(b) || a.localeCompare(b));
  const swPath = join(dir, 'sw.js');
  let sw = readFileSync(swPath, 'utf8');
  const fills = [
    [/^const VERSION = .*;$/m, `const VERSION = ${JSON.stringify(version)};`],
    [/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(files)};`],
    [/^const SHELL = .*;$/m, `const SHELL = ${JSON.stringify(shell)};`],
  ];
  for (const [line, filled] of fills) {
    if (!line.test(sw)) throw new Error(`post-build: sw.js has no line matching ${line}`);
    sw = sw.replace(line, filled);
  }
  writeFileSync(swPath, sw);
  return { version, files: files.length, shell: shell.length };
}

/** Reads `&…;` entities that an HTML minifier may leave in an attribute. */
function unescapeAttribute(text) {
  return text.replace(/&(#39|apos|quot|amp|lt|gt);/g, (_, name) => ({ '#39': "'", apos: "'", quot: '"', amp: '&', lt: '<', gt: '>' })[name]);
}

/**
 * The `Link` header value naming what page `html` preloads in its head (its module's script and
 * wasm: `<link rel="modulepreload">`, `<link rel="preload">`), the wasm first, or '' if nothing.
 */
export function preloadHeader(html) {
  const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));
  const links = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/gi)) {
    const attr = (name) => new RegExp(`\\s${name}(?:=(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(tag);
    const value = (name) => {
      const m = attr(name);
      return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
    };
    const rel = value('rel');
    const href = value('href');
    if (!href || !/^\/[^\s<>,;]*$/.test(href) || (rel !== 'modulepreload' && rel !== 'preload')) continue;
    const parts = [`<${href}>`, `rel=${rel}`];
    if (value('as')) parts.push(`as=${value('as')}`);
    if (value('type')) parts.push(`type="${value('type')}"`);
    if (attr('crossorigin')) parts.push('crossorigin');
    links.push({ wasm: href.endsWith('.wasm'), text: parts.join('; ') });
  }
  return links.sort((a, b) => b.wasm - a.wasm).map((l) => l.text).join(', ');
}

/** Writes `_headers`; returns how many path rules it holds. */
export function writeHeaders(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  // The meta tag, in whatever order a minifier left its attributes.
  const tag = [...html.matchAll(/<meta\b[^>]*>/gi)].map((m) => m[0]).find((t) => /http-equiv=["']?Content-Security-Policy\b/i.test(t));
  const content = tag && /\bcontent=(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  if (!content) throw new Error('post-build: index.html has no Content-Security-Policy meta tag');
  // The same policy as the page's meta tag, plus what only a header can say.
  const csp = `${unescapeAttribute(content[1] ?? content[2]).replace(/;\s*$/, '')}; frame-ancestors 'none'`;
  const lines = [
    '# Written by scripts/post-build.mjs for static hosts that read a _headers file (Netlify,',
    '# Cloudflare Pages); scripts/static-server.mjs serves the same. Every path gets the security',
    '# headers; a content-hashed file never changes (immutable); every other file revalidates.',
    '/*',
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: no-referrer',
    '  Cross-Origin-Opener-Policy: same-origin',
  ];
  let rules = 1;
  const rule = (path, cache, ...more) => {
    lines.push(path, `  Cache-Control: ${cache}`, ...more.map((header) => `  ${header}`));
    rules += 1;
  };
  rule('/', 'no-cache');
  // The service worker's script is looked up on every visit: it must never be stale.
  rule('/sw.js', 'no-cache');
  for (const path of siteFiles(dir)) {
    // A page of its own (`/play/punish/index.html`) is asked for by its address. Its module is
    // named in a Link header too, so the browser asks for it as soon as the answer's headers
    // arrive, before it has parsed the page (on the slow phone the wasm then starts about 130 ms
    // sooner; Cloudflare Pages also sends such a header on as an Early Hint).
    const page = /^(\/.+)\/index\.html$/.exec(path)?.[1];
    if (page) {
      const link = preloadHeader(readFileSync(join(dir, path), 'utf8'));
      const more = link ? [`Link: ${link}`] : [];
      rule(path, 'no-cache', ...more);
      rule(page, 'no-cache', ...more);
      rule(`${page}/`, 'no-cache', ...more);
    } else {
      rule(path, HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
  }
  writeFileSync(join(dir, '_headers'), `${lines.join('\n')}\n`);
  return rules;
}

/** Writes NAME.br and NAME.gz beside every compressible file they make smaller. */
export function compressAll(dir) {
  const start = Date.now();
  let files = 0;
  let br = 0;
  let gz = 0;
  for (const path of [...siteFiles(dir), '/sw.js']) {
    if (!COMPRESSIBLE.test(path)) continue;
    const full = join(dir, path);
    const body = readFileSync(full);
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: statSync(full).size,
        [constants.BROTLI_PARAM_MODE]: path.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    if (gzip.length >= body.length) continue;
    writeFileSync(`${full}.gz`, gzip);
    gz += gzip.length;
    if (brotli.length < gzip.length) {
      writeFileSync(`${full}.br`, brotli);
      br += brotli.length;
    }
    files += 1;
  }
  return { files, br, gz, ms: Date.now() - start };
}

/**
 * Minifies the scripts at `paths` in place: `classic` ones (workers started from a script, the
 * service worker) keep their top-level names; the rest are ES modules. Then every
 * `integrity="sha384-…"` in index.html that names a changed file is computed again. Returns the
 * bytes saved.
 */
export async function minifyScripts(dir, paths, classic = new Set()) {
  let saved = 0;
  const changed = new Set();
  for (const path of paths) {
    const full = join(dir, path);
    const source = readFileSync(full, 'utf8');
    const module = !classic.has(path);
    const out = await minify(source, { module, compress: true, mangle: true, format: { comments: false } });
    if (out.code === undefined || out.code.length >= source.length) continue;
    writeFileSync(full, out.code);
    saved += source.length - out.code.length;
    changed.add(path);
  }
  const indexPath = join(dir, 'index.html');
  const html = readFileSync(indexPath, 'utf8').replace(/<(script|link)\b[^>]*>/g, (tag) => {
    const src = /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1];
    if (!src || !changed.has(src) || !/\bintegrity=/.test(tag)) return tag;
    const digest = createHash('sha384').update(readFileSync(join(dir, src))).digest('base64');
    return tag.replace(/\bintegrity=(?:"[^"]*"|'[^']*'|[^\s>]+)/, `integrity="sha384-${digest}"`);
  });
  writeFileSync(indexPath, html);
  return saved;
}
