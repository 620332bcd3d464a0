#!/usr/bin/env bash
# Installs the Codex CLI (exec mode, offline tests) once, outside the workspace.
# Idempotent: skips when that exact version is present. Prints the launcher's path.
set -euo pipefail
PREFIX="${ARGSEAL_CI_DIR:-/opt/argseal-ci}/codex"
VERSION="${ARGSEAL_CODEX_VERSION:-0.169.0}"
BIN="$PREFIX/node_modules/.bin/codex"
installed() { node -p "require('$PREFIX/node_modules/@openai/codex/package.json').version" 2>/dev/null; }
if [ ! -x "$BIN" ] || [ "$(installed)" != "$VERSION" ]; then
  mkdir -p "$PREFIX"
  npm i --prefix "$PREFIX" --no-audit --no-fund --prefer-online --loglevel=error "@openai/codex@$VERSION" >&2
fi
[ -x "$BIN" ] || { echo "codex: no launcher at $BIN" >&2; exit 1; }
echo "$BIN"
