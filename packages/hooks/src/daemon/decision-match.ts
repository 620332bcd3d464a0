import type { AuditRecord } from '@argseal/core';

/** The call an `executed` record reports: what the host says it ran. */
export interface ExecutedCallRef {
  agent: string;
  tool: string;
  toolCallId: string;
  /** Proposal hash of the input the host reports it ran, hashed as PreToolUse hashed it. */
  proposalHash: string;
}

/** The allowed decision an `executed` record matches: its audit record's position and hash. */
export interface MatchedDecision {
  seq: number;
  hash: string;
}

/**
 * An audit record that allowed exactly this call (same agent, tool, call id and hash): a
 * `decided` allow, or for a call that needed approval the `approval_consumed` of its grant.
 */
function allows(record: Partial<AuditRecord>, ref: ExecutedCallRef): boolean {
  return (
    ((record.type === 'decided' && record.decision === 'allow') ||
      record.type === 'approval_consumed') &&
    record.mode !== 'shadow' &&
    record.agent === ref.agent &&
    record.tool === ref.tool &&
    record.toolCallId === ref.toolCallId &&
    record.proposalHash === ref.proposalHash
  );
}

/** The SQL store's query (`argseal_audit` is indexed by proposal hash). */
interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The newest allowing record (see {@link allows}) in a SQL audit log (embedded PGlite or PostgreSQL) that allowed
 * this very call with this very input, or undefined.
 */
export async function findAllowedDecisionSql(
  db: Queryable,
  ref: ExecutedCallRef,
): Promise<MatchedDecision | undefined> {
  const { rows } = await db.query(
    `SELECT seq, hash, body FROM argseal_audit
      WHERE proposal_hash = $1 AND type IN ('decided', 'approval_consumed')
      ORDER BY seq DESC LIMIT 100`,
    [ref.proposalHash],
  );
  for (const row of rows as { seq: string | number; hash: string; body: string }[]) {
    if (allows(JSON.parse(row.body) as Partial<AuditRecord>, ref))
      return { seq: Number(row.seq), hash: row.hash };
  }
  return undefined;
}

/** The same over a sink's records, newest first (the console store, whose agent API reads the trail). */
export function findAllowedDecision(
  records: readonly AuditRecord[],
  ref: ExecutedCallRef,
): MatchedDecision | undefined {
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i] as AuditRecord;
    if (allows(r, ref)) return { seq: r.seq, hash: r.hash };
  }
  return undefined;
}
