// Starts the page (index.html's only module script besides early.js). Every page of the site is
// one module that draws the whole page, so the page holds one copy of the UI runtime (issue 43;
// see the README's "How pages are split"): public/route.js has named it (`data-page-module`,
// `data-page-entry` on the document) from the address. Any other address is the shell's (the
// home page, the not-found page), whose start-up file the build names in `<meta name="dojo-boot">`.

/**
 * Says in the page that it could not start, with the way out. A first paint that is this page's
 * own (a rules page's text, a play page's title) stays; another page's (the home page's) goes.
 */
function failed(what) {
  if (!document.documentElement.classList.contains('first-paint')) document.getElementById('first-paint')?.remove();
  const note = document.createElement('p');
  note.className = 'error';
  note.setAttribute('role', 'alert');
  note.textContent = `This page could not be loaded (${what}). Check the connection and reload.`;
  // In place of the first paint's "Getting … ready" line, if it has one.
  const promise = document.querySelector('#first-paint [role="status"]');
  if (promise) promise.replaceWith(note);
  else document.body.append(note);
}

const { pageModule: base, pageEntry: entry } = document.documentElement.dataset;
if (base && /^\/[a-z0-9-]+-[0-9a-f]+$/.test(base) && /^start_[a-z_]+$/.test(entry ?? '')) {
  try {
    const module = await import(`${base}.js`);
    await module.default({ module_or_path: `${base}_bg.wasm` });
    module[entry]();
  } catch (error) {
    failed(String(error?.message ?? error).slice(0, 120));
  }
} else {
  const boot = document.querySelector('meta[name="dojo-boot"]')?.content;
  if (boot && /^\/boot-[0-9a-f]+\.js$/.test(boot)) await import(boot);
  else failed('the build names no start-up file');
}
