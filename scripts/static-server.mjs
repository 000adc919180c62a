// The site's one static server: README command 1 (`scripts/serve.sh`) serves the release build
// with it, and the browser tests (`tests/e2e/harness.mjs`) serve the same build with the same
// code, so what a newcomer opens is what the tests test. It serves files as they are (no
// live-reload client is injected, unlike `trunk serve`), with an SPA fallback for deep links.
//
// As a program: `node scripts/static-server.mjs [--root dist] [--address 127.0.0.1] [--port 8080]`
// prints `serving DIR at URL` and serves until stopped. `--port 0` takes any free port.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
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
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, pathname));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if (!(await isFile(file))) {
        if (await isFile(join(file, 'index.html'))) file = join(file, 'index.html');
        else if (extname(pathname) === '') file = join(base, 'index.html');
        else {
          res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${pathname}`);
          return;
        }
      }
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      // A malformed URL (bad percent-encoding) is the client's fault; anything else is ours.
      const status = err instanceof URIError ? 400 : 500;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(String(err));
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
