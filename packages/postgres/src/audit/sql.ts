import { iso } from '../sql/text.js';

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

/**
 * Several audit streams' batches in one statement (see `createStreamsWriter`). $1..$5 per
 * stream (in any order): key, the head it was hashed from (length, hash), the head it
 * leaves; $6 `at`; $7..$13 per record: key, seq, prev hash, hash, type, proposal hash,
 * body. The head rows are locked in key order first (two writers never wait on each other
 * in a cycle; the update finds them by primary key too, `= ANY($1)`, never scanning the
 * head table); each stream moves only if its head is still where its records were hashed
 * from, and only the records of the streams that moved are inserted. Returns `moved` (the
 * keys that landed) and `at`, the database clock after it.
 */
export const STREAMS_WRITE = `WITH heads AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[])
      AS h(stream, from_seq, from_hash, to_seq, to_hash)
  ), locked AS MATERIALIZED (
    SELECT stream FROM argseal_audit_streams WHERE stream = ANY($1::text[])
    ORDER BY stream FOR UPDATE
  ), moved AS (
    UPDATE argseal_audit_streams s SET next_seq = h.to_seq, hash = h.to_hash
    FROM heads h JOIN locked l ON l.stream = h.stream
    WHERE s.stream = ANY($1::text[]) AND s.stream = h.stream
      AND s.next_seq = h.from_seq AND s.hash = h.from_hash
    RETURNING s.stream
  ), inserted AS (
    INSERT INTO argseal_audit_stream_records
      (stream, seq, at, prev_hash, hash, type, proposal_hash, body)
    SELECT r.stream, r.seq, $6, r.prev_hash, r.hash, r.type, r.proposal_hash, r.body
    FROM unnest($7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::text[],
      $13::text[]) AS r(stream, seq, prev_hash, hash, type, proposal_hash, body)
    WHERE r.stream IN (SELECT stream FROM moved)
    RETURNING 1
  )
  SELECT (SELECT array_agg(stream) FROM moved) AS moved,
    (SELECT count(*)::int FROM inserted) AS n, ${clock} AS at`;

/** The heads of the streams in $1 (without a lock), and the database clock. */
export const STREAMS_READ_HEADS = `SELECT stream, next_seq, hash, ${clock} AS at
  FROM argseal_audit_streams WHERE stream = ANY($1::text[])`;

/** Creates the missing head rows of the streams in $1 (in key order). */
export const STREAMS_CREATE_HEADS = `INSERT INTO argseal_audit_streams (stream, next_seq, hash)
  SELECT s, 0, repeat('0', 64) FROM unnest($1::text[]) AS s ORDER BY s
  ON CONFLICT (stream) DO NOTHING`;
