/**
 * Which hook tokens wait for a decision on which proposal: written by the workflow's steps,
 * read by {@link wakeHooksOnDecide}. `createDbosLedger` of `@argseal/dbos` (SQL) has the same
 * three methods; {@link createMemoryWaitIndex} serves one process.
 */
export interface WaitIndex {
  /** Records that the hook `token` waits for a decision on `proposalHash`. */
  addWait(proposalHash: string, token: string): Promise<void>;
  /** The hook tokens waiting for a decision on `proposalHash`. */
  waitsFor(proposalHash: string): Promise<string[]>;
  /** Forgets a finished wait. */
  removeWait(proposalHash: string, token: string): Promise<void>;
}

/** A {@link WaitIndex} in memory: for tests and a single process (the local world). */
export function createMemoryWaitIndex(): WaitIndex {
  const waits = new Map<string, Set<string>>();
  return {
    async addWait(proposalHash, token) {
      const set = waits.get(proposalHash) ?? new Set<string>();
      set.add(token);
      waits.set(proposalHash, set);
    },
    async waitsFor(proposalHash) {
      return [...(waits.get(proposalHash) ?? [])];
    },
    async removeWait(proposalHash, token) {
      waits.get(proposalHash)?.delete(token);
    },
  };
}
