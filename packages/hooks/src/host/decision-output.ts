import type { JsonObject } from '@argseal/core';

/** What the hook tells the host about one call. */
export type HookAnswer =
  | { decision: 'allow'; reason: string; updatedInput: JsonObject }
  | { decision: 'deny'; reason: string }
  | { decision: 'ask'; reason: string };

/**
 * The PreToolUse decision JSON, one line. Claude Code and Codex read the same shape:
 * `hookSpecificOutput.permissionDecision` (`allow` | `deny` | `ask`), a reason the model
 * sees, and on allow `updatedInput`: the decoded canonical arguments that were hashed, so
 * what the host runs is exactly what was authorized.
 */
export function decisionJson(answer: HookAnswer): string {
  const out: JsonObject = {
    hookEventName: 'PreToolUse',
    permissionDecision: answer.decision,
    permissionDecisionReason: answer.reason,
  };
  if (answer.decision === 'allow') out.updatedInput = answer.updatedInput;
  return `${JSON.stringify({ hookSpecificOutput: out })}\n`;
}
