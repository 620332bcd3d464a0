import type { ToolPolicy, ToolPolicyInput } from '@argseal/core';
import { cedarPolicy } from './cedar-policy.js';
import { CedarPolicyError } from './errors.js';

/**
 * A `cedar` entry of a JSON config file (the MCP proxy's rules, the hooks' config): the policy
 * file and an optional schema file, relative to the config file. A bare string is the
 * policies file.
 */
export type CedarConfigEntry = string | { policies: string; schema?: string };

/** Options of {@link cedarPolicyFromConfig}. Unknown keys throw `invalid_cedar_options`. */
export interface CedarConfigOptions<C> {
  /** Reads a file named by the entry (the caller resolves it against its config file). */
  readFile: (path: string) => Promise<string>;
  /** The server context a call's policy sees at `context.server`. Default `{}`. */
  context?: (context: C, input: ToolPolicyInput<C>) => unknown;
}

const ENTRY_KEYS: ReadonlySet<string> = new Set(['policies', 'schema']);

/** True when `value` has the shape of a {@link CedarConfigEntry} (not yet read or checked). */
export function isCedarConfigEntry(value: unknown): value is CedarConfigEntry {
  if (typeof value === 'string') return value !== '';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).every((k) => ENTRY_KEYS.has(k)) &&
    typeof v.policies === 'string' &&
    v.policies !== '' &&
    (v.schema === undefined || (typeof v.schema === 'string' && v.schema !== ''))
  );
}

/**
 * Builds a {@link cedarPolicy} from a config file's `cedar` entry: reads the policies (and
 * schema) through `options.readFile` and checks them at once, as `cedarPolicy` does. A malformed
 * entry or options object (an unknown key) throws `invalid_cedar_options`; bad policies throw
 * their setup code.
 */
export async function cedarPolicyFromConfig<C>(
  entry: unknown,
  options: CedarConfigOptions<C>,
): Promise<ToolPolicy<C>> {
  if (typeof options !== 'object' || options === null || typeof options.readFile !== 'function') {
    throw new CedarPolicyError(
      'invalid_cedar_options',
      'cedarPolicyFromConfig: options.readFile must be a function',
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== 'readFile' && key !== 'context') {
      throw new CedarPolicyError(
        'invalid_cedar_options',
        `cedarPolicyFromConfig: unknown option "${key}"`,
      );
    }
  }
  if (!isCedarConfigEntry(entry)) {
    throw new CedarPolicyError(
      'invalid_cedar_options',
      'cedar: the entry is a policies file name or { "policies": FILE, "schema"?: FILE }',
    );
  }
  const files = typeof entry === 'string' ? { policies: entry } : entry;
  const policies = await options.readFile(files.policies);
  const schema = files.schema === undefined ? undefined : await options.readFile(files.schema);
  return cedarPolicy<C>({
    policies,
    ...(schema === undefined ? {} : { schema }),
    ...(options.context ? { context: options.context } : {}),
  });
}
