#!/usr/bin/env bash
# Size budget for the first page load: gzip -9 size of every file in dist/, where the first
# download is index.html plus every file it references (loader JS, wasm, CSS, icon) and the
# JS snippets those import.
# On-demand files (e.g. a PDF worker) are listed but not counted. Fails above BUDGET bytes.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
DIST="${1:-$REPO/dist}"
BUDGET=250000      # first download, 250 KB (decimal: the stricter reading)
PDF_BUDGET=1200000 # the PDF worker (print-pdf.js + its wasm), 1.2 MB
PLAY_BUDGET=450000 # a game's own play page module (engine + bot + page), fetched when the page opens

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
mapfile -d '' files < <(cd "$DIST" && find . -path ./.stage -prune -o -type f -printf '%P\0' | sort -z)
declare -A first=([index.html]=1)
grew=1
while ((grew)); do
  grew=0
  for rel in "${files[@]}"; do
    [[ -n ${first[$rel]:-} ]] && continue
    for src in "${!first[@]}"; do
      if [[ $src == *.html || $src == *.js ]] && refs "$DIST/$src" "$rel"; then
        first[$rel]=1 grew=1
        break
      fi
    done
  done
done

total=0 wasm=0
printf '%10s %10s  %-6s %s\n' raw gzip-9 first file
for rel in "${files[@]}"; do
  raw=$(wc -c <"$DIST/$rel")
  z=$(gzip -9 -c "$DIST/$rel" | wc -c)
  in=no
  if [[ -n ${first[$rel]:-} ]]; then
    in=yes total=$((total + z))
    [[ $rel == *.wasm ]] && wasm=$((wasm + z))
  fi
  printf '%10d %10d  %-6s %s\n' "$raw" "$z" "$in" "$rel"
done

# On-demand bundles: the print page's module, the preview worker, the PDF worker, TAUNT's play page (each JS + wasm).
bundle() { local sum=0 f; for f in "$DIST/$1.js" "$DIST/$1_bg.wasm"; do [[ -f $f ]] && sum=$((sum + $(gzip -9 -c "$f" | wc -c))); done; echo "$sum"; }
page=$(bundle print-page) preview=$(bundle print-preview) pdf=$(bundle print-pdf) taunt=$(bundle taunt-play)

echo "first_download_gzip_bytes: $total"
echo "wasm_gzip_bytes: $wasm"
echo "print_page_gzip_bytes: $page"
echo "preview_worker_gzip_bytes: $preview"
echo "pdf_worker_gzip_bytes: $pdf"
echo "taunt_play_gzip_bytes: $taunt"
if ((taunt == 0 || taunt > PLAY_BUDGET)); then
  echo "size-report: FAIL: the TAUNT play module is $taunt bytes gzipped (missing, or over the $PLAY_BUDGET-byte budget)" >&2
  exit 1
fi
if ((pdf == 0 || pdf > PDF_BUDGET)); then
  echo "size-report: FAIL: the PDF worker is $pdf bytes gzipped (missing, or over the $PDF_BUDGET-byte budget)" >&2
  exit 1
fi
if ((total > BUDGET)); then
  echo "size-report: FAIL: first download is $total bytes gzipped, over the $BUDGET-byte (250 KB) budget" >&2
  exit 1
fi
