/**
 * The deterministic hook token a workflow run waits on for a decision about one proposal.
 * The run id keeps two runs proposing the same call apart.
 */
export function decisionHookToken(proposalHash: string, workflowRunId: string): string {
  return `argseal:${proposalHash}:${workflowRunId}`;
}

/** What {@link wakeHooksOnDecide} resumes a hook with: a wake-up only; the grant decides. */
export interface DecisionMessage {
  proposalHash: string;
  decision: 'approve' | 'reject';
}
