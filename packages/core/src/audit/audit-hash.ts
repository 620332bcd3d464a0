import { type Sha256Hex, sha256Of } from '../hash.js';
import { canonicalize } from '../json/canonicalize.js';
import type { JsonValue } from '../json/types.js';
import type { AuditEvent, AuditRecord } from './types.js';

/** prevHash of the first record of a chain. */
export const GENESIS_HASH = '0'.repeat(64);
/** Domain prefix of audit record hashes. */
export const AUDIT_HASH_PREFIX = 'argseal/v1/audit:';

/** Drops `undefined` fields so the record is strict JSON. */
export function auditRecordBody(
  event: AuditEvent,
  seq: number,
  at: string,
  prevHash: string,
): Omit<AuditRecord, 'hash'> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(event)) {
    if (v !== undefined && k !== 'hash' && k !== 'seq' && k !== 'at' && k !== 'prevHash')
      body[k] = v;
  }
  body.seq = seq;
  body.at = at;
  body.prevHash = prevHash;
  return body as unknown as Omit<AuditRecord, 'hash'>;
}

/** @internal The preimage of a record's hash: prefix, prevHash, `:`, JCS of the body. */
export function auditPreimage(prevHash: string, body: Omit<AuditRecord, 'hash'>): string {
  return `${AUDIT_HASH_PREFIX}${prevHash}:${canonicalize(body as unknown as JsonValue)}`;
}

/**
 * SHA-256 of `"argseal/v1/audit:" + prevHash + ":" + JCS(record without its hash)`, with
 * `options.sha256` when given (else the runtime's default, see {@link Sha256Hex}).
 */
export async function computeAuditHash(
  prevHash: string,
  body: Omit<AuditRecord, 'hash'>,
  options?: { sha256?: Sha256Hex },
): Promise<string> {
  return sha256Of(options?.sha256)(auditPreimage(prevHash, body));
}
