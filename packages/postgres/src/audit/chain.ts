import { AUDIT_HASH_PREFIX, type AuditRecord, type Sha256Hex } from '@argseal/core/store';
import { type RecordTemplate, renderBody } from './template.js';

/** Where a chain's next record goes: its `seq` and the hash it links to. */
export interface ChainHead {
  length: number;
  hash: string;
}

/** A run of records hashed from a head: prev hashes, hashes and RFC 8785 bodies. */
export interface Chained {
  prevs: string[];
  hashes: string[];
  bodies: string[];
  at: string;
}

/** The bodies and hashes of `templates` from `head` on (all at `at`): the only work that needs the head. */
export async function chainFrom(
  templates: readonly RecordTemplate[],
  head: ChainHead,
  at: string,
  sha256: Sha256Hex,
): Promise<Chained> {
  const prevs: string[] = [];
  const hashes: string[] = [];
  const bodies: string[] = [];
  let prev = head.hash;
  for (let i = 0; i < templates.length; i++) {
    const body = renderBody(templates[i] as RecordTemplate, head.length + i, at, prev);
    const digest = sha256(`${AUDIT_HASH_PREFIX}${prev}:${body}`);
    const hash = typeof digest === 'string' ? digest : await digest;
    prevs.push(prev);
    hashes.push(hash);
    bodies.push(body);
    prev = hash;
  }
  return { prevs, hashes, bodies, at };
}

/** The head a chained run leaves. */
export function headAfter(head: ChainHead, c: Chained): ChainHead {
  return { length: head.length + c.hashes.length, hash: c.hashes[c.hashes.length - 1] as string };
}

/** The record `append` resolves to: our own canonical text, parsed (a fresh copy; `__proto__` stays data). */
export function toRecord(c: Chained, i: number): AuditRecord {
  const record = JSON.parse(c.bodies[i] as string) as AuditRecord;
  record.hash = c.hashes[i] as string;
  return record;
}

/**
 * The database clock as the appenders estimate it: each statement returns
 * `clock_timestamp()`, and `next()` gives the local clock plus the last observed skew,
 * never earlier than the `at` it gave before (records of one log never go back in time).
 */
export function createDbClock() {
  let skew = 0;
  let lastAt = 0;
  return {
    /** A database clock reading (ISO text) from a statement sent at local time `sentAt`. */
    observe(dbIso: string, sentAt: number): void {
      const db = Date.parse(dbIso);
      if (Number.isFinite(db)) skew = db - (sentAt + Date.now()) / 2;
    },
    next(): string {
      lastAt = Math.max(lastAt, Math.round(Date.now() + skew));
      return new Date(lastAt).toISOString();
    },
  };
}

export type DbClock = ReturnType<typeof createDbClock>;
