import { compileCommandPattern, matchesCommandPattern } from './command-pattern.js';
import { shellCommands } from './shell-commands.js';

/**
 * `argseal approve` run by the agent itself, directly or through a package runner. The
 * hook's answer to a suspended call names that command for the person at the keyboard, so
 * a model may try to run it: the guard that blocks it is always on, whatever the config
 * allows for Bash.
 */
const SELF_APPROVAL = [
  'argseal approve',
  'npx argseal approve',
  'pnpx argseal approve',
  'bunx argseal approve',
  'pnpm argseal approve',
  'pnpm exec argseal approve',
  'pnpm dlx argseal approve',
  'npm exec argseal approve',
  'yarn argseal approve',
  'yarn dlx argseal approve',
].flatMap((s) => {
  const p = compileCommandPattern(s);
  return p === undefined ? [] : [p];
});

/** Whether a Bash command line runs `argseal approve` anywhere in it. */
export function isSelfApproval(command: string): boolean {
  const { commands } = shellCommands(command);
  return SELF_APPROVAL.some((p) => matchesCommandPattern(p, commands));
}
