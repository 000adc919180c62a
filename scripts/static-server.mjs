// The site's one static server: README command 1 (`scripts/serve.sh`) serves the release build
// with it, and the browser tests (`tests/e2e/harness.mjs`) serve the same build with the same
// code, so what a newcomer opens is what the tests test. It serves files as they are (no
// live-reload client is injected, unlike `trunk serve`), with an SPA fallback for deep links,
// and behaves as a static host would:
// - the headers are those of the build's `_headers` file (scripts/post-build.mjs writes it for
//   hosts that read one: the Content-Security-Policy with frame-ancestors, nosniff, the referrer
//   policy and the cache rules), so command 1 serves with the same headers a host would send;
// - a client that accepts brotli or gzip gets the precompressed `.br` / `.gz` file the build
//   put beside the original (gzip made on the fly where there is none).
//
// As a program: `node scripts/static-server.mjs [--root dist] [--address 127.0.0.1] [--port 8080]`
// prints `serving DIR at URL` and serves until stopped. `--port 0` takes any free port.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where `trunk build` writes the site. */
export const DIST = join(REPO, 'dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Types worth compressing on the fly when the build left no `.gz` beside the file. */
const COMPRESSIBLE = /^(text\/|application\/(wasm|json|manifest))|image\/svg/;

/**
 * The rules of a `_headers` file (the format Netlify and Cloudflare Pages read): a line with no
 * indent is a path pattern (`*` matches any run of characters), the indented `Name: value` lines
 * under it are the headers for paths that match. `#` starts a comment.
 * @returns {{pattern: RegExp, headers: [string, string][]}[]}
 */
export function parseHeaders(text) {
  const rules = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!m || rules.length === 0) throw new Error(`_headers: cannot read the line '${line.trim()}'`);
    rules.at(-1).headers.push([m[1].toLowerCase(), m[2]]);
  }
  return rules;
}

/** The headers `rules` give `pathname`: every matching rule's, a repeated name joined by commas. */
export function headersFor(rules, pathname) {
  const out = {};
  for (const { pattern, headers } of rules) {
    if (!pattern.test(pathname)) continue;
    for (const [name, value] of headers) out[name] = name in out ? `${out[name]}, ${value}` : value;
  }
  return out;
}

/** The encodings a request's Accept-Encoding allows (q=0 refuses one). */
function accepted(req) {
  const out = new Set();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) out.add(name);
  }
  return out;
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serve `root` (default dist/) on `address`:`port` (default 127.0.0.1 and a free port). Unknown
 * paths without a file extension answer index.html (SPA fallback); unknown files are 404.
 * @returns {Promise<{url: string, close: () => Promise<void>}>} url has no trailing slash.
 */
export async function startServer(root = DIST, { address = '127.0.0.1', port = 0 } = {}) {
  const base = resolve(root);
  if (!(await isFile(join(base, 'index.html')))) {
    throw new Error(`${base}/index.html missing: run \`trunk build --release\` first`);
  }
  // Read on each request, so a test can put a second build in place of the first.
  const rules = async () => ((await isFile(join(base, '_headers'))) ? parseHeaders(await readFile(join(base, '_headers'), 'utf8')) : []);
  const zipped = new Map();
  // An error answers with the headers every path gets (the security headers of `/*`), never
  // cached: a refused or missing file is no less a page of the site.
  const failure = async (res, status, text) => {
    const site = headersFor(await rules().catch(() => []), '/\0');
    res.writeHead(status, { ...site, 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(text);
  };
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, pathname));
      if (file !== base && !file.startsWith(base + sep)) {
        await failure(res, 403, 'forbidden');
        return;
      }
      const hidden = pathname === '/_headers';
      if (hidden || !(await isFile(file))) {
        if (await isFile(join(file, 'index.html'))) file = join(file, 'index.html');
        else if (extname(pathname) === '' && !hidden) file = join(base, 'index.html');
        else {
          await failure(res, 404, `not found: ${pathname}`);
          return;
        }
      }
      const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      const served = file === join(base, 'index.html') ? '/index.html' : pathname;
      const headers = { 'content-type': type, ...headersFor(await rules(), served) };
      if (!('cache-control' in headers)) headers['cache-control'] = 'no-store';
      let body;
      const encodings = accepted(req);
      if (encodings.has('br') && (await isFile(`${file}.br`))) {
        body = await readFile(`${file}.br`);
        headers['content-encoding'] = 'br';
      } else if (encodings.has('gzip') && (await isFile(`${file}.gz`))) {
        body = await readFile(`${file}.gz`);
        headers['content-encoding'] = 'gzip';
      } else if (encodings.has('gzip') && COMPRESSIBLE.test(type)) {
        const key = `${file}:${(await stat(file)).mtimeMs}`;
        if (!zipped.has(key)) zipped.set(key, gzipSync(await readFile(file)));
        body = zipped.get(key);
        headers['content-encoding'] = 'gzip';
      } else {
        body = await readFile(file);
      }
      headers['vary'] = 'Accept-Encoding';
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      // A malformed URL (bad percent-encoding) is the client's fault; anything else is ours.
      const status = err instanceof URIError ? 400 : 500;
      await failure(res, status, String(err)).catch(() => res.writeHead(status).end());
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, address, ok));
  const bound = server.address();
  return {
    url: `http://${address}:${bound.port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** `--name value` pairs from the command line. */
function options(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    const m = /^--(root|address|port)$/.exec(argv[i]);
    if (!m || i + 1 >= argv.length) {
      console.error(`static-server: unknown or incomplete option '${argv[i]}' (takes --root DIR, --address IP, --port N)`);
      process.exit(2);
    }
    out[m[1]] = argv[(i += 1)];
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = options(process.argv.slice(2));
  const port = Number(opts.port ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`static-server: --port takes a whole number from 0 to 65535, not '${opts.port}'`);
    process.exit(2);
  }
  try {
    const root = resolve(opts.root ?? DIST);
    const { url } = await startServer(root, { address: opts.address ?? '127.0.0.1', port });
    console.log(`serving ${root} at ${url}/`);
  } catch (err) {
    console.error(`static-server: ${err.message}`);
    process.exit(2);
  }
}
