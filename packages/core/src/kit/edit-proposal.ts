import type {
  ApprovalDecisionInput,
  ApprovalGrant,
  SuspendedToolProposal,
} from '../approvals/types.js';
import { normalizeDecision } from '../approvals/validate.js';
import type {
  Attempt,
  Authorizer,
  CallOptions,
  PrepareInput,
  PrepareResult,
} from '../authorizer/types.js';
import { decodeCanonical } from '../json/canonicalize.js';
import type { ArgsealTool } from '../tool/types.js';
import { decodedOnly } from './inputs.js';
import { makeRefusal, type Refusal, toRefusal } from './refusal.js';

/** The approver's fields of an edit (`approver` required; `note`, `ttlMs`/`expiresAt`, `uses`). */
export interface EditDecision extends Omit<ApprovalDecisionInput, 'decision' | 'proposalId'> {}

/** What the runtime's `approveEdit` did: the edited call's grant and proposal, or why nothing was decided. */
export type EditOutcome =
  | { ok: true; grant: ApprovalGrant; proposal: SuspendedToolProposal }
  | { ok: false; refusal: Refusal };

/** A proposal for an edited call the policy allows outright: the edit still binds it. */
function editProposal(attempt: Attempt, approver: string): SuspendedToolProposal {
  const { agent, toolCallId, argsCanonicalJson, proposalHash, bindingHash, supersedes } = attempt;
  return {
    ...{ id: globalThis.crypto.randomUUID(), agent, tool: attempt.tool.name, toolCallId },
    ...{ argsCanonicalJson, proposalHash, bindingHash },
    ...(supersedes !== undefined ? { supersedes } : {}),
    parsedArguments: decodeCanonical(argsCanonicalJson),
    reason: `edited by ${approver}`,
    createdAt: new Date().toISOString(),
  };
}

/**
 * An approver's edit of the pending proposal `original`: the edited arguments (from the
 * approving application, so accepted decoded) go through `tool`'s pipeline and policy
 * and become a new proposal of the same call that `supersedes` the original. The
 * decision is the grant of exactly that hash; the original is rejected (noting the new
 * hash). Same canonical arguments: the original itself is approved. Bad decision fields
 * throw `ApprovalError`; invalid arguments, a deny or a missing store are a refusal. In
 * both cases nothing is decided. A resume of the original call runs the edit through
 * {@link prepareResume}. An edit may target another tool (`edit.tool`): stores link
 * proposals of one tool only, so a retargeted edit is linked to the original in audit
 * (`rewritten`), not by `supersedes`.
 */
export async function approveEdit<Context>(
  authorizer: Authorizer<Context>,
  original: SuspendedToolProposal,
  edit: { tool: ArgsealTool; arguments: unknown; context?: Context },
  decision: EditDecision,
): Promise<EditOutcome> {
  normalizeDecision({ ...decision, decision: 'approve' }, new Date());
  const store = authorizer.approvals;
  const where = { tool: edit.tool.name, toolCallId: original.toolCallId };
  if (!store) {
    const refusal = makeRefusal({ code: 'approval_store_missing', stage: 'approval' }, where);
    return { ok: false, refusal };
  }
  const prepared = await authorizer.prepare(edit.tool, decodedOnly(edit.arguments), {
    toolCallId: original.toolCallId,
    ...(edit.context !== undefined ? { context: edit.context } : {}),
    allowDecodedOnly: true,
    ...(edit.tool.name === original.tool ? { supersedes: original.id } : {}),
  });
  if (!prepared.ok) return { ok: false, refusal: prepared.refusal };
  const { attempt } = prepared;
  const approve = { ...decision, decision: 'approve' as const };
  if (attempt.proposalHash === original.proposalHash) {
    const grant = await store.decide(original.proposalHash, {
      ...approve,
      proposalId: original.id,
    });
    return { ok: true, grant, proposal: original };
  }
  const checked = await attempt.check();
  if (checked.type === 'deny') return { ok: false, refusal: toRefusal(checked, where) };
  // one audit shape for edits in every adapter: the new hash linked to the original
  await authorizer.audit?.append({
    ...{
      type: 'rewritten',
      agent: attempt.agent,
      tool: attempt.tool.name,
      toolCallId: attempt.toolCallId,
    },
    ...{ proposalHash: attempt.proposalHash, argsCanonicalJson: attempt.argsCanonicalJson },
    ...{ originalArguments: original.argsCanonicalJson, supersedes: original.proposalHash },
    approver: decision.approver,
    ...(decision.note !== undefined ? { note: decision.note } : {}),
    data: { edit: true, originalTool: original.tool },
  });
  const proposal =
    checked.type === 'suspended'
      ? checked.proposal
      : await store.suspend(editProposal(attempt, decision.approver));
  await store.decide(original.proposalHash, {
    decision: 'reject',
    approver: decision.approver,
    note: `superseded by an edit (${proposal.proposalHash})`,
    proposalId: original.id,
  });
  const grant = await store.decide(proposal.proposalHash, { ...approve, proposalId: proposal.id });
  return { ok: true, grant, proposal };
}

/**
 * Prepares a call a framework hands over again (a resume, maybe in another process) as a
 * resume of the latest proposal the store holds for the call (`resumeOf: true`: changed
 * arguments are audited `approval_mismatched`). When that latest proposal is an approved
 * edit of exactly this call ({@link approveEdit}: it `supersedes` the proposal these
 * arguments hash to), the edited arguments are prepared instead, as a resume of the
 * edit's hash, so its grant is what `authorize` consumes (once).
 */
export async function prepareResume<Context>(
  authorizer: Authorizer<Context>,
  tool: ArgsealTool,
  input: PrepareInput,
  options: CallOptions<Context> = {},
): Promise<PrepareResult> {
  const prepared = await authorizer.prepare(tool, input, { ...options, resumeOf: true });
  const store = authorizer.approvals;
  if (!prepared.ok || !store || prepared.attempt.supersedes === undefined) return prepared;
  const edit = await store.getProposal(prepared.attempt.supersedes);
  if (edit?.status !== 'approved' || edit.supersedes === undefined) return prepared;
  const original = await store.getProposal(edit.supersedes);
  if (original?.proposalHash !== prepared.attempt.proposalHash) return prepared;
  const edited = decodedOnly(decodeCanonical(edit.argsCanonicalJson));
  return authorizer.prepare(tool, edited, { ...options, resumeOf: edit.proposalHash });
}
