import type { ApprovalStore, AuditSink } from '@argseal/core';

/** An approval store and audit sink for one hook call; opened on first use. */
export interface StoreSession {
  approvals: ApprovalStore;
  audit: AuditSink;
  /** Closes what was opened (database, lock). Safe to call when nothing was. */
  close(): Promise<void>;
}

/** What a backend opens: the two halves, the approval store possibly later than the audit sink. */
export interface OpenedBackend {
  audit: AuditSink;
  approvals(): Promise<ApprovalStore>;
  close(): Promise<void>;
}

/** The methods of core's ApprovalStore, for stores that forward each call. */
export const APPROVAL_STORE_METHODS = [
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
 * settles pays only for what it uses (the embedded store's database is opened only when an
 * approval is looked up or created).
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
      records: async () => (await get()).audit.records(),
    },
    async close() {
      if (backend) await (await backend).close();
    },
  };
}
