#!/usr/bin/env bash
# Installs the MCP conformance suite (@modelcontextprotocol/conformance) outside the workspace,
# once, for packages/mcp/src/conformance.test.ts, and the Node 22 it runs on (the conformance
# CLI does not run on Node 20; the same pinned Node 22 install .ci/install-runtimes.sh makes,
# so it is installed once). The reference servers and inspector-cli the other MCP tests use
# are pinned devDependencies in the workspace: `pnpm install` brings them.
# Idempotent: skips when the pinned version is present. Prints DIR.
# Usage: bash .ci/install-mcp.sh [DIR]   (default /opt/argseal-ci/mcp)
set -euo pipefail
cd "$(dirname "$0")"
DIR="${1:-${ARGSEAL_MCP_TOOLS:-/opt/argseal-ci/mcp}}"
PINS=("@modelcontextprotocol/conformance@0.1.16")
bash ./install-npm-tool.sh node22 node 22.23.3 node_modules/.bin/node >/dev/null
STAMP="$DIR/.argseal-pins"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "${PINS[*]}" ]; then
  echo "$DIR"
  exit 0
fi
mkdir -p "$DIR"
[ -f "$DIR/package.json" ] || echo '{"name":"argseal-ci-mcp","private":true}' >"$DIR/package.json"
npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error "${PINS[@]}" >&2
echo "${PINS[*]}" >"$STAMP"
echo "$DIR"
