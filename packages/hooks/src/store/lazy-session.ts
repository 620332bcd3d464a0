import type { ApprovalStore, AuditSink } from '@argseal/core';
import type { ExecutedCallRef, MatchedDecision } from '../daemon/decision-match.js';

/**
 * The allowed decision an `executed` record matches: found, `null` (no allowed decision for
 * this call and input), or `unverifiable` (a console whose agent tokens may not read audit).
 */
type DecisionLookup = MatchedDecision | null | 'unverifiable';

/** An approval store and audit sink for one hook call; opened on first use. */
export interface StoreSession {
  approvals: ApprovalStore;
  audit: AuditSink;
  /** The `decided` record that allowed this call with this input (for `executed`). */
  findDecision(ref: ExecutedCallRef): Promise<DecisionLookup>;
  /** Closes what was opened (database, lock). Safe to call when nothing was. */
  close(): Promise<void>;
}

/** What a backend opens: the two halves, the approval store possibly later than the audit sink. */
export interface OpenedBackend {
  audit: AuditSink;
  approvals(): Promise<ApprovalStore>;
  findDecision(ref: ExecutedCallRef): Promise<DecisionLookup>;
  close(): Promise<void>;
}

/** The methods of core's ApprovalStore, for stores that forward each call. */
const APPROVAL_STORE_METHODS = [
  'suspend',
  'getProposal',
  'findPending',
  'listProposals',
  'listPending',
  'decide',
  'consume',
  'peek',
  'latestProposalForCall',
] as const;

/**
 * Defers opening a backend until the pipeline first needs it, so a call that policy
 * settles pays only for what it uses (a call that policy denies without audit opens nothing).
 */
export function lazySession(open: () => Promise<OpenedBackend>): StoreSession {
  let backend: Promise<OpenedBackend> | undefined;
  const get = () => {
    backend ??= open();
    return backend;
  };
  const approvals = {} as ApprovalStore;
  for (const method of APPROVAL_STORE_METHODS) {
    (approvals as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const store = await (await get()).approvals();
      return (store[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  }
  return {
    approvals,
    audit: {
      append: async (event) => (await get()).audit.append(event),
      records: async (q) => (await get()).audit.records(q),
    },
    findDecision: async (ref) => (await get()).findDecision(ref),
    async close() {
      if (backend) await (await backend).close();
    },
  };
}
