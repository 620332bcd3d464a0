import { ApprovalError, ArgsealError } from '@argseal/core';

const SQL_STORE_MARKER = Symbol.for('argseal.error.sql-store');

/**
 * An error from the SQL schema or the audit log of `@argseal/postgres`.
 * Codes: `schema_too_new`, `schema_not_migrated`, `store_unavailable`, `invalid_database`,
 * `invalid_audit_event`, `invalid_audit_stream`, `invalid_option`, `store_locked` (an embedded
 * directory stayed locked by another process).
 * Approval store operations throw `ApprovalError` from `@argseal/core` instead.
 */
export class SqlStoreError extends ArgsealError {
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'SqlStoreError';
    Object.defineProperty(this, SQL_STORE_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is SqlStoreError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[SQL_STORE_MARKER] === true
    );
  }
}

function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Maps a driver error to `[code, message]`; argseal errors pass through unchanged. */
function classify(error: unknown, operation: string): [string, string] {
  const state = sqlState(error);
  if (state === '42P01' || state === '42703') {
    return [
      'schema_not_migrated',
      `${operation}: the argseal tables are missing or outdated; run migrate(db) first`,
    ];
  }
  return [
    'store_unavailable',
    `${operation}: the database did not complete the operation${state ? ` (SQLSTATE ${state})` : ''}`,
  ];
}

/** Wraps a driver failure as an `ApprovalError` (approval store operations). */
export function toApprovalError(error: unknown, operation: string): ArgsealError {
  if (ArgsealError.isInstance(error)) return error;
  const [code, message] = classify(error, operation);
  return new ApprovalError(code, message, { cause: error });
}

/** Wraps a driver failure as a `SqlStoreError` (audit log and migrations). */
export function toSqlStoreError(error: unknown, operation: string): ArgsealError {
  if (ArgsealError.isInstance(error)) return error;
  const [code, message] = classify(error, operation);
  return new SqlStoreError(code, message, { cause: error });
}

/** True when a driver error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
