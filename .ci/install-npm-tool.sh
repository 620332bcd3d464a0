#!/usr/bin/env bash
# install-npm-tool.sh DIR PACKAGE VERSION BIN: installs PACKAGE@VERSION with npm under
# $ARGSEAL_CI_DIR/DIR (default /opt/argseal-ci), outside the workspace, unless that exact
# version is there already; prints DIR/BIN, the executable to run.
set -euo pipefail
PREFIX="${ARGSEAL_CI_DIR:-/opt/argseal-ci}/$1"
PACKAGE="$2"
VERSION="$3"
BIN="$PREFIX/$4"
installed() { node -p "require('$PREFIX/node_modules/$PACKAGE/package.json').version" 2>/dev/null; }
if [ ! -x "$BIN" ] || [ "$(installed)" != "$VERSION" ]; then
  mkdir -p "$PREFIX"
  npm i --prefix "$PREFIX" --no-audit --no-fund --prefer-online --loglevel=error "$PACKAGE@$VERSION" >&2
fi
[ -x "$BIN" ] || { echo "$PACKAGE: no executable at $BIN" >&2; exit 1; }
echo "$BIN"
