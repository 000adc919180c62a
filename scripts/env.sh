# shellcheck shell=bash
# Sourced by the other scripts: sets REPO and puts the pinned tools first on PATH,
# so Trunk picks npm's wasm-opt (binaryen 132) over any Debian one and our cargo-installed
# trunk / wasm-bindgen over anything else.
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export REPO
export PATH="$REPO/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Never let any tool try to fetch a browser; the system Chromium is used.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
