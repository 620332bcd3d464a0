import { ApprovalError } from '../errors.js';
import type { ProposalCallRef, StoredProposal } from './types.js';

/** Longest agent, tool or toolCallId a call reference may carry. */
export const MAX_CALL_REF_LENGTH = 1024;

const FIELDS = ['agent', 'tool', 'toolCallId'] as const;

/**
 * Checks a call reference of `latestProposalForCall`: an object whose `agent`, `tool` and
 * `toolCallId` are non-empty strings of at most {@link MAX_CALL_REF_LENGTH} characters.
 * Code: `invalid_call_ref` (the message names the field, never its value).
 */
export function assertCallRef(ref: unknown): asserts ref is ProposalCallRef {
  if (typeof ref !== 'object' || ref === null) {
    throw new ApprovalError('invalid_call_ref', 'the call reference must be an object');
  }
  for (const field of FIELDS) {
    const value = (ref as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value === '' || value.length > MAX_CALL_REF_LENGTH) {
      throw new ApprovalError(
        'invalid_call_ref',
        `${field} must be a non-empty string of at most ${MAX_CALL_REF_LENGTH} characters`,
      );
    }
  }
}

/** One unambiguous map key per call (JSON of the three fields). */
export function callKey(ref: ProposalCallRef): string {
  return JSON.stringify([ref.agent, ref.tool, ref.toolCallId]);
}

/**
 * Throws `invalid_supersedes` unless `replaced` (the proposal named by `supersedes`) exists
 * and belongs to the same agent and tool as the edit.
 */
export function assertSupersedes(
  edit: { agent: string; tool: string },
  replaced: Pick<StoredProposal, 'agent' | 'tool'> | undefined,
): void {
  if (!replaced || replaced.agent !== edit.agent || replaced.tool !== edit.tool) {
    throw new ApprovalError(
      'invalid_supersedes',
      'supersedes must name an existing proposal of the same agent and tool',
    );
  }
}
