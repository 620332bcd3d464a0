import { type Sha256Hex, sha256Of } from '../hash.js';
import { canonicalize } from '../json/canonicalize.js';
import { isWellFormedString, setDataProperty } from '../json/strict-domain.js';
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
 * RFC 8785 text of a record body. A body is a flat record of strings and integers (the
 * 2 KB `argsCanonicalJson` among them), so its members are serialized directly: sorted
 * keys, strings through `JSON.stringify` (RFC 8785's string form for well-formed text),
 * safe integers as decimals, nested values (trace, error, data) and anything unusual
 * through the validating `canonicalize`, which also throws the proper error.
 */
/**
 * The last long string member written and its JSON text: a call's `proposed` and
 * `executed` records carry the same `argsCanonicalJson`, which is checked and escaped once.
 */
let lastLong: string | undefined;
let lastLongText = '';

function stringText(v: string): string | undefined {
  if (v === lastLong) return lastLongText;
  if (!isWellFormedString(v)) return undefined;
  const text = JSON.stringify(v);
  if (v.length >= 256) {
    lastLong = v;
    lastLongText = text;
  }
  return text;
}

function bodyText(body: Record<string, unknown>): string {
  const keys = Object.keys(body).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = body[key];
    let text: string | undefined;
    if (typeof v === 'string') {
      text = stringText(v);
      if (text === undefined) return canonicalize(body as JsonValue);
    } else if (typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0))
      text = String(v);
    else if (typeof v === 'boolean' || v === null) text = String(v);
    else if (typeof v === 'object' && v !== null) text = canonicalize(v as JsonValue);
    else return canonicalize(body as JsonValue);
    if (!isWellFormedString(key)) return canonicalize(body as JsonValue);
    out += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
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
