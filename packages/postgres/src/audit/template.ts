import type { JsonValue } from '@argseal/core';
import { type AuditEvent, auditRecordBody, canonicalize } from '@argseal/core/store';
import { SqlStoreError } from '../errors.js';

/**
 * An audit event serialized ahead of its place in the chain. The RFC 8785 text of a
 * record is `{` + its members in key order + `}`; all members but `at`, `prevHash` and
 * `seq` are known before the chain head is, so they are canonicalized here, outside any
 * lock, and {@link renderBody} only splices the three chain fields in.
 */
export interface RecordTemplate {
  readonly type: string;
  readonly proposalHash: string | null;
  /** Text before the `at` value, between `at` and `prevHash`, `prevHash` and `seq`, after `seq`. */
  readonly chunks: readonly [string, string, string, string];
  /** Approximate size in bytes (for batch limits). */
  readonly size: number;
}

const CHAIN_KEYS = ['at', 'prevHash', 'seq'] as const;

function invalid(cause?: unknown): SqlStoreError {
  return new SqlStoreError('invalid_audit_event', 'append: the event is not JSON data', {
    cause,
  });
}

/**
 * Validates `event` (strict JSON data with a string `type`) and canonicalizes its members.
 * Throws `SqlStoreError` `invalid_audit_event`; the message never contains the event.
 */
export function recordTemplate(event: AuditEvent, extra?: { stream?: string }): RecordTemplate {
  if (typeof event !== 'object' || event === null || typeof event.type !== 'string') {
    throw new SqlStoreError('invalid_audit_event', 'append: expected an audit event with a type');
  }
  let body: Record<string, unknown>;
  try {
    body = auditRecordBody(event, 0, '', '') as unknown as Record<string, unknown>;
  } catch (error) {
    throw invalid(error);
  }
  if ('stream' in body) {
    throw new SqlStoreError(
      'invalid_audit_event',
      'append: `stream` is set by the log, not by events',
    );
  }
  if (extra?.stream !== undefined) body.stream = extra.stream;
  // JCS orders members by the UTF-16 code units of their keys: the default string sort
  const keys = Object.keys(body).sort();
  const parts: string[][] = [[], [], [], []];
  let slot = 0;
  let size = 0;
  for (const key of keys) {
    if (slot < 3 && key === CHAIN_KEYS[slot]) {
      slot++;
      continue;
    }
    let member: string;
    try {
      member = `${canonicalize(key)}:${canonicalize(body[key] as JsonValue)}`;
    } catch (error) {
      throw invalid(error);
    }
    size += member.length;
    (parts[slot] as string[]).push(member);
  }
  const [before, afterAt, afterPrev, afterSeq] = parts as [string[], string[], string[], string[]];
  const tail = (list: string[]) => list.map((m) => `,${m}`).join('');
  const proposalHash = typeof body.proposalHash === 'string' ? body.proposalHash : null;
  return {
    type: event.type,
    proposalHash,
    chunks: [
      `{${before.map((m) => `${m},`).join('')}"at":`,
      `${tail(afterAt)},"prevHash":"`,
      `"${tail(afterPrev)},"seq":`,
      `${tail(afterSeq)}}`,
    ],
    size: size + 200,
  };
}

/** The record's RFC 8785 text at its place in the chain (`at` is an ISO-8601 string). */
export function renderBody(t: RecordTemplate, seq: number, at: string, prevHash: string): string {
  const [a, b, c, d] = t.chunks;
  return `${a}${JSON.stringify(at)}${b}${prevHash}${c}${seq}${d}`;
}
