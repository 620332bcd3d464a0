import { DurableWaitError } from './errors.js';
import type { DurableOutcome, ExecutionLedger, LedgerEntry } from './types.js';

/**
 * An {@link ExecutionLedger} in this process's memory: for tests and single-process use.
 * It does not survive a restart, so it cannot make a crashed step safe; use the SQL ledger
 * of `@argseal/postgres` (`createSqlExecutionLedger`) with a durable engine.
 */
export function createMemoryExecutionLedger(): ExecutionLedger {
  const entries = new Map<string, LedgerEntry>();
  const copy = (entry: LedgerEntry | undefined) =>
    entry === undefined ? undefined : (structuredClone(entry) as LedgerEntry);
  return {
    async get(key) {
      return copy(entries.get(key));
    },
    async start(key, bindingHash) {
      const existing = entries.get(key);
      if (existing) return copy(existing);
      entries.set(key, { state: 'running', bindingHash });
      return undefined;
    },
    async settle(key, outcome: DurableOutcome) {
      const entry = entries.get(key);
      if (entry?.state !== 'running') {
        throw new DurableWaitError(
          'ledger_conflict',
          `execution key cannot be settled (${entry?.state ?? 'unknown'})`,
        );
      }
      entries.set(key, {
        state: 'settled',
        bindingHash: entry.bindingHash,
        outcome: structuredClone(outcome),
      });
    },
  };
}
