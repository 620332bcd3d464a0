import {
  type AuditRecord,
  type AuditStreamHead,
  checkpointEvent,
  type Sha256Hex,
} from '@argseal/core/store';
import { SqlStoreError, toSqlStoreError } from '../errors.js';
import type { Row, Runner } from '../sql/db.js';
import { chainFrom, type DbClock, toRecord } from './chain.js';
import { ROOT_CHAIN } from './sql.js';
import { recordTemplate } from './template.js';

/** The head row of every stream with records (one statement: one consistent snapshot). */
export const STREAM_HEADS = `SELECT stream, next_seq, hash FROM argseal_audit_streams WHERE next_seq > 0`;

export function toStreamHeads(rows: Row[]): AuditStreamHead[] {
  return rows
    .map((r) => ({ stream: String(r.stream), length: Number(r.next_seq), hash: String(r.hash) }))
    .sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
}

/**
 * Appends a checkpoint to the main chain in one transaction under the main head's row
 * lock, reading the stream heads only once the lock is held. Checkpoints of any number of
 * connections and processes are thereby serialized, and each reads the heads after the
 * one before it committed: a later checkpoint never names an older stream head (which
 * `verifyAuditStreams` would refuse as moving a stream back). Undefined when no stream
 * has records. The main chain's batched writer finds the head moved and retries under the
 * lock, as with any other writer.
 */
export async function writeCheckpoint(
  runner: Runner,
  clock: DbClock,
  sha256: Sha256Hex,
): Promise<AuditRecord | undefined> {
  try {
    return await runner.transaction(async (query) => {
      const sentAt = Date.now();
      const [locked] = await query(ROOT_CHAIN.lockHead);
      if (!locked) {
        throw new SqlStoreError(
          'schema_not_migrated',
          'checkpoint: audit head row missing; run migrate(db)',
        );
      }
      clock.observe(String(locked.at), sentAt);
      const heads = toStreamHeads(await query(STREAM_HEADS));
      if (heads.length === 0) return undefined;
      const template = recordTemplate(checkpointEvent(heads));
      const head = { length: Number(locked.next_seq), hash: String(locked.hash) };
      const c = await chainFrom([template], head, clock.next(), sha256);
      const [row] = await query(ROOT_CHAIN.write, [
        head.length,
        head.hash,
        head.length + 1,
        c.hashes[0],
        c.at,
        c.prevs,
        c.hashes,
        [template.type],
        [template.proposalHash],
        c.bodies,
      ]);
      if (Number(row?.n) !== 1) {
        throw new SqlStoreError(
          'store_unavailable',
          'checkpoint: the audit head moved under its lock',
        );
      }
      return toRecord(c, 0);
    });
  } catch (error) {
    throw toSqlStoreError(error, 'checkpoint');
  }
}
