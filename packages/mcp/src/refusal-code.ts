import type { RefusalCode } from '@argseal/core/kit';

/**
 * Code of a {@link CallRefusal} (`_meta["argseal/refusal"].code` of a refused `tools/call`):
 * core's `RefusalCode` (strict decoding and validation's `ValidationErrorCode`s, `denied`
 * for a policy denial with the policy's own reason in `reason`, `approval_required`,
 * `approval_rejected`, `approval_store_missing`, `tool_failed`, `internal_error`, ...) or one
 * of the proxy's own below. Closed: a code from anywhere else is `unrecognized_code`.
 */
export type McpRefusalCode =
  | RefusalCode
  /** The host's JSON-RPC message is not a valid request (`path` names the member). */
  | 'invalid_message'
  /** The host's message bytes are not valid UTF-8. */
  | 'invalid_utf8'
  /** No listed tool has this name. */
  | 'unknown_tool'
  /** The upstream's definition of the tool is invalid (its schema does not compile). */
  | 'invalid_definition'
  /** The tool's definition changed or is new and waits for a pin approval. */
  | 'definition_not_approved'
  /** A code this version does not know (the closed fallback). */
  | 'unrecognized_code';

// Every McpRefusalCode once: the Record type fails to compile when a union changes.
const CODES: Readonly<Record<McpRefusalCode, true>> = {
  invalid_input: true,
  invalid_json: true,
  duplicate_key: true,
  unsafe_integer: true,
  number_overflow: true,
  number_underflow: true,
  negative_zero: true,
  lone_surrogate: true,
  trailing_data: true,
  max_depth_exceeded: true,
  max_length_exceeded: true,
  raw_text_unavailable: true,
  non_finite_number: true,
  undefined_value: true,
  bigint_value: true,
  symbol_value: true,
  symbol_key: true,
  function_value: true,
  accessor_property: true,
  non_enumerable_property: true,
  sparse_array: true,
  array_extra_property: true,
  cycle: true,
  repeated_reference: true,
  date_object: true,
  regexp_object: true,
  map_object: true,
  set_object: true,
  promise_object: true,
  typed_array: true,
  array_buffer: true,
  boxed_primitive: true,
  class_instance: true,
  proxy_object: true,
  rewrite_failed: true,
  schema_threw: true,
  schema_validation_failed: true,
  denied: true,
  approval_required: true,
  approval_rejected: true,
  approval_store_missing: true,
  approval_used_up: true,
  tool_failed: true,
  not_sealed: true,
  missing_tool_call_id: true,
  duplicate_tool_call_id: true,
  internal_error: true,
  invalid_message: true,
  invalid_utf8: true,
  unknown_tool: true,
  invalid_definition: true,
  definition_not_approved: true,
  unrecognized_code: true,
};

/** `code` when it is an {@link McpRefusalCode}, else `unrecognized_code` (never the value). */
export function toMcpRefusalCode(code: unknown): McpRefusalCode {
  return typeof code === 'string' && Object.hasOwn(CODES, code)
    ? (code as McpRefusalCode)
    : 'unrecognized_code';
}
