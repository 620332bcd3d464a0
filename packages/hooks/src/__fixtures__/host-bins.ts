import { existsSync } from 'node:fs';
import { ENABLE, noteSkip } from '@argseal/test-kit';

const HOSTS = {
  ARGSEAL_CLAUDE_BIN: {
    what: 'Claude Code real-host tests',
    // where .ci/install-claude-code.sh puts it
    installed:
      '/opt/argseal-ci/claude-code/node_modules/@anthropic-ai/claude-code-linux-x64/claude',
    enable: ENABLE.claudeCode,
  },
  ARGSEAL_CODEX_BIN: {
    what: 'Codex real-host tests',
    installed: '/opt/argseal-ci/codex/node_modules/.bin/codex',
    enable: ENABLE.codex,
  },
} as const;

/**
 * The real host binaries, installed by `.ci/install-claude-code.sh` / `.ci/install-codex.sh`
 * and named by ARGSEAL_CLAUDE_BIN / ARGSEAL_CODEX_BIN (exported by `.ci/run`; without them,
 * where those scripts install). Mandatory when CI=true (a missing binary fails the suite);
 * locally the suite skips without them and says so once at the end of the run.
 */
export function hostBin(envName: keyof typeof HOSTS): string | undefined {
  const host = HOSTS[envName];
  const bin = process.env[envName] ?? host.installed;
  if (existsSync(bin)) return bin;
  if (process.env.CI === 'true') {
    throw new Error(`${envName} must name the installed host binary when CI=true (see .ci/run)`);
  }
  noteSkip({ what: host.what, missing: `no binary at ${bin}`, enable: host.enable });
  return undefined;
}
