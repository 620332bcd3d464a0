import { ArgsealConfigError } from '@argseal/core';

const CEDAR_MARKER = Symbol.for('argseal.error.policy-cedar');

/** Stable codes of {@link CedarPolicyError}. */
export type CedarPolicyErrorCode =
  /** An options object is malformed or carries an unknown key. */
  | 'invalid_cedar_options'
  /** The policy text does not parse (Cedar's message and, when known, the policy id). */
  | 'cedar_syntax_error'
  /** The schema does not parse. */
  | 'cedar_schema_error'
  /** A policy does not validate against the schema (unknown attribute, type error, …). */
  | 'cedar_validation_error'
  /** The static entities do not parse or do not match the schema. */
  | 'cedar_entities_error'
  /** Two policies share an id, or an id has characters outside `[A-Za-z0-9_.:-]`. */
  | 'cedar_invalid_policy_id'
  /** An `@approval`, `@approvals` or `@excludeRequester` annotation is malformed or on a forbid. */
  | 'cedar_invalid_annotation'
  /** The policy set holds a template; argseal evaluates static policies only. */
  | 'cedar_templates_unsupported'
  /** A JSON value has no exact Cedar counterpart (see {@link toCedarValue}). */
  | 'cedar_null_value'
  | 'cedar_non_integer_number'
  | 'cedar_unsafe_integer'
  | 'cedar_reserved_key'
  | 'cedar_duplicate_set_element'
  | 'cedar_invalid_value';

/**
 * A Cedar policy set, schema, entity list or options object was refused when the policy was
 * set up, or a JSON value has no exact Cedar counterpart. `code` is stable; `policyId` names the
 * Cedar policy at fault and `path` the JSON Pointer of a refused value. Messages carry Cedar's
 * own diagnostic and ids, never argument values.
 */
export class CedarPolicyError extends ArgsealConfigError<CedarPolicyErrorCode> {
  /** The Cedar policy the error is about, when there is one. */
  readonly policyId: string | undefined;
  /** JSON Pointer of a refused value (value-mapping codes), else undefined. */
  readonly path: string | undefined;

  constructor(
    code: CedarPolicyErrorCode,
    message: string,
    details: { policyId?: string; path?: string } = {},
  ) {
    super(code, message);
    this.name = 'CedarPolicyError';
    this.policyId = details.policyId;
    this.path = details.path;
    Object.defineProperty(this, CEDAR_MARKER, { value: true });
  }

  /** True for any CedarPolicyError, also across duplicate installs of the package. */
  static override isInstance(value: unknown): value is CedarPolicyError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CEDAR_MARKER] === true
    );
  }
}
