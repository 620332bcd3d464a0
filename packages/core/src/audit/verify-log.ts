import type { Sha256Hex } from '../hash.js';
import { GENESIS_HASH } from './audit-hash.js';
import type { AuditHead, AuditSink } from './types.js';
import { type AuditChainVerification, verifyAuditChain } from './verify-chain.js';

/** Result of {@link verifyAuditLog}. */
export interface AuditLogVerification {
  verification: AuditChainVerification;
  /** The head the sink itself tracks (its head row), when it has `head()`. */
  storedHead: AuditHead | undefined;
}

/** Records read per round trip by {@link verifyAuditLog}. */
const PAGE = 1000;

/**
 * Verifies a sink's whole chain page by page, against the head the sink keeps apart from
 * its records (`sink.head()`, when it has one) and against `expectedHead` (one an operator
 * recorded elsewhere, e.g. from `argseal audit verify`). Deleting the last records is then
 * reported as `truncated`; see SECURITY.md for what an anchor does and does not detect.
 */
export async function verifyAuditLog(
  sink: AuditSink,
  options: { expectedHead?: AuditHead; pageSize?: number; sha256?: Sha256Hex } = {},
): Promise<AuditLogVerification> {
  const storedHead = typeof sink.head === 'function' ? await sink.head() : undefined;
  const anchors = [storedHead, options.expectedHead].filter((h): h is AuditHead => !!h);
  const pageSize = options.pageSize ?? PAGE;
  let at: AuditHead = { length: 0, hash: GENESIS_HASH };
  for (;;) {
    const page = await sink.records({ fromSeq: at.length, limit: pageSize });
    const end = at.length + page.length;
    const last = page.length < pageSize || page.length > pageSize; // short page, or no paging
    const due = anchors.filter((a) => a.length >= at.length && (last || a.length <= end));
    const result = await verifyAuditChain(page, {
      ...(at.length > 0 ? { start: at } : {}),
      expectedHead: due,
      ...(options.sha256 ? { sha256: options.sha256 } : {}),
    });
    if (!result.ok)
      return { verification: { ...result, index: at.length + result.index }, storedHead };
    at = { length: result.length, hash: result.head };
    if (last) return { verification: result, storedHead };
  }
}
