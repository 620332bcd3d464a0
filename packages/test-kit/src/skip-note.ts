/** What a skipped suite lacks, and how to give it: one line of the end-of-run skip list. */
export interface SkipNote {
  /** The tests that skip, e.g. `PostgreSQL tests`. Notes with the same `what` are one line. */
  what: string;
  /** What this machine lacks, e.g. `DATABASE_URL is not set`. */
  missing: string;
  /** The command that enables them, e.g. `DATABASE_URL=postgres://… pnpm test`. */
  enable: string;
}

const said = new Set<string>();

/**
 * Says why a suite is skipped: one console line `[argseal skip] WHAT | MISSING | ENABLE`,
 * once per test file. The root vitest config takes these lines out of the output and prints
 * them once, grouped, at the end of the run (`vitest.skip-notes.ts`); run elsewhere, the line
 * is printed as is. Returns `true` so a call can sit in `describe.skipIf(...)`.
 */
export function noteSkip(note: SkipNote): true {
  if (!said.has(note.what)) {
    said.add(note.what);
    console.warn(`[argseal skip] ${note.what} | ${note.missing} | ${note.enable}`);
  }
  return true;
}

/** The enable commands the notes share, so every suite names the same one. */
export const ENABLE = {
  postgres:
    'DATABASE_URL=postgres://USER@127.0.0.1:5432/DB pnpm test (.ci/run starts a throwaway PostgreSQL 15)',
  chromium: 'apt-get install -y chromium (or ARGSEAL_CHROMIUM=/path/to/chromium)',
  claudeCode: 'ARGSEAL_CLAUDE_BIN="$(bash .ci/install-claude-code.sh)" pnpm test',
  codex: 'ARGSEAL_CODEX_BIN="$(bash .ci/install-codex.sh)" pnpm test',
  mcpConformance: 'ARGSEAL_MCP_TOOLS="$(bash .ci/install-mcp.sh)" pnpm test',
} as const;
