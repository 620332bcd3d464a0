import { APPROVAL_REQUEST_KIND, type ApprovalRequest, type DecisionSet } from '@argseal/core/kit';
import { Command } from '@langchain/langgraph';

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
