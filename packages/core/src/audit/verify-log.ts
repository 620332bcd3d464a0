import type { Sha256Hex } from '../hash.js';
import type { AuditHead, AuditSink } from './types.js';
import type { AuditChainVerification } from './verify-chain.js';
import { verifyPagedChain } from './verify-paged.js';

/** Result of {@link verifyAuditLog}. */
export interface AuditLogVerification {
  verification: AuditChainVerification;
  /** The head the sink itself tracks (its head row), when it has `head()`. */
  storedHead: AuditHead | undefined;
}

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
  const verification = await verifyPagedChain(
    (fromSeq, limit) => sink.records({ fromSeq, limit }),
    anchors,
    options,
  );
  return { verification, storedHead };
}
