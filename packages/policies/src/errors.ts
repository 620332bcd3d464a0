import { ArgsealConfigError } from '@argseal/core';

const POLICY_CONFIG_MARKER = Symbol.for('argseal.error.policy-config');

/**
 * A policy from `@argseal/policies` was configured wrongly, or the server did not
 * provide what it needs (for example a tool schema that declares a scope field, or a
 * missing server scope at execution). `code` is stable; messages never carry argument
 * payloads, only option names, tool names and JSON Pointer paths.
 */
export class PolicyConfigError extends ArgsealConfigError<PolicyConfigErrorCode> {
  constructor(code: PolicyConfigErrorCode, message: string) {
    super(code, message);
    this.name = 'PolicyConfigError';
    Object.defineProperty(this, POLICY_CONFIG_MARKER, { value: true });
  }

  /** True for any PolicyConfigError, also across duplicate installs of the package. */
  static override isInstance(value: unknown): value is PolicyConfigError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[POLICY_CONFIG_MARKER] === true
    );
  }
}

/** Stable codes of {@link PolicyConfigError}. */
export type PolicyConfigErrorCode =
  | 'invalid_policy_options'
  | 'invalid_json_pointer'
  | 'scope_field_in_schema'
  | 'scope_schema_uninspectable'
  | 'scope_missing';
