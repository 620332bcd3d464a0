import type { Sha256Hex } from '../hash.js';
import type { JsonValue } from '../json/types.js';
import type { PolicyTrace } from '../policy/types.js';

/**
 * Kind of an {@link AuditEvent}: the pipeline emits `proposed`, `decided`, `rewritten`,
 * `shadow`, `invalid`, `approval_requested`, `approval_consumed`, `approval_mismatched`
 * (resume with changed arguments), `approval_expired`, `executed` and `failed`; approval
 * stores emit `approval_granted` and `approval_rejected` when a human decides, and
 * `approval_voted` for a four-eyes approval that does not complete the rule yet. The MCP
 * proxy emits `tool_definition_observed` when an upstream tool definition is new or changed,
 * and tool-pin stores `tool_definition_approved` / `tool_definition_rejected`. A log with
 * audit streams writes `checkpoint` records into its main chain itself (see
 * `AuditCheckpointData` in `@argseal/core/store`); it refuses them from callers.
 */
export type AuditEventType =
  | 'proposed'
  | 'decided'
  | 'approval_requested'
  | 'approval_granted'
  | 'approval_rejected'
  | 'approval_voted'
  | 'approval_consumed'
  | 'approval_mismatched'
  | 'approval_expired'
  | 'executed'
  | 'failed'
  | 'rewritten'
  | 'shadow'
  | 'invalid'
  | 'tool_definition_observed'
  | 'tool_definition_approved'
  | 'tool_definition_rejected'
  | 'checkpoint';

/** One audit event as emitted by the pipeline or a store. Absent fields are omitted. */
export interface AuditEvent {
  type: AuditEventType;
  agent?: string;
  tool?: string;
  toolCallId?: string;
  proposalHash?: string;
  bindingHash?: string;
  proposalId?: string;
  /** Effective arguments (canonical JSON). Never the raw text of a call that failed decoding. */
  argsCanonicalJson?: string;
  /** Sidecar: canonical JSON of the arguments before a rewrite. */
  originalArguments?: string;
  decision?: 'allow' | 'deny' | 'require_approval' | 'approve' | 'reject';
  reason?: string;
  mode?: 'enforce' | 'shadow';
  trace?: PolicyTrace[];
  error?: { stage?: string; code: string; path?: string };
  approver?: string;
  note?: string;
  /** For an edit: the proposal hash this one replaces. */
  supersedes?: string;
  data?: { [key: string]: JsonValue };
}

/** A hash-chained audit record. */
export interface AuditRecord extends AuditEvent {
  /**
   * The audit stream (partition key) of a record in a stream's own chain; absent in the
   * main chain. It is part of the hashed body, so a record cannot move between streams.
   */
  stream?: string;
  seq: number;
  /** ISO-8601 timestamp. */
  at: string;
  prevHash: string;
  hash: string;
}

/**
 * The head of an audit chain: how many records it has and the last record's hash
 * ({@link GENESIS_HASH} for an empty chain). Record it somewhere the log's writer cannot
 * change, and pass it to {@link verifyAuditChain} as `expectedHead`: a chain that lost its
 * last records then fails (`truncated`), and one rewritten from some record on fails
 * (`head_mismatch`).
 */
export interface AuditHead {
  length: number;
  hash: string;
}

/** Which records {@link AuditSink.records} returns: `seq >= fromSeq`, at most `limit`. */
export interface AuditRecordsQuery {
  fromSeq?: number;
  limit?: number;
  /** The records of this audit stream's chain instead of the main chain (streamed sinks). */
  stream?: string;
}

/** The stored head of one audit stream (see {@link AuditStreamSink}). */
export interface AuditStreamHead extends AuditHead {
  stream: string;
}

/**
 * The `data` of a `checkpoint` record: the heads of every audit stream with records, in
 * UTF-16 code-unit order of `stream`, as read when the checkpoint was written. Each
 * head is a position the stream's chain must still reach when verified.
 */
export interface AuditCheckpointData {
  [key: string]: JsonValue;
  streams: { stream: string; length: number; hash: string }[];
}

/**
 * A sink with audit streams: besides its main chain, one hash chain per partition key
 * (agent or tenant), each with its own head, so writers of different streams never wait
 * for each other. `records({ stream })` reads one stream's chain; the main chain holds
 * periodic `checkpoint` records binding the heads of all streams.
 * `verifyAuditStreams` checks all of it.
 */
export interface AuditStreamSink extends AuditSink {
  /** The stored head of every stream, in UTF-16 code-unit order of `stream`. */
  streams(): Promise<AuditStreamHead[]>;
}

/**
 * Where audit events go. Implementations chain each record to the previous one
 * (`prevHash`, `hash`) so `verifyAuditChain` (from `@argseal/core/store`) can detect edits, drops and reorders:
 * {@link createMemoryAuditLog} in core, `createSqlAuditLog` in `@argseal/postgres`.
 */
export interface AuditSink {
  /**
   * Appends one event and resolves to the stored, hash-chained record. `options.sha256`
   * is the pipeline's `sha256` option when one is configured (same output as any other
   * implementation); a sink that hashes in JavaScript uses it unless given its own.
   */
  append(event: AuditEvent, options?: { sha256?: Sha256Hex }): Promise<AuditRecord>;
  /** All records in chain order (copies); with a query only `seq >= fromSeq`, at most `limit`. */
  records(query?: AuditRecordsQuery): Promise<AuditRecord[]>;
  /**
   * The chain's head as the sink itself tracks it, apart from the records (the memory log
   * in a variable, the SQL sink in its head row), so deleting the last records is visible.
   */
  head?(): Promise<AuditHead>;
  /**
   * How the sink takes an append made before earlier ones settled. `'ordered'`: its
   * records keep the order of the `append` calls. `'batched'`: ordered too, and appends
   * made in one tick go out together (one batch, one commit). With either, `prepare` issues
   * a call's `rewritten`/`proposed` records without awaiting them, so they are written
   * while the caller goes on (and share batches with other calls in flight). The pipeline
   * appends a record only once the call's records before it are durable (`decided` after
   * `proposed`, even when a sink splits or fails a batch), the tool executes only after
   * every record before it is durable, and a failed append rejects the stage with the
   * sink's error. Absent (or any other value): `prepare` also awaits its records.
   * `createMemoryAuditLog` is `'ordered'`, `createSqlAuditLog` (`@argseal/postgres`) is
   * `'batched'`.
   */
  readonly pipelining?: 'ordered' | 'batched';
  /**
   * `'prefix'`: once an append fails, no append of an event with the same `agent` that
   * was made before the failure was reported becomes durable; it rejects too (each
   * agent's durable records are always a prefix of its `append` calls, in call order).
   * Appends made after the failure was reported start fresh. With `pipelining` set, the
   * pipeline then issues a call's `decided` record right behind its `proposed` record,
   * without awaiting it (on a `'batched'` sink in the same tick, one batch), and the tool
   * still executes only after both are durable. Absent (or any other value): the
   * pipeline appends a call's record only once the records before it are durable.
   * `createSqlAuditLog` declares it (unless `stream` is a function), and so does
   * `createMemoryAuditLog` (a failed append fails the same agent's appends made before the
   * next macrotask, by when its failure has been reported).
   */
  readonly durability?: 'prefix';
}
