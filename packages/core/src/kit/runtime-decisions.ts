import type { ApprovalStore, StoredProposal, SuspendedToolProposal } from '../approvals/types.js';
import type {
  Attempt,
  Authorizer,
  CallOptions,
  PrepareInput,
  PrepareResult,
} from '../authorizer/types.js';
import type { ArgsealTool } from '../tool/types.js';
import { applyDecisions } from './decisions/apply-decisions.js';
import { approvalRequest, auditDecisionRefusals } from './decisions/approval-request.js';
import { approvePending } from './decisions/approve-pending.js';
import type {
  ApprovalRequest,
  DecisionOutcome,
  DecisionRefusal,
  DecisionVerdict,
  PendingCall,
  ValidDecision,
} from './decisions/types.js';
import { validateDecisions } from './decisions/validate-decisions.js';
import {
  approveEdit,
  type EditDecision,
  type EditOutcome,
  prepareResume,
} from './edit-proposal.js';
import { pendingProposalOf } from './pending-proposal.js';

/**
 * The human-decision and resume helpers of an {@link AdapterRuntime}, bound to its
 * authorizer (its agent, approval store and audit sink) and its sealed tools.
 */
export interface RuntimeDecisions<Context> {
  /** What the human sees for the calls whose `check()` returned `suspended` (each proposal once). */
  approvalRequest(
    pending: readonly PendingCall[],
    refused?: readonly DecisionRefusal[],
  ): ApprovalRequest;
  /**
   * Checks a resume value (`DecisionSet`) against `pending`: matched by proposal hash,
   * one decision per proposal, each with an approver; an edit targets a sealed tool.
   * Refused values come back as `DecisionRefusal`s; nothing is stored or executed then.
   */
  validateDecisions(
    value: unknown,
    options: { pending: readonly PendingCall[]; context?: Context },
  ): Promise<DecisionVerdict>;
  /** Audits refused decision values (`approval_mismatched`), once they end in a new pause. */
  auditDecisionRefusals(refused: readonly DecisionRefusal[]): Promise<void>;
  /** Records validated decisions in the store; per call id what happens next. */
  applyDecisions(
    decisions: readonly ValidDecision[],
    options?: { context?: Context },
  ): Promise<Map<string, DecisionOutcome>>;
  /** Turns a framework-reported approval into a grant for exactly this call and hash, once. */
  approvePending(attempt: Attempt, decision: { approver: string; note?: string }): Promise<boolean>;
  /** Records an approver's edit of the pending proposal `original` (see `approveEdit`). */
  approveEdit(
    original: SuspendedToolProposal,
    edit: { tool: ArgsealTool; arguments: unknown; context?: Context },
    decision: EditDecision,
  ): Promise<EditOutcome>;
  /** Prepares a call handed over again as a resume of the latest proposal for it (an approved edit runs instead). */
  prepareResume(
    tool: ArgsealTool,
    input: PrepareInput,
    options?: CallOptions<Context>,
  ): Promise<PrepareResult>;
  /** The latest proposal of the attempt's call when it is pending with the attempt's hash. */
  pendingProposalOf(attempt: Attempt): Promise<StoredProposal | undefined>;
}

export function runtimeDecisions<Context>(
  authorizer: Authorizer<Context>,
  tools: ReadonlyMap<string, ArgsealTool>,
): RuntimeDecisions<Context> {
  const store = (): ApprovalStore | undefined => authorizer.approvals;
  const toolFor = (name: string) => tools.get(name);
  return {
    approvalRequest: (pending, refused) => approvalRequest(authorizer.agent, pending, refused),
    validateDecisions: (value, { pending, context }) =>
      validateDecisions(authorizer, value, {
        pending,
        toolFor,
        ...(context !== undefined ? { context } : {}),
      }),
    auditDecisionRefusals: (refused) => auditDecisionRefusals(authorizer, refused),
    applyDecisions: (decisions, options) => applyDecisions(authorizer, decisions, options),
    approvePending: (attempt, decision) => approvePending(store(), attempt, decision),
    approveEdit: (original, edit, decision) => approveEdit(authorizer, original, edit, decision),
    prepareResume: (tool, input, options) => prepareResume(authorizer, tool, input, options),
    pendingProposalOf: (attempt) => pendingProposalOf(store(), attempt),
  };
}
