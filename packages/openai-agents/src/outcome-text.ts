import type {
  CallOutcome,
  SuspendedToolProposal,
  ToolArgumentsValidationError,
} from '@argseal/core';

/** Every model-visible refusal written by this adapter starts with this prefix. */
export const REFUSAL_PREFIX = '[argseal:';

/** Why a call was refused, as written into the tool result the model sees. */
export type RefusalKind = 'invalid' | 'denied' | 'approval_required' | 'failed';

/** True when a tool result text is an argseal refusal (the tool did not run, or failed). */
export function isArgsealRefusal(text: unknown): boolean {
  return typeof text === 'string' && text.startsWith(REFUSAL_PREFIX);
}

interface ErrorFacts {
  stage: string;
  code: string;
  path: string;
}

/** Names tool, stage, code and JSON Pointer; never the argument payload. */
export function invalidText(tool: string, error: ErrorFacts): string {
  const where = error.path === '' ? '(root)' : error.path;
  return `${REFUSAL_PREFIX}invalid] tool "${tool}" was not executed: arguments rejected at stage ${error.stage} (${error.code}) at ${where}. Send valid JSON arguments.`;
}

export function deniedText(tool: string, reason: string): string {
  return `${REFUSAL_PREFIX}denied] tool "${tool}" was not executed: ${reason}`;
}

export function suspendedText(tool: string, proposal: SuspendedToolProposal): string {
  return `${REFUSAL_PREFIX}approval_required] tool "${tool}" was not executed: ${proposal.reason}. Proposal ${proposal.proposalHash} waits for a human decision.`;
}

export function failedText(tool: string, error: unknown): string {
  const message = error instanceof Error ? error.message : 'tool error';
  return `${REFUSAL_PREFIX}failed] tool "${tool}" failed: ${message}`;
}

/** Turns a pipeline outcome into what the SDK hands back to the model. */
export function outcomeToToolResult(outcome: CallOutcome): unknown {
  switch (outcome.status) {
    case 'executed':
      return outcome.result;
    case 'denied':
      return deniedText(outcome.tool, outcome.reason);
    case 'suspended':
      return suspendedText(outcome.tool, outcome.proposal);
    case 'invalid':
      return invalidText(outcome.tool, outcome.error as ToolArgumentsValidationError);
    case 'failed':
      return failedText(outcome.tool, outcome.error);
  }
}
