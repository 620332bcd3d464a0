import { type Sha256Hex, sha256Of } from '../hash.js';
import { canonicalize } from '../json/canonicalize.js';
import { AUDIT_HASH_PREFIX, GENESIS_HASH } from './audit-hash.js';
import type { AuditHead, AuditRecord } from './types.js';

/**
 * Result of {@link verifyAuditChain}: `ok` with the chain length and head hash, or the
 * index of the first record that does not verify and why. `truncated` and
 * `head_mismatch` compare the chain with an expected head: fewer records than it had, or
 * another record at its position (the index is then `records.length` or the position).
 */
export type AuditChainVerification =
  | { ok: true; length: number; head: string }
  | {
      ok: false;
      /** Index (in the records given) of the first record that does not verify. */
      index: number;
      reason:
        | 'invalid_record'
        | 'seq_mismatch'
        | 'prev_hash_mismatch'
        | 'hash_mismatch'
        | 'truncated'
        | 'head_mismatch';
    };

/** Options of {@link verifyAuditChain}. */
export interface VerifyAuditChainOptions {
  /**
   * A head recorded earlier (`argseal audit verify` prints it; the SQL sink keeps one in its
   * head row). The chain must reach it: at least `length` records, and the record at
   * `length − 1` has its hash. Newer records after it are fine. Several heads (the sink's
   * own and one an operator recorded elsewhere) may be given; each must hold.
   */
  expectedHead?: AuditHead | readonly AuditHead[];
  /**
   * The records continue an already verified prefix ending at this head: the first one
   * must have `seq === start.length` and `prevHash === start.hash`. Lengths then count the
   * whole chain, so an incremental check costs only the new records.
   */
  start?: AuditHead;
  /** The SHA-256 implementation (default: the runtime's, see {@link Sha256Hex}). */
  sha256?: Sha256Hex;
}

const isHead = (h: unknown): h is AuditHead =>
  typeof h === 'object' &&
  h !== null &&
  Number.isSafeInteger((h as AuditHead).length) &&
  (h as AuditHead).length >= 0 &&
  typeof (h as AuditHead).hash === 'string';

/**
 * Verifies a hash-chained audit trail and finds the first broken link: an edited record
 * fails its own hash, a dropped or reordered record breaks `seq` or `prevHash`. A chain
 * cut at its end still links up, so pass `expectedHead` to detect that (`truncated`).
 */
export async function verifyAuditChain(
  records: readonly AuditRecord[],
  options: VerifyAuditChainOptions = {},
): Promise<AuditChainVerification> {
  const { start } = options;
  if (start !== undefined && !isHead(start)) throw new TypeError('verifyAuditChain: bad start');
  const anchors =
    options.expectedHead === undefined
      ? []
      : Array.isArray(options.expectedHead)
        ? (options.expectedHead as readonly AuditHead[])
        : [options.expectedHead as AuditHead];
  if (!anchors.every(isHead)) throw new TypeError('verifyAuditChain: bad expectedHead');
  const offset = start?.length ?? 0;
  if (anchors.some((a) => a.length < offset))
    throw new TypeError('verifyAuditChain: expectedHead lies before start; check it there');
  if (anchors.some((a) => a.length === offset && a.hash !== (start?.hash ?? GENESIS_HASH)))
    return { ok: false, index: 0, reason: 'head_mismatch' };
  const sha256 = sha256Of(options.sha256);
  let prev = start?.hash ?? GENESIS_HASH;
  let expectedSeq: number | undefined = start ? offset : undefined;
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (typeof record !== 'object' || record === null || typeof record.hash !== 'string') {
      return { ok: false, index, reason: 'invalid_record' };
    }
    if (expectedSeq !== undefined && record.seq !== expectedSeq) {
      return { ok: false, index, reason: 'seq_mismatch' };
    }
    if (record.prevHash !== prev) return { ok: false, index, reason: 'prev_hash_mismatch' };
    const { hash, ...body } = record;
    let text: string;
    try {
      text = canonicalize(body);
    } catch {
      return { ok: false, index, reason: 'invalid_record' };
    }
    if ((await sha256(`${AUDIT_HASH_PREFIX}${prev}:${text}`)) !== hash) {
      return { ok: false, index, reason: 'hash_mismatch' };
    }
    if (anchors.some((a) => a.length === offset + index + 1 && a.hash !== hash))
      return { ok: false, index, reason: 'head_mismatch' };
    prev = hash;
    expectedSeq = record.seq + 1;
  }
  const length = offset + records.length;
  if (anchors.some((a) => a.length > length))
    return { ok: false, index: records.length, reason: 'truncated' };
  return { ok: true, length, head: prev };
}
