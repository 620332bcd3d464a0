/** The DBOS `recv` topic a workflow waits on for a decision about one proposal. */
export function decisionTopic(proposalHash: string): string {
  return `argseal:decision:${proposalHash}`;
}

/** What {@link wakeWorkflowsOnDecide} sends: a wake-up only; the grant in the store decides. */
export interface DecisionMessage {
  proposalHash: string;
  decision: 'approve' | 'reject';
}
