import { type AuditSink, verifyAuditLog } from '@argseal/core';
import { type AuditChainVerification, type AuditHead, verifyAuditChain } from '@argseal/core/store';
import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import { HttpError, sendError } from './http-errors.js';
import { parseLimit } from './proposal-view.js';

/** `?after=SEQ`: a record sequence number the page already has. */
function parseAfter(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,15})$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new HttpError('invalid_after', 'after must be a record sequence number');
  return Number(value);
}

/** Verifies the records past `from` (and that `from`'s own record is still there, unchanged). */
async function incremental(
  audit: AuditSink,
  from: AuditHead,
  head: AuditHead,
): Promise<AuditChainVerification> {
  const broken = { ok: false, index: Math.max(from.length - 1, 0), reason: 'truncated' } as const;
  if (head.length < from.length) return broken;
  const page = await audit.records({ fromSeq: Math.max(from.length - 1, 0) });
  const anchor = from.length > 0 ? page[0] : undefined;
  const rest = from.length > 0 ? page.slice(1) : page;
  if (from.length > 0 && (anchor?.seq !== from.length - 1 || anchor.hash !== from.hash))
    return broken;
  return verifyAuditChain(rest, { start: from, expectedHead: head });
}

/**
 * Verifies the chain against the sink's head, incrementally: after one full pass only the
 * records past the last verified head are read and hashed, plus that head's own record
 * (still there, same hash). A failure is located by a full pass, which must also reach the
 * head verified before, so a truncation that moved the head row back is still reported.
 * A sink without `head()` is verified in full every time.
 */
function createVerifier(audit: AuditSink) {
  let verified: AuditHead | undefined;
  return async (
    full: boolean,
  ): Promise<{ verification: AuditChainVerification; head: AuditHead | undefined }> => {
    const head = typeof audit.head === 'function' ? await audit.head() : undefined;
    if (full || !verified || !head) {
      const result = await verifyAuditLog(audit);
      if (result.verification.ok && head)
        verified = { length: result.verification.length, hash: result.verification.head };
      return { verification: result.verification, head };
    }
    const from = verified;
    const fresh = await incremental(audit, from, head);
    if (!fresh.ok) {
      // something changed at or below the verified head: locate it with a full pass that
      // must also reach the head this console verified before (a head row moved back too)
      const located = (await verifyAuditLog(audit, { expectedHead: from })).verification;
      return { verification: located.ok ? fresh : located, head };
    }
    const verification = fresh;
    verified = { length: verification.length, hash: verification.head };
    return { verification, head };
  };
}

/**
 * `GET /api/audit?limit=N&after=SEQ&full=1`: the chain's verification against the store's
 * head row, the head (`{ length, hash }`, for the page to show and operators to record),
 * the total, and the newest N records (default 200) newest first; with `after`, only
 * records whose `seq` is greater. Verification is incremental from the last verified head;
 * `full=1` re-reads and re-hashes the whole chain.
 */
export function auditRoutes(audit: AuditSink): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const verify = createVerifier(audit);
  app.onError((error, c) => sendError(c, error));
  app.get('/', async (c) => {
    const limit = parseLimit(c.req.query('limit'), 200);
    const after = parseAfter(c.req.query('after'));
    const full = c.req.query('full') === '1';
    const { verification, head } = await verify(full);
    const total = head?.length ?? (verification.ok ? verification.length : undefined);
    let records = total === undefined ? await audit.records() : undefined;
    const end = total ?? records!.length;
    const fromSeq = Math.max(end - limit, after === undefined ? 0 : after + 1);
    records = records
      ? records.filter((r) => r.seq >= fromSeq).slice(-limit)
      : fromSeq < end
        ? await audit.records({ fromSeq, limit })
        : [];
    return c.json({ verification, head: head ?? null, total: end, records: records.reverse() });
  });
  return app;
}
