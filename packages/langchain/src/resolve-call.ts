import { type Attempt, makeRefusal, type Refusal } from '@argseal/core/kit';
import type { BaseMessage } from '@langchain/core/messages';
import { duplicateIds, markRefusal, messageOf, readMarks } from './mark.js';
import type { LangChainRuntime } from './options.js';

export interface ToolCallLike {
  id?: string | undefined;
  name: string;
  args: unknown;
}

export type ResolvedCall =
  | { kind: 'attempt'; attempt: Attempt }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'passthrough' };

/**
 * The attempt for a tool call as LangChain holds it now: the one the previous seam handed
 * over (same thread, tool, id and canonical arguments), else the refusal recorded in the
 * message mark, else a new attempt from history: a resume of the proposal hash the model
 * seam recorded (history carries `historyArguments`, so the hash is reproduced). A call
 * argseal never saw at the model seam is decoded-only: refused (`raw_text_unavailable`)
 * unless the strict fetch guard checked it.
 */
export async function resolveCall<Context>(
  rt: LangChainRuntime<Context>,
  passthrough: ReadonlySet<string>,
  call: ToolCallLike,
  messages: readonly BaseMessage[] | undefined,
  thread: string,
  context: Context,
): Promise<ResolvedCall> {
  const { id, name } = call;
  const where = { tool: name, toolCallId: id };
  if (id === undefined || id === '') {
    return {
      kind: 'refused',
      refusal: makeRefusal({ code: 'missing_tool_call_id', stage: 'decode' }, where),
    };
  }
  const message = messageOf(messages, id);
  const tool = rt.tools.get(name);
  if (!tool && passthrough.has(name)) return { kind: 'passthrough' };
  if (message && duplicateIds(message.tool_calls ?? []).has(id)) {
    const refusal = makeRefusal({ code: 'duplicate_tool_call_id', stage: 'decode' }, where);
    return { kind: 'refused', refusal };
  }
  if (!tool) {
    return {
      kind: 'refused',
      refusal: makeRefusal({ code: 'not_sealed', stage: 'decode' }, where),
    };
  }
  const mark = message ? readMarks(message)[id] : undefined;
  if (mark?.status === 'invalid') return { kind: 'refused', refusal: markRefusal(mark, id) };
  const resumeOf = mark?.status === 'prepared' ? { resumeOf: mark.proposalHash } : undefined;
  const prepared = await rt.attemptFor(
    { tool, toolCallId: id, args: call.args, scopes: [thread] },
    rt.callOptions(id, context, resumeOf),
  );
  return prepared.ok
    ? { kind: 'attempt', attempt: prepared.attempt }
    : { kind: 'refused', refusal: prepared.refusal };
}
