import { ArgsealError } from '@argseal/core';

const HOOK_MARKER = Symbol.for('argseal.error.hooks');

/**
 * Codes of {@link HookError}. `input_*` and decode codes are about what the host sent,
 * `config_*` about the configuration, `store_*` about the approval store and audit,
 * `timeout` about the deadline. Each blocks the call (the hook exits 2).
 */
export type HookErrorCode =
  | 'input_too_large'
  | 'input_not_utf8'
  | 'invalid_hook_input'
  | 'reserved_input_key'
  | 'unsupported_event'
  | 'unknown_host'
  | 'config_not_found'
  | 'config_unreadable'
  | 'invalid_config'
  | 'config_module_failed'
  | 'store_unavailable'
  | 'store_locked'
  | 'proposal_not_found'
  | 'timeout';

/**
 * The one error class of `@argseal/hooks`. `stage` says where it happened (`input`,
 * `config`, `store`, `hook`), `path` is a JSON Pointer into the host's input or the config
 * when one applies. Messages never carry argument payloads.
 */
export class HookError extends ArgsealError {
  declare readonly code: HookErrorCode;
  readonly stage: 'input' | 'config' | 'store' | 'hook';
  readonly path: string | undefined;

  constructor(
    stage: HookError['stage'],
    code: HookErrorCode,
    message: string,
    options: { path?: string; cause?: unknown } = {},
  ) {
    super(code, message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HookError';
    this.stage = stage;
    this.path = options.path;
    Object.defineProperty(this, HOOK_MARKER, { value: true });
  }

  /** True for a HookError from any copy of this package; false for other argseal errors. */
  static override isInstance(value: unknown): value is HookError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[HOOK_MARKER] === true
    );
  }
}
