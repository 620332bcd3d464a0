import type { Sha256Hex } from '../hash.js';
import { GENESIS_HASH } from './audit-hash.js';
import type { AuditHead, AuditRecord } from './types.js';
import { type AuditChainVerification, verifyAuditChain } from './verify-chain.js';

/** Why a chain failed its paged verification: a chain reason, or one `visit` returned. */
type ChainReason = Extract<AuditChainVerification, { ok: false }>['reason'];

/** Result of {@link verifyPagedChain}: positions count the whole chain. */
export type PagedChainVerification<R extends string = never> =
  | { ok: true; length: number; head: string }
  | { ok: false; index: number; reason: ChainReason | R };

/** Options of {@link verifyPagedChain}. */
export interface VerifyPagedChainOptions {
  /** Records read per round trip (default 1000). */
  pageSize?: number;
  /** The SHA-256 implementation (default: the runtime's). */
  sha256?: Sha256Hex;
}

/** Records read per round trip by default. */
const PAGE = 1000;

/**
 * Verifies one chain page by page from genesis: each page continues the head the page
 * before it left, and every anchor (a head kept apart from the records: the sink's head
 * row, one an operator recorded, a checkpoint) is checked on the page that reaches it,
 * so cutting the chain's end is `truncated`. A page shorter than asked for is the last;
 * so is a longer one (a sink that does not page returns everything). `visit` sees every
 * record that verified and may fail it with its own reason; it may add anchors of later
 * chains, not of this one.
 */
export async function verifyPagedChain<R extends string = never>(
  readPage: (fromSeq: number, limit: number) => Promise<readonly AuditRecord[]>,
  anchors: readonly AuditHead[],
  options: VerifyPagedChainOptions = {},
  visit?: (record: AuditRecord) => R | undefined,
): Promise<PagedChainVerification<R>> {
  const pageSize = options.pageSize ?? PAGE;
  let at: AuditHead = { length: 0, hash: GENESIS_HASH };
  for (;;) {
    const page = await readPage(at.length, pageSize);
    const last = page.length !== pageSize;
    const end = at.length + page.length;
    const due = anchors.filter((a) => a.length >= at.length && (last || a.length <= end));
    const result = await verifyAuditChain(page, {
      ...(at.length > 0 ? { start: at } : {}),
      expectedHead: due,
      ...(options.sha256 ? { sha256: options.sha256 } : {}),
    });
    if (!result.ok) return { ok: false, index: at.length + result.index, reason: result.reason };
    if (visit) {
      for (let i = 0; i < page.length; i++) {
        const reason = visit(page[i] as AuditRecord);
        if (reason) return { ok: false, index: at.length + i, reason };
      }
    }
    at = { length: result.length, hash: result.head };
    if (last) return { ok: true, length: at.length, head: at.hash };
  }
}
