#!/usr/bin/env bash
# Full check (README command 2, also run by .ci/run): tools, format, lints, unit tests,
# release build, size budget, browser tests. Stops at the first failure.
set -euo pipefail
# shellcheck source=scripts/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$REPO"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-auto}"
# CI builds from a clean clone: incremental data there only costs disk (a cold run once filled
# CI's disk), so it is off when CI=true.
if [[ "${CI:-}" == "true" ]]; then
  export CARGO_INCREMENTAL=0
fi

current="" results=() t0=$SECONDS
on_exit() {
  local rc=$?
  echo
  echo "==== summary ===="
  ((${#results[@]})) && printf '  %s\n' "${results[@]}"
  if ((rc == 0)); then
    echo "ALL CHECKS PASSED ($((SECONDS - t0)) s)"
  else
    echo "  FAILED: $current (exit $rc)"
    echo "CHECKS FAILED"
  fi
}
trap on_exit EXIT

# step NAME CMD...: run one check with a banner, and record its time.
step() {
  current=$1
  shift
  local start=$SECONDS
  echo
  echo "==== $current ===="
  "$@"
  results+=("ok   $current ($((SECONDS - start)) s)")
}

step "setup" bash scripts/setup.sh
step "cargo fmt" cargo fmt --all --check
step "cargo clippy" cargo clippy --workspace --all-targets -- -D warnings
step "cargo test" cargo test --workspace -- --skip fuzz_
# The generated-input campaigns (every decoder of outside input: records, replay links, saves,
# the "Your games" import, the between-devices protocol), each at least 100,000 inputs under its
# time cap, in the test profile, whose overflow checks are on: each prints its inputs and time.
step "fuzz campaigns" cargo test --workspace fuzz_ -- --nocapture --test-threads=2
step "trunk build --release" trunk build --release
step "size budget" bash scripts/size-report.sh
# Two test files at a time: each has its own server and browser, and much of a file's time is
# spent waiting on the other side of a connection or a countdown (797-852 s one at a time, 489-493 s
# two at a time, on this 2-core machine).
step "browser tests" node --test --test-concurrency=2 --test-reporter=spec tests/e2e/
current=""
