import { ArgsealError } from '@argseal/core';

const DBOS_MARKER = Symbol.for('argseal.error.dbos');

/** Codes of {@link DbosApprovalError}. */
export type DbosApprovalErrorCode = 'invalid_dbos_options' | 'not_in_workflow';

/** `@argseal/dbos` was configured or called wrongly. */
export class DbosApprovalError extends ArgsealError {
  declare readonly code: DbosApprovalErrorCode;

  constructor(code: DbosApprovalErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'DbosApprovalError';
    Object.defineProperty(this, DBOS_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is DbosApprovalError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[DBOS_MARKER] === true
    );
  }
}
