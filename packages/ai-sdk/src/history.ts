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

/** The client's answer to the approval request of `toolCallId` in the last message: a claim, never a grant. */
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
 * A resume of `toolCallId`: the last message answers its approval request AND the call is
 * in history. The last message is read first: a step that answers no approval (the usual
 * case) never walks the history.
 */
export function isResume(messages: readonly ModelMessage[], toolCallId: string): boolean {
  if (approvalResponseFor(messages, toolCallId) === undefined) return false;
  return assistantParts(messages).some(
    (p) => p.type === 'tool-call' && p.toolCallId === toolCallId,
  );
}
