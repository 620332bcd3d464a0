import { type Sha256Hex, sha256Of } from '../hash.js';
import { canonicalize } from '../json/canonicalize.js';
import { setDataProperty } from '../json/strict-domain.js';
import type { JsonValue } from '../json/types.js';
import { bodyText } from './audit-body-text.js';
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
  const keys = Object.keys(event);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = (event as unknown as Record<string, unknown>)[k];
    if (v !== undefined && k !== 'hash' && k !== 'seq' && k !== 'at' && k !== 'prevHash')
      setDataProperty(body, k, v);
  }
  body.seq = seq;
  body.at = at;
  body.prevHash = prevHash;
  return body as unknown as Omit<AuditRecord, 'hash'>;
}

/**
 * @internal The preimage of a record's hash: prefix, prevHash, `:`, JCS of the body.
 * `own` marks a body {@link auditRecordBody} just built (a plain record of data
 * properties), which takes the direct serialization; any other body is canonicalized.
 */
export function auditPreimage(
  prevHash: string,
  body: Omit<AuditRecord, 'hash'>,
  own = false,
): string {
  const text = own
    ? bodyText(body as unknown as Record<string, unknown>)
    : canonicalize(body as unknown as JsonValue);
  return `${AUDIT_HASH_PREFIX}${prevHash}:${text}`;
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
