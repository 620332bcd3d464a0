import { type Sha256Hex, sha256Of } from '../hash.js';
import { auditPreimage, auditRecordBody, GENESIS_HASH } from './audit-hash.js';
import type { AuditEvent, AuditHead, AuditRecord, AuditRecordsQuery, AuditSink } from './types.js';

/** The in-memory audit sink returned by {@link createMemoryAuditLog}. */
export interface MemoryAuditLog extends AuditSink {
  /** Appends keep their call order (see {@link AuditSink.pipelining}). */
  readonly pipelining: 'ordered';
  /** The records as stored (mutable: for tamper tests). */
  readonly raw: AuditRecord[];
  head(): Promise<AuditHead>;
}

/** A copy of a record that shares no object with it (nested values are JSON data). */
function copyRecord(record: AuditRecord): AuditRecord {
  const out: Record<string, unknown> = {};
  for (const key in record) {
    const v = (record as unknown as Record<string, unknown>)[key];
    out[key] = typeof v === 'object' && v !== null ? structuredClone(v) : v;
  }
  return out as unknown as AuditRecord;
}

/**
 * An in-memory, hash-chained audit log. Appends are serialized so the chain stays linear:
 * with a synchronous digest (node:crypto, the default on Node) each append completes at
 * once; with an asynchronous one appends queue behind each other. The head (length and
 * last hash) is kept apart from `raw`, so records removed from the end of `raw` no longer
 * reach it and `verifyAuditChain(records, { expectedHead })` fails.
 *
 * @param options - `now`: clock of the records' `at` (default `new Date()`); `sha256`: the
 * chain's SHA-256 implementation (default: the one the pipeline passes with each event,
 * i.e. its `sha256` option, else the runtime's default, see {@link Sha256Hex}).
 */
export function createMemoryAuditLog(options?: {
  now?: () => Date;
  sha256?: Sha256Hex;
}): MemoryAuditLog {
  const now = options?.now ?? (() => new Date());
  const ownSha256 = options?.sha256;
  const raw: AuditRecord[] = [];
  let head: AuditHead = { length: 0, hash: GENESIS_HASH };
  let tail: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  const settled = () => {
    inFlight--;
  };

  function commit(body: Omit<AuditRecord, 'hash'>, hash: string): AuditRecord {
    // the stored record shares nothing with the caller's event (the body is a fresh
    // record whose nested values still are the event's)
    const record = copyRecord(body as AuditRecord);
    record.hash = hash;
    raw.push(record);
    head = { length: head.length + 1, hash };
    return copyRecord(record);
  }

  function appendNow(event: AuditEvent, sha256: Sha256Hex): AuditRecord | Promise<AuditRecord> {
    const body = auditRecordBody(event, head.length, now().toISOString(), head.hash);
    const hash = sha256(auditPreimage(body.prevHash, body, true));
    return typeof hash === 'string'
      ? commit(body, hash)
      : Promise.resolve(hash).then((h) => commit(body, h));
  }

  function track(p: Promise<AuditRecord>): Promise<AuditRecord> {
    inFlight++;
    tail = p.then(settled, settled);
    return p;
  }

  function append(event: AuditEvent, appendOptions?: { sha256?: Sha256Hex }) {
    const sha256 = sha256Of(ownSha256 ?? appendOptions?.sha256);
    if (inFlight > 0) return track(tail.then(() => appendNow(event, sha256)));
    let out: AuditRecord | Promise<AuditRecord>;
    try {
      out = appendNow(event, sha256);
    } catch (e) {
      return Promise.reject(e);
    }
    return out instanceof Promise ? track(out) : Promise.resolve(out);
  }

  return {
    raw,
    append,
    pipelining: 'ordered',
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
