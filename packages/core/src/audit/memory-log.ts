import { type Sha256Hex, sha256Of } from '../hash.js';
import { assertKnownOptions } from '../options/known-options.js';
import { auditPreimage, auditRecordBody, GENESIS_HASH } from './audit-hash.js';
import { agentOf, failedAgents } from './failed-agents.js';
import { copyRecord, detachNested } from './record-copies.js';
import type { AuditEvent, AuditHead, AuditRecord, AuditRecordsQuery, AuditSink } from './types.js';

/** The in-memory audit sink returned by {@link createMemoryAuditLog}. */
export interface MemoryAuditLog extends AuditSink {
  /** Appends keep their call order (see {@link AuditSink.pipelining}). */
  readonly pipelining: 'ordered';
  /**
   * Once an append fails (a bad event, a failed digest), the appends of the same `agent`
   * made before the next macrotask reject with the same error and are not stored (see
   * {@link AuditSink.durability}); other agents' appends and later ones are unaffected.
   */
  readonly durability: 'prefix';
  /** The records as stored (mutable: for tamper tests). */
  readonly raw: AuditRecord[];
  head(): Promise<AuditHead>;
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
  assertKnownOptions('createMemoryAuditLog', options, ['now', 'sha256']);
  const now = options?.now ?? (() => new Date());
  const ownSha256 = options?.sha256;
  const raw: AuditRecord[] = [];
  let head: AuditHead = { length: 0, hash: GENESIS_HASH };
  let tail: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  const settled = () => {
    inFlight--;
  };
  const failed = failedAgents(() => inFlight > 0);

  /** A record's `at`: the clock's time, its text reused within one millisecond. */
  let lastMs = Number.NaN;
  let lastAt = '';
  function stamp(): string {
    const d = now();
    if (Object.getPrototypeOf(d) !== Date.prototype) return d.toISOString();
    const ms = d.getTime();
    if (ms !== lastMs) {
      lastAt = d.toISOString();
      lastMs = ms;
    }
    return lastAt;
  }

  function commit(record: AuditRecord, hash: string, nested: boolean): AuditRecord {
    record.hash = hash;
    raw.push(record);
    head = { length: head.length + 1, hash };
    return copyRecord(record, nested);
  }

  function appendNow(
    event: AuditEvent,
    sha256: Sha256Hex,
    index: number,
  ): AuditRecord | Promise<AuditRecord> {
    const agent = agentOf(event);
    const blocked = failed.blocked(agent, index);
    if (blocked) throw blocked.error;
    let hash: string | Promise<string>;
    let body: Omit<AuditRecord, 'hash'>;
    let nested: boolean;
    try {
      body = auditRecordBody(event, head.length, stamp(), head.hash);
      const preimage = auditPreimage(body.prevHash, body, true);
      // the body is a fresh record only this log holds, but its nested values are still
      // the caller's: the stored record gets copies of what was just hashed
      nested = detachNested(body as unknown as Record<string, unknown>);
      hash = sha256(preimage);
    } catch (e) {
      failed.failed(agent, e);
      throw e;
    }
    const record = body as AuditRecord;
    return typeof hash === 'string'
      ? commit(record, hash, nested)
      : Promise.resolve(hash).then(
          (h) => commit(record, h, nested),
          (e: unknown) => {
            failed.failed(agent, e);
            throw e;
          },
        );
  }

  function track(p: Promise<AuditRecord>): Promise<AuditRecord> {
    inFlight++;
    tail = p.then(settled, settled);
    return p;
  }

  function append(event: AuditEvent, appendOptions?: { sha256?: Sha256Hex }) {
    const index = failed.next();
    const sha256 = sha256Of(ownSha256 ?? appendOptions?.sha256);
    if (inFlight > 0) return track(tail.then(() => appendNow(event, sha256, index)));
    let out: AuditRecord | Promise<AuditRecord>;
    try {
      out = appendNow(event, sha256, index);
    } catch (e) {
      return Promise.reject(e);
    }
    return out instanceof Promise ? track(out) : Promise.resolve(out);
  }

  return {
    raw,
    append,
    pipelining: 'ordered',
    durability: 'prefix',
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
