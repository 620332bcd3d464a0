import { makeRefusal, type Refusal } from '@argseal/core/kit';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';

/** What the model seam recorded about one tool call. */
export type CallMark =
  | { status: 'prepared'; tool: string; proposalHash: string; supersedes?: string }
  | {
      status: 'invalid';
      tool: string;
      code: Refusal['code'];
      stage: Refusal['stage'];
      path?: string;
    };

/**
 * Kept in the AI message's `response_metadata.argseal` (checkpointed with the message,
 * never sent to a provider). A call argseal refused stays refused after a restart, and a
 * prepared call is re-prepared from history as a resume of the recorded proposal hash.
 */
export const MARK_KEY = 'argseal';

export function readMarks(message: AIMessage): Record<string, CallMark> {
  const mark = (message.response_metadata as Record<string, unknown> | undefined)?.[MARK_KEY];
  const calls = (mark as { calls?: unknown } | null | undefined)?.calls;
  return typeof calls === 'object' && calls !== null ? (calls as Record<string, CallMark>) : {};
}

export function invalidMark(r: Refusal): CallMark {
  return {
    status: 'invalid',
    tool: r.tool ?? '',
    code: r.code,
    stage: r.stage,
    ...(r.path !== undefined ? { path: r.path } : {}),
  };
}

/** The refusal an invalid mark stands for. */
export function markRefusal(m: Extract<CallMark, { status: 'invalid' }>, id: string): Refusal {
  return makeRefusal(
    { code: m.code, stage: m.stage, ...(m.path !== undefined ? { path: m.path } : {}) },
    { tool: m.tool, toolCallId: id },
  );
}

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

/** The latest AI message of `messages` holding a call with this id. */
export function messageOf(messages: readonly BaseMessage[] | undefined, id: string) {
  for (const m of [...(messages ?? [])].reverse()) {
    if (AIMessage.isInstance(m) && m.tool_calls?.some((c) => c.id === id)) return m;
  }
  return undefined;
}
