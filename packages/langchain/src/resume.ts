import {
  APPROVAL_REQUEST_KIND,
  type ApprovalRequest,
  approveProposal,
  type DecisionSet,
} from '@argseal/core';
import { Command } from '@langchain/langgraph';
import { ArgsealLangChainError } from './errors.js';

/** The argseal approval request in an `invoke` result (`result.__interrupt__`), if the run paused for one. */
export function getApprovalRequest(result: unknown): ApprovalRequest | undefined {
  const interrupts = (result as { __interrupt__?: unknown } | null | undefined)?.__interrupt__;
  if (!Array.isArray(interrupts)) return undefined;
  for (const entry of interrupts) {
    const value = (entry as { value?: unknown } | null)?.value as ApprovalRequest | undefined;
    if (value?.kind === APPROVAL_REQUEST_KIND) return value;
  }
  return undefined;
}

/** `new Command({ resume })` for `agent.invoke(resumeWith(…), { configurable: { thread_id } })`. */
export function resumeWith(resume: DecisionSet): Command {
  return new Command({ resume });
}

/**
 * The resume that approves every proposal of the run's approval request, or `undefined`
 * when `result` did not pause for one. Call it once the approver has seen
 * `getApprovalRequest(result).proposals`; for mixed decisions use {@link resumeWith}.
 * `agent.invoke(resume, config)` with the same `thread_id` runs each approved call once.
 *
 * @throws {ArgsealLangChainError} `invalid_approval_options` (not an object, or a key other
 *   than `approver` and `note`); a missing approver is refused at resume (`approver_missing`).
 */
export function approveAll(
  result: unknown,
  options: { approver: string; note?: string },
): Command | undefined {
  const keys = typeof options === 'object' && options !== null ? Object.keys(options) : [];
  if (keys.length === 0 || keys.some((k) => k !== 'approver' && k !== 'note')) {
    throw new ArgsealLangChainError(
      'invalid_approval_options',
      'approveAll options take only approver and note',
    );
  }
  const request = getApprovalRequest(result);
  if (request === undefined) return undefined;
  const note = options.note;
  const decisions = request.proposals.map((p) =>
    approveProposal(p, note === undefined ? undefined : { note }),
  );
  return resumeWith({ approver: options.approver, decisions });
}
