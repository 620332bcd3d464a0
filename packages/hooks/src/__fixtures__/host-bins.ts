import { existsSync } from 'node:fs';

/**
 * The real host binaries, installed by `.ci/install-claude-code.sh` / `.ci/install-codex.sh`
 * and named by ARGSEAL_CLAUDE_BIN / ARGSEAL_CODEX_BIN (exported by `.ci/run`). Mandatory
 * when CI=true (a missing binary fails the suite); locally the suite skips without them.
 */
export function hostBin(envName: 'ARGSEAL_CLAUDE_BIN' | 'ARGSEAL_CODEX_BIN'): string | undefined {
  const bin = process.env[envName];
  if (bin && existsSync(bin)) return bin;
  if (process.env.CI === 'true') {
    throw new Error(`${envName} must name the installed host binary when CI=true (see .ci/run)`);
  }
  return undefined;
}
