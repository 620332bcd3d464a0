import { sha256Hex } from '../hash.js';
import { canonicalize } from '../json/canonicalize.js';
import { AUDIT_HASH_PREFIX, GENESIS_HASH } from './audit-hash.js';
import type { AuditRecord } from './types.js';

/**
 * Result of {@link verifyAuditChain}: `ok` with the chain length and head hash, or the
 * index of the first record that does not verify and why.
 */
export type AuditChainVerification =
  | { ok: true; length: number; head: string }
  | {
      ok: false;
      /** Index of the first record that does not verify. */
      index: number;
      reason: 'invalid_record' | 'seq_mismatch' | 'prev_hash_mismatch' | 'hash_mismatch';
    };

/**
 * Verifies a hash-chained audit trail and finds the first broken link: an edited record
 * fails its own hash, a dropped or reordered record breaks `seq` or `prevHash`.
 */
export async function verifyAuditChain(
  records: readonly AuditRecord[],
): Promise<AuditChainVerification> {
  let prev = GENESIS_HASH;
  let expectedSeq: number | undefined;
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
    if ((await sha256Hex(`${AUDIT_HASH_PREFIX}${prev}:${text}`)) !== hash) {
      return { ok: false, index, reason: 'hash_mismatch' };
    }
    prev = hash;
    expectedSeq = record.seq + 1;
  }
  return { ok: true, length: records.length, head: prev };
}
