import type { OptionalCommand } from '../errors.js';
import { importOptional } from '../import-optional.js';

/** The part of `@argseal/hooks` (its `cli` entry) the `hook` and `approve` commands use. */
export type HooksCli = typeof import('@argseal/hooks/cli');

/** Loads `@argseal/hooks` (installed separately, like `@argseal/console`) only when a command needs it. */
export function loadHooks(
  command: Extract<OptionalCommand, 'hook' | 'approve'>,
): Promise<HooksCli> {
  return importOptional<HooksCli>('@argseal/hooks/cli', command);
}
