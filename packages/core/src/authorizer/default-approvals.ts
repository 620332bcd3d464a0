import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import type { ApprovalStore } from '../approvals/types.js';
import type { AuditSink } from '../audit/types.js';
import { ArgsealConfigError } from '../errors.js';

/** Printed once per process (on stderr) when an authorizer falls back to the memory store. */
export const MEMORY_APPROVALS_WARNING =
  'argseal: createAuthorizer without `approvals` uses an in-memory approval store: pending ' +
  'approvals and grants are lost on restart and not shared between processes. Pass ' +
  '`approvals` (e.g. @argseal/postgres) for production, `approvals: createMemoryApprovalStore()` ' +
  'to keep memory without this warning, or `approvals: null` to deny calls that need approval.';

// one flag per process, also when several copies of core are loaded
const WARNED = Symbol.for('argseal.core.memory-approvals-warned');

function warnOnce(): void {
  const flags = globalThis as { [WARNED]?: boolean };
  if (flags[WARNED] === true) return;
  flags[WARNED] = true;
  globalThis.console?.warn(MEMORY_APPROVALS_WARNING);
}

/**
 * The approval store of an authorizer: the one given; none for `null` (`require_approval`
 * then denies with `approval_store_missing`); an in-memory store when omitted, with a
 * one-time warning that it is not durable.
 *
 * @throws {ArgsealConfigError} `invalid_approvals` for anything else than a store object, `null`
 *   or `undefined`.
 */
export function approvalsOrDefault(
  approvals: ApprovalStore | null | undefined,
  audit: AuditSink | undefined,
  now: (() => Date) | undefined,
): ApprovalStore | undefined {
  if (approvals === null) return undefined;
  if (approvals === undefined) {
    warnOnce();
    return createMemoryApprovalStore({
      ...(audit !== undefined ? { audit } : {}),
      ...(now !== undefined ? { now } : {}),
    });
  }
  if (typeof approvals !== 'object' || typeof approvals.consume !== 'function') {
    throw new ArgsealConfigError(
      'invalid_approvals',
      'createAuthorizer: approvals must be an ApprovalStore, null (none) or omitted (in-memory)',
    );
  }
  return approvals;
}
