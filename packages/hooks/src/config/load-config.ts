import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ToolArgumentsValidationError } from '@argseal/core';
import { parseStrictJson } from '@argseal/core/data';
import { HookError } from '../errors.js';
import { withCedarPolicy } from './cedar-policy.js';
import { configCandidates } from './locate.js';
import type { HookModuleConfig } from './types.js';
import { validateConfig } from './validate-config.js';

/** A loaded, validated configuration and where it came from. */
export interface LoadedConfig {
  config: HookModuleConfig;
  path: string;
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new HookError('config', 'config_unreadable', 'the config file cannot be read', {
      cause: error,
    });
  }
}

async function loadModule(path: string): Promise<unknown> {
  try {
    const mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
    return mod.default;
  } catch (cause) {
    throw new HookError(
      'config',
      'config_module_failed',
      extname(path) === '.ts'
        ? 'the config module failed to load (.ts needs a Node.js with type stripping; use .mjs otherwise)'
        : 'the config module failed to load',
      { cause },
    );
  }
}

/**
 * Finds and loads the hook configuration (see {@link configCandidates}). JSON is decoded
 * strictly (duplicate keys are an error: `invalid_config`); a module's default export is
 * used as is. A `cedar` entry becomes its Cedar policy (`@argseal/policy-cedar`), checked now.
 * Missing file: `config_not_found`, its message naming every path it looked for.
 */
export async function loadConfig(
  explicit: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<LoadedConfig> {
  const candidates = configCandidates(explicit, env, cwd);
  for (const path of candidates) {
    const ext = extname(path);
    if (ext === '.json') {
      const text = await readIfPresent(path);
      if (text === undefined) continue;
      let value: unknown;
      try {
        value = parseStrictJson(text);
      } catch (error) {
        const detail = ToolArgumentsValidationError.isInstance(error)
          ? `${error.code} at ${error.path || '(root)'}`
          : 'invalid JSON';
        throw new HookError('config', 'invalid_config', `config is not strict JSON (${detail})`, {
          path: ToolArgumentsValidationError.isInstance(error) ? error.path : '',
        });
      }
      return { config: await withCedarPolicy(validateConfig(value, false), path), path };
    }
    if ((await readIfPresent(path)) === undefined) continue;
    return {
      config: await withCedarPolicy(validateConfig(await loadModule(path), true), path),
      path,
    };
  }
  throw new HookError(
    'config',
    'config_not_found',
    `no hook config found: looked for ${candidates.join(', ')} (pass --config FILE or set ARGSEAL_HOOK_CONFIG)`,
  );
}
