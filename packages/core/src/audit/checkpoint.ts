import { isHashHex } from '../hash.js';
import type { AuditCheckpointData, AuditEvent, AuditRecord, AuditStreamHead } from './types.js';

/** Longest audit stream key (UTF-16 code units). */
export const MAX_AUDIT_STREAM_LENGTH = 200;

/**
 * True for a usable audit stream key: a non-empty string of at most
 * {@link MAX_AUDIT_STREAM_LENGTH} code units without control characters or lone
 * surrogates (it is stored, hashed and printed).
 */
export function isAuditStreamKey(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_AUDIT_STREAM_LENGTH)
    return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = value.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * The `checkpoint` event binding `heads` (streams without records are left out), sorted
 * by stream in UTF-16 code-unit order, as {@link verifyAuditStreams} expects.
 */
export function checkpointEvent(heads: readonly AuditStreamHead[]): AuditEvent {
  const streams = heads
    .filter((h) => h.length > 0)
    .map((h) => ({ stream: h.stream, length: h.length, hash: h.hash }))
    .sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
  const data: AuditCheckpointData = { streams };
  return { type: 'checkpoint', data };
}

/** The stream heads of a checkpoint record, or undefined when it is malformed. */
export function checkpointHeads(record: AuditRecord): AuditStreamHead[] | undefined {
  const list = (record.data as Partial<AuditCheckpointData> | undefined)?.streams;
  if (!Array.isArray(list)) return undefined;
  const out: AuditStreamHead[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { stream, length, hash } = item as Record<string, unknown>;
    if (!isAuditStreamKey(stream) || !isHashHex(hash)) return undefined;
    if (!Number.isSafeInteger(length) || (length as number) < 1) return undefined;
    const prev = out[out.length - 1];
    if (prev && !(prev.stream < stream)) return undefined; // sorted, no duplicates
    out.push({ stream, length: length as number, hash });
  }
  return out;
}
