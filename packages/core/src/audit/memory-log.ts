import { auditRecordBody, computeAuditHash, GENESIS_HASH } from './audit-hash.js';
import type { AuditEvent, AuditHead, AuditRecord, AuditRecordsQuery, AuditSink } from './types.js';

/** The in-memory audit sink returned by {@link createMemoryAuditLog}. */
export interface MemoryAuditLog extends AuditSink {
  /** The records as stored (mutable: for tamper tests). */
  readonly raw: AuditRecord[];
  head(): Promise<AuditHead>;
}

/**
 * An in-memory, hash-chained audit log. Appends are serialized so the chain stays linear.
 * The head (length and last hash) is kept apart from `raw`, so records removed from the
 * end of `raw` no longer reach it and `verifyAuditChain(records, { expectedHead })` fails.
 */
export function createMemoryAuditLog(options?: { now?: () => Date }): MemoryAuditLog {
  const now = options?.now ?? (() => new Date());
  const raw: AuditRecord[] = [];
  let head: AuditHead = { length: 0, hash: GENESIS_HASH };
  let tail: Promise<unknown> = Promise.resolve();

  function append(event: AuditEvent): Promise<AuditRecord> {
    const next = tail.then(async () => {
      const body = auditRecordBody(event, head.length, now().toISOString(), head.hash);
      const record = { ...body, hash: await computeAuditHash(head.hash, body) } as AuditRecord;
      raw.push(record);
      head = { length: head.length + 1, hash: record.hash };
      return structuredClone(record);
    });
    tail = next.catch(() => undefined);
    return next;
  }

  return {
    raw,
    append,
    async records(query?: AuditRecordsQuery) {
      await tail;
      const from = query?.fromSeq ?? 0;
      const selected = from > 0 ? raw.filter((r) => r.seq >= from) : raw;
      const limited = query?.limit === undefined ? selected : selected.slice(0, query.limit);
      return structuredClone(limited);
    },
    async head() {
      await tail;
      return { ...head };
    },
  };
}
