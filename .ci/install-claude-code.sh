#!/usr/bin/env bash
# Claude Code for the offline real-host hook tests, pinned (the hook facts were measured on
# this version). With install scripts disabled bin/claude.exe is a stub, so the platform
# package's native binary is what runs. Idempotent; prints the binary's path.
set -euo pipefail
exec bash "$(dirname "$0")/install-npm-tool.sh" claude-code @anthropic-ai/claude-code \
  "${ARGSEAL_CLAUDE_VERSION:-2.1.328}" node_modules/@anthropic-ai/claude-code-linux-x64/claude
