// Runs before the home page is parsed (a classic script at the top of index.html's body):
// 1. Marks the home page, so the plain-HTML home page that index.html holds for a first visit
//    shows only at `/` (see style/main.css, `#first-paint`). Every other address waits for the
//    app as before.
// 2. On a play page answered with index.html itself (the service worker's copy, a host that
//    knows no `play/<game>/index.html`), asks at once for the game's module, which
//    public/start.js starts there.
document.documentElement.classList.toggle('at-home', window.location.pathname === '/');

(() => {
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? '';
  const ask = (href) => {
    // A play page's own copy of index.html asks for its module in the head already.
    if (document.querySelector(`link[href="${href}"]`)) return;
    const link = document.createElement('link');
    if (href.endsWith('.wasm')) Object.assign(link, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', type: 'application/wasm' });
    else Object.assign(link, { rel: 'modulepreload', crossOrigin: 'anonymous' });
    link.href = href;
    document.head.append(link);
  };
  const route = /^\/play\/([a-z0-9-]+)\/?$/.exec(window.location.pathname);
  const play = route && meta('dojo-assets').split(/\s+/).map((e) => e.split(':')).find(([name]) => name === `${route[1]}-play`);
  if (play && /^[0-9a-f]+$/.test(play[1] ?? '')) {
    ask(`/${play[0]}-${play[1]}.js`);
    ask(`/${play[0]}-${play[1]}_bg.wasm`);
  }
})();
