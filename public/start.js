// Starts the page (index.html's only module script besides early.js). A play page,
// `/play/<game>`, is its game's play module alone: the module draws the whole page, so the page
// holds one copy of the UI runtime, not the shell's and the module's (issue 43; see the README's
// "How pages are split"). Every other page starts the shell, whose start-up file the build names
// in `<meta name="dojo-boot">`. Which games have a play module comes from the build's list
// (`<meta name="dojo-assets">`), so this knows no game.

/** The play module's name and hash for the address `path`, or null. */
function playModule(path) {
  const route = /^\/play\/([a-z0-9-]+)\/?$/.exec(path);
  if (!route) return null;
  const list = document.querySelector('meta[name="dojo-assets"]')?.content ?? '';
  const entry = list
    .split(/\s+/)
    .map((item) => item.split(':'))
    .find(([name, hash]) => name === `${route[1]}-play` && /^[0-9a-f]+$/.test(hash ?? ''));
  return entry ? { name: entry[0], hash: entry[1] } : null;
}

/** Says in the page that it could not start, with the way out. */
function failed(what) {
  document.getElementById('first-paint')?.remove();
  const note = document.createElement('p');
  note.className = 'error';
  note.setAttribute('role', 'alert');
  note.textContent = `This page could not be loaded (${what}). Check the connection and reload.`;
  document.body.append(note);
}

const play = playModule(window.location.pathname);
if (play) {
  try {
    const module = await import(`/${play.name}-${play.hash}.js`);
    await module.default({ module_or_path: `/${play.name}-${play.hash}_bg.wasm` });
    module.start_page();
  } catch (error) {
    failed(String(error?.message ?? error).slice(0, 120));
  }
} else {
  const boot = document.querySelector('meta[name="dojo-boot"]')?.content;
  if (boot && /^\/boot-[0-9a-f]+\.js$/.test(boot)) await import(boot);
  else failed('the build names no start-up file');
}
