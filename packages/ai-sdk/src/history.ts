import type { ModelMessage } from 'ai';

type Part = { type: string; [key: string]: unknown };

function assistantParts(messages: readonly ModelMessage[]): Part[] {
  const parts: Part[] = [];
  for (const message of messages) {
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      parts.push(...(message.content as Part[]));
    }
  }
  return parts;
}

/**
 * The client's answer to the approval request of `toolCallId`, when the last message
 * is a tool message carrying a `tool-approval-response` for it (`undefined`
 * otherwise). This is a CLIENT CLAIM, never a grant.
 */
export function approvalResponseFor(
  messages: readonly ModelMessage[],
  toolCallId: string,
): boolean | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'tool' || !Array.isArray(last.content)) return undefined;
  const requestIds = new Set(
    assistantParts(messages)
      .filter((p) => p.type === 'tool-approval-request' && p.toolCallId === toolCallId)
      .map((p) => p.approvalId),
  );
  const response = (last.content as Part[]).find(
    (p) => p.type === 'tool-approval-response' && requestIds.has(p.approvalId),
  );
  return response === undefined ? undefined : response.approved === true;
}

/**
 * True when the SDK is re-validating `toolCallId` on resume: the call sits in the
 * history AND the last message answers its approval request. A new call whose
 * provider id happens to repeat an old one (sequential ids) is not a resume.
 */
export function isResume(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const inHistory = assistantParts(messages).some(
    (p) => p.type === 'tool-call' && p.toolCallId === toolCallId,
  );
  return inHistory && approvalResponseFor(messages, toolCallId) !== undefined;
}
