import type { SuspendedToolProposal } from '../../approvals/types.js';
import type { Attempt } from '../../authorizer/types.js';
import type { JsonObject, JsonValue } from '../../json/types.js';
import type { Refusal } from '../refusal.js';

/**
 * The `kind` of every {@link ApprovalRequest}; check it to tell an argseal approval pause
 * from other pauses of the same framework run.
 */
export const APPROVAL_REQUEST_KIND = 'argseal.approval_request';

/** One call waiting for a human, as an adapter shows it (e.g. in a LangGraph interrupt). */
export interface ProposalView {
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

/** Why a decision value was not applied. Nothing of a refused value is applied. */
export interface DecisionRefusal {
  /** Index of the decision in `decisions`, or -1 for the value as a whole. */
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

/** What an adapter shows when calls pause for a human: each pending proposal once. */
export interface ApprovalRequest {
  kind: typeof APPROVAL_REQUEST_KIND;
  version: 1;
  agent: string;
  proposals: ProposalView[];
  /** Present when the previous decision value was refused; the proposals are still pending. */
  refused?: DecisionRefusal[];
}

interface DecisionBase {
  /** The pending proposal's hash (from the approval request). */
  proposalHash: string;
  /** The pending proposal's id (from the approval request). */
  proposalId: string;
  /** Who decided. Falls back to the {@link DecisionSet}'s `approver`. Required one way or the other. */
  approver?: string;
  note?: string;
}

/**
 * A human's decision on one pending proposal in a {@link DecisionSet}: `approve` or
 * `reject` it, or `edit` it into another call (which gets its own proposal and goes through
 * the whole pipeline again). Matched by `proposalHash` and `proposalId`; a decision for a
 * proposal that is not pending is refused (see {@link DecisionRefusal}).
 */
export type HumanDecision =
  | (DecisionBase & { type: 'approve' })
  | (DecisionBase & { type: 'reject' })
  | (DecisionBase & {
      type: 'edit';
      /** The call to run instead: possibly another tool. A new proposal with its own hash. */
      editedAction: { name: string; args: JsonObject };
    });

/** The decisions on one {@link ApprovalRequest}: one per pending proposal. */
export interface DecisionSet {
  approver?: string;
  decisions: HumanDecision[];
}

/** A call whose attempt suspended, with the proposal the store holds for it. */
export interface PendingCall {
  toolCallId: string;
  attempt: Attempt;
  proposal: SuspendedToolProposal;
}

/** A decision that passed the runtime's `validateDecisions`, ready for its `applyDecisions`. */
export interface ValidDecision {
  /** Usually one; several when identical calls in one message share a proposal. */
  items: PendingCall[];
  type: 'approve' | 'reject' | 'edit';
  approver: string;
  note: string | undefined;
  /** For an edit: the new attempts (one per item), each superseding the original proposal. */
  edited?: Attempt[];
  /** For an edit: the editor's arguments, as given (`editedAction.args`). */
  editedArguments?: JsonObject;
}

/** Result of `validateDecisions`: all decisions valid, or the refusals (nothing applied). */
export type DecisionVerdict =
  | { ok: true; decisions: ValidDecision[] }
  | { ok: false; refusals: DecisionRefusal[] };

/** What a decision means for one tool call (`applyDecisions`). */
export type DecisionOutcome =
  /** Approved in the store (or an edit): the tool seam authorizes, consuming the grant. */
  { kind: 'approved' | 'edited'; attempt: Attempt } | { kind: 'refused'; refusal: Refusal };
