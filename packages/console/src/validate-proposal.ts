import { ApprovalError, computeProposalHash } from '@argseal/core';
import { canonicalize, decodeCanonical, parseStrictJson } from '@argseal/core/data';
import {
  assertProposal,
  checkFourEyes,
  checkPresentation,
  type SuspendedToolProposal,
} from '@argseal/core/store';
import type { BindingCheck } from './binding-rules.js';
import { HttpError } from './http-errors.js';

const FIELDS = new Set([
  'id',
  'agent',
  'tool',
  'toolCallId',
  'argsCanonicalJson',
  'proposalHash',
  'bindingHash',
  'parsedArguments',
  'reason',
  'createdAt',
  'originalArguments',
  'supersedes',
  'presentation',
  'approvals',
  'requester',
]);

function isCanonical(text: string): boolean {
  try {
    return canonicalize(parseStrictJson(text)) === text;
  } catch {
    return false;
  }
}

const invalid = (message: string) => new ApprovalError('invalid_proposal', message);

/**
 * Checks a proposal an agent submits before the store sees it, so what the console shows is
 * what the hash binds: core's field checks, the agent name bound to the token (unless
 * `anyAgent`), canonical argument text, and the proposal hash recomputed from agent, tool and
 * arguments (400 `proposal_hash_mismatch`), and the binding hash grants are consumed by checked
 * by `checkBinding` (400 `binding_hash_mismatch`). `parsedArguments` is rebuilt from the
 * canonical text.
 */
export async function checkSubmittedProposal(
  value: unknown,
  agentName: string,
  anyAgent: boolean,
  checkBinding: BindingCheck,
): Promise<SuspendedToolProposal> {
  assertProposal(value as SuspendedToolProposal);
  const p = value as SuspendedToolProposal;
  for (const key of Object.keys(p)) if (!FIELDS.has(key)) throw invalid(`unknown field "${key}"`);
  if (!anyAgent && p.agent !== agentName) {
    throw new HttpError(
      'agent_mismatch',
      'this agent token may only submit proposals for its own agent name',
    );
  }
  if (
    p.id.length > 200 ||
    p.toolCallId.length > 500 ||
    p.reason.length > 2000 ||
    (p.supersedes?.length ?? 0) > 200
  )
    throw invalid('a field is too long');
  if (Number.isNaN(Date.parse(p.createdAt)))
    throw invalid('createdAt must be an ISO-8601 timestamp');
  if (!isCanonical(p.argsCanonicalJson))
    throw invalid('argsCanonicalJson must be RFC 8785 canonical JSON');
  if (
    p.originalArguments !== undefined &&
    (typeof p.originalArguments !== 'string' || !isCanonical(p.originalArguments))
  ) {
    throw invalid('originalArguments must be RFC 8785 canonical JSON');
  }
  const presentation = p.presentation !== undefined ? checkPresentation(p.presentation) : undefined;
  const approvals = checkFourEyes(p);
  const expected = await computeProposalHash({
    agent: p.agent,
    tool: p.tool,
    argsCanonicalJson: p.argsCanonicalJson,
  });
  if (expected !== p.proposalHash) {
    throw new HttpError(
      'proposal_hash_mismatch',
      'proposalHash does not match agent, tool and arguments',
    );
  }
  await checkBinding(p);
  return {
    id: p.id,
    agent: p.agent,
    tool: p.tool,
    toolCallId: p.toolCallId,
    argsCanonicalJson: p.argsCanonicalJson,
    proposalHash: p.proposalHash,
    bindingHash: p.bindingHash,
    parsedArguments: decodeCanonical(p.argsCanonicalJson),
    reason: p.reason,
    createdAt: p.createdAt,
    ...(p.originalArguments !== undefined ? { originalArguments: p.originalArguments } : {}),
    ...(p.supersedes !== undefined ? { supersedes: p.supersedes } : {}),
    ...(presentation !== undefined ? { presentation } : {}),
    ...(approvals !== undefined ? { approvals } : {}),
    ...(p.requester !== undefined ? { requester: p.requester } : {}),
  };
}
