#!/usr/bin/env bash
# Installs the Codex CLI (exec mode, offline tests) once, outside the workspace.
# Idempotent: skips when present. Prints the launcher's path.
set -euo pipefail
PREFIX="${ARGSEAL_CI_DIR:-/opt/argseal-ci}/codex"
VERSION="${ARGSEAL_CODEX_VERSION:-0.169.x}"
BIN="$PREFIX/node_modules/.bin/codex"
if [ ! -x "$BIN" ]; then
  mkdir -p "$PREFIX"
  npm i --prefix "$PREFIX" --no-audit --no-fund --loglevel=error "@openai/codex@$VERSION" >&2
fi
[ -x "$BIN" ] || { echo "codex: no launcher at $BIN" >&2; exit 1; }
echo "$BIN"
