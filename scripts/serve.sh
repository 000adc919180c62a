#!/usr/bin/env bash
# Serve the site locally (README command 1): http://127.0.0.1:8080/ with SPA fallback.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO"
bash scripts/setup.sh
exec trunk serve --release --address 127.0.0.1 --port 8080 "$@"
