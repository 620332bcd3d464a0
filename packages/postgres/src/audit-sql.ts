import { iso } from './sql-text.js';

/**
 * The statements of one kind of chain: the single chain (`argseal_audit`, head row
 * `id = 1`) or one audit stream (`argseal_audit_stream_records`, head row per `stream`).
 * Parameters past the ten of `write` (and the first of the head reads) name the stream.
 */
export interface ChainStatements {
  /** The head and the database clock, without a lock. */
  readHead: string;
  /** The head and the database clock, row-locked until commit. */
  lockHead: string;
  /** Creates a missing head row (streams only). */
  createHead?: string;
  /**
   * One statement: moves the head from ($1 length, $2 hash) to ($3, $4) if it is still
   * there, and only then inserts the batch (at $5; prev hashes, hashes, types, proposal
   * hashes and bodies as arrays $6..$10). Returns `n`, the number of records inserted
   * (0 when another writer moved the head first), and `at`, the database clock after it.
   */
  write: string;
}

const unnestBatch = `unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
      WITH ORDINALITY AS r(prev_hash, hash, type, proposal_hash, body, i)`;

const clock = iso('clock_timestamp()');

export const ROOT_CHAIN: ChainStatements = {
  readHead: `SELECT next_seq, hash, ${clock} AS at FROM argseal_audit_head WHERE id = 1`,
  lockHead: `SELECT next_seq, hash, ${clock} AS at FROM argseal_audit_head WHERE id = 1 FOR UPDATE`,
  write: `WITH moved AS (
    UPDATE argseal_audit_head SET next_seq = $3, hash = $4
    WHERE id = 1 AND next_seq = $1 AND hash = $2
    RETURNING id
  ), inserted AS (
    INSERT INTO argseal_audit (seq, at, prev_hash, hash, type, proposal_hash, body)
    SELECT $1::bigint + r.i - 1, $5, r.prev_hash, r.hash, r.type, r.proposal_hash, r.body
    FROM ${unnestBatch}
    WHERE EXISTS (SELECT 1 FROM moved)
    RETURNING 1
  )
  SELECT count(*)::int AS n, ${clock} AS at FROM inserted`,
};

/** One audit stream's chain: the stream key is parameter $1 of the head reads, $11 of `write`. */
export const STREAM_CHAIN: ChainStatements = {
  readHead: `SELECT next_seq, hash, ${clock} AS at FROM argseal_audit_streams WHERE stream = $1`,
  lockHead: `SELECT next_seq, hash, ${clock} AS at FROM argseal_audit_streams WHERE stream = $1 FOR UPDATE`,
  createHead: `INSERT INTO argseal_audit_streams (stream, next_seq, hash)
    VALUES ($1, 0, repeat('0', 64)) ON CONFLICT (stream) DO NOTHING`,
  write: `WITH moved AS (
    UPDATE argseal_audit_streams SET next_seq = $3, hash = $4
    WHERE stream = $11 AND next_seq = $1 AND hash = $2
    RETURNING stream
  ), inserted AS (
    INSERT INTO argseal_audit_stream_records
      (stream, seq, at, prev_hash, hash, type, proposal_hash, body)
    SELECT $11, $1::bigint + r.i - 1, $5, r.prev_hash, r.hash, r.type, r.proposal_hash, r.body
    FROM ${unnestBatch}
    WHERE EXISTS (SELECT 1 FROM moved)
    RETURNING 1
  )
  SELECT count(*)::int AS n, ${clock} AS at FROM inserted`,
};
