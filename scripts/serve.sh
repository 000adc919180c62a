#!/usr/bin/env bash
# Serve the site locally (README command 1): installs what is missing, builds the release site
# (`trunk build --release`, the build the tests test) and serves dist/ at http://127.0.0.1:8080/
# with scripts/static-server.mjs, the same server the browser tests use. No live-reload client
# is injected (`trunk serve` injects one that the site's Content-Security-Policy refuses); after
# a change, run this again.
#
# Options go to the server: `--port N` (0 for any free port), `--address IP`.
# DOJO_SERVE_PREBUILT=1 serves the dist/ already built (tests/e2e/serve.test.mjs uses it after
# scripts/test.sh's build) instead of building again.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO"
bash scripts/setup.sh
if [[ "${DOJO_SERVE_PREBUILT:-}" != 1 ]]; then
  trunk build --release
fi
exec node scripts/static-server.mjs --root dist "$@"
