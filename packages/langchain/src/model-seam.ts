import { makeRefusal, type Refusal } from '@argseal/core/kit';
import type { AIMessage } from '@langchain/core/messages';
import { type HistoryCall, rebuildAiMessage } from './history.js';
import { type CallMark, duplicateIds, invalidMark } from './mark.js';
import type { LangChainRuntime } from './options.js';
import { extractRawArgumentSources } from './raw-arguments.js';

/**
 * The model seam (`wrapModelCall`). Prepares each tool call once, also LangChain's
 * `invalid_tool_calls`, from the provider's raw argument text where the model's path is in
 * the raw-text table (`raw-text-paths.ts`); any other call is decoded-only, refused
 * (`raw_text_unavailable`) unless the strict fetch guard checked its text. History is rewritten to `attempt.historyArguments` (or `{}` plus a durable
 * refusal mark), and each attempt waits in the hand-over ledger for the next seam.
 */
export async function sealModelMessage<Context>(
  rt: LangChainRuntime<Context>,
  /** Tool names LangChain runs unsealed (explicit opt-out). */
  passthrough: ReadonlySet<string>,
  message: AIMessage,
  context: Context,
  thread: string,
  /** The chat model that wrote `message` (`request.model`): decides which texts are raw. */
  model?: unknown,
): Promise<AIMessage> {
  const all = [...(message.tool_calls ?? []), ...(message.invalid_tool_calls ?? [])];
  const { texts: raw, sources } = extractRawArgumentSources(message);
  const duplicated = duplicateIds(all);
  const calls: HistoryCall[] = [];
  const marks: Record<string, CallMark> = {};
  const refuse = (id: string, name: string, r: Refusal) => {
    marks[id] = invalidMark(r);
    calls.push({ id, name, text: '{}' });
  };
  for (const call of all) {
    const { id, name = '' } = call;
    if (id === undefined || id === '') continue;
    const tool = rt.tools.get(name);
    const where = { tool: name, toolCallId: id };
    if (duplicated.has(id)) {
      refuse(id, name, makeRefusal({ code: 'duplicate_tool_call_id', stage: 'decode' }, where));
    } else if (!tool) {
      if (!passthrough.has(name)) {
        refuse(id, name, makeRefusal({ code: 'not_sealed', stage: 'decode' }, where));
      }
    } else {
      const source = sources.get(id);
      const proven = source !== undefined && rt.isRawText(model, source);
      const input = rt.argumentInput(raw.get(id), proven, 'args' in call ? call.args : undefined);
      const prepared = await rt.authorizer.prepare(tool, input, rt.callOptions(id, context));
      if (!prepared.ok) refuse(id, name, prepared.refusal);
      else {
        const { attempt } = prepared;
        rt.put(attempt, thread);
        marks[id] = { status: 'prepared', tool: name, proposalHash: attempt.proposalHash };
        calls.push({ id, name, text: attempt.historyArguments });
      }
    }
  }
  return rebuildAiMessage(message, calls, marks, rt.decode);
}
