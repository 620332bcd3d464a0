import { argumentTextInput, decodedOnly, makeRefusal, type Refusal } from '@argseal/core/kit';
import type { AIMessage } from '@langchain/core/messages';
import { type HistoryCall, rebuildAiMessage } from './history.js';
import { type CallMark, duplicateIds, invalidMark } from './mark.js';
import { extractRawArgumentSources } from './raw-arguments.js';
import { isRawTextSource } from './raw-text-paths.js';
import type { SealEnv } from './seal-env.js';

/**
 * The model seam (`wrapModelCall`). Prepares each tool call once, also LangChain's
 * `invalid_tool_calls`, from the provider's raw argument text where the model's path is in
 * the raw-text table (`raw-text-paths.ts`); any other call is decoded-only, refused
 * (`raw_text_unavailable`) unless the strict fetch guard checked its text. History is rewritten to `attempt.historyArguments` (or `{}` plus a durable
 * refusal mark), and each attempt waits in the hand-over ledger for the next seam.
 */
export async function sealModelMessage<Context>(
  env: SealEnv<Context>,
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
    const sealed = env.tools.get(name);
    const where = { tool: name, toolCallId: id };
    if (duplicated.has(id)) {
      refuse(id, name, makeRefusal({ code: 'duplicate_tool_call_id', stage: 'decode' }, where));
    } else if (!sealed) {
      if (!env.passthrough.has(name)) {
        refuse(id, name, makeRefusal({ code: 'not_sealed', stage: 'decode' }, where));
      }
    } else {
      const text = raw.get(id);
      const args = 'args' in call ? call.args : undefined;
      const prepared = await env.authorizer.prepare(
        sealed.argsealBinding.argsealTool,
        text !== undefined
          ? argumentTextInput(text, isRawTextSource(model, sources.get(id)))
          : decodedOnly(args),
        { toolCallId: id, context, ...env.decoded },
      );
      if (!prepared.ok) refuse(id, name, prepared.refusal);
      else {
        const { attempt } = prepared;
        env.ledger.put(attempt, thread);
        marks[id] = { status: 'prepared', tool: name, proposalHash: attempt.proposalHash };
        calls.push({ id, name, text: attempt.historyArguments });
      }
    }
  }
  return rebuildAiMessage(message, calls, marks, env.ledger.decode);
}
