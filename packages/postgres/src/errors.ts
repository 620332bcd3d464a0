import { ApprovalError, ArgsealError } from '@argseal/core';

const SQL_STORE_MARKER = Symbol.for('argseal.error.sql-store');

/** Codes of {@link SqlStoreError}. */
export type SqlStoreErrorCode =
  /** The database's argseal schema is newer than this package, or not migrated yet. */
  | 'schema_too_new'
  | 'schema_not_migrated'
  /** The database failed the operation. */
  | 'store_unavailable'
  /** An embedded directory stayed locked by another process. */
  | 'store_locked'
  | 'invalid_database'
  | 'invalid_option'
  | 'invalid_audit_event'
  | 'invalid_audit_stream'
  /** The tool-definition pin store refused a pin or a decision. */
  | 'invalid_pin_definition'
  | 'definition_hash_mismatch'
  | 'invalid_pin_decision'
  | 'pin_not_found'
  | 'pin_not_pending'
  /** The durable execution ledger's database failed, or a key was settled twice. */
  | 'ledger_unavailable'
  | 'ledger_conflict';

/**
 * An error from the SQL schema, the audit log or the pin store of `@argseal/postgres`.
 * Approval store operations throw `ApprovalError` from `@argseal/core` instead.
 */
export class SqlStoreError extends ArgsealError {
  declare readonly code: SqlStoreErrorCode;

  constructor(code: SqlStoreErrorCode, message: string, options?: { cause?: unknown }) {
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
function classify(
  error: unknown,
  operation: string,
): ['schema_not_migrated' | 'store_unavailable', string] {
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

/**
 * True when a statement failed on its data (SQLSTATE class 22 data exception, 23
 * integrity violation, 40 deadlock or serialization failure): the statement committed
 * nothing and the connection is fine. Connection failures and missing tables are not.
 */
export function isStatementFailure(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && ['22', '23', '40'].includes(state.slice(0, 2));
}
