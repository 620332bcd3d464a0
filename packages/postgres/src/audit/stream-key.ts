import { type AuditEvent, isAuditStreamKey } from '@argseal/core/store';
import { SqlStoreError } from '../errors.js';

/** How `createSqlAuditLog` picks an event's audit stream: `'agent'`, or a function. */
export type AuditStreamOption = 'agent' | ((event: AuditEvent) => string | undefined);

/**
 * The stream-key function of an option, checked once. A key must be a non-empty string of
 * at most 200 code units without control characters (`invalid_audit_stream` otherwise);
 * undefined sends the event to the main chain.
 */
export function streamKeyOf(
  option: AuditStreamOption | undefined,
): (event: AuditEvent) => string | undefined {
  if (option === undefined) return () => undefined;
  if (option !== 'agent' && typeof option !== 'function') {
    throw new SqlStoreError(
      'invalid_option',
      "createSqlAuditLog: stream must be 'agent' or a function of the event",
    );
  }
  const pick = option === 'agent' ? (e: AuditEvent) => e.agent : option;
  return (event) => {
    if (typeof event !== 'object' || event === null) return undefined; // refused later
    let key: unknown;
    try {
      key = pick(event);
    } catch (error) {
      throw new SqlStoreError('invalid_audit_stream', 'append: the stream function threw', {
        cause: error,
      });
    }
    if (key === undefined) return undefined;
    if (!isAuditStreamKey(key)) {
      throw new SqlStoreError(
        'invalid_audit_stream',
        'append: a stream key must be a string of 1 to 200 characters without control characters',
      );
    }
    return key;
  };
}
