const ERROR_MARKER = Symbol.for('argseal.error');
const VALIDATION_MARKER = Symbol.for('argseal.error.tool-arguments-validation');
const APPROVAL_MARKER = Symbol.for('argseal.error.approval');
const CONFIG_MARKER = Symbol.for('argseal.error.config');

/** True when `value` carries the `Symbol.for` brand `marker` (errors across duplicate installs). */
export function hasMarker(value: unknown, marker: symbol): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[marker] === true
  );
}

/**
 * Base class of every error argseal throws. `code` is stable across versions;
 * messages never contain argument payloads.
 */
export class ArgsealError extends Error {
  /** Stable machine-readable code, e.g. `duplicate_key`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ArgsealError';
    this.code = code;
    Object.defineProperty(this, ERROR_MARKER, { value: true });
  }

  /** True for any argseal error, also across duplicate installs of the package. */
  static isInstance(value: unknown): value is ArgsealError {
    return hasMarker(value, ERROR_MARKER);
  }
}

/** The pipeline stage at which tool arguments were rejected. */
export type ValidationStage = 'decode' | 'rewrite' | 'schema' | 'snapshot';

/**
 * Codes of {@link ToolArgumentsValidationError}: the strict decoder's and the strict
 * domain's codes, `raw_text_unavailable` (only a decoded object was available, see
 * `CallOptions.allowDecodedOnly`) and the rewrite/schema stage codes.
 */
export type ValidationErrorCode =
  | 'invalid_input'
  | 'invalid_json'
  | 'duplicate_key'
  | 'unsafe_integer'
  | 'number_overflow'
  | 'number_underflow'
  | 'negative_zero'
  | 'lone_surrogate'
  | 'trailing_data'
  | 'max_depth_exceeded'
  | 'max_length_exceeded'
  | 'raw_text_unavailable'
  | 'non_finite_number'
  | 'undefined_value'
  | 'bigint_value'
  | 'symbol_value'
  | 'symbol_key'
  | 'function_value'
  | 'accessor_property'
  | 'non_enumerable_property'
  | 'sparse_array'
  | 'array_extra_property'
  | 'cycle'
  | 'repeated_reference'
  | 'date_object'
  | 'regexp_object'
  | 'map_object'
  | 'set_object'
  | 'promise_object'
  | 'typed_array'
  | 'array_buffer'
  | 'boxed_primitive'
  | 'class_instance'
  | 'proxy_object'
  | 'rewrite_failed'
  | 'schema_threw'
  | 'schema_validation_failed';

/** Codes of {@link ArgsealConfigError}. */
export type ConfigErrorCode =
  | 'invalid_agent'
  | 'missing_policy'
  | 'invalid_mode'
  | 'invalid_rewrite'
  /** `createAuthorizer({ approvals })` is neither a store, `null` nor omitted. */
  | 'invalid_approvals'
  | 'invalid_tool'
  | 'invalid_tool_name'
  | 'invalid_schema'
  | 'invalid_execute'
  /** `defineTool({ policy })` is not a function. */
  | 'invalid_tool_policy'
  | 'invalid_informational_field'
  | 'invalid_presentation'
  | 'missing_classification_version'
  | 'invalid_input'
  /** `decodeCanonical` was given text that is not JSON (argseal's own canonical text never is). */
  | 'invalid_canonical_json'
  | 'invalid_ledger'
  | 'invalid_adapter_options'
  /** An options object had a key its receiver does not know (`UnknownOptionError`). */
  | 'unknown_option'
  /** `onPolicyError` is not a function. */
  | 'invalid_policy_error_hook'
  | 'not_authorized'
  | 'attempt_spent'
  | 'invalid_telemetry'
  | 'invalid_tracer'
  | 'invalid_meter';

/**
 * Tool arguments were rejected before any policy ran. Carries the stage, a stable
 * `code`, the JSON Pointer `path` of the offending value and, when known, the tool name.
 * The offending payload is never part of the message.
 */
export class ToolArgumentsValidationError extends ArgsealError {
  declare readonly code: ValidationErrorCode;
  readonly stage: ValidationStage;
  /** JSON Pointer (RFC 6901) of the offending value; `""` is the whole document. */
  readonly path: string;
  readonly tool: string | undefined;
  /**
   * Schema issues when `stage` is `schema`: the JSON Pointer of each, and its message only
   * when the authorizer was created with `schemaIssueMessages: true` (some validators quote
   * the received value in their messages).
   */
  readonly issues: readonly { message?: string; path: string }[] | undefined;

  constructor(init: {
    stage: ValidationStage;
    code: ValidationErrorCode;
    path: string;
    tool?: string | undefined;
    detail?: string;
    issues?: readonly { message?: string; path: string }[];
  }) {
    const where = init.path === '' ? '(root)' : init.path;
    const toolPart = init.tool === undefined ? '' : `tool "${init.tool}": `;
    super(
      init.code,
      `${toolPart}${init.stage}/${init.code} at ${where}${init.detail ? ` (${init.detail})` : ''}`,
    );
    this.name = 'ToolArgumentsValidationError';
    this.stage = init.stage;
    this.path = init.path;
    this.tool = init.tool;
    this.issues = init.issues;
    Object.defineProperty(this, VALIDATION_MARKER, { value: true });
  }

  /** Returns a copy of this error attributed to `tool` and, optionally, another stage. */
  withContext(tool: string | undefined, stage?: ValidationStage): ToolArgumentsValidationError {
    return new ToolArgumentsValidationError({
      stage: stage ?? this.stage,
      code: this.code,
      path: this.path,
      tool,
      ...(this.issues ? { issues: this.issues } : {}),
    });
  }

  static override isInstance(value: unknown): value is ToolArgumentsValidationError {
    return hasMarker(value, VALIDATION_MARKER);
  }
}

/**
 * Codes of {@link ApprovalError}, thrown by every approval store (memory, SQL, console HTTP)
 * for the same refusal.
 */
export type ApprovalErrorCode =
  /** A proposal or decision input is malformed (`invalid_*` names the field). */
  | 'invalid_proposal'
  | 'invalid_proposal_id'
  | 'invalid_proposal_hash'
  | 'invalid_binding_hash'
  | 'invalid_call_ref'
  | 'invalid_supersedes'
  | 'invalid_agent'
  | 'invalid_decision'
  | 'invalid_approver'
  | 'invalid_note'
  | 'invalid_expiry'
  | 'invalid_ttl'
  | 'invalid_grant_ttl'
  | 'invalid_uses'
  | 'invalid_filter'
  /** An absolute `expiresAt` at or before the store's clock. */
  | 'expiry_in_past'
  /** Four eyes: a bad `approvals` rule, requester or approver groups. */
  | 'invalid_approvals'
  | 'invalid_requester'
  | 'invalid_groups'
  | 'requester_required'
  /** Four eyes: a vote the rule refuses. */
  | 'approver_not_in_group'
  | 'requester_cannot_approve'
  | 'duplicate_approval'
  /** No proposal with this hash (or id), or it is no longer pending. */
  | 'proposal_not_found'
  | 'proposal_not_pending'
  | 'duplicate_proposal_id'
  /** The backing database failed or lacks the argseal tables. */
  | 'store_unavailable'
  | 'schema_not_migrated';

/** An approval store refused an operation (bad hash, unknown proposal, already decided...). */
export class ApprovalError extends ArgsealError {
  declare readonly code: ApprovalErrorCode;

  constructor(code: ApprovalErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'ApprovalError';
    Object.defineProperty(this, APPROVAL_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ApprovalError {
    return hasMarker(value, APPROVAL_MARKER);
  }
}

/** argseal was configured wrongly (missing policy, bad tool definition...). */
export class ArgsealConfigError<Code extends string = ConfigErrorCode> extends ArgsealError {
  declare readonly code: Code;

  // NoInfer: `new ArgsealConfigError('x', ...)` checks 'x' against ConfigErrorCode instead of
  // inferring Code = 'x'; subclasses pass their own union as Code.
  constructor(code: NoInfer<Code>, message: string) {
    super(code, message);
    this.name = 'ArgsealConfigError';
    Object.defineProperty(this, CONFIG_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealConfigError<string> {
    return hasMarker(value, CONFIG_MARKER);
  }
}
