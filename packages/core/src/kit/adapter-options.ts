import type { Authorizer } from '../authorizer/types.js';
import { ArgsealConfigError } from '../errors.js';
import { assertKnownOptions } from '../options/known-options.js';

/**
 * Where an adapter gets the server context of a call: a fixed value, or a function of the
 * framework's run (`RunnableConfig`, `RunContext`, execute options…) returning it. Context
 * comes from the server (identity, tenant, conversation), never from the model. A context
 * that is itself a function must be wrapped: `context: () => fn`.
 */
export type ContextSource<Context, Run = unknown> =
  | Context
  | ((run: Run) => Context | Promise<Context>);

/** The options every argseal adapter takes; each adds its framework's own. */
export interface AdapterOptions<Context = unknown, Run = unknown> {
  /** The authorizer that prepares, authorizes and executes every call (policy, store, audit). */
  authorizer: Authorizer<Context>;
  /** Server context for policy, rewrite hooks and tools. Default: the adapter's documented one. */
  context?: ContextSource<Context, Run>;
  /**
   * Explicit, weaker opt-out: accept calls that reach the tool only decoded (no raw text and
   * no strict fetch guard). Default `false`: refused with `raw_text_unavailable`.
   */
  allowDecodedOnly?: boolean;
  /** Bound of the adapter's in-memory hand-over ledger. Default 1024. */
  maxCachedCalls?: number;
}

/** Default bound of an adapter's hand-over ledger. */
export const DEFAULT_MAX_CACHED_CALLS = 1024;

/** The keys of {@link AdapterOptions} every adapter accepts. */
const ADAPTER_OPTION_KEYS: readonly string[] = [
  'authorizer',
  'context',
  'allowDecodedOnly',
  'maxCachedCalls',
];

/**
 * Checks the shared adapter options once, at setup: a missing authorizer or a bad ledger
 * bound throws `ArgsealConfigError` (`invalid_adapter_options`) naming the adapter. With
 * `ownKeys` (the adapter's own options), any key that is neither shared nor the adapter's is
 * refused `unknown_option` (`UnknownOptionError`, naming the nearest known key).
 */
export function assertAdapterOptions(
  adapter: string,
  options: unknown,
  ownKeys?: readonly string[],
): void {
  if (ownKeys !== undefined)
    assertKnownOptions(adapter, options, [...ADAPTER_OPTION_KEYS, ...ownKeys]);
  const fail = (what: string) => {
    throw new ArgsealConfigError('invalid_adapter_options', `${adapter}: ${what}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  const { authorizer, allowDecodedOnly, maxCachedCalls } = options as Record<string, unknown>;
  if (typeof authorizer !== 'object' || authorizer === null || !('prepare' in authorizer)) {
    fail('`authorizer` must be an authorizer from createAuthorizer()');
  }
  if (allowDecodedOnly !== undefined && typeof allowDecodedOnly !== 'boolean') {
    fail('`allowDecodedOnly` must be a boolean');
  }
  if (
    maxCachedCalls !== undefined &&
    !(Number.isSafeInteger(maxCachedCalls) && (maxCachedCalls as number) > 0)
  ) {
    fail('`maxCachedCalls` must be a positive integer');
  }
}

/** The context of one call: the fixed value, or the resolver's answer for this run. */
export async function resolveContext<Context, Run>(
  source: ContextSource<Context, Run> | undefined,
  run: Run,
  fallback?: (run: Run) => Context | undefined,
): Promise<Context | undefined> {
  if (typeof source === 'function') {
    return await (source as (run: Run) => Context | Promise<Context>)(run);
  }
  return source !== undefined ? source : fallback?.(run);
}
