// Runs before the home page is parsed (a classic script at the top of index.html's body):
// 1. Marks a page whose plain-HTML first paint is here, so it shows only at its own address (see
//    style/main.css, `#first-paint`): index.html holds the home page's, a rules page's own copy
//    its rules text (named by `<meta name="dojo-first-paint">`). Every other page waits for its
//    module.
// 2. Names the module that draws this address's page, for public/start.js: every page of the
//    site is one module, its only wasm (issue 43; see the README's "How pages are split"); an
//    address that is none of these is the shell's (home, not found). Which modules exist comes
//    from the build's list (`<meta name="dojo-assets">`), so this knows no game.
// 3. On a page answered with index.html itself (the service worker's copy, a host that knows no
//    `<page>/index.html`), asks at once for that module's files.
{
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  const own = document.querySelector('meta[name="dojo-first-paint"]')?.content;
  document.documentElement.classList.toggle('first-paint', path === (own ?? '/'));
}

(() => {
  /**
   * The pages that are a module of their own: address, module, the entry that draws the page,
   * and a module the build must also have for the address to be a page (a print page is one
   * for a game on the site, which has a rules module).
   */
  const PAGES = [
    [/^\/play\/([a-z0-9-]+)\/?$/, '$1-play', 'start_page'],
    [/^\/rules\/([a-z0-9-]+)\/?$/, '$1-rules', 'start_page'],
    [/^\/watch\/([a-z0-9-]+)\/?$/, '$1-rules', 'start_watch_page'],
    [/^\/lab\/([a-z0-9-]+)\/?$/, '$1-lab', 'start_page'],
    [/^\/print\/([a-z0-9-]+)\/?$/, 'print-page', 'start_page', '$1-rules'],
    [/^\/games\/?$/, 'history', 'start_page'],
    [/^\/connect\/?$/, 'remote', 'start_page'],
  ];
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? '';
  const path = window.location.pathname;
  const page = PAGES.find(([address]) => address.test(path));
  if (!page) return;
  const built = meta('dojo-assets').split(/\s+/).map((e) => e.split(':')).filter(([, hash]) => /^[0-9a-f]+$/.test(hash ?? ''));
  const named = (template) => built.find(([name]) => name === path.replace(page[0], template));
  const found = named(page[1]);
  if (!found || (page[3] && !named(page[3]))) return;
  const base = `/${found[0]}-${found[1]}`;
  document.documentElement.dataset.pageModule = base;
  document.documentElement.dataset.pageEntry = page[2];
  const ask = (href) => {
    // A page's own copy of index.html asks for its module in the head already.
    if (document.querySelector(`link[href="${href}"]`)) return;
    const link = document.createElement('link');
    if (href.endsWith('.wasm')) Object.assign(link, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', type: 'application/wasm' });
    else Object.assign(link, { rel: 'modulepreload', crossOrigin: 'anonymous' });
    link.href = href;
    document.head.append(link);
  };
  ask(`${base}.js`);
  ask(`${base}_bg.wasm`);
})();
