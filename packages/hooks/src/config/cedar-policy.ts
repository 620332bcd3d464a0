import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { JsonValue } from '@argseal/core';
import { allOf } from '@argseal/policies/compose';
import type * as PolicyCedar from '@argseal/policy-cedar';
import { HookError } from '../errors.js';
import type { HookContext } from '../host/hook-input.js';
import type { HookModuleConfig } from './types.js';

/** Installed beside this package when a config uses Cedar (a variable: bundlers leave it out). */
const POLICY_CEDAR = '@argseal/policy-cedar';

/** What a Cedar policy sees at `context.server` for a hook call: the host's facts, strings only. */
function serverContext(ctx: HookContext): JsonValue {
  const out: { [key: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(ctx)) if (typeof value === 'string') out[key] = value;
  return out;
}

/**
 * Turns a config's `cedar` entry (a Cedar policy file, or `{ policies, schema }`, relative to
 * the config file) into its policy, checked now, combined with a module's `policy` by `allOf`.
 * A bad entry, an unreadable file or a refused policy set is `invalid_config` at `/cedar`.
 */
export async function withCedarPolicy(
  config: HookModuleConfig & { cedar?: unknown },
  configPath: string,
): Promise<HookModuleConfig> {
  if (config.cedar === undefined) return config;
  const fail = (message: string, cause: unknown) =>
    new HookError('config', 'invalid_config', `cedar: ${message}`, { path: '/cedar', cause });
  let cedar: typeof PolicyCedar;
  try {
    cedar = (await import(POLICY_CEDAR)) as typeof PolicyCedar;
  } catch (cause) {
    throw fail('install @argseal/policy-cedar to use a cedar entry', cause);
  }
  let policy: Awaited<ReturnType<typeof cedar.cedarPolicyFromConfig<HookContext>>>;
  try {
    policy = await cedar.cedarPolicyFromConfig<HookContext>(config.cedar, {
      readFile: (name) => readFile(resolve(dirname(configPath), name), 'utf8'),
      context: serverContext,
    });
  } catch (cause) {
    throw fail(
      cedar.CedarPolicyError.isInstance(cause)
        ? `${cause.code}: ${cause.message}`
        : 'a cedar file cannot be read',
      cause,
    );
  }
  const { cedar: _entry, ...rest } = config;
  return { ...rest, policy: rest.policy ? allOf<HookContext>(rest.policy, policy) : policy };
}
