import type { AIMessage } from '@langchain/core/messages';

/** What argseal recorded about one tool call at the model seam. */
export type CallMark =
  | { status: 'prepared'; tool: string; proposalHash: string; supersedes?: string }
  | { status: 'invalid'; tool: string; code: string; stage?: string; path?: string };

/**
 * Kept in the AI message's `response_metadata.argseal` (checkpointed with the
 * message, never sent to a provider). It makes a refusal durable: a call argseal
 * refused to decode stays refused after a restart, even though its `args` look valid.
 */
export interface MessageMark {
  v: 1;
  calls: Record<string, CallMark>;
}

export const MARK_KEY = 'argseal';

export function readMark(message: AIMessage): MessageMark | undefined {
  const mark = (message.response_metadata as Record<string, unknown> | undefined)?.[MARK_KEY];
  if (typeof mark !== 'object' || mark === null) return undefined;
  const calls = (mark as { calls?: unknown }).calls;
  if (typeof calls !== 'object' || calls === null) return undefined;
  return { v: 1, calls: calls as Record<string, CallMark> };
}

export function markOf(message: AIMessage, toolCallId: string): CallMark | undefined {
  const mark = readMark(message)?.calls[toolCallId];
  return typeof mark === 'object' && mark !== null ? mark : undefined;
}

/** Refusal code of tool calls that share their id with another call of the same message. */
export const DUPLICATE_ID = 'duplicate_tool_call_id';

/** Ids used by more than one tool call of a message. */
export function duplicateIds(calls: readonly { id?: string | undefined }[]): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const { id } of calls) {
    if (id === undefined || id === '') continue;
    if (seen.has(id)) dup.add(id);
    seen.add(id);
  }
  return dup;
}
