import { ArgsealError } from '@argseal/core';

const MCP_MARKER = Symbol.for('argseal.error.mcp');

/**
 * Stable codes of {@link McpSealError}. Message-level refusals (`duplicate_key`,
 * `unsafe_integer`, ... from core's strict decoder) keep core's codes; these are the proxy's own.
 */
export type McpSealErrorCode =
  | 'invalid_config'
  | 'config_not_found'
  | 'invalid_message'
  | 'message_too_large'
  | 'unknown_tool'
  | 'definition_not_approved'
  | 'upstream_unavailable'
  | 'upstream_error'
  | 'invalid_pin_decision'
  | 'pin_not_found'
  | 'pin_not_pending'
  | 'invalid_pin_definition'
  | 'store_unavailable';

/** Base class of every error `@argseal/mcp` throws. Messages never carry argument payloads. */
export class McpSealError extends ArgsealError {
  declare readonly code: McpSealErrorCode;

  constructor(code: McpSealErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'McpSealError';
    Object.defineProperty(this, MCP_MARKER, { value: true });
  }

  /** True for an `McpSealError` from any copy of this package; false for other argseal errors. */
  static override isInstance(value: unknown): value is McpSealError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MCP_MARKER] === true
    );
  }
}
