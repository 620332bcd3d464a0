import type { JsonObject, JsonValue } from '@argseal/core';

/**
 * The `kind` of every {@link ArgsealApprovalRequest} interrupt value; check it to tell an
 * argseal approval pause from other interrupts in the same graph.
 */
export const APPROVAL_REQUEST_KIND = 'argseal.approval_request';

/** One call waiting for a human, as shown in the interrupt payload. */
export interface ArgsealProposalView {
  /** Proposal id in the approval store. Decisions must repeat it (replay guard). */
  id: string;
  /** The first tool call of this proposal. */
  toolCallId: string;
  /**
   * Every tool call of the message that this proposal stands for (identical tool and
   * arguments share one proposal hash). Approving the proposal runs each of them once:
   * show the count to the approver.
   */
  toolCallIds: string[];
  tool: string;
  /** SHA-256 binding agent, tool and canonical arguments. Decisions are matched by it. */
  proposalHash: string;
  bindingHash: string;
  /** The canonical arguments, decoded. Exactly what would execute. */
  arguments: JsonValue;
  argsCanonicalJson: string;
  reason: string;
  createdAt: string;
  /** Canonical JSON of the request before a rewrite hook changed it. */
  originalArguments?: string;
}

/** Why a resume value was not applied. Nothing of a refused resume is applied. */
export interface ArgsealRefusal {
  /** Index of the decision in `decisions`, or -1 for the resume value as a whole. */
  index: number;
  code:
    | 'invalid_resume'
    | 'invalid_decision'
    | 'decision_not_pending'
    | 'stale_decision'
    | 'duplicate_decision'
    | 'decision_missing'
    | 'approver_missing'
    | 'edit_unknown_tool'
    | 'edit_invalid_arguments';
  message: string;
  /** The proposal the refusal is about, when known. */
  proposalHash?: string;
  /** For `edit_invalid_arguments`: where the edited arguments failed. */
  stage?: string;
  errorCode?: string;
  path?: string;
}

/** The value of the LangGraph interrupt the middleware raises. */
export interface ArgsealApprovalRequest {
  kind: typeof APPROVAL_REQUEST_KIND;
  version: 1;
  agent: string;
  proposals: ArgsealProposalView[];
  /** Present when the previous resume value was refused; the proposals are still pending. */
  refused?: ArgsealRefusal[];
}

interface DecisionBase {
  /** The pending proposal's hash (from the interrupt payload). */
  proposalHash: string;
  /** The pending proposal's id (from the interrupt payload). */
  proposalId: string;
  /** Who decided. Falls back to the resume value's `approver`. Required one way or the other. */
  approver?: string;
  note?: string;
}

/**
 * A human's decision on one pending proposal in an {@link ArgsealResume}: `approve` or
 * `reject` it, or `edit` it into another call (which gets its own proposal and goes through
 * the whole pipeline again). Matched by `proposalHash` and `proposalId`; a decision for a
 * proposal that is not pending is refused (see {@link ArgsealRefusal}).
 */
export type ArgsealDecision =
  | (DecisionBase & { type: 'approve' })
  | (DecisionBase & { type: 'reject' })
  | (DecisionBase & {
      type: 'edit';
      /** The call to run instead: possibly another tool. A new proposal with its own hash. */
      editedAction: { name: string; args: JsonObject };
    });

/** The resume value: `new Command({ resume })`. One decision per pending proposal. */
export interface ArgsealResume {
  approver?: string;
  decisions: ArgsealDecision[];
}
