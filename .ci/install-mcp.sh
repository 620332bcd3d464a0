#!/usr/bin/env bash
# Installs the real MCP programs the @argseal/mcp tests run against, once, outside the
# workspace: reference servers, inspector-cli, the conformance suite and a Node 22 binary
# (the conformance CLI needs it). Idempotent: skips when the pinned set is present.
# Usage: bash .ci/install-mcp.sh [DIR]   (default /opt/argseal-ci/mcp; prints DIR)
set -euo pipefail
DIR="${1:-${ARGSEAL_MCP_TOOLS:-/opt/argseal-ci/mcp}}"
PINS=(
  "@modelcontextprotocol/server-filesystem@2026.8.31"
  "@modelcontextprotocol/server-everything@2026.8.31"
  "@modelcontextprotocol/server-memory@2026.8.31"
  "@modelcontextprotocol/inspector-cli@1.0.3"
  "@modelcontextprotocol/conformance@0.1.16"
  "node@22.23.3"
)
STAMP="$DIR/.argseal-pins"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "${PINS[*]}" ]; then
  echo "$DIR"
  exit 0
fi
mkdir -p "$DIR"
# inspector-cli must run from a folder below one that has a package.json
[ -f "$DIR/package.json" ] || echo '{"name":"argseal-ci-mcp","private":true}' >"$DIR/package.json"
npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error "${PINS[@]}" >&2
echo "${PINS[*]}" >"$STAMP"
echo "$DIR"
