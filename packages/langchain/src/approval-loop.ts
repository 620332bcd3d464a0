import type { DecisionRefusal } from '@argseal/core';
import type { PendingCall, ValidDecision } from '@argseal/core/kit';
import { interrupt, isGraphInterrupt } from '@langchain/langgraph';
import { ArgsealLangChainError } from './errors.js';
import type { LangChainRuntime } from './options.js';

/** LangGraph's `interrupt` without a checkpointer, as an argseal error that names the fix. */
function missingCheckpointer(error: unknown, pending: readonly PendingCall[]) {
  const code = (error as { lc_error_code?: unknown } | null)?.lc_error_code;
  if (code !== 'MISSING_CHECKPOINTER') return undefined;
  const [first] = pending;
  return new ArgsealLangChainError(
    'missing_checkpointer',
    'needs approval, and pausing the run needs a checkpointer: createAgent({ ..., checkpointer: new MemorySaver() }) (or a durable one) and invoke with configurable.thread_id. Nothing ran.',
    { tool: first?.attempt.tool.name, proposalHash: first?.attempt.proposalHash, cause: error },
  );
}

/**
 * Pauses the run with a LangGraph `interrupt` (the kit's approval request) and returns
 * the validated decisions of the resume value. A refused value is never applied: the run
 * pauses again with the same proposals and a `refused` list. (A value a node throws on
 * would be replayed by LangGraph on every later resume of the thread.) LangGraph re-runs
 * this node from the start on each resume and replays earlier values in order, so
 * refusals are audited only when they end in a new pause.
 */
export async function awaitDecisions<Context>(
  rt: LangChainRuntime<Context>,
  pending: readonly PendingCall[],
  context: Context,
): Promise<ValidDecision[]> {
  let refused: DecisionRefusal[] | undefined;
  for (;;) {
    let value: unknown;
    try {
      value = interrupt(rt.approvalRequest(pending, refused));
    } catch (error) {
      if (refused && isGraphInterrupt(error)) await rt.auditDecisionRefusals(refused);
      throw missingCheckpointer(error, pending) ?? error;
    }
    const verdict = await rt.validateDecisions(value, { pending, context });
    if (verdict.ok) return verdict.decisions;
    refused = verdict.refusals;
  }
}
