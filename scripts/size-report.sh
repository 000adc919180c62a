#!/usr/bin/env bash
# Size budget for the first page load: gzip -9 size of every file in dist/, where the first
# download is index.html plus every file it references (loader JS, wasm, CSS, icon) and the
# JS snippets those import.
# Lazily loaded modules are listed one by one, with each page's whole download (shell plus its
# modules). Fails when any figure is over its budget.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
DIST="${1:-$REPO/dist}"
BUDGET=150000      # first download (the home page: the shell), 150 KB (decimal: the stricter reading)
PDF_BUDGET=600000  # the PDF worker (its script + wasm), 600 KB, fetched on the first PDF
# The whole download of one page, 450 KB: the page's own module (what every page loads besides:
# index.html, its style and scripts) and what that module fetches before the page is usable.
# Every page but the home and not-found pages is a module of its own, which does not load the
# shell (issue 43). No page is allowed more (Rumble's play page was, at 520 KB, until issue 43).
PAGE_BUDGET=450000
# budget_of PAGE: the budget of page PAGE (`play_rumble`, `rules_taunt`, `print`).
budget_of() { echo "$PAGE_BUDGET"; }

INDEX="$DIST/index.html"
[[ -f $INDEX ]] || { echo "size-report: $INDEX missing; run 'trunk build --release' first" >&2; exit 1; }

# refs FILE REL: does FILE reference REL (quoted or not: minified HTML drops quotes)?
refs() {
  local re
  # shellcheck disable=SC2016 # literal regex metacharacters, escaped for grep -E
  re=$(printf '%s' "$2" | sed 's/[][\.*^$()+?{}|]/\\&/g')
  grep -qE "[\"'=/ ]$re([\"' >?#]|$)" "$1"
}

# First download: index.html, what it references, and what those JS files import
# (wasm-bindgen snippets), repeated until nothing new turns up.
# (.stage is Trunk's scratch area during a build.)
# (The .br / .gz copies and _headers that post-build writes for static hosts are not files a page
# asks for: the figures are gzip -9 of the originals, as before.)
mapfile -d '' files < <(cd "$DIST" && find . -path ./.stage -prune -o -type f ! -name '*.br' ! -name '*.gz' ! -name _headers -printf '%P\0' | sort -z)
# The service worker (sw.js) is not part of it: the browser fetches it after the page has
# loaded, and the files it names are kept in the background after that. Its own size is listed.
# Nor is table.js (printed card faces, motion and sound on a play table): early.js imports it
# only once a page shows a table or card marked for it, and it is counted with the play pages below.
declare -A first=([index.html]=1 [sw.js]=skip [table.js]=skip)
grew=1
while ((grew)); do
  grew=0
  for rel in "${files[@]}"; do
    [[ -n ${first[$rel]:-} ]] && continue
    for src in "${!first[@]}"; do
      [[ ${first[$src]} == 1 ]] || continue
      if [[ $src == *.html || $src == *.js ]] && refs "$DIST/$src" "$rel"; then
        first[$rel]=1 grew=1
        break
      fi
    done
  done
done

total=0 wasm=0
# The shell's own code (its start-up file, script and wasm): only the home and not-found pages
# load it; public/start.js starts every other page's own module alone (issue 43).
shell_code=0
printf '%10s %10s  %-6s %s\n' raw gzip-9 first file
for rel in "${files[@]}"; do
  raw=$(wc -c <"$DIST/$rel")
  z=$(gzip -9 -c "$DIST/$rel" | wc -c)
  in=no
  if [[ ${first[$rel]:-} == 1 ]]; then
    in=yes total=$((total + z))
    [[ $rel == *.wasm ]] && wasm=$((wasm + z))
    [[ $rel =~ ^(boot-[0-9a-f]+\.js|pocket-dojo-[0-9a-f]+(\.js|_bg\.wasm))$ ]] && shell_code=$((shell_code + z))
  fi
  printf '%10d %10d  %-6s %s\n' "$raw" "$z" "$in" "$rel"
done

# Lazily loaded code: every NAME:HASH pair listed in the page's dojo-assets meta (see
# scripts/post-build.mjs), each its NAME-HASH.js + NAME-HASH_bg.wasm; and each game's printed
# card faces, `faces-GAME:HASH`, its faces/GAME-HASH.svg.
assets=$(grep -oE 'name="?dojo-assets"? content="[^"]*"' "$INDEX" | sed -E 's/.*content="([^"]*)"/\1/' || true)
declare -A module_bytes=() sprite_bytes=()
for entry in $assets; do
  name=${entry%%:*} hash=${entry#*:} sum=0
  if [[ $name == faces-* ]]; then
    f=$DIST/faces/${name#faces-}-$hash.svg
    [[ -f $f ]] || { echo "size-report: FAIL: $f is listed in index.html but missing" >&2; exit 1; }
    sprite_bytes[${name#faces-}]=$(gzip -9 -c "$f" | wc -c)
    continue
  fi
  for f in "$DIST/$name-$hash.js" "$DIST/$name-${hash}_bg.wasm"; do
    [[ -f $f ]] || { echo "size-report: FAIL: $f is listed in index.html but missing" >&2; exit 1; }
    sum=$((sum + $(gzip -9 -c "$f" | wc -c)))
  done
  module_bytes[$name]=$sum
done

fail=0
over() { echo "size-report: FAIL: $1" >&2; fail=1; }

echo "first_download_gzip_bytes: $total"
[[ -f $DIST/sw.js ]] && echo "service_worker_gzip_bytes: $(gzip -9 -c "$DIST/sw.js" | wc -c)"
echo "wasm_gzip_bytes: $wasm"
echo "shell_code_gzip_bytes: $shell_code (loaded by the home and not-found pages only)"
# What every page loads besides its code: index.html, the style sheets, the small scripts.
own=$((total - shell_code))
echo "every_page_besides_its_module_gzip_bytes: $own"
for name in $(printf '%s\n' "${!module_bytes[@]}" | sort); do
  echo "${name//-/_}_gzip_bytes: ${module_bytes[$name]}"
done

# Every game on the site has a play module and a rules module (index.html builds them per
# registry game: a unit test in src/games keeps the two in step); each is the page's own module.
games=$(grep -oE 'data-bin="[a-z0-9-]+-play"' "$REPO/index.html" | sed -E 's/data-bin="(.*)-play"/\1/')
[[ -n $games ]] || over "index.html builds no play modules"
for game in $games; do
  # The play page is the game's play module, the rules page (and the watch page of a replay
  # link) its rules module (the text, its cards and example players).
  for kind in play rules; do
    module=${module_bytes[$game-$kind]:-0}
    ((module > 0)) || over "the $game $kind module is missing from the build"
    page=$((own + module)) name="${kind}_${game//-/_}"
    echo "page_${name}_gzip_bytes: $page"
    budget=$(budget_of "$name")
    ((page <= budget)) || over "/$kind/$game downloads $page bytes gzipped, over the $budget-byte page budget"
  done
done
# A play page whose table is marked for them (data-motion, data-face) also fetches table.js, and
# one whose cards are drawn from the printed kit the game's sprite (faces/<game>-<hash>.svg): its
# whole download with them is held to the same budget, and so is the rules page's (its examples
# draw the same tables). Which games mark their table is read from
# their code (src/games/<game>/).
table_js=0
[[ -f $DIST/table.js ]] && table_js=$(gzip -9 -c "$DIST/table.js" | wc -c)
echo "table_script_gzip_bytes: $table_js"
for game in $games; do
  extras=0
  if grep -rqE 'data-motion|data-face' "$REPO/src/games/${game//-/_}"; then
    ((table_js > 0)) || over "table.js is missing from the build"
    extras=$table_js
  fi
  extras=$((extras + ${sprite_bytes[$game]:-0}))
  ((extras > 0)) || continue
  echo "table_extras_${game//-/_}_gzip_bytes: $extras"
  # The rules page's example tables and card list are marked the same way: counted in full too.
  for kind in play rules; do
    name="${kind}_${game//-/_}"
    page=$((own + ${module_bytes[$game-$kind]:-0} + extras))
    echo "page_${name}_with_table_extras_gzip_bytes: $page"
    budget=$(budget_of "$name")
    ((page <= budget)) || over "/$kind/$game with its table's extras (table.js, printed faces) downloads $page bytes gzipped, over the $budget-byte page budget"
  done
done
# A print page is its module and the preview worker early.js starts beside it.
print=$((own + ${module_bytes[print-page]:-0} + ${module_bytes[print-preview]:-0}))
echo "page_print_gzip_bytes: $print"
((${module_bytes[print-page]:-0} > 0)) || over "the print page module is missing from the build"
budget=$(budget_of print)
((print <= budget)) || over "a print page downloads $print bytes gzipped, over the $budget-byte page budget"
# "Your games" (/games) is its own module; a replay (/watch/<game>) is the game's rules module,
# so the rules page's figure above is the watch page's too.
history=$((own + ${module_bytes[history]:-0}))
echo "page_games_gzip_bytes: $history"
((${module_bytes[history]:-0} > 0)) || over "the Your games module is missing from the build"
((history <= PAGE_BUDGET)) || over "/games downloads $history bytes gzipped, over the $PAGE_BUDGET-byte page budget"
connect=$((own + ${module_bytes[remote]:-0}))
echo "page_connect_gzip_bytes: $connect"
((${module_bytes[remote]:-0} > 0)) || over "the connection module is missing from the build"
((connect <= PAGE_BUDGET)) || over "/connect downloads $connect bytes gzipped, over the $PAGE_BUDGET-byte page budget"
# A game's balance lab (/lab/<game>) is its own module.
for game in $(grep -oE 'data-bin="[a-z0-9-]+-lab"' "$REPO/index.html" | sed -E 's/data-bin="(.*)-lab"/\1/'); do
  module=${module_bytes[$game-lab]:-0}
  ((module > 0)) || over "the $game lab module is missing from the build"
  lab=$((own + module))
  echo "page_lab_${game//-/_}_gzip_bytes: $lab"
  ((lab <= PAGE_BUDGET)) || over "/lab/$game downloads $lab bytes gzipped, over the $PAGE_BUDGET-byte page budget"
done
# A game's connection module (for a match against a friend on another device) is fetched when
# someone starts such a match, after the play page is up, like "Your games" is fetched to pack a
# finished game: the fetch is held to the page budget on its own (with what a page loads
# besides its module), and the play page's total with it is listed beside it.
for game in $(grep -oE 'data-bin="[a-z0-9-]+-remote"' "$REPO/index.html" | sed -E 's/data-bin="(.*)-remote"/\1/'); do
  module=${module_bytes[$game-remote]:-0}
  ((module > 0)) || over "the $game connection module is missing from the build"
  friend=$((own + module))
  echo "friend_${game//-/_}_gzip_bytes: $friend"
  echo "play_${game//-/_}_with_friend_module_gzip_bytes: $((own + ${module_bytes[$game-play]:-0} + module))"
  ((friend <= PAGE_BUDGET)) || over "a match of $game with a friend fetches $friend bytes gzipped with the shell, over the $PAGE_BUDGET-byte page budget"
done
pdf=${module_bytes[print-pdf]:-0}
((pdf > 0 && pdf <= PDF_BUDGET)) || over "the PDF worker is $pdf bytes gzipped (missing, or over the $PDF_BUDGET-byte budget)"
((total <= BUDGET)) || over "first download is $total bytes gzipped, over the $BUDGET-byte budget"
exit "$fail"
