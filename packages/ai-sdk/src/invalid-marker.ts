import type { ToolArgumentsValidationError } from '@argseal/core';

/**
 * Text that replaces refused raw arguments in the model's tool call. It is
 * deliberately NOT JSON: the SDK then records an invalid tool call, never executes
 * it and tells the model this text. It names tool, stage, code and JSON Pointer path,
 * never the argument payload.
 */
export function invalidArgumentsMarker(tool: string, error: ToolArgumentsValidationError): string {
  const path = error.path === '' ? '(root)' : error.path;
  return `argseal rejected the arguments of tool "${tool}": stage=${error.stage} code=${error.code} path=${path}. Nothing was executed; send valid JSON arguments.`;
}

/** Marker for an unexpected failure while preparing a call. */
export function internalErrorMarker(tool: string): string {
  return `argseal could not prepare the arguments of tool "${tool}": stage=prepare code=internal_error. Nothing was executed.`;
}
