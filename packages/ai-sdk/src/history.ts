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
 * True when `toolCallId` already sits in the history as an assistant tool call:
 * the SDK is re-validating an approved call on resume, not looking at a new one.
 */
export function isToolCallInHistory(
  messages: readonly ModelMessage[],
  toolCallId: string,
): boolean {
  return assistantParts(messages).some(
    (p) => p.type === 'tool-call' && p.toolCallId === toolCallId,
  );
}

/**
 * True when the last message is a tool message whose `tool-approval-response`
 * approves the approval request of `toolCallId`. This is a CLIENT CLAIM.
 */
export function clientApproved(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'tool' || !Array.isArray(last.content)) return false;
  const requestIds = new Set(
    assistantParts(messages)
      .filter((p) => p.type === 'tool-approval-request' && p.toolCallId === toolCallId)
      .map((p) => p.approvalId),
  );
  return (last.content as Part[]).some(
    (p) =>
      p.type === 'tool-approval-response' && p.approved === true && requestIds.has(p.approvalId),
  );
}
