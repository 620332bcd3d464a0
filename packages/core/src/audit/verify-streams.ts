import type { Sha256Hex } from '../hash.js';
import { checkpointHeads } from './checkpoint.js';
import type { AuditHead, AuditRecord, AuditStreamSink } from './types.js';
import type { AuditChainVerification } from './verify-chain.js';
import { verifyPagedChain } from './verify-paged.js';

type FailureReason = Extract<AuditChainVerification, { ok: false }>['reason'];

/**
 * Result of {@link verifyAuditStreams}: every chain verified, or the first failure, in the
 * main chain (`stream` absent) or in one stream. Besides the chain reasons:
 * `stream_mismatch` (a record in a stream's chain names another stream) and
 * `checkpoint_invalid` (a checkpoint that is malformed, or moves a stream back or drops
 * it). A stream cut or rewritten behind a checkpoint fails with `truncated` or
 * `head_mismatch` at the checkpoint's position.
 */
export type AuditStreamsVerification =
  | {
      ok: true;
      /** The main chain (with its checkpoints). */
      main: { length: number; head: string };
      /** Every stream, in UTF-16 code-unit order. */
      streams: { stream: string; length: number; head: string }[];
      checkpoints: number;
    }
  | {
      ok: false;
      /** The stream whose chain fails; absent for the main chain. */
      stream?: string;
      /** Position (seq) of the first record that does not verify. */
      index: number;
      reason: FailureReason | 'stream_mismatch' | 'checkpoint_invalid';
    };

/** Options of {@link verifyAuditStreams}. */
export interface VerifyAuditStreamsOptions {
  /** A head of the main chain recorded elsewhere (as `verifyAuditLog`'s `expectedHead`). */
  expectedHead?: AuditHead;
  /** Records read per round trip (default 1000). */
  pageSize?: number;
  /** The SHA-256 implementation (default: the runtime's). */
  sha256?: Sha256Hex;
}

type Failure = Extract<AuditStreamsVerification, { ok: false }>;

/** Verifies one chain of the sink (the main one when `stream` is absent) page by page. */
async function verifyChain(
  sink: AuditStreamSink,
  stream: string | undefined,
  anchors: AuditHead[],
  options: VerifyAuditStreamsOptions,
  visit: (record: AuditRecord) => 'stream_mismatch' | 'checkpoint_invalid' | undefined,
): Promise<{ length: number; head: string } | Failure> {
  const where = stream === undefined ? {} : { stream };
  const result = await verifyPagedChain(
    (fromSeq, limit) => sink.records({ ...where, fromSeq, limit }),
    anchors,
    options,
    visit,
  );
  if (!result.ok) return { ok: false, ...where, index: result.index, reason: result.reason };
  return { length: result.length, head: result.head };
}

/**
 * Verifies a sink with audit streams: the main chain against its stored head (and
 * `expectedHead`), every stream's chain against its stored head, and every checkpoint
 * in the main chain against the streams: each stream head a checkpoint names must still
 * be in that stream's chain at that position, and no later checkpoint may move a stream
 * back or drop it. So a stream whose records and head row were both cut or rewritten is
 * still caught behind its last checkpoint. Each chain on its own is a plain audit chain
 * (`verifyAuditChain` accepts it).
 */
export async function verifyAuditStreams(
  sink: AuditStreamSink,
  options: VerifyAuditStreamsOptions = {},
): Promise<AuditStreamsVerification> {
  const mainHead = typeof sink.head === 'function' ? await sink.head() : undefined;
  const stored = await sink.streams();
  const anchors = new Map<string, AuditHead[]>();
  const latest = new Map<string, AuditHead>();
  for (const h of stored) anchors.set(h.stream, [{ length: h.length, hash: h.hash }]);
  let checkpoints = 0;
  const main = await verifyChain(
    sink,
    undefined,
    [mainHead, options.expectedHead].filter((h): h is AuditHead => !!h),
    options,
    (record) => {
      if (typeof record.stream === 'string') return 'stream_mismatch';
      if (record.type !== 'checkpoint') return undefined;
      const heads = checkpointHeads(record);
      if (!heads) return 'checkpoint_invalid';
      const named = new Set(heads.map((h) => h.stream));
      for (const [stream, before] of latest) {
        if (!named.has(stream)) return 'checkpoint_invalid'; // a stream dropped out
        const now = heads.find((h) => h.stream === stream) as AuditHead;
        if (now.length < before.length) return 'checkpoint_invalid';
      }
      for (const h of heads) {
        latest.set(h.stream, h);
        const list = anchors.get(h.stream) ?? [];
        list.push({ length: h.length, hash: h.hash });
        anchors.set(h.stream, list);
      }
      checkpoints++;
      return undefined;
    },
  );
  if ('ok' in main) return main;
  const streams: { stream: string; length: number; head: string }[] = [];
  for (const stream of [...anchors.keys()].sort()) {
    const result = await verifyChain(sink, stream, anchors.get(stream) ?? [], options, (r) =>
      r.stream === stream ? undefined : 'stream_mismatch',
    );
    if ('ok' in result) return result;
    streams.push({ stream, ...result });
  }
  return { ok: true, main, streams, checkpoints };
}
