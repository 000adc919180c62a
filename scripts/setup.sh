#!/usr/bin/env bash
# Idempotent installer for building and testing Pocket Dojo on Debian.
# Needs rustup/cargo and node/npm; installs only what is missing, one line per step.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO"

TRUNK_VERSION=0.21.14
WASM_OPT_VERSION=132
APT_PACKAGES=(chromium chromium-driver poppler-utils)
export DEBIAN_FRONTEND=noninteractive

die() { echo "setup: error: $*" >&2; exit 1; }
trap 'echo "setup: FAILED at line $LINENO: $BASH_COMMAND" >&2' ERR
# run_timed LABEL CMD...: run CMD, then report how long it took.
run_timed() {
  local label=$1 start=$SECONDS
  shift
  "$@"
  echo "done: $label ($((SECONDS - start)) s)"
}

for cmd in rustup cargo node npm; do
  command -v "$cmd" >/dev/null || die "'$cmd' not found; install the Rust toolchain (rustup) and node/npm first"
done

# 1. wasm target
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "ok: rust target wasm32-unknown-unknown already installed"
else
  echo "installing rust target wasm32-unknown-unknown"
  run_timed "rust target wasm32-unknown-unknown" rustup target add wasm32-unknown-unknown
fi

# 2. Debian packages (apt-get update only when something is missing)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]} == 0)); then
  echo "ok: apt packages ${APT_PACKAGES[*]} already installed"
else
  echo "installing apt packages: ${missing[*]}"
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "need root (or sudo) to install ${missing[*]}"
    sudo=(sudo --preserve-env=DEBIAN_FRONTEND)
  fi
  start=$SECONDS
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq -o Dpkg::Use-Pty=0 "${missing[@]}"
  echo "done: apt packages ($((SECONDS - start)) s)"
fi

# 3. npm devDependencies (binaryen's wasm-opt, playwright-core); never downloads a browser
if [[ -f node_modules/.package-lock.json && node_modules/.package-lock.json -nt package.json &&
  (! -f package-lock.json || node_modules/.package-lock.json -nt package-lock.json) ]]; then
  echo "ok: node_modules up to date"
elif [[ -f package-lock.json ]]; then
  echo "installing npm packages (npm ci)"
  run_timed "npm ci" npm ci --no-audit --no-fund
else
  echo "installing npm packages (npm install)"
  run_timed "npm install" npm install --no-audit --no-fund
fi
wasm_opt_found=$(wasm-opt --version 2>/dev/null || true)
[[ $wasm_opt_found == *"(version_$WASM_OPT_VERSION)"* ]] ||
  die "wasm-opt first on PATH is '${wasm_opt_found:-missing}' ($(command -v wasm-opt || true)), want version $WASM_OPT_VERSION"
echo "ok: $wasm_opt_found ($(command -v wasm-opt))"

# 4. Rust crates, so Trunk's offline cargo build never needs the network
if [[ ! -f Cargo.lock ]]; then
  echo "generating Cargo.lock"
  cargo generate-lockfile
fi
start=$SECONDS
cargo fetch --quiet
echo "ok: crates fetched ($((SECONDS - start)) s)"

# 5. wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock
wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[[ -n $wb_version ]] || die "Cargo.lock has no wasm-bindgen package"
if [[ $(wasm-bindgen --version 2>/dev/null || true) == "wasm-bindgen $wb_version"* ]]; then
  echo "ok: wasm-bindgen-cli $wb_version already installed"
else
  echo "installing wasm-bindgen-cli $wb_version (cargo install, ~2 min)"
  # Not --locked: one of its locked dependencies is no longer on crates.io.
  run_timed "wasm-bindgen-cli $wb_version" cargo install wasm-bindgen-cli --version "$wb_version"
fi
grep -q "wasm_bindgen = \"$wb_version\"" Trunk.toml ||
  die "Trunk.toml [tools] wasm_bindgen must be \"$wb_version\" (the version in Cargo.lock)"

# 6. trunk
trunk_ok() { [[ $(trunk --version 2>/dev/null || true) == "trunk $TRUNK_VERSION" ]]; }
if ! trunk_ok && pgrep -f "cargo install trunk" >/dev/null; then
  # Another `cargo install trunk` is running (e.g. a provisioning job): wait for it.
  echo "waiting for a running 'cargo install trunk' to finish"
  start=$SECONDS
  while pgrep -f "cargo install trunk" >/dev/null; do sleep 10; done
  echo "done: waited $((SECONDS - start)) s"
fi
if trunk_ok; then
  echo "ok: trunk $TRUNK_VERSION already installed"
else
  echo "installing trunk $TRUNK_VERSION (cargo install, ~10 min)"
  run_timed "trunk $TRUNK_VERSION" cargo install trunk --version "$TRUNK_VERSION" --locked
fi

echo "setup: all tools present"
