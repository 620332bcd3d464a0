// Type-checks @argseal/hooks: a config turned into a policy, a host call parsed, the hook run.
import type { ToolPolicy } from '@argseal/core';
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
