// Type-checks @argseal/hooks: a config turned into a policy, a host call parsed, the hook run.

import type { ToolPolicy } from '@argseal/core';
import type * as HooksRoot from '@argseal/hooks';
import {
  buildPolicy,
  type HookCall,
  type HookContext,
  HookError,
  type HookErrorCode,
  type HostName,
  parseHookInput,
  type runHook,
  validateConfig,
} from '@argseal/hooks';
import { type HookCliIo, runHookCommand, stopStoreDaemon } from '@argseal/hooks/cli';

export function policyFor(json: unknown): ToolPolicy<HookContext> {
  return buildPolicy(validateConfig(json, false));
}

export function parse(text: string, host: HostName): HookCall {
  return parseHookInput(text, host, 'dev');
}

export function code(error: unknown): HookErrorCode | undefined {
  return error instanceof HookError ? error.code : undefined;
}

export type RunHook = typeof runHook;

/** The command line's plumbing is not in the root entry. */
type CliInRoot = Extract<
  keyof typeof HooksRoot,
  'runHookCommand' | 'stopStoreDaemon' | 'approveProposal' | 'DAEMON_FILES'
>;
export const rootHasNoCli: [CliInRoot] extends [never] ? true : false = true;

/** `argseal hook` and stopping the store daemon through the /cli entry. */
export async function cli(io: HookCliIo, dataDir: string): Promise<number> {
  await stopStoreDaemon(dataDir);
  return runHookCommand('claude-code', undefined, io);
}
