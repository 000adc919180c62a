// What a play table adds in the page, for the games that ask for it: early.js loads this once a
// page shows an element marked `data-face` or `data-motion`. Knows no game: the marks come from
// the page.
//
// 1. Cards drawn from the printed kit. The print crate writes every card front the site shows as
//    SVG symbols, one file per game (public/faces/<game>.svg, by `UPDATE_FACES=1 cargo test -p
//    dojo-print faces`). A card element marked data-face="<game>#<card>" gets that printed front
//    first in it, drawn from that card's lines of the file alone, so the page holds no other card
//    of the set.
//    The element's own children stay, hidden from sight but not from screen readers, so the
//    card's text is still real text; until the file arrives (or if it never does) the card
//    shows them as before.
// 2. Motion that carries meaning. A value on a table marked `data-motion` (an element there with
//    an aria-label: hearts, health, a track, a meter) that changes from one drawing of the table
//    to the next pulses once; a fighter's panel marked `data-down` (knocked down, out) stays
//    tilted and grey, and falls there when it has just been knocked down. Both are short (under
//    400 ms), never hold up input, and do not move at all when the device asks for reduced motion.
// 3. Sound, off by default: a switch in the corner of a play or replay page with such a table
//    turns it on and is remembered. A card turning over on the reveal clicks, a changed value
//    thuds (a hit, in every game that marks its table), the end of a match rings. Made with Web
//    Audio, no files.

const STYLE = `
[data-face]>svg.face{display:block;width:100%;height:auto;aspect-ratio:63 / 88}
[data-face].face-shown:not([hidden]){display:block!important;position:relative;padding:0!important;border:0!important;background:none!important;min-height:0!important}
:where([data-face].face-shown)>:not(svg.face){position:absolute!important;width:1px!important;height:1px!important;overflow:hidden!important;clip-path:inset(50%)!important;white-space:nowrap!important;margin:0!important;padding:0!important}
.dojo-changed{animation:dojo-pulse 0.35s ease-out}
@keyframes dojo-pulse{40%{transform:scale(1.12);background-color:#ffe08a}}
[data-motion] [data-down]{transform:rotate(-1.5deg) translateY(3px);filter:grayscale(0.8);opacity:0.75}
.dojo-fell{animation:dojo-down 0.35s ease-in}
@keyframes dojo-down{from{transform:none;filter:none;opacity:1}}
@media (prefers-reduced-motion:reduce){.dojo-changed,.dojo-fell{animation:none}}
.sound-switch{display:block;margin:1rem 0.75rem 1rem auto;min-height:44px;padding:0.4rem 0.8rem;border:2px solid currentColor;border-radius:999px;background:#fff;color:#1f1f1f;font:inherit;font-weight:600;cursor:pointer}
.sound-switch:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
`;

// 1. Printed faces.

/**
 * The address of game `game`'s sprite: the build names it with a hash of its content
 * (`faces-<game>:<hash>` in `<meta name="dojo-assets">`, by scripts/post-build.mjs), so the
 * browser keeps it for good; without one (a build that did not hash it), the plain name.
 */
function spriteFile(game) {
  const listed = document.querySelector('meta[name="dojo-assets"]')?.content ?? '';
  const hash = listed.split(/\s+/).map((entry) => entry.split(':')).find(([name]) => name === `faces-${game}`)?.[1];
  return hash && /^[0-9a-f]+$/.test(hash) ? `/faces/${game}-${hash}.svg` : `/faces/${game}.svg`;
}

/** Game (`punish`) → the promise of its sprite's cards: card id → { viewBox, body }. */
const sprites = new Map();

/**
 * Reads game `game`'s sprite once (a failed fetch is tried again next time) into its cards, each
 * the markup of its `<symbol>` with the parts it shares with its family (`<use href="#fp…">`,
 * from `<defs>`) written out in place. The print crate writes one definition or symbol per line
 * (crates/print/src/faces.rs), so the file is read line by line, not parsed as a whole: a card is
 * parsed only when it is shown, and the page never holds a card it does not show.
 */
function sprite(game) {
  let loading = sprites.get(game);
  if (!loading) {
    const file = spriteFile(game);
    loading = fetch(file, { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`${file}: ${response.status}`);
        return response.text();
      })
      .then((text) => {
        const parts = new Map();
        const cards = new Map();
        for (const line of text.split('\n')) {
          const part = /^<g id="(fp[0-9]+-[0-9]+)">([\s\S]*)<\/g>$/.exec(line);
          if (part) parts.set(part[1], part[2]);
          const card = /^<symbol id="(face-[a-z0-9-]+)" viewBox="([0-9. ]+)">([\s\S]*)<\/symbol>$/.exec(line);
          if (!card) continue;
          const body = card[3]
            .replace(/<title>[^<]*<\/title>/, '')
            .replace(/<use href="#(fp[0-9]+-[0-9]+)"\/>/g, (_, id) => parts.get(id) ?? '');
          cards.set(card[1], { viewBox: card[2], body, drawn: null });
        }
        return cards;
      });
    loading.catch(() => sprites.delete(game));
    sprites.set(game, loading);
  }
  return loading;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The drawing of `card` (from `sprite`) as elements, made once and copied for every showing:
 * the page draws it like its own (it used to be a `<use>` of the file, which made the browser
 * lay out every card of the set at the first hand: 150-450 ms of main thread on a slow phone).
 */
function drawing(card) {
  if (!card.drawn) {
    const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG}">${card.body}</svg>`, 'image/svg+xml');
    const root = doc.documentElement;
    if (root.localName !== 'svg' || root.namespaceURI !== SVG || doc.querySelector('parsererror')) return null;
    const drawn = document.createDocumentFragment();
    for (const node of root.childNodes) drawn.append(document.importNode(node, true));
    card.drawn = drawn;
  }
  return card.drawn.cloneNode(true);
}

/** Shows the printed front `element` asks for, replacing one it showed before. */
function dress(element) {
  const wanted = element.dataset.face;
  if (element.dataset.faceShown === wanted) {
    // The page may write the element's class again when it redraws (PUNISH's hand after a
    // refused pick): the face stays, so its mark must come back or the text shows around it.
    const lost = !element.classList.contains('face-shown') && element.querySelector(':scope > svg.face');
    if (lost) element.classList.add('face-shown');
    return;
  }
  const parts = /^([a-z0-9-]+)#([a-z0-9-]+)$/.exec(wanted ?? '');
  if (!parts) return;
  element.dataset.faceShown = wanted;
  const forget = () => {
    if (element.dataset.faceShown === wanted) delete element.dataset.faceShown;
  };
  sprite(parts[1]).then((cards) => {
    const id = `face-${parts[2]}`;
    const card = cards.get(id);
    const drawn = element.dataset.face === wanted && card ? drawing(card) : null;
    if (!drawn) return forget();
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'face');
    svg.setAttribute('viewBox', card.viewBox);
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    svg.dataset.card = id;
    svg.append(drawn);
    element.querySelector(':scope > svg.face')?.remove();
    element.prepend(svg);
    element.classList.add('face-shown');
  }, forget);
}

// 2. Motion.

/** Where a value sits on its table: the test ids above it, its own, its first class. */
function place(element) {
  const parts = [element.dataset.testid ?? element.classList[0] ?? element.tagName];
  for (let up = element.parentElement; up && !up.hasAttribute('data-motion'); up = up.parentElement) {
    if (up.dataset.testid) parts.push(up.dataset.testid);
  }
  return parts.reverse().join('/');
}

/** Each value's place → what it said when last seen, on the page at `valuesPath`. A table that
 * goes away for a moment (while the computer thinks, say) and comes back is compared with
 * what it showed before; another page starts afresh. */
const values = new Map();
let valuesPath = '';

/** Starts `name`'s animation on `element` again, and takes the class off once it has run. */
function animate(element, name) {
  element.classList.remove(name);
  // Read a layout value so that the animation starts again on an element that just had it.
  void element.offsetWidth;
  element.classList.add(name);
  setTimeout(() => element.classList.remove(name), 400);
}

/** Pulses every marked table's values that changed since they were last seen, and lets a
 * panel that has just been knocked down fall. */
function watchValues() {
  if (valuesPath !== window.location.pathname) {
    values.clear();
    valuesPath = window.location.pathname;
  }
  const tables = document.querySelectorAll('[data-motion]');
  const count = new Map();
  let changed = false;
  for (const table of tables) {
    for (const element of table.querySelectorAll('[aria-label]:not(button, a, input, select, section, ol, ul, [role="group"])')) {
      const at = place(element);
      const n = count.get(at) ?? 0;
      count.set(at, n + 1);
      const key = `${at}#${n}`;
      const now = `${element.getAttribute('aria-label')}|${element.getAttribute('aria-valuenow') ?? ''}`;
      const before = values.get(key);
      values.set(key, now);
      if (before !== undefined && before !== now) {
        animate(element, 'dojo-changed');
        changed = true;
      }
    }
    for (const panel of table.querySelectorAll('[data-testid]')) {
      const key = `down:${place(panel)}`;
      const down = panel.hasAttribute('data-down');
      if (values.get(key) === false && down) {
        animate(panel, 'dojo-fell');
        changed = true;
      }
      values.set(key, down);
    }
  }
  if (changed) play('hit');
}

// 3. Sound.

/** Where the sound switch is kept: `on`, or nothing. */
const SOUND_KEY = 'pocket-dojo/sound';
let audio = null;
/** The sounds played, newest last (what a browser test checks; the page never shows it). */
window.dojoSounds = [];

function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Tones for each sound: [frequency Hz, start s, length s, wave]. */
const TONES = {
  reveal: [[880, 0, 0.05, 'square'], [1320, 0.05, 0.06, 'square']],
  hit: [[140, 0, 0.14, 'triangle'], [70, 0.03, 0.16, 'sine']],
  end: [[523, 0, 0.18, 'triangle'], [659, 0.15, 0.18, 'triangle'], [784, 0.3, 0.35, 'triangle']],
};
/** When each sound last played, so a burst (several cards turning at once) sounds once. */
const lastPlayed = new Map();

/** Plays `kind` when sound is on. */
function play(kind) {
  if (!soundOn()) return;
  const now = performance.now();
  if (now - (lastPlayed.get(kind) ?? -1e9) < 250) return;
  lastPlayed.set(kind, now);
  window.dojoSounds.push(kind);
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    const t0 = audio.currentTime + 0.01;
    for (const [hz, start, length, wave] of TONES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(hz, t0 + start);
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  } catch {
    // No Web Audio here: silence, as with sound off.
  }
}

let soundSwitch = null;
/** Shows the switch while a marked table is on the page, and takes it away after. */
function showSwitch() {
  const wanted = /^\/(play|watch)\//.test(window.location.pathname) && document.querySelector('[data-motion]') !== null;
  if (!wanted) {
    soundSwitch?.remove();
    soundSwitch = null;
    return;
  }
  if (soundSwitch) return;
  soundSwitch = document.createElement('button');
  soundSwitch.type = 'button';
  soundSwitch.className = 'sound-switch';
  soundSwitch.dataset.testid = 'sound';
  soundSwitch.setAttribute('aria-label', 'Sound');
  soundSwitch.title = 'Sound for the reveal, a hit and the end';
  const label = () => {
    const on = soundOn();
    soundSwitch.textContent = on ? '♪ On' : '♪ Off';
    soundSwitch.setAttribute('aria-pressed', String(on));
  };
  soundSwitch.addEventListener('click', () => {
    try {
      if (soundOn()) localStorage.removeItem(SOUND_KEY);
      else localStorage.setItem(SOUND_KEY, 'on');
    } catch {
      // Storage refused: the switch stays as it was.
    }
    label();
    if (soundOn()) play('reveal');
  });
  label();
  // At the end of the page, in its flow: a switch fixed over the page covered buttons and
  // results on a phone (an outside audit found "+ Punch" and "won the game!" under it).
  document.body.append(soundSwitch);
}

let endShown = false;
document.addEventListener(
  'animationstart',
  (event) => {
    if (event.animationName === 'dojo-turn') play('reveal');
  },
  true,
);

// Everything runs once the current burst of page changes is over.
let queued = false;
function scan() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    for (const element of document.querySelectorAll('[data-face]')) dress(element);
    watchValues();
    showSwitch();
    const over = document.querySelector('[data-testid="match-over"]') !== null;
    if (over && !endShown) play('end');
    endShown = over;
  });
}

const style = document.createElement('style');
style.textContent = STYLE;
document.head.append(style);
// Classes are watched too: the page may rewrite a dressed card's (see `dress`).
new MutationObserver(scan).observe(document.body, {
  childList: true,
  subtree: true,
  characterData: true,
  attributes: true,
  attributeFilter: ['data-face', 'aria-label', 'aria-valuenow', 'data-down', 'class'],
});
scan();
