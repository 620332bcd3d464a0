import type { AuditRecord, JsonValue, ToolPolicy } from '@argseal/core';
import { createSnapshot, decodeCanonical } from '@argseal/core/data';

/** One recorded decision replayed against a changed policy set. */
interface ReplayedDecision {
  seq: number;
  agent: string;
  tool: string;
  before: string;
  after: string;
  reason: string | undefined;
}

/** What a replay found: how many decisions it replayed and those that change. */
export interface ReplayResult {
  replayed: number;
  changed: ReplayedDecision[];
}

/**
 * Replays every `decided` record (agent, tool, decision) with the canonical arguments of the
 * `proposed` record of the same proposal hash (which binds agent, tool and arguments) through `policy` (which reads its own server context) and returns the
 * decisions that would differ. The arguments are the recorded canonical JSON, decoded and
 * snapshotted as the authorizer did; a record it cannot decode counts as a deny now.
 */
export async function replayDecisions(
  records: Iterable<AuditRecord>,
  policy: ToolPolicy<unknown>,
): Promise<ReplayResult> {
  const changed: ReplayedDecision[] = [];
  const argsByHash = new Map<string, string>();
  let replayed = 0;
  for (const r of records) {
    if (
      r.type === 'proposed' &&
      r.proposalHash !== undefined &&
      r.argsCanonicalJson !== undefined
    ) {
      argsByHash.set(r.proposalHash, r.argsCanonicalJson);
    }
    if (r.type !== 'decided' || r.agent === undefined || r.tool === undefined) continue;
    const argsCanonicalJson =
      r.argsCanonicalJson ??
      (r.proposalHash === undefined ? undefined : argsByHash.get(r.proposalHash));
    if (argsCanonicalJson === undefined || r.decision === undefined) continue;
    replayed += 1;
    let after: string;
    let reason: string | undefined;
    try {
      const value = createSnapshot(decodeCanonical(argsCanonicalJson)) as JsonValue;
      const d = await policy({
        agent: r.agent,
        tool: r.tool,
        toolCallId: r.toolCallId ?? '',
        rawArguments: argsCanonicalJson,
        requestedArguments: value,
        parsedArguments: value,
        argsCanonicalJson,
        proposalHash: r.proposalHash ?? '',
        context: undefined,
      });
      after = d.type;
      reason = d.reason;
    } catch {
      after = 'deny';
      reason = 'policy_error';
    }
    if (after !== r.decision) {
      changed.push({ seq: r.seq, agent: r.agent, tool: r.tool, before: r.decision, after, reason });
    }
  }
  return { replayed, changed };
}
