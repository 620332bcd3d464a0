import { auditRecordBody, computeAuditHash, GENESIS_HASH } from './audit-hash.js';
import type { AuditEvent, AuditRecord, AuditSink } from './types.js';

/** The in-memory audit sink returned by {@link createMemoryAuditLog}. */
export interface MemoryAuditLog extends AuditSink {
  /** The records as stored (mutable: for tamper tests). */
  readonly raw: AuditRecord[];
}

/** An in-memory, hash-chained audit log. Appends are serialized so the chain stays linear. */
export function createMemoryAuditLog(options?: { now?: () => Date }): MemoryAuditLog {
  const now = options?.now ?? (() => new Date());
  const raw: AuditRecord[] = [];
  let tail: Promise<unknown> = Promise.resolve();

  function append(event: AuditEvent): Promise<AuditRecord> {
    const next = tail.then(async () => {
      const prev = raw.length === 0 ? GENESIS_HASH : (raw[raw.length - 1] as AuditRecord).hash;
      const body = auditRecordBody(event, raw.length, now().toISOString(), prev);
      const record = { ...body, hash: await computeAuditHash(prev, body) } as AuditRecord;
      raw.push(record);
      return structuredClone(record);
    });
    tail = next.catch(() => undefined);
    return next;
  }

  return {
    raw,
    append,
    async records() {
      await tail;
      return structuredClone(raw);
    },
  };
}
