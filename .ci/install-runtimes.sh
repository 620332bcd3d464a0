#!/usr/bin/env bash
# Installs the extra runtimes CI tests on, once, outside the workspace (npm registry packages):
# Node 22 and 24 (the `node` package), Bun and Deno. Idempotent: an installed pinned version
# is reused. Prints one `NAME=PATH` line per runtime, for `.ci/run` to export:
#   ARGSEAL_NODE22_BIN, ARGSEAL_NODE24_BIN, ARGSEAL_BUN_BIN, ARGSEAL_DENO_BIN
# A runtime that fails to install is left out (its tests then fail in .ci/run).
# Usage: bash .ci/install-runtimes.sh   (ARGSEAL_CI_DIR, default /opt/argseal-ci)
set -uo pipefail
cd "$(dirname "$0")"
PINS=(
  "ARGSEAL_NODE22_BIN node22 node 22.23.3 node_modules/.bin/node"
  "ARGSEAL_NODE24_BIN node24 node 24.21.0 node_modules/.bin/node"
  "ARGSEAL_BUN_BIN bun bun 1.4.5 node_modules/.bin/bun"
  "ARGSEAL_DENO_BIN deno deno 2.9.6 node_modules/.bin/deno"
)
OUT="$(mktemp -d)"
for pin in "${PINS[@]}"; do
  read -r name dir package version bin <<<"$pin"
  (bash ./install-npm-tool.sh "$dir" "$package" "$version" "$bin" >"$OUT/$name" 2>"$OUT/$name.err" ||
    { echo "$package@$version install failed:" >&2; tail -5 "$OUT/$name.err" >&2; rm -f "$OUT/$name"; }) &
done
wait
for pin in "${PINS[@]}"; do
  read -r name _ <<<"$pin"
  [ -s "$OUT/$name" ] && echo "$name=$(cat "$OUT/$name")"
done
rm -rf "$OUT"
exit 0
