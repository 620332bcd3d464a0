import type { JsonValue, StoredProposal } from '@argseal/core';
import { decodeCanonical } from '@argseal/core/data';
import type { ApprovalGrant } from '@argseal/core/store';
import type { ModelMessage } from 'ai';
import { ArgsealAiSdkError } from './errors.js';
import type { AiSdkRuntime } from './seal-state.js';

type Part = { type?: unknown; approvalId?: unknown; toolCallId?: unknown };

/**
 * One unanswered `tool-approval-request` of the history, resolved to the proposal argseal
 * stored for its call. Show `tool`, `arguments` and `reason` to the approver, then answer
 * with {@link SealedTools.approve} or {@link SealedTools.reject}.
 */
export interface PendingApproval {
  /** The SDK's id of the request; the `tool-approval-response` repeats it. */
  approvalId: string;
  toolCallId: string;
  tool: string;
  /** What the approver decides on: agent + tool + canonical arguments. */
  proposalHash: string;
  /** A decoded copy of the canonical arguments (the schema output). */
  arguments: JsonValue;
  /** The policy's reason for asking. */
  reason: string;
  /** The stored proposal, status `pending`. */
  proposal: StoredProposal;
}

/** Options of {@link SealedTools.approve}: who decides, and the store's decision fields. */
export interface ApproveOptions {
  approver: string;
  note?: string;
  /** How long the grant stays valid; default one hour. */
  ttlMs?: number;
}

/** Options of {@link SealedTools.reject}; `reason` is what the model is told. */
export interface RejectOptions {
  approver: string;
  note?: string;
  reason?: string;
}

const APPROVE_KEYS = ['approver', 'note', 'ttlMs'];
const REJECT_KEYS = ['approver', 'note', 'reason'];

/** Options objects refuse unknown keys (nothing is decided then). */
function checkOptions(decision: 'approve' | 'reject', options: unknown): void {
  const allowed = decision === 'approve' ? APPROVE_KEYS : REJECT_KEYS;
  const ok =
    typeof options === 'object' &&
    options !== null &&
    Object.keys(options).every((k) => allowed.includes(k));
  if (!ok) {
    throw new ArgsealAiSdkError(
      'invalid_approval_options',
      `${decision} options take only ${allowed.join(', ')}`,
    );
  }
}

function partsOf(messages: readonly ModelMessage[], role: 'assistant' | 'tool'): Part[] {
  return messages.flatMap((m) =>
    m.role === role && Array.isArray(m.content) ? (m.content as Part[]) : [],
  );
}

/** Approval requests of `messages` no `tool-approval-response` answers yet: approvalId → toolCallId. */
function unanswered(messages: readonly ModelMessage[]): Map<string, string> {
  const answered = new Set(
    partsOf(messages, 'tool')
      .filter((p) => p.type === 'tool-approval-response')
      .map((p) => p.approvalId),
  );
  const open = new Map<string, string>();
  for (const p of partsOf(messages, 'assistant')) {
    if (p.type !== 'tool-approval-request') continue;
    if (typeof p.approvalId !== 'string' || typeof p.toolCallId !== 'string') continue;
    if (!answered.has(p.approvalId)) open.set(p.approvalId, p.toolCallId);
  }
  return open;
}

/** The tool name of call `toolCallId` in the history. */
function toolOf(messages: readonly ModelMessage[], toolCallId: string): string | undefined {
  const call = partsOf(messages, 'assistant').find(
    (p) => p.type === 'tool-call' && p.toolCallId === toolCallId,
  ) as { toolName?: unknown } | undefined;
  return typeof call?.toolName === 'string' ? call.toolName : undefined;
}

/** Appends a response part to the trailing tool message of approval responses, or a new one. */
function appendResponse(messages: ModelMessage[], part: Record<string, unknown>): void {
  const last = messages.at(-1);
  const onlyResponses =
    last?.role === 'tool' &&
    Array.isArray(last.content) &&
    (last.content as Part[]).every((p) => p.type === 'tool-approval-response');
  if (onlyResponses) (last.content as unknown[]).push(part);
  else messages.push({ role: 'tool', content: [part] } as ModelMessage);
}

/**
 * `pending`, `approve` and `reject` of {@link SealedTools}: the one way to answer an AI SDK
 * approval. The decision is recorded in the approval store first (bound to the proposal's
 * hash and id); the appended `tool-approval-response` only asks the SDK to continue.
 */
export function approvalsOf<Context>(rt: AiSdkRuntime<Context>) {
  async function resolve(
    messages: readonly ModelMessage[],
    approvalId: string,
    toolCallId: string,
  ): Promise<PendingApproval | undefined> {
    const tool = toolOf(messages, toolCallId);
    const store = rt.authorizer.approvals;
    if (tool === undefined || !rt.tools.has(tool) || store === undefined) return undefined;
    const ref = { agent: rt.authorizer.agent, tool, toolCallId };
    const proposal = await store.latestProposalForCall(ref);
    if (proposal?.status !== 'pending') return undefined;
    const { proposalHash, reason, argsCanonicalJson } = proposal;
    const args = decodeCanonical(argsCanonicalJson);
    return { approvalId, toolCallId, tool, proposalHash, arguments: args, reason, proposal };
  }

  async function pending(messages: readonly ModelMessage[]): Promise<PendingApproval[]> {
    const out: PendingApproval[] = [];
    for (const [approvalId, toolCallId] of unanswered(messages)) {
      const item = await resolve(messages, approvalId, toolCallId);
      if (item) out.push(item);
    }
    return out;
  }

  async function decide(
    messages: ModelMessage[],
    item: Pick<PendingApproval, 'approvalId'>,
    decision: 'approve' | 'reject',
    options: ApproveOptions & { reason?: string },
  ): Promise<ApprovalGrant> {
    checkOptions(decision, options);
    if (!Array.isArray(messages)) {
      throw new ArgsealAiSdkError('approval_request_not_found', 'messages must be an array');
    }
    const approvalId = item?.approvalId;
    const toolCallId =
      typeof approvalId === 'string' ? unanswered(messages).get(approvalId) : undefined;
    if (toolCallId === undefined) {
      throw new ArgsealAiSdkError(
        'approval_request_not_found',
        'no unanswered tool-approval-request with this approvalId in messages',
      );
    }
    const resolved = await resolve(messages, approvalId as string, toolCallId);
    if (resolved === undefined) {
      throw new ArgsealAiSdkError(
        'proposal_not_found',
        'no pending proposal for this call in the approval store (already decided, not sealed by this seal, or no store)',
        toolOf(messages, toolCallId),
      );
    }
    const { reason, ...fields } = options;
    const grant = await rt.authorizer.approvals!.decide(resolved.proposalHash, {
      ...fields,
      decision,
      proposalId: resolved.proposal.id,
    });
    appendResponse(messages, {
      type: 'tool-approval-response',
      approvalId,
      approved: decision === 'approve',
      ...(reason !== undefined ? { reason } : {}),
    });
    return grant;
  }

  return {
    pending,
    approve: (
      messages: ModelMessage[],
      item: Pick<PendingApproval, 'approvalId'>,
      options: ApproveOptions,
    ) => decide(messages, item, 'approve', options),
    reject: (
      messages: ModelMessage[],
      item: Pick<PendingApproval, 'approvalId'>,
      options: RejectOptions,
    ) => decide(messages, item, 'reject', options),
  };
}
