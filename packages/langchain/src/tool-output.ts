import type { ToolArgumentsValidationError } from '@argseal/core';
import { isDirectToolOutput, ToolMessage } from '@langchain/core/messages';

/** Why argseal answered a tool call itself instead of running the tool. */
export type BlockedStatus =
  | 'invalid'
  | 'denied'
  | 'rejected'
  | 'approval_required'
  | 'unknown_tool'
  | 'failed';

/** Machine-readable details, in the ToolMessage's `artifact.argseal` (not sent to the model). */
export interface BlockedDetails {
  status: BlockedStatus;
  tool: string;
  proposalHash?: string;
  stage?: string;
  code?: string;
  path?: string;
  reason?: string;
}

export interface ToolCallRef {
  id: string;
  name: string;
}

function describe(d: BlockedDetails): string {
  const tool = `"${d.tool}"`;
  switch (d.status) {
    case 'invalid':
      if (d.stage === undefined)
        return `argseal refused the call to ${tool}: ${d.reason ?? d.code}. Nothing was executed.`;
      return `argseal refused the call to ${tool}: invalid arguments (${d.stage}/${d.code} at ${d.path === '' || d.path === undefined ? '(root)' : d.path}). Nothing was executed.`;
    case 'denied':
      return `argseal denied the call to ${tool}: ${d.reason}. Nothing was executed.`;
    case 'rejected':
      return `A human rejected the call to ${tool}${d.reason ? `: ${d.reason}` : ''}. Nothing was executed.`;
    case 'approval_required':
      return `The call to ${tool} needs a human approval (proposal ${d.proposalHash}); nothing was executed.`;
    case 'unknown_tool':
      return `argseal refused the call to ${tool}: ${d.reason ?? 'the tool is not sealed'}. Nothing was executed.`;
    case 'failed':
      return `${d.reason ?? 'Error'}\n Please fix your mistakes.`;
  }
}

/** An error ToolMessage (status `error`) telling the model why nothing ran. */
export function blockedMessage(toolCall: ToolCallRef, details: BlockedDetails): ToolMessage {
  return new ToolMessage({
    content: describe(details),
    tool_call_id: toolCall.id,
    name: toolCall.name,
    status: 'error',
    artifact: { argseal: details },
  });
}

/** A call whose id another call of the same message also uses. */
export function duplicateDetails(tool: string): BlockedDetails {
  return {
    status: 'invalid',
    tool,
    code: 'duplicate_tool_call_id',
    reason: 'another tool call in the same message has the same id',
  };
}

export function invalidDetails(tool: string, error: ToolArgumentsValidationError): BlockedDetails {
  return { status: 'invalid', tool, stage: error.stage, code: error.code, path: error.path };
}

function isContentBlocks(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((b) => typeof b === 'object' && b !== null && 'type' in (b as object))
  );
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/**
 * Turns what a tool returned into what LangChain expects from a tool call: a
 * ToolMessage or Command passes through, anything else becomes a ToolMessage the way
 * `StructuredTool.call` formats it.
 */
export function outputToMessage(output: unknown, toolCall: ToolCallRef): unknown {
  if (ToolMessage.isInstance(output)) {
    if (!output.tool_call_id) output.tool_call_id = toolCall.id;
    return output;
  }
  if (isDirectToolOutput(output)) return output;
  const content =
    typeof output === 'string' || isContentBlocks(output) ? output : stringify(output);
  return new ToolMessage({
    status: 'success',
    content: content as string,
    tool_call_id: toolCall.id,
    name: toolCall.name,
  });
}
