#!/usr/bin/env bash
# The Codex CLI for the offline real-host hook tests, pinned. Idempotent; prints the
# launcher's path.
set -euo pipefail
exec bash "$(dirname "$0")/install-npm-tool.sh" codex @openai/codex \
  "${ARGSEAL_CODEX_VERSION:-0.169.0}" node_modules/.bin/codex
